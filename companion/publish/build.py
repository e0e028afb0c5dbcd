"""``bidwell publish DIR``: the whole app as a static folder, Python and all, that any static host serves.

It wraps Flet's own publishing (``flet_web``'s client files and its patches of ``index.html`` and the
manifest, as ``flet publish`` uses them) and leaves out what ``flet publish`` would download: Pyodide
comes from the installed ``flet_web``, every Python package the app needs from this Python's own
installation, unpacked into ``__pypackages__`` inside ``app.tar.gz`` (or, for what the start does without, inside
a part fetched when it is first imported: :mod:`companion.publish.parts`). So the build needs no network, and
neither does the app: a service worker keeps every file of the folder in the browser's cache.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import json
import logging
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import platformdirs

import companion
import scoring
from companion.look import ASSETS, FONT_MANIFEST, LIGHT
from companion.publish.parts import PACKAGE_PARTS, PARTS, SHEETS
from companion.server.compressed import BEST_LEVELS, FAST_LEVELS, default_copies_folder, write_siblings
from companion.texts import t
from scoring.definitions import templates_dir
from scoring.i18n.locales import available

log = logging.getLogger(__name__)

FILES = Path(__file__).with_name("files")
BUILD_MARK = "bidwell-build.json"
"""Written into every published folder; only a folder holding it (or an empty one) is replaced by a new build."""

# Where the browser runs the app: what the dependencies' environment markers are checked against.
BROWSER = {
    "platform_system": "Emscripten", "sys_platform": "emscripten", "os_name": "posix", "platform_machine": "wasm32",
    "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": "",
    "python_version": "3.14", "python_full_version": "3.14.2",  # the Python of the Pyodide flet-web ships
}
LEFT_OUT = {
    "flet-web": "the server's copy of the client the folder already is",
    "uvicorn": "the web server",
    "starlette": "the web server's framework",
    "orjson": "compiled; the storage reads with the standard JSON reader without it",
    "pillow": "compiled; reportlab only imports it, and a stand-in satisfies that (the sheets hold no pictures)",
    "packaging": "bidwell publish reads the dependencies' markers with it; the app never imports it",
}
"""Distributions Bidwell depends on that the browser goes without, and why."""
COMPILED_WITH_FALLBACK = {"msgpack", "charset-normalizer"}
"""Distributions whose compiled modules are optional: without them they run their pure-Python code."""

# Files of Flet's client that a Bidwell build never loads: it draws with CanvasKit (so not the WebAssembly
# build of the client, nor the other renderers), and runs Pyodide in the browser (not its command line).
UNUSED_CLIENT_FILES = re.compile(
    r"(main\.dart\.(wasm|mjs)|flutter\.js\.map|.*\.js\.symbols"
    r"|canvaskit/(skwasm|skwasm_heavy|wimp)\.(js|wasm)|canvaskit/experimental_webparagraph/.*"
    r"|pyodide/(python|python\.bat|python\.exe|python_cli_entry\.mjs|package\.json|.*\.d\.ts))"
)
BASE_PATH = re.compile(r"/?([A-Za-z0-9._~-]+/)*[A-Za-z0-9._~-]*/?")
"""An address path the page's ``<base href>`` can be: folder names of URL-safe characters."""
SERVICE_WORKER = "flutter_service_worker.js"
BYTECODE_SECONDS = 300
KEPT_BYTECODE = 4  # compiled archives kept: a few versions of Bidwell side by side, not every build ever made
"""How long Node.js may take to start Pyodide and compile the app's bytecode (seconds on a computer; a busy one
has taken a minute)."""
"""The name Flutter's loader registers a service worker by (Flutter's own there unregisters itself)."""
ENTRY = "main.py"
ENTRY_TEXT = '"""Bidwell in the browser (written by bidwell publish)."""\n\nimport flet as ft\n\n' \
             'from companion.publish.parts import fetch_parts_on_first_import\n\n' \
             'fetch_parts_on_first_import()\n\n' \
             'from companion.publish.standalone import main  # noqa: E402 - after the parts can be fetched\n\n' \
             'ft.run(main)\n'
