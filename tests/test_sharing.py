"""Sharing a game (issue 26, item 8): a link that carries its record, the standings as text for a chat, and CSV
for a spreadsheet, checked against a game worked out by hand."""

from __future__ import annotations

import base64
import csv
import io
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from helpers import finished_herrlof, two_hands_of_rage

from companion.store.games import GameStore
from companion.views.scoreboard import standings_text
from companion.views.sharing import (
    LINK_MAX_CHARACTERS,
    LinkError,
    SharedGame,
    app_address,
    game_link,
    link_of,
    link_payload,
    opened_route,
    read_payload,
    share_link,
)
from companion.views.spreadsheet import game_csv, history_csv
from scoring.game import Game
from scoring.record import record_from_game

BIDWELL = Path(sys.executable).with_name("bidwell")
PLAYERS = ["Anna", "Béla", "さくら"]  # as helpers.two_hands_of_rage seats them


# --- the link ----------------------------------------------------------------------------


def test_a_finished_game_with_unicode_names_goes_through_a_link_whole(tmp_path):
    saved = finished_herrlof(GameStore(tmp_path / "a"))
    link, left_out = game_link("https://example.org/bidwell", saved.record(), saved.game)
    assert not left_out
    assert link.startswith("https://example.org/bidwell/?game=")
    payload = link_of(link.removeprefix("https://example.org/bidwell"))
    # Only characters that pass through a chat and an address bar unchanged.
    assert set(payload) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert read_payload(payload) == saved.record()

    other = GameStore(tmp_path / "b")
    shared = SharedGame(other, payload)
    view = shared.view()
    assert view.title == "Herrlof" and view.kept_id is None
    assert view.about == "Played by Zoë and Ödön on Oct 1, 2026"
    assert view.ending.headline == "Zoë wins!"
    assert [(line.place, line.name, line.total) for line in view.ending.standings] == [(1, "Zoë", 50), (2, "Ödön", 20)]
    assert view.board.names == ("Zoë", "Ödön") and view.board.totals == (50, 20)

    kept = shared.keep()
    assert kept == saved.id and shared.message.text == "Kept: it is in your Past games now."
    again = SharedGame(other, payload)
    assert again.view().kept_id == saved.id
    assert again.keep() == saved.id and again.message.text == (
        "This game is already in your Past games: it was not kept twice.")
    assert [summary.id for summary in other.every_game()] == [saved.id]
    assert record_from_game(other.open(saved.id).game) == record_from_game(saved.game)


def test_a_link_holds_a_hand_s_adjustments_and_action_cards(tmp_path):
    saved = two_hands_of_rage(GameStore(tmp_path / "a"))
    link, _ = game_link(None, saved.record(), saved.game)
    assert link.startswith("/?game=")
    game = SharedGame(GameStore(tmp_path / "b"), link_of(link)).game
    assert game.state.totals == (28, 9, 17)
    assert game.state.hands[1].adjustments[0].reason == "revoke"


@pytest.mark.parametrize("bidding", ["hidden", "secret"])
def test_a_link_made_while_bids_are_private_leaves_the_hand_in_progress_out(tmp_path, bidding):
    store = GameStore(tmp_path / "a")
    saved = store.start(Game.new("rage", PLAYERS, options={"bidding": bidding}))
    for seat, bid in ((1, 4), (2, 2), (0, 4)):
        saved.bid(seat, bid)
    saved.record_tricks([4, 4, 2])
    saved.bid(2, 7)  # hand 2: さくら's bid, private until the rules show it
    saved.bid(0, 1)
    assert saved.state.current.shown_bids == (None, None, None)
    link, left_out = game_link("http://x", saved.record(), saved.game)
    assert left_out
    record = read_payload(link_of(link.removeprefix("http://x")))
    # Hand 1 as scored; of hand 2, nothing: not さくら's 7, not Anna's 1.
    assert record["hands"] == [{"bids": [4, 4, 2], "tricks": [4, 4, 2]}]
    assert saved.record()["hands"][1]["bids"] == [1, None, 7]  # what the link leaves out


def test_a_link_made_while_bids_are_open_keeps_the_hand_in_progress(tmp_path):
    saved = GameStore(tmp_path / "a").start(Game.new("rage", PLAYERS))
    saved.bid(1, 3)
    link, left_out = game_link("http://x", saved.record(), saved.game)
    assert not left_out
    assert read_payload(link_of(link.removeprefix("http://x")))["hands"] == [{"bids": [None, 3, None]}]


def _packed(text: str) -> str:
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(squeezer.compress(text.encode("utf-8")) + squeezer.flush()).decode().rstrip("=")


