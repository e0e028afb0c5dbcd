"""Invariants of the engine over random games of every kind, player count and option."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import hand_results, play_one, played_games

from scoring.draft import TrickDraft
from scoring.errors import BidwellError
from scoring.record import game_from_record, record_from_game, score_summary
from scoring.replay import replay
from scoring.state import Phase

settings.register_profile("bidwell", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=120)
settings.load_profile("bidwell")


@given(played_games())
def test_totals_are_the_running_sums_of_hand_points(game):
    state = game.state
    running = [0] * len(game.players)
    for hand in state.scored_hands:
        running = [r + p for r, p in zip(running, hand.points)]
        assert list(hand.totals) == running
    assert list(state.totals) == running


@given(played_games())
def test_the_hook_and_the_trick_counts_hold_in_every_scored_hand(game):
    rules = game.rules
    for hand in game.state.scored_hands:
        if rules.hook_in(hand.number, hand.cards):
            assert sum(hand.bids) != hand.cards
        assert hand.cards - rules.tricks_may_vanish <= sum(hand.tricks) <= hand.cards


@given(played_games())
def test_the_game_ends_exactly_when_its_rules_say(game):
    state = game.state
    rules = game.rules
    scored = state.scored_hands
    if rules.target is None:
        assert state.finished == (len(scored) == rules.hand_count)
    else:
        reached = [max(h.totals) >= rules.target for h in scored]
        assert state.finished == any(reached)
        if state.finished:
            assert reached.index(True) + 1 == state.ended_after == len(scored)
    assert (state.phase is Phase.FINISHED) == bool(state.winners)


@given(played_games())
def test_replaying_the_log_gives_the_same_state(game):
    assert replay(game.log).state == game.state


@given(played_games(), st.data())
def test_undo_after_any_action_gives_back_the_state_before_it(game, data):
    before = (game.log, game.state)
    play_one(data.draw, game)
    if game.log != before[0]:
        game.undo()
    assert (game.log, game.state) == before


@given(played_games(), st.data())
def test_a_game_undone_plays_on_as_the_game_replayed_from_its_shorter_log(game, data):
    """Undo puts back what each action changed without replaying: whatever it missed would show in the next
    action's state, which must be the replayed game's."""
    for _ in range(min(data.draw(st.integers(1, 8)), len(game.log) - 1)):
        game.undo()
    replayed = replay(game.log)
    assert game.state == replayed.state
    before = game.log
    play_one(data.draw, game)
    if game.log != before:
        replayed.apply(game.log[-1])
    assert (game.log, game.state) == (replayed.log, replayed.state)


@given(played_games(), st.data())
def test_a_game_read_back_and_undone_is_the_game_it_was_read_from_undone(game, data):
    """A game read back from its log works out no state on the way (drawn once opened, or not at all); undone, it
    works out again only the hands the undone actions touched, and must come to the played game's state."""
    read = replay(game.log)
    if data.draw(st.booleans()):
        assert read.state == game.state
    for _ in range(min(data.draw(st.integers(1, 8)), len(game.log) - 1)):
        game.undo()
        read.undo()
        assert read.state == game.state
    assert read.log == game.log


@given(played_games(), st.data())
def test_a_random_action_is_either_accepted_or_refused_without_a_trace(game, data):
    before = (game.log, game.state)
    players = len(game.players)
    kind = data.draw(st.sampled_from(["bid", "tricks", "correct", "coin"]))
    value = st.one_of(st.integers(-3, 35), st.floats(allow_nan=False), st.none(), st.booleans(), st.text(max_size=2))
    try:
        if kind == "bid":
            game.bid(data.draw(st.integers(-1, players)), data.draw(value))
        elif kind == "tricks":
            game.record_tricks(data.draw(st.lists(value, max_size=players + 1)))
        elif kind == "correct":
            lists = st.lists(value, min_size=players, max_size=players)
            game.correct(data.draw(st.integers(0, 40)), data.draw(lists), data.draw(lists))
        else:
            game.record_coin_flip(data.draw(st.integers(-1, players)))
    except BidwellError as refusal:
        assert str(refusal)
        assert (game.log, game.state) == before


