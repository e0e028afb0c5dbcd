"""``bidwell publish``: what goes into the static folder, and the refusals (the browser test plays the result)."""

from __future__ import annotations

import gzip
import json
import mimetypes
import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import brotli
import pytest

from companion.publish import build as publishing
from companion.publish.build import BUILD_MARK, SERVICE_WORKER, PublishError, is_sibling, publish
from companion.publish.parts import LANGUAGES, SHEETS
from companion.server.compressed import compressible
from companion.ui.fonts import FULL_FONT, MAIN_PART

BIDWELL = Path(sys.executable).with_name("bidwell")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return publish(tmp_path_factory.mktemp("publish") / "site", compression="fast").folder


def archive_names(site: Path) -> set[str]:
    with tarfile.open(site / "app.tar.gz") as archive:
        return set(archive.getnames())


def test_the_app_and_every_package_it_needs_are_in_the_archive_and_nothing_compiled(site):
    names = archive_names(site)
    with tarfile.open(site / SHEETS.site_file) as sheets, tarfile.open(site / LANGUAGES.site_file) as languages:
        names |= set(sheets.getnames()) | set(languages.getnames())  # the parts fetched when first imported
    assert {"main.py", "requirements.txt", "companion/publish/standalone.py", "scoring/game.py"} <= names
    assert any(re.fullmatch(r"scoring/templates/.+", name) for name in names)
    for package in ("flet", "tinydb", "reportlab", "filelock", "platformdirs", "segno", "pyuegc", "msgpack",
                    "charset_normalizer", "PIL", "babel"):
        assert f"__pypackages__/{package}/__init__.py" in names, package
    assert "__pypackages__/repath.py" in names
    assert not [name for name in names if name.endswith((".so", ".pyd"))]
    # Bytecode only of the browser's Python, and only beside a module the start imports (see the next test).
    assert not [name for name in names if "__pycache__" in name and not name.endswith(".cpython-314.pyc")]
    # Left out: the server side, and what has a fallback or a stand-in.
    for package in ("uvicorn", "orjson", "flet_web", "httpx"):
        assert not [name for name in names if name.startswith(f"__pypackages__/{package}")], package
    assert not [name for name in names if name.startswith("companion/publish/files")]


def test_the_modules_the_start_imports_come_compiled_by_the_browsers_python_and_no_others(site):
    with tarfile.open(site / "app.tar.gz") as archive:
        names = set(archive.getnames())
        bytecode = archive.extractfile("companion/publish/__pycache__/standalone.cpython-314.pyc").read()
    assert publishing.BROWSER["python_version"] == "3.14"
    assert bytecode[:4] == (3627).to_bytes(2, "little") + b"\r\n"  # Python 3.14's magic number: the browser's
    assert int.from_bytes(bytecode[4:8], "little") == 0b01  # hash-based, never checked: the archive has no times
    for module in ("companion/ui/app", "scoring/game", "__pypackages__/flet/__init__",
                   "__pypackages__/tinydb/__init__"):
        folder, name = module.rsplit("/", 1)
        assert f"{folder}/__pycache__/{name}.cpython-314.pyc" in names, module
    for lazy in ("companion/sheets/__pycache__/pdf", "companion/cli/__pycache__/main", "__pypackages__/flet_charts"):
        assert not [name for name in names if name.startswith(lazy) and name.endswith(".pyc")], lazy
    assert "__pycache__/main.cpython-314.pyc" not in names


def test_a_build_of_the_same_sources_takes_the_bytecode_compiled_for_the_one_before(site, monkeypatch, tmp_path):
    # Every `bidwell --lan` builds the phone app: only the first of the same Bidwell waits for Pyodide under Node.
    monkeypatch.setattr(publishing, "_compile_bytecode", lambda *_: pytest.fail("compiled again"))
    again = publish(tmp_path / "again", compression=None).folder
    assert (again / "app.tar.gz").read_bytes() == (site / "app.tar.gz").read_bytes()


