"""The entry point ``flet build apk`` packages: the same app, with its data in the phone's app storage."""

import os

import flet as ft

from companion.app import ASSETS, BidwellApp
from companion.history import GameStore


def main(page: ft.Page) -> None:
    """One session of the app on the phone."""
    folder = os.environ.get("FLET_APP_STORAGE_DATA")  # set by Flet on a phone; None elsewhere
    BidwellApp(page, GameStore(folder) if folder else GameStore()).draw()


if __name__ == "__main__":
    ft.run(main, assets_dir=str(ASSETS))
