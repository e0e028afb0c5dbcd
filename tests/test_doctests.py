"""The examples in the docstrings of scoring/ and companion/ are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import companion
import scoring

MODULES = [
    info.name
    for package in (scoring, companion)
    for info in pkgutil.iter_modules(package.__path__, prefix=package.__name__ + ".")
    if info.name not in ("companion.__main__", "companion.app")  # the app needs a browser; tests/browser has it
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_there_are_examples_to_check():
    assert sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES) >= 10
