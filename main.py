"""The app with no server, as ``flet build apk`` and ``bidwell publish`` package it (see companion.standalone)."""

import flet as ft

from companion.app_assets import ASSETS
from companion.standalone import main

if __name__ == "__main__":
    ft.run(main, assets_dir=str(ASSETS))
