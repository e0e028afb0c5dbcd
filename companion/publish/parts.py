"""The parts of the published app that its start does without, fetched from the site the first time they are
imported: reportlab (with what it imports) when a sheet is first made, Babel when a language first formats a
number, a date or a list, and the font the sheets embed (the very file the site's screens already have).

``app.tar.gz``, which Python in the browser downloads and unpacks before the app starts, is then a third of
its size. Each part is a file of the published folder, so the service worker keeps it for offline use like
every other. No Flet here: ``bidwell publish`` reads what goes where from this module too.
"""

from __future__ import annotations

import importlib
import importlib.abc
import io
import sys
import tarfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.look import ASSETS, FONT_FILE

APP_ROOT = Path(__file__).resolve().parents[2]
"""Where the app is unpacked (``companion/``, ``scoring/`` and ``__pypackages__/`` are in it)."""


@dataclass(frozen=True)
class Part:
    """A file of the published folder fetched when one of ``modules`` (or a module inside one) is first imported:
    an archive unpacked into the app's folder, or (``into``) a file written to that path in it."""

    site_file: str
    modules: tuple[str, ...]
    into: str | None = None

    def wanted_by(self, module: str) -> bool:
        """Whether importing ``module`` needs this part."""
        return any(module == name or module.startswith(name + ".") for name in self.modules)


SHEETS = Part("parts/sheets.tar.gz", ("reportlab", "charset_normalizer", "PIL"))
LANGUAGES = Part("parts/languages.tar.gz", ("babel",))
SHEET_FONT = Part(FONT_FILE.relative_to(ASSETS).as_posix(), ("companion.sheets.pdf",),
                  into=FONT_FILE.relative_to(ASSETS.parents[1]).as_posix())
"""The sheets' font: the site has it where the screens load it from (the assets folder is the site's root)."""
PARTS = (SHEETS, LANGUAGES, SHEET_FONT)
PACKAGE_PARTS = {"reportlab": SHEETS, "charset-normalizer": SHEETS, "babel": LANGUAGES}
"""Which part each such distribution's files go to (normalised names); the others are in ``app.tar.gz``."""


class FetchedOnFirstImport(importlib.abc.MetaPathFinder):
    """A finder first on ``sys.meta_path`` that finds nothing itself: it brings a part into the app's folder
    before the finders that do look there. A part that cannot be fetched fails that import (saying the address
    and why), and is asked for again at the next one."""

    def __init__(self, fetch: Callable[[str], bytes], root: Path = APP_ROOT, parts: tuple[Part, ...] = PARTS):
        """``fetch`` gives a file of the published folder by its path there."""
        self._fetch = fetch
        self._root = root
        self._waiting = list(parts)

    def find_spec(self, fullname: str, path=None, target=None) -> None:  # noqa: ANN001 - the finder protocol
        wanted = [part for part in self._waiting if part.wanted_by(fullname)]
        for part in wanted:
            data = self._fetch(part.site_file)
            if part.into is None:
                with tarfile.open(fileobj=io.BytesIO(data)) as archive:
                    archive.extractall(self._root, filter="data")
            else:
                (self._root / part.into).parent.mkdir(parents=True, exist_ok=True)
                (self._root / part.into).write_bytes(data)
            self._waiting.remove(part)
        if wanted:
            importlib.invalidate_caches()  # the path finders have listed these folders before they were filled
        return None


def fetch_from_site(site_file: str) -> bytes:
    """A file of the published folder, fetched by Python's web worker (in the browser only). The request is
    synchronous, as an import is: a worker may wait, and the service worker answers it offline."""
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", site_file, False)
    request.responseType = "arraybuffer"
    try:
        request.send()
    except Exception as error:  # noqa: BLE001 - a JavaScript NetworkError, said as the import's failure
        raise ImportError(f"{site_file}: {error}") from None
    if request.status != 200:
        raise ImportError(f"{site_file}: {request.status} {request.statusText}")
    return request.response.to_bytes()


def fetch_parts_on_first_import(fetch: Callable[[str], bytes] = fetch_from_site) -> FetchedOnFirstImport:
    """Put the finder that brings the parts first on ``sys.meta_path`` (once); returns it."""
    for finder in sys.meta_path:
        if isinstance(finder, FetchedOnFirstImport):
            return finder
    finder = FetchedOnFirstImport(fetch)
    sys.meta_path.insert(0, finder)
    return finder
