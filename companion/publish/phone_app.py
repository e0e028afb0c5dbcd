"""``bidwell --lan`` also hands out the offline app: a ``bidwell publish`` build served at ``/phone/``.

A phone that opens it there runs Bidwell in its own browser, keeps its own games, and (where the address
is secure: https, or this computer's own 127.0.0.1) keeps the app itself to open with no network at all.
The build is made in the background when the server starts, so the shared screens are not kept waiting;
until it is done ``/phone/`` says so and asks to be reloaded.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
import threading
from pathlib import Path

from filelock import FileLock, Timeout
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.staticfiles import StaticFiles

from companion.publish.build import PublishError, publish
from companion.server.compressed import chosen_encoding
from companion.texts import t

log = logging.getLogger(__name__)

PATH = "/phone/"
"""Where the server offers the phone app."""
RETRY_SECONDS = 3
FOLDER_PREFIX = "bidwell-phone-app-"
IN_USE = "in-use.lock"
"""Held by the server whose build it is for as long as it runs; the system lets it go when that process ends, however
it ends."""


class PhoneApp:
    """An ASGI app serving the phone app's build, made in a folder of its own that :meth:`remove` deletes."""

    def __init__(self) -> None:
        remove_abandoned_builds()
        self._folder = Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX))
        self._in_use = FileLock(self._folder / IN_USE)
        self._in_use.acquire()
        self._files: StaticFiles | None = None
        self._failed: str | None = None
        self._built = threading.Event()

    def start_building(self) -> threading.Thread:
        """Build in a thread of its own; requests are answered meanwhile with a page that says so."""
        thread = threading.Thread(target=self.build, name="phone-app-build", daemon=True)
        thread.start()
        return thread

    def build(self) -> None:
        """Publish the app for :data:`PATH`; a build that cannot be made is logged and said on ``/phone/``."""
        try:
            # Quick copies: the server builds this at each start (its big files' copies are kept by content).
            site = publish(self._folder / "site", base_path=PATH, compression="fast")
            self._files = _AppFiles(directory=site.folder, html=True)
        except (PublishError, OSError) as error:
            self._failed = str(error)
            log.error("the phone app could not be built: %s", error)
        finally:
            self._built.set()

    def wait_built(self, timeout: float | None = None) -> bool:
        """Whether the build has ended (made or failed) within ``timeout`` seconds."""
        return self._built.wait(timeout)

    def remove(self) -> None:
        """Delete the build (when the server stops)."""
        self._in_use.release()
        shutil.rmtree(self._folder, ignore_errors=True)

    async def __call__(self, scope: dict, receive, send) -> None:  # noqa: ANN001 - ASGI's signature
        if self._files is not None:
            await self._files(scope, receive, send)
            return
        if self._failed is not None:
            await HTMLResponse(_page(t("phone_app.failed", error=self._failed)), status_code=500)(
                scope, receive, send)
            return
        await HTMLResponse(_page(t("phone_app.building"), refresh=RETRY_SECONDS), status_code=503,
                           headers={"Retry-After": str(RETRY_SECONDS)})(scope, receive, send)


class _AppFiles(StaticFiles):
    """The build's files, each sent as its compressed copy where the browser takes one (as a static host that
    sends precompressed files does); any other address under it is one of the app's screens
    (``/phone/game/…``): the page."""

    def file_response(self, full_path, stat_result: os.stat_result, scope: dict,  # noqa: ANN001 - starlette's
                      status_code: int = 200) -> Response:
        request = Headers(scope=scope)
        encoding = None if "range" in request else chosen_encoding(request.get("accept-encoding", ""))
        sibling = Path(full_path).with_name(Path(full_path).name + (".br" if encoding == "br" else ".gz"))
        if encoding is None or status_code != 200 or not sibling.is_file():
            response = super().file_response(full_path, stat_result, scope, status_code)
        else:
            response = super().file_response(sibling, sibling.stat(), scope, status_code)
            if response.status_code == 200:
                response.headers["content-encoding"] = encoding
        response.headers["vary"] = "Accept-Encoding"
        return response

    async def get_response(self, path: str, scope: dict):  # noqa: ANN201 - starlette's signature
        try:
            return await super().get_response(path, scope)
        except HTTPException as error:
            # Outside a Starlette application nothing turns the exception into an answer: answer here.
            if error.status_code != 404 or "." in path.rsplit("/", 1)[-1]:
                return PlainTextResponse(error.detail, status_code=error.status_code, headers=error.headers)
            return await super().get_response("index.html", scope)


def remove_abandoned_builds(folder: Path | None = None) -> list[Path]:
    """Delete the builds whose server ended without removing its own (killed, or the computer switched off): a build
    is 75 MB with its compressed copies, and one is made each time ``--lan`` starts. A build whose server still runs
    is left alone. Returns the builds deleted."""
    removed = []
    for build in Path(folder or tempfile.gettempdir()).glob(FOLDER_PREFIX + "*"):
        if not (build / IN_USE).is_file():
            continue  # being made this moment (or not Bidwell's): its lock comes with it
        try:
            with FileLock(build / IN_USE, timeout=0):
                shutil.rmtree(build / "site", ignore_errors=True)
        except Timeout:
            continue
        except OSError as error:
            log.warning("an old phone app build could not be deleted: %s", error)
            continue
        shutil.rmtree(build, ignore_errors=True)
        removed.append(build)
    return removed


def _page(text: str, *, refresh: int | None = None) -> str:
    from html import escape

    again = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    return (f'<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1">{again}<title>{escape(t("app.title"))}</title></head>'
            f'<body style="font-family: sans-serif; margin: 2em"><p>{escape(text)}</p></body></html>')
