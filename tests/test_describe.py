"""How a game ended, in the words the app's end screen and the printed sheet share."""

from __future__ import annotations

from helpers import play_hand

from scoring.describe import names_and, tie_break_line, winner_line
from scoring.game import Game

TWO = ["Anna", "Béla"]
THREE = ["Anna", "Béla", "Csilla"]


def lines(game: Game) -> tuple[str | None, str | None]:
    return winner_line(game.state, game.players), tie_break_line(game.state)


def test_nothing_is_said_before_the_end():
    game = Game.new("rage", TWO)
    assert lines(game) == (None, None)
    play_hand(game, [10, 0], [10, 0])
    assert lines(game) == (None, None)


def test_one_player_with_the_highest_total_wins():
    game = Game.new("rage", TWO)
    while not game.state.finished:
        cards = game.state.current.cards
        play_hand(game, [cards, 0], [cards, 0])  # Anna takes every trick she bids
    assert lines(game) == ("Anna wins!", None)


def coin_flip_tie() -> Game:
    """Rage'n Glyphs, Skip Up: Anna and Béla make the same bids every hand (test_game.tie_for_coin_flip): 275 each."""
    game = Game.new("rage-n-glyphs", THREE, options={"skip_up": True})
    while not game.state.finished:
        half = (game.state.current.cards - 1) // 2
        play_hand(game, [half, half, 1], [half, half, 1])
    return game


def test_a_tie_left_to_the_coin_says_so_until_the_flip_is_recorded():
    game = coin_flip_tie()
    assert lines(game) == ("Still tied after the final hand: Anna, Béla. Flip a coin.", None)
    game.record_coin_flip(1)
    assert lines(game) == ("Béla wins!", "Tied after the final hand too; decided by the coin flip.")


def test_a_tie_broken_by_the_final_hand():
    # 10 players, Skip Up: P0 and P1 end on 49; P1 scored 17 in the final hand, P0 5.
    game = Game.new("rage-n-glyphs", [f"P{i}" for i in range(10)], options={"skip_up": True})
    for takers in ({0: 1}, {0: 3}, {0: 5}, {1: 7}, {1: 7, 2: 2}):
        bids = [takers.get(seat, 0) for seat in range(10)]
        play_hand(game, bids, bids)
    assert lines(game) == ("P1 wins!", "Tied on total; decided by the points in the final hand.")


def test_a_tie_broken_by_exact_bids():
    """Rage, 2 players, 10 hands of 10 … 1 cards.

    Anna bids and takes every card (c + 10 a hand: 155, 10 exact bids); Béla
    bids 0 and takes 0 (10 a hand) but bids 1 in the last hand (-5): 85, 9
    exact. The action cards close the gap of 70: in hands 1 and 2 Béla gets
    three +5 and Anna three -5 (30 a hand), in hand 3 one each (10).
    Both end on 120; Anna made more exact bids.
    """
    game = Game.new("rage", TWO)
    swings = {1: 3, 2: 3, 3: 1}
    for number in range(1, 11):
        cards = game.state.current.cards
        swing = swings.get(number, 0)
        play_hand(game, [cards, 1 if number == 10 else 0], [cards, 0], {"bonus": [0, swing], "mad": [swing, 0]})
    assert game.state.totals == (120, 120) and game.state.exact_bids == (10, 9)
    assert lines(game) == ("Anna wins!", "Tied on total; decided by more exact bids.")


def test_a_tie_no_rule_breaks_is_shared():
    # Herrlof: both bid 7 and take 7 (a trick destroyed) three times: 51 each, three exact bids each.
    game = Game.new("herrlof", TWO)
    for _ in range(3):
        play_hand(game, [7, 7], [7, 7])
    assert lines(game) == ("Anna and Béla share the win.", "Tied; the game shares the win.")


def test_three_who_share_are_listed_as_a_sentence_lists_them():
    # Herrlof for 3 (11 cards, to 40): each bids 3 and takes 3 four times, 13 a hand: 52 each.
    game = Game.new("herrlof", THREE)
    for _ in range(4):
        play_hand(game, [3, 3, 3], [3, 3, 3])
    assert game.state.totals == (52, 52, 52)
    assert winner_line(game.state, game.players) == "Anna, Béla, and Csilla share the win."


def test_names_and():
    assert names_and([]) == ""
    assert names_and(["Anna"]) == "Anna"
    assert names_and(["Anna", "Béla"]) == "Anna and Béla"
    assert names_and(["Anna", "Béla", "Csilla", "Dóra"]) == "Anna, Béla, Csilla, and Dóra"  # CLDR's English