def test_without_node_the_archive_is_left_as_it_was(monkeypatch, tmp_path):
    archive = tmp_path / "app.tar.gz"
    with publishing.app_archive(archive) as writing:
        publishing.add_text(writing, "companion/__init__.py", "")
    before = archive.read_bytes()
    monkeypatch.setattr(publishing.shutil, "which", lambda name: None)
    assert publishing.add_bytecode(archive, tmp_path / "pyodide") is False
    assert archive.read_bytes() == before


def test_the_worker_is_asked_for_no_package_from_an_index(site):
    with tarfile.open(site / "app.tar.gz") as archive:
        requirements = archive.extractfile("requirements.txt").read().decode()
    assert requirements.strip() == ""  # blank, not empty: an empty list is replaced by flet from PyPI
    assert "pyproject.toml" not in archive_names(site)


def test_the_page_loads_python_from_the_folder_and_keeps_itself_offline(site):
    page = (site / "index.html").read_text("utf-8")
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs"' in page
    assert "flet.pyodide = true;" in page and 'flet.webRenderer="canvaskit"' in page
    assert "<title>Bidwell</title>" in page
    version = re.search(r'serviceWorkerVersion:\s*"([^"]+)"', (site / "flutter_bootstrap.js").read_text("utf-8"))[1]
    assert f'navigator.serviceWorker.register("flutter_service_worker.js?v={version}")' in page
    assert not re.search(r"https?://", page.split("<body>")[0].replace("http-equiv", ""))


def test_the_service_worker_keeps_every_file_of_the_folder(site):
    worker = (site / SERVICE_WORKER).read_text("utf-8")
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.DOTALL)[1])
    on_disk = sorted(path.relative_to(site).as_posix() for path in site.rglob("*")
                     if path.is_file() and path.name not in (SERVICE_WORKER, BUILD_MARK) and not is_sibling(path))
    assert listed == ["./", *on_disk] and "app.tar.gz" in listed
    assert not [name for name in listed if name.endswith((".js.br", ".js.gz", ".wasm.br", ".wasm.gz"))]
    build = json.loads((site / BUILD_MARK).read_text("utf-8"))["build"]
    assert f'const BUILD = "{build}";' in worker


def test_beside_each_file_worth_compressing_lie_its_brotli_and_gzip_copies_for_a_host_to_send(site):
    worth = [path for path in site.rglob("*") if path.is_file() and not is_sibling(path)
             and path.stat().st_size >= 1024 and compressible(mimetypes.guess_type(path.name)[0])]
    assert {"main.dart.js", "canvaskit/canvaskit.wasm", "index.html", SERVICE_WORKER} <= {
        path.relative_to(site).as_posix() for path in worth}
    for path in worth:
        for suffix, decompress in ((".br", brotli.decompress), (".gz", gzip.decompress)):
            copy = path.with_name(path.name + suffix)
            assert copy.is_file(), copy
            assert len(copy.read_bytes()) < path.stat().st_size and decompress(copy.read_bytes()) == path.read_bytes()
    # Files compressed already have none: the app's archive, pictures. Text of no known type has its copies.
    for kept_as_it_is in ("app.tar.gz", "favicon.png", "pyodide/python_stdlib.zip"):
        assert not list(site.glob(kept_as_it_is + ".*")), kept_as_it_is
    assert (site / "assets" / "NOTICES.br").is_file()


def test_the_manifest_and_icons_are_bidwells(site):
    manifest = json.loads((site / "manifest.json").read_text("utf-8"))
    assert manifest["name"] == manifest["short_name"] == "Bidwell"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "."
    for icon in manifest["icons"]:
        drawn = (site / icon["src"]).read_bytes()
        assert drawn == (publishing.FILES / icon["src"]).read_bytes(), icon["src"]


def test_the_unused_renderer_and_debug_files_are_cut(site):
    for cut in ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm", "canvaskit/canvaskit.js.symbols",
                "pyodide/python_cli_entry.mjs"):
        assert not (site / cut).exists(), cut
    for kept in ("main.dart.js", "canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm",
                 "pyodide/python_stdlib.zip", "assets/NOTICES"):
        assert (site / kept).is_file(), kept