def test_a_tampered_link_says_what_is_wrong(tmp_path):
    store = GameStore(tmp_path)
    record = finished_herrlof(GameStore(tmp_path / "a")).record()
    good = link_payload(record)

    def refusal(payload: str) -> str:
        with pytest.raises(LinkError) as raised:
            SharedGame(store, payload)
        return str(raised.value)

    assert refusal(good[:-3] + "***") == ("This link is damaged: it holds characters a Bidwell link never has. Ask for "
                                          "the link again, copied whole.")
    for cut in (len(good) // 2, len(good) // 2 + 1, len(good) - 1):
        assert refusal(good[:cut]) == ("This link is cut short: the game in it ends too early. Ask for "
                                       "the link again, copied whole.")
    assert refusal("") == "This link carries no game: the part after “?game=” is missing. Ask for the link again."
    assert refusal(_packed('{"game": "rage"')).startswith("The game in this link cannot be shown: the record is not "
                                                          "valid JSON")
    # Hand-edited: Ödön's tricks raised to 16 in hand 1, more than the 15 cards: the engine's own refusal.
    record["hands"][0]["tricks"] = [15, 16]
    assert refusal(link_payload(record)) == ("The game in this link cannot be shown: hand 1, Ödön: took 16 tricks, "
                                             "more than the 15 cards in this hand")
    # A few bytes that would unpack to gigabytes are refused at the record's limit, not unpacked.
    assert refusal(_packed(" " * (2 * 1024 * 1024))) == ("The game in this link unpacks to more than a shared game may "
                                                       "(1 MB): it was not made with “Share this game”. Ask for the "
                                                       "link again.")


def test_a_link_too_long_for_a_game_or_holding_more_than_a_game_may_is_refused_before_it_is_replayed(tmp_path):
    store = GameStore(tmp_path)
    record = finished_herrlof(GameStore(tmp_path / "a")).record()
    record["hands"][0]["adjustments"] = [{"player": "Ödön", "points": 1}] * 20_000
    flooded = link_payload(record)
    assert len(flooded) < LINK_MAX_CHARACTERS  # the attack's 2,148 characters: short, and 18 s to replay before
    with pytest.raises(LinkError) as refused:
        SharedGame(store, flooded)
    assert str(refused.value) == ("The game in this link cannot be shown: hand 1: the record gives this hand 20,000 "
                                  "bonuses and penalties; a hand may have at most 100")
    with pytest.raises(LinkError) as refused:
        SharedGame(store, "A" * (LINK_MAX_CHARACTERS + 1))
    assert str(refused.value) == ("This link is 16,385 characters long, and a game's link is at most 16,384: it was "
                                  "not made with “Share this game”. Ask for the link again.")
    assert store.history().items == ()


def test_where_a_link_starts_and_where_the_app_opens_it():
    assert app_address("ws://192.168.1.5:8550", "/game/abc") == "http://192.168.1.5:8550"
    assert app_address("wss://example.org", "/") == "https://example.org"
    assert app_address("ws://127.0.0.1:8550", "/", "http://192.168.1.5:8550") == "http://192.168.1.5:8550"
    assert app_address("http://h:8550/phone/history/abc", "/history/abc") == "http://h:8550/phone"
    assert app_address(None, "/") is None
    assert opened_route("/?game=abc") == "/shared?game=abc"
    assert opened_route("/shared?game=abc") == "/shared?game=abc"
    assert opened_route("/history/x?game=abc") == "/history/x?game=abc"
    assert share_link("http://h/", {"format": 1}).startswith("http://h/?game=")


# --- the standings as text ------------------------------------------------------------------


def test_the_standings_for_a_chat_during_play_and_at_the_end(tmp_path):
    store = GameStore(tmp_path)
    saved = two_hands_of_rage(store)
    assert standings_text(saved.game, saved.created) == "Rage · Nov 26, 2026\n1. Anna 28\n2. さくら 17\n3. Béla 9\n" \
                                                         "After 2 hands"
    done = finished_herrlof(store)
    assert standings_text(done.game, done.created) == "Herrlof · Oct 1, 2026\n1. Zoë 50\n2. Ödön 20\nWinner: Zoë"
    # The board carries the same text for its Standings' copy button.
    from companion.views.play import PlayModel

    assert PlayModel(saved).board().standings_text == standings_text(saved.game, saved.created)


def test_a_shared_win_is_said_with_both_names():
    """Rage for two, every bid made: even hands split evenly, the odd ones' extra trick going A, B, A, B, A (9 to 1
    cards): Anna takes 28 tricks, Béla 27, each 10 points a hand for the exact bid, and Béla's 1-point bonus with the
    last hand ties them: 128 each, 10 exact bids each, shared."""
    game = Game.new("rage", ["Anna", "Béla"])
    odd_to_anna = iter([True, False, True, False, True])
    for cards in range(10, 0, -1):
        anna = cards // 2 + (cards % 2 if cards % 2 and next(odd_to_anna) else 0)
        tricks = [anna, cards - anna]
        for seat in game.state.current.bidding_order:
            game.bid(seat, tricks[seat])
        if cards == 1:
            game.adjust(10, 1, 1, "late start")
        game.record_tricks(tricks)
    assert game.state.winners == (0, 1)
    assert standings_text(game, "not a day") == "Rage\n1. Anna 128\n1. Béla 128\nWinners: Anna and Béla"


# --- CSV ----------------------------------------------------------------------------------


def _rows(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # the byte-order mark, so a spreadsheet reads UTF-8
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_a_game_as_csv_cell_by_cell(tmp_path):
    saved = two_hands_of_rage(GameStore(tmp_path))
    saved.bid(0, 2)  # hand 3 (8 cards, さくら deals) under way: Anna has bid
    rows = _rows(game_csv(saved.game))
    player = ["bid", "tricks", "points", "total", "+5 cards", "-5 cards", "bonus/penalty"]
    assert rows[0] == ["Hand", "Cards", "Dealer", *(f"{name} {column}" for name in PLAYERS for column in player),
                       "Why the bonus or penalty"]
    assert rows[1] == ["1", "10", "Anna", "3", "3", "13", "13", "0", "0", "",
                       "4", "5", "5", "5", "1", "0", "",
                       "2", "2", "7", "7", "0", "1", "", ""]
    assert rows[2] == ["2", "9", "Béla", "5", "5", "15", "28", "0", "0", "",
                       "4", "4", "4", "9", "0", "0", "-10",
                       "0", "0", "10", "17", "0", "0", "", "Béla: revoke"]
    assert rows[3] == ["3", "8", "さくら", "2", "", "", "", "", "", "",
                       "", "", "", "", "", "", "",
                       "", "", "", "", "", "", "", ""]
    assert len(rows) == 4


def test_a_game_s_private_bids_stay_out_of_its_csv(tmp_path):
    saved = GameStore(tmp_path).start(Game.new("herrlof", ["Zoë", "Ödön"]))  # Herrlof's bids are secret
    saved.bid(1, 3)
    rows = _rows(game_csv(saved.game))
    assert rows[1][:3] == ["1", "15", "Zoë"] and rows[1][3:] == ["", "", "", "", "", "", "", ""]


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text(tmp_path):
    saved = GameStore(tmp_path).start(Game.new("rage", ["=1+1", "Béla"]))
    rows = _rows(game_csv(saved.game))
    assert rows[0][3] == "'=1+1 bid"


def test_the_history_as_csv_a_row_per_game(tmp_path):
    store = GameStore(tmp_path)
    rage = two_hands_of_rage(store)
    herrlof = finished_herrlof(store)
    rows = _rows(history_csv(store.every_game()))
    assert rows == [
        ["Started (UTC)", "Game", "Players", "Standings", "Winner", "Finished", "Hands played", "ID"],
        ["2026-11-26 19:05", "Rage", "Anna, Béla, さくら", "1. Anna 28; 2. さくら 17; 3. Béla 9", "", "no", "2",
         rage.id],
        ["2026-10-01 18:00", "Herrlof", "Zoë, Ödön", "1. Zoë 50; 2. Ödön 20", "Zoë", "yes", "2", herrlof.id],
    ]


# --- the command line ---------------------------------------------------------------------


def bidwell(*args):
    return subprocess.run([str(BIDWELL), *map(str, args)], capture_output=True, timeout=60)


def test_export_csv_and_history_csv_on_the_command_line(tmp_path):
    store = GameStore(tmp_path / "data")
    rage = two_hands_of_rage(store)
    herrlof = finished_herrlof(store)
    one = bidwell("export", rage.id, "--csv", "--data", tmp_path / "data")
    assert one.returncode == 0 and one.stderr == b""
    assert one.stdout == game_csv(rage.game)
    assert _rows(one.stdout)[2][:7] == ["2", "9", "Béla", "5", "5", "15", "28"]
    out = tmp_path / "game.csv"
    assert bidwell("export", herrlof.id, "--csv", "-o", out, "--data", tmp_path / "data").returncode == 0
    assert _rows(out.read_bytes())[0][:4] == ["Hand", "Cards", "Dealer", "Zoë bid"]

    listing = bidwell("history", "--csv", "--data", tmp_path / "data", "--finished")
    assert listing.returncode == 0
    assert [row[-1] for row in _rows(listing.stdout)] == ["ID", herrlof.id]
    everything = bidwell("history", "--csv", "--per-page", "1", "--data", tmp_path / "data")
    assert [row[-1] for row in _rows(everything.stdout)] == ["ID", rage.id, herrlof.id]  # every game, not a page

    both = bidwell("history", "--csv", "--json", "--data", tmp_path / "data")
    assert both.returncode == 2 and b"not allowed with argument" in both.stderr
    every = bidwell("export", "--all", "--csv", "--data", tmp_path / "data")
    assert every.returncode == 2 and every.stdout == b""
    assert every.stderr.decode() == "error: --csv writes one game; every game, a row each: bidwell history --csv\n"
