"""The start screen's card of a game to continue (companion.views.start), against the game's own state."""

from __future__ import annotations

from companion.store.games import GameStore
from companion.views.start import continue_card
from scoring.game import Game
from scoring.state import leading_seats


def test_leading_seats_are_every_seat_at_the_top_in_seat_order():
    assert leading_seats((12, 30, 7, 30)) == (1, 3)
    assert leading_seats((0, 0)) == (0, 1)
    assert leading_seats(()) == ()


def test_a_game_to_continue_says_its_hand_players_who_leads_and_when_it_began(tmp_path):
    store = GameStore(tmp_path / "data")
    saved = store.start(Game.new("oh-hell", ["Anna", "Béla", "Csilla"]), created="2026-11-26T19:05:00.000Z")
    (fresh,) = [continue_card(summary) for summary in store.unfinished()]
    assert (fresh.label, fresh.hand, fresh.lead) == ("Oh Hell (BGA) · hand 1 · Anna, Béla, Csilla", "Hand 1", None)
    assert fresh.started.startswith("Started Nov 26, 2026")
    # Anna deals: Béla bids first. Béla and Csilla make their bids of 3, Anna misses hers: a tie at the top.
    for seat in saved.state.current.bidding_order:
        saved.bid(seat, 3)
    saved.record_tricks([4, 3, 3])
    (card,) = [continue_card(summary) for summary in store.unfinished()]
    totals = saved.state.totals
    leaders = saved.state.leaders
    assert len(leaders) == 2 and totals[leaders[0]] == totals[leaders[1]] > totals[0]
    assert card.lead == f"In the lead: Béla, Csilla · {totals[1]}"
    assert (card.label, card.hand) == ("Oh Hell (BGA) · hand 2 · Anna, Béla, Csilla", "Hand 2")