PIL_STAND_IN = {
    "PIL/__init__.py": '"""A stand-in for Pillow (bidwell publish): reportlab imports PIL.Image as it loads."""\n',
    "PIL/Image.py": '"""Bidwell\'s sheets hold no pictures; reportlab only needs this module to import."""\n',
}


COMPRESSION = {"best": BEST_LEVELS, "fast": FAST_LEVELS}
"""The levels of the compressed copies a build writes beside its files: the smallest (brotli's best takes a minute
or two for the whole app on two cores, once: the copies are kept by content for the next build), or quick to make
(17 % bigger in brotli, as the server's copies at its first start)."""


def is_sibling(path: Path) -> bool:
    """Whether ``path`` is a compressed copy written beside a file of the build (not a file of its own, as
    ``app.tar.gz`` is)."""
    return path.suffix in (".br", ".gz") and path.with_suffix("").is_file()


class PublishError(Exception):
    """Something the build needs is missing or in the way; the message says what and what to do."""


@dataclass(frozen=True)
class Published:
    """What a build wrote."""

    folder: Path
    files: int
    size: int
    build: str
    seconds: float


def publish(target: Path | str, *, base_path: str = "/", compression: str | None = "best",
            told: Callable[[float], None] | None = None) -> Published:
    """Write the app into ``target`` as a static, offline, installable web app, to be served at ``base_path``
    (``/`` for a site's root, ``/bidwell/`` for a folder of it); :class:`PublishError` if something it needs is
    not installed or ``target`` holds other files. ``target`` is replaced only once the new build is complete.

    Beside each file worth compressing go its brotli and gzip copies (``.br``, ``.gz``) at ``compression``'s levels
    (:data:`COMPRESSION`; None: none), for a host that sends them as they are; ``told(seconds)`` is first told how
    long making them takes, when some are not yet kept in the cache folder from an earlier build."""
    started = time.perf_counter()
    if not BASE_PATH.fullmatch(base_path) or {".", ".."} & set(base_path.split("/")):
        raise PublishError(t("publish.bad_base", base=base_path))
    target = Path(target).absolute()
    _check_target(target)
    client = _client_folder()
    packages = _browser_packages()
    staging = target.with_name(f".{target.name}.building")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        shutil.copytree(client, staging, ignore=_unused_in(client))
        _write_app(staging, packages)
        add_bytecode(staging / "app.tar.gz", client / "pyodide")
        _brand(staging, client, base_path)
        build = write_service_worker(staging)
        if compression is not None:
            write_siblings(staging, default_copies_folder(), levels=COMPRESSION[compression], told=told)
        (staging / BUILD_MARK).write_text(json.dumps({"build": build}) + "\n", encoding="utf-8")
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if target.exists():
        shutil.rmtree(target)
    staging.rename(target)
    files = [path for path in target.rglob("*") if path.is_file()]
    return Published(target, len(files), sum(path.stat().st_size for path in files), build,
                     time.perf_counter() - started)


def _check_target(target: Path) -> None:
    if target.exists() and not target.is_dir():
        raise PublishError(t("publish.target_is_file", path=target))
    if target.is_dir() and any(target.iterdir()) and not (target / BUILD_MARK).exists():
        raise PublishError(t("publish.target_not_empty", path=target))


def _client_folder() -> Path:
    try:
        from flet_web import get_package_web_dir
    except ImportError:
        raise PublishError(t("publish.missing", what=t("publish.what.flet_web"))) from None
    client = Path(get_package_web_dir())
    for needed in ("index.html", "main.dart.js", "canvaskit/canvaskit.wasm", "pyodide/pyodide.mjs",
                   "pyodide/python_stdlib.zip", "python-worker.js"):
        if not (client / needed).is_file():
            raise PublishError(t("publish.missing", what=t("publish.what.client_file", file=needed, client=client)))
    return client


def _unused_in(client: Path):
    left_out = fonts_left_out(client)

    def ignore(folder: str, names: list[str]) -> list[str]:
        relative = Path(folder).relative_to(client)
        return [name for name in names if (path := (relative / name).as_posix()) in left_out
                or UNUSED_CLIENT_FILES.fullmatch(path) or name == "__pycache__"]
    return ignore


