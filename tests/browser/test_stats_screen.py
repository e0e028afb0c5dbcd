"""The Statistics screens against the history worked out by hand (``helpers.hand_worked_history``)."""

from __future__ import annotations

import re

from helpers import finished_herrlof, hand_worked_history, play_hand
from phone import SIZES_AND_LOOKS
from playwright.sync_api import expect
from test_games import bid, took

from companion.store.games import GameStore
from scoring.game import Game
from scoring.i18n.choice import language


@SIZES_AND_LOOKS
def test_statistics_show_each_players_figures_charts_and_head_to_head(open_phone, own_server, tmp_path, size, scheme):
    store, ids = hand_worked_history(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url, f"stats-{size['width']}-{scheme}", viewport=size, color_scheme=scheme)
    phone.leave_start("Statistics")
    # The most wins first; a shared win counts for each winner; Béla of the Rage game is the same Béla.
    lines = [phone.button(line) for line in (
        "Anna 3 games · 2 wins · exact bids 6/7 (86%)", "Béla 3 games · 1 win · exact bids 6/6 (100%)",
        "Csilla 2 games · 1 win · exact bids 5/5 (100%)", "Dóra 1 game · 0 wins · exact bids 1/1 (100%)")]
    for line in lines:
        expect(line).to_be_visible()
    # The filters folded to the one line that says them, as the past games' are: every player's figures on the
    # first screen.
    expect(lines[-1]).to_be_in_viewport()
    phone.shows_whole(phone.shot("players"), "Filter: All games · All time · every player", lines[-1])
    phone.unfold("Filter: All games · All time · every player")
    # Each filter is named, for the eye and for a screen reader (the group's name), and its choices sit side by
    # side rather than one a line.
    game, period = phone.page.get_by_role("group", name="Game"), phone.page.get_by_role("group", name="Period")
    expect(game).to_be_visible()
    expect(period).to_be_visible()
    all_games, herrlof = game.get_by_role("radio", name="All games"), game.get_by_role("radio", name="Herrlof")
    all_time, last_30 = period.get_by_role("radio", name="All time"), period.get_by_role("radio", name="Last 30 days")
    expect(all_games).to_be_checked()
    expect(all_time).to_be_checked()
    for first, second in ((all_games, herrlof), (all_time, last_30)):
        assert first.bounding_box()["y"] == second.bounding_box()["y"], "a filter's choices are stacked"
    phone.shows_whole(phone.shot("filters"), game, period, all_games, last_30)
    game.get_by_role("radio", name="Rage", exact=True).tap()
    expect(game.get_by_role("radio", name="Rage", exact=True)).to_be_checked()
    phone.see_exactly("Filter: Rage · All time · every player")
    expect(phone.button("Anna 1 game · 0 wins · exact bids 0/1 (0%)")).to_be_visible()
    expect(phone.page.get_by_role("button", name="Csilla", exact=False)).to_have_count(0)
    phone.pick("radio", "All games")
    # Who else sat at the table: B (Anna, Csilla) and C (Béla, Csilla); one win each, Csilla in both first.
    phone.tap_field("Played with")
    phone.page.keyboard.type("Csilla")
    phone.page.keyboard.press("Enter")
    expect(phone.button("Csilla 2 games · 1 win · exact bids 5/5 (100%)")).to_be_visible()
    expect(phone.button("Anna 1 game · 1 win · exact bids 3/3 (100%)")).to_be_visible()
    expect(phone.page.get_by_role("button", name="Dóra", exact=False)).to_have_count(0)
    phone.pick("radio", "Last 30 days")  # every game here was started today
    expect(phone.button("Béla 1 game · 1 win · exact bids 2/2 (100%)")).to_be_visible()
    phone.see_exactly("Filter: All games · Last 30 days · played with Csilla")
    phone.shot("played-with")
    # Two players chosen: the finished game they played together (A: Anna ahead); the unfinished Rage game E,
    # where no one is ahead yet, is left out, and the screen says so.
    field = phone.tap_field("Played with")
    phone.page.keyboard.press("ControlOrMeta+a")
    phone.page.keyboard.type("Anna , Be\u0301la")
    phone.page.keyboard.press("Enter")
    phone.see_exactly("Head to head: 1 game all together")
    phone.see_exactly("Finished games only: 1 unfinished game left out.")
    phone.see_exactly("Anna and Béla, 1 game finished: Anna ahead 1, Béla ahead 0, level 0")
    phone.shows_whole(phone.shot("head-to-head"), "Finished games only: 1 unfinished game left out.")
    field = phone.tap_field("Played with")
    phone.page.keyboard.press("ControlOrMeta+a")
    phone.page.keyboard.press("Backspace")
    phone.page.keyboard.press("Enter")
    expect(field).to_have_value("")
    expect(phone.button("Dóra 1 game · 0 wins · exact bids 1/1 (100%)")).to_be_visible()

    played_on = language("en-US").date(store.open(ids["A"]).created)  # as the phone's browser (en-US) writes it
    phone.tap("Anna 3 games · 2 wins · exact bids 6/7 (86%)")
    phone.reads("Games 3", "Finished 2", "Wins (a shared win counts) 2", "Bids made exactly 6/7 (86%)",
                "Zero bids made 0/1 (0%)", "Average final score 57.5 points", "Average place 1.00")
    expect(phone.page.get_by_text("Final scores of Anna in 2 finished games, oldest first: 64, 51")).to_be_attached()
    expect(phone.page.get_by_text("How often Anna finished in each place: 1. place: 2")).to_be_attached()
    # Best and worst by place, then margin: A won by 13 (64 to 51), B a shared win (51 each). By points, B's 51
    # would be her "worst" though she won it.
    best = phone.button(f"Best game won by 13 points in Herrlof, {played_on}")
    worst = phone.button(f"Worst game shared first place of 2 in Herrlof, {played_on}")
    expect(best).to_be_visible()
    expect(worst).to_be_visible()
    # Head to head over finished games: Béla only in A (E is unfinished), Dóra in no finished game at all.
    phone.see_exactly("Finished games only: 1 unfinished game left out.")
    phone.see_exactly("Béla: 1 game together; ahead 1, behind 0, level 0")
    phone.see_exactly("Csilla: 1 game together; ahead 0, behind 0, level 1")
    expect(phone.page.get_by_text("Dóra:", exact=False)).to_have_count(0)
    phone.shows_whole(phone.shot("anna"), best, worst)
    phone.page.go_back()
    # Béla lost A by 13 (51 to 64) and won C by 30 (50 to 20): by points A would be his best, C his worst.
    phone.tap("Béla 3 games · 1 win · exact bids 6/6 (100%)")
    expect(phone.button(f"Best game won by 30 points in Herrlof, {played_on}")).to_be_visible()
    worst = phone.button(f"Worst game place 2 of 2, 13 points behind the winner in Herrlof, {played_on}")
    expect(worst).to_be_visible()
    phone.shows_whole(phone.shot("bela"), worst)
    worst.tap()
    phone.see_exactly("Anna wins!")


