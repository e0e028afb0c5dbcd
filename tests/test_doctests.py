"""The examples in the docstrings of every module of scoring/ and companion/, sub-packages too, are true."""

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
    for info in pkgutil.walk_packages(package.__path__, prefix=package.__name__ + ".")
    if not info.name.endswith(".__main__")  # importing it starts the app
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_there_are_examples_to_check_in_sub_packages_too():
    assert any("." in name.removeprefix("companion.") for name in MODULES), "no sub-package module found"
    assert sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES) >= 10