def fonts_left_out(client: Path) -> set[str]:
    """The font files of Flet's client (paths under its folder) of the families :data:`~companion.look.FONT_MANIFEST`
    leaves out: never fetched, so never shipped."""
    kept = {entry["family"] for entry in json.loads(FONT_MANIFEST.read_text("utf-8"))}
    listed = json.loads((client / "assets" / "FontManifest.json").read_text("utf-8"))
    return {f"assets/{font['asset']}" for entry in listed if entry["family"] not in kept for font in entry["fonts"]}


def _browser_packages() -> list[metadata.Distribution]:
    """The installed distributions the app needs in the browser, found from Bidwell's own requirements."""
    from packaging.requirements import Requirement

    found: dict[str, metadata.Distribution] = {}
    waiting = ["bidwell"]
    while waiting:
        name = waiting.pop()
        try:
            distribution = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            raise PublishError(t("publish.missing", what=t("publish.what.package", name=name))) from None
        for line in distribution.requires or []:
            requirement = Requirement(line)
            key = _key(requirement.name)
            if key in found or key in LEFT_OUT or requirement.marker and not requirement.marker.evaluate(BROWSER):
                continue
            try:
                found[key] = metadata.distribution(requirement.name)
            except metadata.PackageNotFoundError:
                raise PublishError(t("publish.missing", what=t("publish.what.package", name=requirement.name))) from None
            waiting.append(requirement.name)
    for key, distribution in found.items():
        compiled = [str(file) for file in distribution.files or [] if str(file).endswith((".so", ".pyd"))]
        pure = {str(file)[: -len(file.suffix)] for file in distribution.files or [] if file.suffix == ".py"}
        needed = [file for file in compiled if file.split(".")[0] not in pure]
        if needed and key not in COMPILED_WITH_FALLBACK:
            raise PublishError(t("publish.compiled", name=distribution.metadata["Name"], file=needed[0]))
    return sorted(found.values(), key=lambda distribution: _key(distribution.metadata["Name"]))


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _write_app(folder: Path, packages: list[metadata.Distribution]) -> None:
    """``app.tar.gz``: Bidwell's code and game files, its packages in ``__pypackages__`` (which Flet's Python
    worker puts on the path), and an empty requirements list (so the worker asks no index for anything); and
    the parts' archives, with the packages the start does without."""
    parts = {part: [] for part in PARTS if part.into is None}
    for distribution in packages:
        if part := PACKAGE_PARTS.get(_key(distribution.metadata["Name"])):
            parts[part].append(distribution)
    with app_archive(folder / "app.tar.gz") as archive:
        add_text(archive, ENTRY, ENTRY_TEXT)
        add_text(archive, "requirements.txt", "\n")
        for package in (companion, scoring):
            root = Path(package.__file__).parent
            for path in sorted(root.rglob("*")):
                relative = path.relative_to(root)
                # The compiled catalogs are what the app reads; their sources stay behind. The assets are the
                # site's own files (the sheets' font is fetched from there when a sheet is first made).
                if path.is_file() and "__pycache__" not in relative.parts and FILES not in path.parents \
                        and ASSETS not in path.parents and path.suffix not in (".po", ".pot"):
                    archive.add(path, f"{root.name}/{relative.as_posix()}", filter=_timeless)
        for path in sorted(templates_dir().rglob("*")):
            relative = path.relative_to(templates_dir())
            # Not the game files' parses this machine kept beside its bytecode (scoring.definitions).
            if path.is_file() and "__pycache__" not in relative.parts:
                archive.add(path, f"scoring/templates/{relative.as_posix()}", filter=_timeless)
        for distribution in packages:
            if _key(distribution.metadata["Name"]) not in PACKAGE_PARTS:
                add_package(archive, distribution)
    for part, distributions in parts.items():
        (folder / part.site_file).parent.mkdir(parents=True, exist_ok=True)
        with app_archive(folder / part.site_file) as archive:
            for distribution in distributions:
                add_package(archive, distribution, keep=_used_in_the_browser)
            if part is SHEETS:
                for name, text in PIL_STAND_IN.items():
                    add_text(archive, f"__pypackages__/{name}", text)


