"""The app with no server: Python running in the phone's browser (``bidwell publish``), or packaged as a phone
app (``flet build apk``). One session, one player of the app; the games are kept on the device.

In the browser the data folder lives in Pyodide's file system, which is memory: it is mounted on IndexedDB,
read from there once at the start, and copied back after every write. Emscripten copies all that changed in
one IndexedDB transaction, and a write's files are complete before the copy starts (the storage writes
beside and renames), so a tab closed in the middle of a save loses at most that action.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable

import flet as ft

from companion.store.files import StorageError
from companion.store.games import GameStore
from companion.texts import t
from companion.ui.app import start_page

IN_BROWSER = sys.platform == "emscripten"
BROWSER_DATA = "/bidwell"
"""Where the games are in the browser's file system (mounted on the site's IndexedDB)."""


class BrowserStorage:
    """The data folder's copy in IndexedDB: read once at the start, written back after every write.

    Copies never overlap: a write during a copy asks for one more when it ends. A copy that fails (the
    browser's storage full, or refused) is told through ``failed``; the next write tries again.
    """

    def __init__(self, fs, *, once: Callable | None = None):
        """``fs``: Emscripten's FS of Pyodide; ``once`` wraps a Python callable for JavaScript to call once
        (pyodide.ffi.create_once_callable by default)."""
        self._fs = fs
        self._once = once
        self._copying = False
        self._again = False
        self.failed: Callable[[str], None] = lambda text: None

    async def open(self, path: str) -> None:
        """Mount ``path`` on IndexedDB and fill it with what was kept there."""
        os.makedirs(path, exist_ok=True)
        self._fs.mount(self._fs.filesystems.IDBFS, {}, path)
        error = await self._sync(populate=True)
        if error:
            raise StorageError("browser.unreadable", error=error)

    def written(self) -> None:
        """Called after every write to the folder: copy it to IndexedDB (now, or after the copy under way)."""
        if self._copying:
            self._again = True
            return
        self._copying = True
        asyncio.ensure_future(self._copy())

    async def _copy(self) -> None:
        while True:
            self._again = False
            error = await self._sync(populate=False)
            if error:
                self.failed(t("browser.not_kept", error=error))
            if not self._again:
                self._copying = False
                return

    def _sync(self, *, populate: bool) -> asyncio.Future:
        once = self._once
        if once is None:
            from pyodide.ffi import create_once_callable as once
        done = asyncio.get_running_loop().create_future()

        def finished(error=None) -> None:  # a JavaScript error, or nothing
            if not done.done():
                done.set_result(str(error) if error else None)

        self._fs.syncfs(populate, once(finished))
        return done


def _keeping_text() -> str:
    """What the start screen says of keeping: the app itself is kept for offline use only on a secure address
    (https, or this device's own); on plain http the browser runs no service worker."""
    import js

    return "browser.kept" if getattr(js, "isSecureContext", True) else "browser.kept_online_only"


async def main(page: ft.Page) -> None:
    """One session of the app on the device; a data folder that cannot be used is said so on the screen."""
    kept = None
    try:
        if IN_BROWSER:
            import pyodide_js

            kept = BrowserStorage(pyodide_js.FS)
            await kept.open(BROWSER_DATA)
            store, keeping = GameStore(BROWSER_DATA, after_write=kept.written), _keeping_text()
        else:
            folder = os.environ.get("FLET_APP_STORAGE_DATA")  # set by Flet in a phone app
            store, keeping = (GameStore(folder) if folder else GameStore()), None
    except StorageError as error:
        page.add(ft.SafeArea(content=ft.Text(str(error), color=ft.Colors.ERROR)))
        return
    session = start_page(page, store, keeping=keeping)
    if kept is not None:
        kept.failed = session.tell
