"""A player's best and worst game, by place and margin (never by raw points, which mean nothing across games),
and head to head over finished games only: the Statistics page's view-model against games worked out by hand."""

from __future__ import annotations

import pytest
from helpers import play_hand

from companion.views.stats import StatsModel
from scoring.game import Game
from scoring.stats import GameFigures, SeatFigures, figures_of, players, seat_figures


def figures(game_id: str, game: Game, day: str) -> GameFigures:
    """``game``'s figures as the store would keep them, started on ``day`` (evening, UTC)."""
    return figures_of(game_id, game.log[0].game, f"{day}T19:00:00+00:00", game.state.finished, game.players,
                      seat_figures(game))


def herrlof(players: list[str], hands: list[tuple[list[int], list[int]]]) -> Game:
    game = Game.new("herrlof", players, first_dealer=0)
    for bids, tricks in hands:
        play_hand(game, bids, tricks)
    return game


def worked_games() -> list[GameFigures]:
    """Five games, worked out by hand (Herrlof: a trick 1, exactly 3 or 4 tricks +5, an exact bid +10, the game
    ends once someone has 50; Rage: a trick 1, an exact bid +10, a missed one -5; Rage'n Glyphs: a trick 1, an
    exact bid +10, 0 bid and 0 taken 5).

    - H1, Herrlof, 3 Oct: Anna 11/11 = 21, 3/3 = 18, 15/15 = 25: 64; Béla 4/4 = 19, 12/12 = 22, 0/0 = 10: 51.
      Anna wins by 13.
    - H2, Herrlof, 5 Oct: Anna and Csilla 7/7 (a trick destroyed) = 17 in each of 3 hands: 51 each, 3 exact bids
      each: a shared win.
    - R, Rage, 12 Oct, hands of 10 … 1 cards: Béla bids every card and takes them: 55 + 10 × 10 = 155; Csilla
      and Dóra 0/0: 10 a hand, 100 each (10 exact bids each: still level, a shared 2nd place); Anna 0/0 in nine
      hands (90) and 1/0 in the last (-5): 85, 4th of 4, 70 behind the winner.
    - G, Rage'n Glyphs, 3 players, 20 Oct, hands of 1 … 31 cards: Csilla bids every card and takes them:
      496 + 31 × 10 = 806; Anna 0/0: 5 a hand, 155; Béla bids 1 and takes 0: 0. Anna 2nd with 155, the most
      points she scored anywhere, 651 behind the winner; Béla 3rd, 155 behind Anna.
    - U, Rage, 25 Oct, unfinished: Anna 1/0 (-5), Emil 10/10 (20). Counts for no best, worst or head to head.

    By points, Anna's best game would be G (155) and her worst H2 (51), a game she won.
    """
    h1 = herrlof(["Anna", "Béla"], [([11, 4], [11, 4]), ([3, 12], [3, 12]), ([15, 0], [15, 0])])
    h2 = herrlof(["Anna", "Csilla"], [([7, 7], [7, 7])] * 3)
    rage = Game.new("rage", ["Anna", "Béla", "Csilla", "Dóra"], first_dealer=0)
    for cards in range(10, 0, -1):
        anna = 1 if cards == 1 else 0
        play_hand(rage, [anna, cards, 0, 0], [0, cards, 0, 0])
    glyphs = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"], first_dealer=0)
    for cards in range(1, 32):
        play_hand(glyphs, [0, 1, cards], [0, 0, cards])
    unfinished = Game.new("rage", ["Anna", "Emil"], first_dealer=0)
    play_hand(unfinished, [1, 10], [0, 10])
    assert [game.state.totals for game in (h1, h2, rage, glyphs, unfinished)] == [
        (64, 51), (51, 51), (85, 155, 100, 100), (155, 0, 806), (-5, 20)]
    return [figures("H1", h1, "2026-10-03"), figures("H2", h2, "2026-10-05"), figures("R", rage, "2026-10-12"),
            figures("G", glyphs, "2026-10-20"), figures("U", unfinished, "2026-10-25")]


@pytest.fixture(scope="module")
def games() -> list[GameFigures]:
    return worked_games()


@pytest.mark.parametrize("name, best, worst", [
    ("Anna", "won by 13 points in Herrlof, Oct 3, 2026",
     "place 4 of 4, 70 points behind the winner in Rage, Oct 12, 2026"),
    ("Béla", "won by 55 points in Rage, Oct 12, 2026",
     "place 3 of 3, 806 points behind the winner in Rage'n Glyphs, Oct 20, 2026"),
    ("Csilla", "won by 651 points in Rage'n Glyphs, Oct 20, 2026",
     "shared place 2 of 4, 55 points behind the winner in Rage, Oct 12, 2026"),
])
def test_best_and_worst_game_are_picked_by_place_and_margin_and_said_in_words(games, name, best, worst):
    view = StatsModel(games).player(name)
    assert view.best[1] == best and view.worst[1] == worst


