"""The entry point ``flet build apk`` packages: the same app, with its data in the phone's app storage."""

import os

import flet as ft

from companion.app import ASSETS, BidwellApp
from companion.history import GameStore
from companion.storage import StorageError


def main(page: ft.Page) -> None:
    """One session of the app on the phone; a data folder that cannot be used is said so on the screen."""
    folder = os.environ.get("FLET_APP_STORAGE_DATA")  # set by Flet on a phone; None elsewhere
    try:
        store = GameStore(folder) if folder else GameStore()
    except StorageError as error:
        page.add(ft.SafeArea(content=ft.Text(str(error), color=ft.Colors.ERROR)))
        return
    BidwellApp(page, store).draw()


if __name__ == "__main__":
    ft.run(main, assets_dir=str(ASSETS))
