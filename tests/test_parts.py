"""The published app starts without reportlab, Babel, the charts and the QR codes, and fetches a part from the
site the first time it is imported: a sheet made and a language's list written by the app as the browser
unpacks it, in a Python that has nothing else on its path."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.look import FONT_FILE
from companion.publish.build import publish
from companion.publish.parts import LANGUAGES, SHEET_FONT, SHEETS

LOADED_ON_DEMAND = ("reportlab", "babel", "flet_charts", "segno", "PIL")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return publish(tmp_path_factory.mktemp("parts") / "site", compression=None).folder


def test_the_app_module_imports_no_sheet_language_chart_or_qr_package():
    code = ("import sys, json; import companion.publish.standalone, companion.ui.app; "
            f"print(json.dumps([name for name in sys.modules if name.split('.')[0] in {LOADED_ON_DEMAND!r}]))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(loaded.stdout) == []


def test_the_start_archive_holds_none_of_the_parts_and_the_site_holds_each(site):
    with tarfile.open(site / "app.tar.gz") as archive:
        names = archive.getnames()
    for package in ("reportlab", "babel", "charset_normalizer", "PIL", "packaging"):
        assert not [name for name in names if name.startswith(f"__pypackages__/{package}")], package
    assert not [name for name in names if name.endswith(".ttf")]
    for package in ("flet", "flet_charts", "tinydb", "segno", "filelock", "pyuegc"):
        assert f"__pypackages__/{package}/__init__.py" in names, package
    with tarfile.open(site / SHEETS.site_file) as archive:
        sheets = archive.getnames()
    assert {"__pypackages__/reportlab/__init__.py", "__pypackages__/PIL/Image.py",
            "__pypackages__/charset_normalizer/__init__.py"} <= set(sheets)
    assert not [name for name in sheets if name.startswith("__pypackages__/reportlab/fonts/")]
    with tarfile.open(site / LANGUAGES.site_file) as archive:
        languages = archive.getnames()
    assert "__pypackages__/babel/locale-data/de.dat" in languages
    assert "__pypackages__/babel/locale-data/fr.dat" not in languages  # a language Bidwell does not speak
    # The sheets' font is the site's one copy, the one the screens load.
    assert (site / SHEET_FONT.site_file).read_bytes() == FONT_FILE.read_bytes()


# Run as the browser runs the app: the archive unpacked, its packages first on the path, nothing installed.
IN_THE_BROWSERS_WAY = """
import json, sys
from pathlib import Path
site, root = Path(sys.argv[1]), Path(sys.argv[2])
sys.path[:0] = [str(root / "__pypackages__"), str(root)]
fetched = []
def fetch(site_file):
    fetched.append(site_file)
    return (site / site_file).read_bytes()
from companion.publish.parts import fetch_parts_on_first_import
fetch_parts_on_first_import(fetch)
import companion.publish.standalone
started = list(fetched)
from scoring.i18n.choice import language
listed = language("de").listed(["Anna", "Béla", "Csilla"], joined="and")
from companion.sheets.pdf import blank_sheet, render_pdf
from scoring.definitions import rules_for
pdf = render_pdf(blank_sheet(rules_for("herrlof", 2), names=["Anna", "Béla"]), "a4")
(root.parent / "sheet.pdf").write_bytes(pdf)
import babel, reportlab
print(json.dumps({"started": started, "fetched": fetched, "listed": listed,
                  "from": [babel.__file__, reportlab.__file__]}))
"""


def test_the_unpacked_app_fetches_each_part_once_when_first_imported_and_makes_a_sheet_with_it(site, tmp_path):
    root = tmp_path / "app"
    with tarfile.open(site / "app.tar.gz") as archive:
        archive.extractall(root, filter="data")
    ran = subprocess.run([sys.executable, "-I", "-S", "-c", IN_THE_BROWSERS_WAY, str(site), str(root)],
                         capture_output=True, text=True, cwd=tmp_path,
                         env={"PYTHONPATH": "", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert ran.returncode == 0, ran.stderr
    said = json.loads(ran.stdout)
    assert said["started"] == []
    assert sorted(said["fetched"]) == sorted([LANGUAGES.site_file, SHEETS.site_file, SHEET_FONT.site_file])
    assert said["listed"] == "Anna, Béla und Csilla"
    sheet = (tmp_path / "sheet.pdf").read_bytes()
    assert b"/FontFile2" in sheet  # the font came with the sheets' part: embedded, as on a computer
    assert PdfReader(io.BytesIO(sheet)).pages[0].extract_text().startswith("Herrlof: score sheet\n2 players")
    assert all(Path(file).is_relative_to(root) for file in said["from"]), said["from"]


def test_a_part_that_cannot_be_fetched_fails_that_import_and_is_asked_for_again_at_the_next(tmp_path):
    from companion.publish.parts import FetchedOnFirstImport, Part

    asked = []

    def offline(site_file: str) -> bytes:
        asked.append(site_file)
        raise ImportError(f"{site_file}: the network is down")

    part = Part("parts/extra.tar.gz", ("bidwell_extra_part",))
    finder = FetchedOnFirstImport(offline, tmp_path, (part,))
    sys.meta_path.insert(0, finder)
    try:
        for _ in range(2):
            with pytest.raises(ImportError, match="the network is down"):
                __import__("bidwell_extra_part")
    finally:
        sys.meta_path.remove(finder)
    assert asked == ["parts/extra.tar.gz", "parts/extra.tar.gz"]
