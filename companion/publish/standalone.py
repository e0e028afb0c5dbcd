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

from companion.store.files import NotKeptError, StorageError
from companion.store.games import GameStore
from companion.texts import t
from companion.ui.app import start_page

IN_BROWSER = sys.platform == "emscripten"
BROWSER_DATA = "/bidwell"
"""Where the games are in the browser's file system (mounted on the site's IndexedDB)."""


class BrowserStorage:
    """The data folder's copy in IndexedDB: read once at the start, and every write made to last there as part of
    the action that wrote it.

    A write is not kept until IndexedDB has it: Pyodide's file system is memory, so a bid written there is lost
    with the tab unless the copy to IndexedDB succeeds, and a browser may refuse that copy (its storage full).
    Where Pyodide can wait for JavaScript inside a plain call (WebAssembly stack switching, JSPI: Chromium,
    Firefox), :meth:`written` waits for the copy, and a refused copy refuses the action itself: the folder is read
    back from IndexedDB and :class:`NotKeptError` raised, so the screen shows its refusal and never says the bid
    was taken. Where it cannot wait (a browser without JSPI), the copy runs after the action and a refused one
    still puts the folder back as IndexedDB has it, then ``failed`` is told (the app reads its games again and
    says that the last change was not kept): the next best, as the action was shown taken for a moment.

    Copies never overlap: writes during a copy are copied together by the next one. A refused copy undoes every
    write not kept yet, so every write waiting for a copy then is refused with it.
    """

    def __init__(self, fs, *, once: Callable | None = None, can_wait: Callable[[], bool] | None = None,
                 wait: Callable | None = None):
        """``fs``: Emscripten's FS of Pyodide; ``once`` wraps a Python callable for JavaScript to call once
        (pyodide.ffi.create_once_callable by default); ``can_wait`` says whether ``wait`` may block a plain call
        until an awaitable is done (pyodide.ffi.can_run_sync and run_sync by default)."""
        self._fs = fs
        self._once = once
        self._can_wait = can_wait
        self._wait = wait
        self._copying = False
        self._waiting: list[tuple[asyncio.Future, bool]] = []
        """Per write not yet in a copy: a future answered with the copy's error (None: kept), and whether the
        writer waits for it (if not, a refusal is told through ``failed``)."""
        self.failed: Callable[[str], None] = lambda text: None

    async def open(self, path: str) -> None:
        """Mount ``path`` on IndexedDB and fill it with what was kept there."""
        os.makedirs(path, exist_ok=True)
        self._fs.mount(self._fs.filesystems.IDBFS, {}, path)
        error = await self._sync(populate=True)
        if error:
            raise StorageError("browser.unreadable", error=error)

    def written(self) -> None:
        """Called after every write to the folder: copy it to IndexedDB. Returns once it is kept there, or raises
        :class:`NotKeptError` once the browser refused it and the folder is back as IndexedDB has it; where the
        browser cannot be waited for, returns at once (see the class's text)."""
        # Folder.writing calls this once its lock is let go: while the wait below runs, Pyodide runs other taps
        # (stack switching), and that lock, re-entrant within the one thread they share, would not keep them out.
        done = asyncio.get_running_loop().create_future()
        waits = self._waits()
        self._waiting.append((done, waits))
        if not self._copying:
            self._copying = True
            asyncio.ensure_future(self._copy())
        if not waits:
            return
        error = self._wait_for(done)
        if error:
            raise NotKeptError("browser.refused", error=error)

    def _waits(self) -> bool:
        can_wait = self._can_wait
        if can_wait is None:
            from pyodide.ffi import can_run_sync as can_wait
        return can_wait()

    def _wait_for(self, done: asyncio.Future):  # noqa: ANN202 - the future's result
        wait = self._wait
        if wait is None:
            from pyodide.ffi import run_sync as wait
        return wait(done)

    async def _copy(self) -> None:
        while self._waiting:
            copied, self._waiting = self._waiting, []
            error = await self._sync(populate=False)
            if error:
                # IndexedDB keeps all of a copy or none of it; the folder in memory is made what it kept, so no
                # change is shown that a reload would lose. Writes made meanwhile are gone with it: refused too.
                await self._sync(populate=True)
                copied, self._waiting = copied + self._waiting, []
            for done, _ in copied:
                if not done.done():
                    done.set_result(error)
            if error and not all(waits for _, waits in copied):
                self.failed(t("browser.not_kept", error=error))
        self._copying = False

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
        kept.failed = session.storage_undone
