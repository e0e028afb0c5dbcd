"""The app with no server, as ``flet build apk`` and ``bidwell publish`` package it (see companion.publish.standalone)."""

import flet as ft

from companion.look import ASSETS
from companion.publish.standalone import main

if __name__ == "__main__":
    ft.run(main, assets_dir=str(ASSETS))
