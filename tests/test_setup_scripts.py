"""The README's first command (``scripts/start``) on a machine that cannot run Bidwell: a Python older than 3.11,
or one without Debian's venv module, is said in one line with what to install, and nothing is set up."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[1]

# A python3 that answers the setup's questions as a given machine's would: its version, whether it has venv.
FAKE_PYTHON = """#!/usr/bin/env bash
case "$*" in
  *"print("*) echo "$FAKE_VERSION" ;;
  *"sys.exit(sys.version_info"*) [ "$FAKE_VERSION" = 3.12 ] ;;
  *"import ensurepip"*) [ -z "$FAKE_NO_VENV" ] ;;
  *) echo "the setup went on to run: python3 $*" >&2; exit 99 ;;
esac
"""


@pytest.fixture
def checkout(tmp_path) -> Path:
    """A copy of the scripts in a folder of their own, so nothing is set up beside the real checkout."""
    copy = tmp_path / "bidwell"
    shutil.copytree(CHECKOUT / "scripts", copy / "scripts")
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    (bin_folder / "python3").write_text(FAKE_PYTHON, encoding="utf-8")
    (bin_folder / "python3").chmod(0o755)
    return copy


def start(checkout: Path, **machine: str) -> subprocess.CompletedProcess:
    path = f"{checkout.parent / 'bin'}{os.pathsep}{os.environ['PATH']}"
    return subprocess.run([str(checkout / "scripts" / "start")], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PATH": path, **machine})


def test_a_python_older_than_3_11_is_named_with_what_to_install(checkout):
    done = start(checkout, FAKE_VERSION="3.9")
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "Bidwell needs Python 3.11 or newer; python3 here is Python 3.9.",
        "Install a newer one (Debian/Ubuntu: sudo apt install python3.11 python3.11-venv) and name it: "
        f"PYTHON=python3.11 {checkout / 'scripts' / 'start'}",
    ]
    assert not (checkout / ".venv").exists()


def test_a_python_without_venv_is_told_to_install_it(checkout):
    done = start(checkout, FAKE_VERSION="3.12", FAKE_NO_VENV="1")
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "Python 3.12 here cannot make a virtual environment: its venv module is missing.",
        f"Install it (Debian/Ubuntu: sudo apt install python3.12-venv), then run {checkout / 'scripts' / 'start'} "
        "again.",
    ]
    assert not (checkout / ".venv").exists()


def test_no_python_at_all_is_said(checkout):
    done = start(checkout, FAKE_VERSION="3.12", PYTHON="python3.99-nowhere")
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == "Bidwell needs Python 3.11 or newer, and there is no python3.99-nowhere here."


def test_a_python_that_can_goes_on_to_make_the_environment(checkout):
    done = start(checkout, FAKE_VERSION="3.12")
    # Past every check, the setup makes the environment with that Python (which this fake refuses to do).
    assert done.returncode == 99
    assert done.stderr.strip() == "the setup went on to run: python3 -m venv .venv"