def add_bytecode(archive: Path, pyodide: Path) -> bool:
    """Add to ``archive`` the bytecode of the modules the app's start imports, compiled by ``pyodide``'s own
    Python (the browser's) run by Node.js: the browser then compiles none of them at every start (most of the
    start's Python time). Without Node.js, or if it fails, the archive is left as it was (and works, slower);
    returns whether the bytecode was added."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        log.info("no Node.js: the phone app's modules are compiled in the browser at every start")
        return False
    # The same sources and the same Pyodide compile to the same bytecode: the archive compiled once is kept, so
    # every `bidwell --lan` after the first (each builds the phone app) does not start Pyodide under Node again.
    lock = pyodide / "pyodide-lock.json"
    key = hashlib.sha256(archive.read_bytes() + (lock.read_bytes() if lock.is_file() else b"")).hexdigest()
    kept = bytecode_cache() / f"{key}.tar.gz"
    if kept.is_file():
        shutil.copyfile(kept, archive)
        with contextlib.suppress(OSError):
            os.utime(kept)  # the ones used last are the ones kept
        return True
    if not _compile_bytecode(node, archive, pyodide):
        return False
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        for old in sorted(kept.parent.glob("*.tar.gz"), key=lambda path: path.stat().st_mtime)[:-KEPT_BYTECODE]:
            old.unlink(missing_ok=True)
        partial = kept.with_name(f".{kept.name}.{os.getpid()}")
        shutil.copyfile(archive, partial)
        os.replace(partial, kept)
    except OSError as error:  # a cache that cannot be written costs the next build its time, nothing else
        log.info("the phone app's bytecode could not be kept for the next build: %s", error)
    return True


def bytecode_cache() -> Path:
    """Where the phone app's compiled archives are kept between builds (the user's cache folder)."""
    return Path(platformdirs.user_cache_dir("bidwell", appauthor=False)) / "phone-app-bytecode"


def _compile_bytecode(node: str, archive: Path, pyodide: Path) -> bool:
    with tempfile.TemporaryDirectory(prefix="bidwell-bytecode-") as folder:
        unpacked = Path(folder) / "app"
        with tarfile.open(archive) as original:
            members = [(member, original.extractfile(member).read()) for member in original.getmembers()
                       if member.isfile()]
            original.extractall(unpacked, filter="data")
        try:
            subprocess.run([node, str(FILES / "compile_bytecode.mjs"), str(pyodide), str(unpacked)], check=True,
                           capture_output=True, timeout=BYTECODE_SECONDS)
        except (OSError, subprocess.SubprocessError) as error:
            log.warning("the phone app's bytecode could not be compiled (%s): it is compiled in the browser", error)
            return False
        with app_archive(archive) as rewritten:
            for member, data in members:
                rewritten.addfile(member, io.BytesIO(data))
            for path in sorted(unpacked.rglob("*.pyc")):
                rewritten.add(path, path.relative_to(unpacked).as_posix(), filter=_timeless)
    return True


@contextlib.contextmanager
def app_archive(path: Path) -> Iterator[tarfile.TarFile]:
    """A new ``app.tar.gz`` to add to. Nothing of the moment of the build goes in (times, owners), so the same
    app is the same build, and a phone's service worker fetches nothing again for a build that changed nothing."""
    with open(path, "wb") as file, gzip.GzipFile("", "wb", fileobj=file, mtime=0) as packed, \
            tarfile.open(fileobj=packed, mode="w", format=tarfile.GNU_FORMAT) as archive:
        yield archive


def add_package(archive: tarfile.TarFile, distribution: metadata.Distribution,
                keep: Callable[[str], bool] | None = None) -> None:
    """Put an installed distribution's Python files into ``__pypackages__`` (which Flet's Python worker puts on
    the path): not its metadata, caches, compiled modules, type stubs, scripts or documents, nor a file ``keep``
    (given the file's path in the distribution) says no to."""
    for file in distribution.files or []:
        name = str(file)
        top = name.split("/")[0]
        if (top.endswith(".dist-info") or name.startswith("..") or "__pycache__" in name
                or name.endswith((".so", ".pyd", ".pyi")) or top in ("bin", "docs")
                or keep is not None and not keep(name)):
            continue
        path = Path(distribution.locate_file(file))
        if path.is_file():
            archive.add(path, f"__pypackages__/{name}", filter=_timeless)