def test_a_player_of_one_finished_game_has_it_named_neither_best_nor_worst(games):
    dora = StatsModel(games).player("Dóra")  # Rage alone: her best would be her worst
    assert (dora.best, dora.worst) == (None, None)
    assert dora.compared_note == "A best and a worst game are named once 2 games are finished; 1 so far."


def test_the_games_picked_are_the_ones_named(games):
    anna = StatsModel(games).player("Anna")
    assert (anna.best[0], anna.worst[0]) == ("H1", "R")
    figures = {line.name: line for line in players(games)}["Anna"]
    assert (figures.best.place, figures.best.margin, figures.worst.place, figures.worst.behind) == (1, 13, 4, 70)
    assert figures.to_json()["worst"] == {"id": "R", "game": "rage", "total": 85, "place": 4, "players": 4,
                                          "shared": False, "margin": 15, "behind": 70}


def seats(*finishes: tuple[int, int]) -> tuple[SeatFigures, ...]:
    """Seats with only a total and a place (as the standings gave them), the first seat's winning if 1st."""
    return tuple(SeatFigures(0, 0, 0, 0, total, place, place == 1) for total, place in finishes)


def made_up(game_id: str, day: str, *finishes: tuple[int, int]) -> GameFigures:
    names = ["Anna", "Béla", "Csilla", "Dóra"][:len(finishes)]
    return figures_of(game_id, "oh-hell", f"{day}T19:00:00+00:00", True, names, seats(*finishes))


def test_ties_on_place_go_to_the_wider_lead_and_the_nearer_gap():
    # Anna wins twice, by 3 (10 to 7) and by 40 (50 to 10); the wider lead is the best, the narrower the worst.
    wins = [made_up("narrow", "2026-11-01", (10, 1), (7, 2)), made_up("wide", "2026-11-02", (50, 1), (10, 2))]
    anna = StatsModel(wins).player("Anna")
    assert (anna.best[0], anna.worst[0]) == ("wide", "narrow")
    # Anna 3rd twice: 2 behind the player ahead but 30 behind the winner, or 5 behind both ahead of her.
    thirds = [made_up("near", "2026-11-03", (38, 3), (40, 2), (68, 1)),
              made_up("far", "2026-11-04", (60, 3), (65, 1), (65, 1))]
    anna = StatsModel(thirds).player("Anna")
    assert anna.best == ("near", "place 3 of 3, 2 points behind the player ahead in Oh Hell (BGA), Nov 3, 2026")
    assert anna.worst == ("near", "place 3 of 3, 30 points behind the winner in Oh Hell (BGA), Nov 3, 2026")
    # Level on points, behind on the tie-break (beside a game each that went the other way: a page names a best
    # and a worst from two finished games).
    level = [made_up("tie", "2026-11-05", (40, 2), (40, 1)), made_up("clear", "2026-11-06", (50, 1), (20, 2))]
    assert StatsModel(level).player("Anna").worst[1] == (
        "place 2 of 2, level on points with the winner in Oh Hell (BGA), Nov 5, 2026")
    assert StatsModel(level).player("Béla").best[1] == "won on the tie-break in Oh Hell (BGA), Nov 5, 2026"


def test_head_to_head_leaves_unfinished_games_out_and_says_so(games):
    anna = StatsModel(games).player("Anna")
    # Béla: H1 Anna ahead, R Béla ahead, G Anna ahead; Csilla: H2 level, R and G Csilla ahead; Dóra: R. Emil
    # sat with Anna only in the unfinished game: no line of "ahead 0, behind 0".
    assert anna.rivals == ("Béla: 3 games together; ahead 2, behind 1, level 0",
                           "Csilla: 3 games together; ahead 0, behind 2, level 1",
                           "Dóra: 1 game together; ahead 0, behind 1, level 0")
    assert anna.rivals_note == "Finished games only: 1 unfinished game left out."
    assert StatsModel(games).player("Béla").rivals_note is None
    emil = StatsModel(games).player("Emil")
    assert emil.rivals == () and emil.rivals_note == "Finished games only: 1 unfinished game left out."
    assert emil.best is None and emil.worst is None
    view = StatsModel(games, with_players=["Anna", "Emil"]).view()
    assert view.together == ("Head to head: 0 games all together",)
    assert view.together_note == "Finished games only: 1 unfinished game left out."
    view = StatsModel(games, with_players=["Anna", "Béla"]).view()
    assert view.together == ("Head to head: 3 games all together",
                             "Anna and Béla, 3 games finished: Anna ahead 2, Béla ahead 1, level 0")
    assert view.together_note is None
