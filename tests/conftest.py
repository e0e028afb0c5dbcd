"""Shared helpers for the engine tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from scoring.game import Game, GameState


def play_hand(
    game: Game,
    bids: Sequence[int],
    tricks: Sequence[int],
    counted: Mapping[str, Sequence[int]] | None = None,
) -> GameState:
    """Enter ``bids`` (seat order) in the hand's turn order, then the tricks."""
    for seat in game.state.current.bidding_order:
        game.bid(seat, bids[seat])
    return game.record_tricks(tricks, counted)


@pytest.fixture
def names():
    return ["Anna", "Béla", "Csilla", "Dóra", "Ernő", "Flóra", "Gábor", "Hanna", "Imre", "Júlia"]


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory, monkeypatch):
    """No test may read or write the user's real games, whatever it forgets to pass."""
    monkeypatch.setenv("BIDWELL_DATA", str(tmp_path_factory.mktemp("bidwell-data")))
