"""Serving the app to the table's phones: the web server and its guards (``web``), the PIN (``pins``) and the
players' seats and join codes (``seats``). Flet-free."""