def test_the_fonts_the_page_fetches_as_it_starts_are_shipped_and_no_other(site):
    # Flutter's engine fetches every font its manifest names as the page starts; Flet's own lists KaTeX's and the
    # Cupertino icons' as well, which Bidwell never draws with.
    manifest = json.loads((site / "assets" / "FontManifest.json").read_text("utf-8"))
    assert sorted(entry["family"] for entry in manifest) == ["MaterialIcons", "Roboto"]
    fetched = {f"assets/{font['asset']}" for entry in manifest for font in entry["fonts"]}
    shipped = {path.relative_to(site).as_posix() for path in (site / "assets").rglob("*")
               if path.suffix in (".ttf", ".otf", ".woff", ".woff2")}
    assert shipped == fetched
    # The screens' own, registered by the page: the main part, and the full font for far-east names and Japanese.
    assert (site / MAIN_PART).is_file() and (site / FULL_FONT).is_file()


def test_a_new_build_replaces_an_earlier_one_and_the_same_app_is_the_same_build(tmp_path):
    first = publish(tmp_path / "again", compression=None)
    (first.folder / "stale.txt").write_text("from before")
    second = publish(tmp_path / "again", compression="fast")
    assert second.build == first.build  # the same files: the same build, nothing for a phone to fetch again
    assert not (second.folder / "stale.txt").exists()


def test_a_folder_of_other_files_or_a_file_is_refused_and_left_as_it_was(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    with pytest.raises(PublishError, match="holds files that are not a Bidwell build"):
        publish(tmp_path / "mine")
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep me"
    (tmp_path / "file").write_text("x")
    with pytest.raises(PublishError, match="it is a file"):
        publish(tmp_path / "file")


def test_a_package_missing_from_the_installation_is_named(monkeypatch, tmp_path):
    real = publishing.metadata.distribution

    def without_tinydb(name):
        if name.lower() == "tinydb":
            raise publishing.metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(publishing.metadata, "distribution", without_tinydb)
    with pytest.raises(PublishError, match="the Python package tinydb is not installed"):
        publish(tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_the_command_says_what_it_wrote_and_refuses_with_one_line(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "index.html").write_text("someone's page")
    refused = subprocess.run([str(BIDWELL), "publish", str(tmp_path / "taken")], capture_output=True, text=True,
                             timeout=120)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith("error: cannot publish into ") and refused.stderr.count("\n") == 1
    # With no copies kept from an earlier build, the wait is said before it.
    built = subprocess.run([str(BIDWELL), "publish", "--compression", "fast", str(tmp_path / "site")],
                           capture_output=True, text=True, timeout=300,
                           env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "BIDWELL_LANG": "en"})
    assert built.returncode == 0, built.stderr
    said = built.stdout.splitlines()
    assert re.fullmatch(r"Compressing every file as small as it goes, once \(the next build reuses it\): "
                        r"about \d+ s…", said[0]), said
    assert said[1].startswith(f"Bidwell is published in {tmp_path / 'site'}: ") and len(said) == 2
    assert (tmp_path / "site" / "main.dart.js.br").is_file()


def test_a_build_for_a_folder_of_a_site_names_that_folder_as_its_base(tmp_path):
    built = publish(tmp_path / "sub", base_path="/games/bidwell", compression=None)
    page = (built.folder / "index.html").read_text("utf-8")
    assert '<base href="/games/bidwell/">' in page
    # The worker, the manifest and the app's files are asked for relative to it, so they stay in the folder.
    assert 'register("flutter_service_worker.js?v=' in page


@pytest.mark.parametrize("base", ["/a b/", '/x"/', "/../up/", "https://example.org/"])
def test_a_base_that_is_not_an_address_path_is_refused_before_anything_is_written(tmp_path, base):
    with pytest.raises(PublishError, match=r"give one like / or /bidwell/"):
        publish(tmp_path / "site", base_path=base)
    assert not (tmp_path / "site").exists()
