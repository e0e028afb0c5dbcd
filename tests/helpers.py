"""Helpers shared by the engine tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
