"""Shared helpers for the engine tests."""

from __future__ import annotations

import pytest



@pytest.fixture
def names():
    return ["Anna", "Béla", "Csilla", "Dóra", "Ernő", "Flóra", "Gábor", "Hanna", "Imre", "Júlia"]


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory, monkeypatch):
    """No test may read or write the user's real games, whatever it forgets to pass."""
    monkeypatch.setenv("BIDWELL_DATA", str(tmp_path_factory.mktemp("bidwell-data")))