@given(played_games(), st.data())
def test_a_surely_invalid_action_is_refused_and_changes_nothing(game, data):
    before = (game.log, game.state)
    state = game.state
    if state.finished:
        refused = not game.can_bid(0, 0)
    elif state.phase is Phase.BIDDING:
        cards = state.current.cards
        too_many = data.draw(st.integers(cards + 1, cards + 5))
        wrong_seat = (state.next_bidder + 1) % len(game.players)
        refused = not game.can_bid(state.next_bidder, too_many) and not game.can_bid(state.next_bidder, -1)
        refused = refused and (len(game.players) == 1 or not game.can_bid(wrong_seat, 0))
        refused = refused and not game.can_record_tricks([0] * len(game.players))
    else:
        tricks = [0] * len(game.players)
        tricks[0] = state.current.cards + 1
        refused = not game.can_record_tricks(tricks) and not game.can_bid(0, 0)
    assert refused
    assert (game.log, game.state) == before


@given(played_games())
def test_export_then_import_gives_the_same_game(game):
    record = json.loads(json.dumps(record_from_game(game), ensure_ascii=False))
    again = game_from_record(record)
    assert score_summary(again) == score_summary(game)
    assert again.state.phase == game.state.phase
    assert again.state.winners == game.state.winners
    if game.state.current is not None:
        assert again.state.current.shown_bids == game.state.current.shown_bids
        assert again.state.next_bidder == game.state.next_bidder
    assert record_from_game(again) == record


@given(played_games(), st.data())
def test_a_correction_followed_by_its_reverse_gives_the_original_totals(game, data):
    scored = game.state.scored_hands
    if not scored:
        return
    hand = data.draw(st.sampled_from(scored))
    original = (hand.bids, hand.tricks, {k.name: hand.counted(k.name) for k in game.rules.scoring.cards})
    bids = [data.draw(st.integers(0, hand.cards)) for _ in game.players]
    tricks, counted = data.draw(hand_results(game, hand.cards))
    before = game.state
    if not game.can_correct(hand.number, bids, tricks, counted):
        return
    game.correct(hand.number, bids, tricks, counted)
    game.correct(hand.number, *original)
    assert game.state.totals == before.totals
    assert game.state == before


@given(played_games(), st.data())
def test_tricks_entered_through_the_draft_always_score(game, data):
    """Whatever counts are tapped, in whatever order, the draft holds only counts the hand can score: once
    every player has one, the engine takes them."""
    while game.state.phase is Phase.BIDDING:  # a game still bidding is bid through; a finished one has no hand
        game.bid(game.state.next_bidder, data.draw(st.sampled_from(game.state.allowed_bids)))
    if game.state.phase is Phase.FINISHED:
        return
    draft = TrickDraft.fresh(game)
    for _ in range(4 * len(game.players)):
        if draft.complete:
            break
        seat = data.draw(st.sampled_from(draft.missing()))
        allowed = draft.choose(seat).allowed(game)
        draft = draft.give(game, seat, data.draw(st.sampled_from(allowed)))
    assert draft.complete
    assert game.can_record_tricks(list(draft.tricks), dict(draft.counted))


@given(played_games(), st.data())
def test_the_printed_summary_is_what_the_state_shows(game, data):
    hands = game.adjustable_hands()
    if hands and data.draw(st.booleans()):
        game.adjust(data.draw(st.sampled_from(hands)), data.draw(st.integers(0, len(game.players) - 1)),
                    data.draw(st.integers(-20, 20).filter(bool)), "a revoke")
    state = game.state
    summary = score_summary(game)
    shown = [{"number": hand.number, "cards": hand.cards, "dealer": game.name(hand.dealer), "points": list(hand.points),
              "totals": list(hand.totals)} for hand in state.scored_hands]
    assert [{key: value for key, value in hand.items() if key != "adjustments"} for hand in summary["hands"]] == shown
    assert [len(hand.get("adjustments", ())) for hand in summary["hands"]] == \
        [len(hand.adjustments) for hand in state.scored_hands]
    assert summary["totals"] == list(state.totals) and summary["finished"] == state.finished
    assert summary["winners"] == [game.name(seat) for seat in state.winners]
