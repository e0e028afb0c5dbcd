"""The Statistics screens against the history worked out by hand (``helpers.hand_worked_history``)."""

from __future__ import annotations

import re

import pytest
from helpers import hand_worked_history, play_hand
from playwright.sync_api import expect
from test_games import bid, took

from scoring.game import Game
from scoring.i18n.choice import language


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_statistics_show_each_players_figures_charts_and_head_to_head(open_phone, own_server, tmp_path, scheme):
    store, ids = hand_worked_history(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url, f"stats-{scheme}", color_scheme=scheme)
    phone.tap("Statistics")
    # The most wins first; a shared win counts for each winner; Béla of the Rage game is the same Béla.
    for line in ("Anna 3 games · 2 wins · exact bids 6/7 (86%)", "Béla 3 games · 1 win · exact bids 6/6 (100%)",
                 "Csilla 2 games · 1 win · exact bids 5/5 (100%)", "Dóra 1 game · 0 wins · exact bids 1/1 (100%)"):
        expect(phone.button(line)).to_be_visible()
    phone.shot("players")
    phone.pick("radio", "Rage")
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
    phone.shot("played-with")
    # Two players chosen: their games together (A and the Rage game E) and who finished ahead (A, Anna).
    field = phone.tap_field("Played with")
    phone.page.keyboard.press("ControlOrMeta+a")
    phone.page.keyboard.type("Anna , Be\u0301la")
    phone.page.keyboard.press("Enter")
    phone.see_exactly("Head to head: 2 games all together")
    phone.see_exactly("Anna and Béla, 1 game finished: Anna ahead 1, Béla ahead 0, level 0")
    phone.shot("head-to-head")
    field = phone.tap_field("Played with")
    phone.page.keyboard.press("ControlOrMeta+a")
    phone.page.keyboard.press("Backspace")
    phone.page.keyboard.press("Enter")
    expect(field).to_have_value("")
    expect(phone.button("Dóra 1 game · 0 wins · exact bids 1/1 (100%)")).to_be_visible()

    phone.tap("Anna 3 games · 2 wins · exact bids 6/7 (86%)")
    phone.reads("Games 3", "Finished 2", "Wins (a shared win counts) 2", "Bids made exactly 6/7 (86%)",
                "Zero bids made 0/1 (0%)", "Average final score 57.5", "Average place 1.00")
    expect(phone.page.get_by_text("Final scores of Anna in 2 finished games, oldest first: 64, 51")).to_be_attached()
    expect(phone.page.get_by_text("How often Anna finished in each place: 1. place: 2")).to_be_attached()
    phone.see_exactly("Béla: 2 games together; ahead 1, behind 0, level 0")
    phone.see_exactly("Csilla: 1 game together; ahead 0, behind 0, level 1")
    phone.shot("anna")
    played_on = language("en-US").date(store.open(ids["A"]).created)  # as the phone's browser (en-US) writes it
    phone.tap(f"Best game: 64 in Herrlof, {played_on}")
    phone.see_exactly("Anna wins!")


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
    phone.tap("Charts")
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
    finished.tap("Charts")
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
    phone.tap("Past games")
    cards = phone.page.get_by_role("group", name=re.compile(r"Match of 2 games: Anna 2 wins · Béla 0 wins"))
    expect(cards).to_have_count(2)
    phone.shot("past-games")
