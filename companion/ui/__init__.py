"""The screens, drawn with Flet: the app's routes and tab (``app``), each screen's components, and the
widgets they share. They show what ``companion.views`` works out."""
