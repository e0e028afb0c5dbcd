"""The games on disk: the data folder's files, written whole and fsynced (``files``), and the game store with its
history index and figures (``games``). Below every screen; Flet-free."""