@SIZES_AND_LOOKS
def test_with_one_finished_game_a_player_has_no_best_or_worst_game_and_no_lone_dot(open_phone, own_server, tmp_path,
                                                                                     size, scheme):
    """One game is its own best and worst, and one score is a dot, not a line: the page says how many finished
    games it takes and how many there are, over which games and since when, and every figure with its unit."""
    saved = finished_herrlof(GameStore(tmp_path / "data"))
    phone = open_phone(own_server().url, f"stats-one-{size['width']}-{scheme}", viewport=size, color_scheme=scheme)
    phone.tap("Statistics")
    phone.tap("Zoë 1 game · 1 win · exact bids 2/2 (100%)")
    phone.see_exactly(f"Every game kept, since {language('en-US').date(saved.created)}")
    phone.reads("Games 1", "Finished 1", "Wins (a shared win counts) 1", "Bids made exactly 2/2 (100%)")
    phone.reads("Average final score 50.0 points", "Average place 1.00")
    said = "A best and a worst game are named once 2 games are finished; 1 so far."
    phone.see_exactly(said)
    phone.see_exactly("The charts are drawn once 2 games are finished; 1 so far.")
    expect(phone.page.get_by_role("button", name=re.compile("^(Best|Worst) game"))).to_have_count(0)
    expect(phone.page.get_by_text("Final scores, oldest game first", exact=True)).to_have_count(0)
    phone.shows_whole(phone.shot("one-game"), said)


