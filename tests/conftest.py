"""Shared helpers for the engine tests."""

from __future__ import annotations

import shutil

import pytest


@pytest.fixture
def names():
    return ["Anna", "Béla", "Csilla", "Dóra", "Ernő", "Flóra", "Gábor", "Hanna", "Imre", "Júlia"]


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory, monkeypatch):
    """No test may read or write the user's real games, whatever it forgets to pass."""
    monkeypatch.setenv("BIDWELL_DATA", str(tmp_path_factory.mktemp("bidwell-data")))


@pytest.fixture(autouse=True)
def english_unless_asked(monkeypatch):
    """Every command a test runs speaks English, whatever the machine's locale, unless the test asks for another
    language; and so does every sentence made in the test's own process."""
    from scoring.i18n.choice import set_default
    from scoring.i18n.locales import ENGLISH

    for variable in ("BIDWELL_LANG", "BIDWELL_CATALOGS", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    set_default(ENGLISH)
    yield
    set_default(ENGLISH)


@pytest.fixture
def own_templates(tmp_path, monkeypatch):
    """A copy of the shipped game files the test may edit, read in their place; the folder is returned."""
    from scoring.definitions import templates_dir

    folder = tmp_path / "templates"
    shutil.copytree(templates_dir(), folder)
    monkeypatch.setenv("BIDWELL_TEMPLATES", str(folder))
    return folder


@pytest.fixture
def clock():
    """A :class:`helpers.FakeClock`, moved on by hand."""
    from helpers import FakeClock

    return FakeClock()
