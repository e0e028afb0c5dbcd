"""Bidwell as an offline web app with no server: the build (``build``), the app it runs (``standalone``), and the
phone app the server hands out while it is built (``phone_app``)."""
