"""Bidwell's rules engine: games as data, a game as a log of actions, records.

Pure Python: no UI, no storage, no printing. The app, the sheets and the
command line ask this package; none of them derives a rule by itself.

Three things here are not the standard idiom, because ``bidwell score`` starts with this package and is held to
1.5 times ``python -c "import re, json"`` and under 100 ms: ``@frozen`` (:mod:`scoring.frozen`) where
``@dataclass(frozen=True)`` would do, ``TYPE_CHECKING = False`` where ``from typing import TYPE_CHECKING`` would, and
the game files' parses kept beside the bytecode (:mod:`scoring.definitions`). Each was swapped for the standard idiom
and timed against this package in turns (``benchmarks/bench_idioms.py``; 2026-12-07, 20 runs, load 1.0): dataclasses
made the command 110 ms against 62 (1.79 times), typing 72 ms (1.17), parsing the TOML each time 89 ms (1.45); the
replay inside Python was the same within its noise with each. The app and the phone app import dataclasses and
typing with Flet anyway, so these cost them nothing.
"""
