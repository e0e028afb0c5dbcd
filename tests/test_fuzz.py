"""Mutated real records through ``score``, ``import`` and ``sheet --record``, and mutated game files through
``schedule`` and ``sheet``: exit 0 or 2, never a traceback.

Hypothesis's deadline holds every run under the 5 seconds the issue allows;
``benchmarks/bench_fuzz.py`` tries thousands more and reports the figures.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from fuzzing import check_outcome, mutated_game_files, mutated_records, try_command, try_game_file
from hypothesis import HealthCheck, given, settings

EXAMPLES = {"score": 250, "import": 80, "sheet": 60}


@pytest.mark.parametrize("command", list(EXAMPLES))
def test_a_mutated_record_is_read_or_refused_in_one_line(command):
    @settings(max_examples=EXAMPLES[command], deadline=timedelta(seconds=5),
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(mutated_records())
    def run(data: bytes) -> None:
        status, _, stderr = try_command(command, data)
        check_outcome(command, status, stderr)

    run()


@pytest.mark.parametrize("command", ["schedule", "sheet"])
def test_a_mutated_game_file_is_read_or_refused_in_one_line(command):
    @settings(max_examples=60, deadline=timedelta(seconds=5),
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(mutated_game_files())
    def run(file: tuple[str, bytes]) -> None:
        status, _, stderr = try_game_file(*file, command)
        check_outcome(command, status, stderr, refusals=(1,))
        assert status == 0 or stderr.startswith("error: a game file is broken: "), stderr[:300]

    run()