@SIZES_AND_LOOKS
def test_the_bids_chart_is_labelled_with_every_hands_size_in_play_order(open_phone, own_server, tmp_path, size,
                                                                         scheme):
    store, _ = hand_worked_history(tmp_path / "data")
    # Oh Hell, short up and down: hands of 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6 cards. Anna bids and takes every
    # trick, Béla bids 1 (the hook forbids bids adding up to the cards) and takes none.
    game = store.start(Game.new("oh-hell", ["Anna", "Béla", "Csilla", "Dóra", "Emil", "Feri", "Gizi"],
                                options={"sequence": "short-up-down"}))
    for cards in (6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6):
        play_hand(game, [cards, 1, 0, 0, 0, 0, 0], [cards, 0, 0, 0, 0, 0, 0])
    server = own_server()
    phone = open_phone(server.url + f"history/{game.id}", f"bids-chart-{size['width']}-{scheme}", viewport=size,
                       color_scheme=scheme)
    phone.page.get_by_role("tab", name=re.compile("^Charts")).tap()
    # The axis under the bars reads each hand's size in the order played, the 1 in the middle included (every
    # second one alone read 6 4 2 2 4 6).
    axis = r"\s+".join(["tricks 6", *"6 5 4 3 2 1 2 3 4 5 6".split(), "Cards each"])
    expect(phone.page.get_by_text(re.compile(
        r"Bids against tricks per hand: hand 1, 6 cards, bids 7, tricks 6; .*; hand 11, 6 cards, bids 7, " + axis
    ))).to_be_attached()
    phone.page.mouse.move(size["width"] / 2, size["height"] / 2)
    phone.page.mouse.wheel(0, 4000)
    phone.shows_whole(phone.shot("bids-chart"))


def test_a_games_charts_show_the_running_totals_and_bids_against_tricks(open_phone, own_server, tmp_path):
    store, ids = hand_worked_history(tmp_path / "data")
    # Rage'n Glyphs, 3 players: hands of 1, 2, 3, … cards. Anna bids 0 and takes 0 (5 a hand); Béla bids and
    # takes every trick but one (10 + tricks; in the 1-card hand 0 for 0: 5), Csilla bids 0 and takes one
    # (1: a missed bid scores its tricks).
    staircase = store.start(Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"], first_dealer=0))
    for cards in (1, 2, 3, 4):
        play_hand(staircase, [0, cards - 1, 0], [0, cards - 1, 1])
    server = own_server()
    phone = open_phone(server.url + f"game/{staircase.id}", "game-charts")
    phone.page.get_by_role("tab", name=re.compile("^Charts")).tap()
    # Béla 5, then 11, 12 and 13: 5, 16, 28, 41; Csilla 1 a hand; Anna 5 a hand.
    expect(phone.page.get_by_text("Running totals after each hand: Anna 5, 10, 15, 20; Béla 5, 16, 28, 41; "
                                  "Csilla 1, 2, 3, 4")).to_be_attached()
    expect(phone.page.get_by_text("Bids against tricks per hand: hand 1, 1 cards, bids 0, tricks 1; hand 2, 2 "
                                  "cards, bids 1, tricks 2; hand 3, 3 cards, bids 2, tricks 3; hand 4, 4 cards, "
                                  "bids 3, tricks 4")).to_be_attached()
    phone.page.mouse.move(195, 600)
    phone.page.mouse.wheel(0, 600)
    phone.shot("charts")

    finished = open_phone(server.url + f"history/{ids['A']}", "past-game-charts", color_scheme="dark")
    finished.page.get_by_role("tab", name=re.compile("^Charts")).tap()
    expect(finished.page.get_by_text("Running totals after each hand: Anna 21, 39, 64; Béla 19, 41, 51")
           ).to_be_attached()
    finished.page.mouse.move(195, 600)
    finished.page.mouse.wheel(0, 2000)
    finished.shot("charts")


def test_a_rematch_makes_a_match_whose_tally_the_end_screen_and_past_games_show(open_phone, own_server, tmp_path):
    store, ids = hand_worked_history(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url + f"history/{ids['A']}", "match")
    phone.tap("Rematch, same seats")
    phone.see_exactly("Béla deals · Anna bids first and leads")  # the next seat deals first
    # Anna bids 15 and takes every trick twice: 25 + 25, she wins again. Who bids first alternates.
    for order in (("Anna", "Béla"), ("Béla", "Anna")):
        for name in order:
            bid(phone, name, 15 if name == "Anna" else 0, private=True)
        took(phone, (order[0], 15 if order[0] == "Anna" else 0))
        phone.tap("Score the hand")
    phone.see_exactly("Anna wins!")
    phone.see_exactly("Match of 2 games: Anna 2 wins · Béla 0 wins")
    phone.shot("end")
    phone.tap("Start screen")
    phone.leave_start("Past games")
    cards = phone.page.get_by_role("group", name=re.compile(r"Match of 2 games: Anna 2 wins · Béla 0 wins"))
    expect(cards).to_have_count(2)
    phone.shot("past-games")