def _used_in_the_browser(name: str) -> bool:
    """Whether a package's file is one the app may read in the browser. Not reportlab's own fonts (the sheets
    embed Bidwell's; the standard PDF fonts' metrics are in its modules). Of Babel's locale data (32 MB, a file
    for each of a thousand locales), what the languages Bidwell speaks write numbers, dates and lists with: each
    language's own file, its regions' and the root they build on."""
    if name.startswith("reportlab/fonts/"):
        return False
    if not name.startswith("babel/locale-data/"):
        return True
    locale = name.rsplit("/", 1)[-1].removesuffix(".dat")
    return locale == "root" or locale.split("_")[0] in {code.split("_")[0] for code in available()}


def _timeless(member: tarfile.TarInfo) -> tarfile.TarInfo:
    member.mtime = 0
    member.uid = member.gid = 0
    member.uname = member.gname = ""
    member.mode = 0o644
    return member


def add_text(archive: tarfile.TarFile, name: str, text: str) -> None:
    """Put ``text`` into the archive as the file ``name``."""
    data = text.encode("utf-8")
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    archive.addfile(info, io.BytesIO(data))


def _brand(folder: Path, client: Path, base_path: str) -> None:
    """Bidwell's name, words, icons and font where Flet's client has its own."""
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web import patch_font_manifest_json, patch_index_html, patch_manifest_json

    shutil.copytree(ASSETS, folder, dirs_exist_ok=True)  # the font the screens ask for, at "fonts/…"
    shutil.copytree(FILES / "icons", folder / "icons", dirs_exist_ok=True)
    shutil.copy2(FILES / "icons" / "icon-192.png", folder / "favicon.png")
    shutil.copy2(FILES / "icons" / "icon-192.png", folder / "icons" / "loading-animation.png")
    index = folder / "index.html"
    pyodide_version = json.loads((client / "pyodide" / "pyodide-lock.json").read_text("utf-8"))["info"].get(
        "version") or "bundled"
    patch_index_html(
        index_path=str(index), base_href=base_path, app_name=t("app.title"), app_description=t("app.tagline"),
        pyodide=True, pyodide_script_path=ENTRY, pyodide_version=pyodide_version, app_package_url="app.tar.gz",
        web_renderer=WebRenderer.CANVAS_KIT, route_url_strategy=RouteUrlStrategy.PATH, no_cdn=True,
    )
    page = index.read_text("utf-8")
    # flet_web writes a bare module name, which a module worker cannot import; a relative path it can.
    page = page.replace('flet.pyodideUrl="pyodide/pyodide.mjs"', 'flet.pyodideUrl="./pyodide/pyodide.mjs"')
    loader = (folder / "flutter_bootstrap.js").read_text("utf-8")
    version = re.search(r'serviceWorkerVersion:\s*"([^"]+)"', loader)
    if version is None:
        raise PublishError(t("publish.missing", what=t("publish.what.worker_version")))
    offline = (FILES / "offline.html").read_text("utf-8").replace("%SERVICE_WORKER_VERSION%", version[1])
    page = page.replace("</head>", offline + "</head>", 1)
    index.write_text(page, "utf-8")
    manifest = folder / "manifest.json"
    patch_manifest_json(str(manifest), app_name=t("app.title"), app_description=t("app.tagline"),
                        background_color=LIGHT.surface, theme_color=LIGHT.primary)
    patch_font_manifest_json(str(folder / "assets" / "FontManifest.json"))


def write_service_worker(folder: Path) -> str:
    """Write the service worker that keeps every file of the build (not the compressed copies beside them, which
    the host sends in their place); returns the build's name (its files' hash)."""
    files = sorted(name for path in folder.rglob("*")
                   if path.is_file() and (name := path.relative_to(folder).as_posix()) != SERVICE_WORKER
                   and not is_sibling(path))
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode("utf-8") + b"\0" + (folder / name).read_bytes())
    build = f"bidwell-{digest.hexdigest()[:16]}"
    text = (FILES / "service_worker.js").read_text("utf-8")
    text = text.replace("%BUILD%", build).replace("%FILES%", json.dumps(["./", *files]))
    (folder / SERVICE_WORKER).write_text(text, "utf-8")
    return build
