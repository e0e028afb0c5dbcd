"""Contract tests for the ``bidwell`` command line.

The contract is ../shared/RECORD-FORMAT.md (the record, ``bidwell score``,
``bidwell schedule`` and the error contract) and ../shared/RULES.md (the
rules). Every test runs the real console script as a subprocess: the one
installed next to the interpreter running the tests, so the tests work in
whatever virtual environment runs them.

Expected values are derived here, from the tables and formulas of RULES.md
written out in this file, and from points worked out by hand in comments;
never by calling the project's own functions.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BIDWELL = Path(sys.executable).with_name("bidwell")
TIMEOUT = 120


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------


def run(args: list[str], *, stdin: bytes | None = None, env: dict[str, str] | None = None):
    """Run ``bidwell ARGS`` and return the completed process (bytes in, bytes out)."""
    assert BIDWELL.exists(), f"console script not found next to the interpreter: {BIDWELL}"
    return subprocess.run(
        [str(BIDWELL), *args],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        timeout=TIMEOUT,
        env=env,
    )


def encode(record: dict | bytes) -> bytes:
    if isinstance(record, bytes):
        return record
    return json.dumps(record, ensure_ascii=False, indent=1).encode("utf-8")


def write_record(tmp_path: Path, record: dict | bytes, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_bytes(encode(record))
    return path


HAND_KEYS = {"number", "cards", "dealer", "points", "totals"}
SUMMARY_KEYS = {"game", "players", "hands", "totals", "finished", "winners"}


def check_summary_shape(out: object) -> None:
    assert isinstance(out, dict)
    assert set(out) == SUMMARY_KEYS
    players = out["players"]
    assert isinstance(players, list) and all(isinstance(p, str) for p in players)
    assert isinstance(out["hands"], list)
    for number, hand in enumerate(out["hands"], start=1):
        assert isinstance(hand, dict) and set(hand) - {"adjustments"} == HAND_KEYS  # only a hand that has any lists them
        assert hand["number"] == number
        assert type(hand["cards"]) is int
        assert hand["dealer"] in players
        assert len(hand["points"]) == len(players) and all(type(p) is int for p in hand["points"])
        assert len(hand["totals"]) == len(players) and all(type(t) is int for t in hand["totals"])
    assert len(out["totals"]) == len(players)
    assert type(out["finished"]) is bool
    assert isinstance(out["winners"], list) and all(w in players for w in out["winners"])
    assert len(set(out["winners"])) == len(out["winners"])
    if not out["finished"]:
        assert out["winners"] == []
    else:
        assert out["winners"], "a finished game has at least one winner"


def score_ok(tmp_path: Path, record: dict | bytes) -> dict:
    """``bidwell score FILE``: exit 0, one JSON object on stdout, nothing on stderr."""
    path = write_record(tmp_path, record)
    result = run(["score", str(path)])
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    assert result.stderr == b""
    out = json.loads(result.stdout.decode("utf-8"))  # the whole of stdout is one JSON document
    check_summary_shape(out)
    return out


def expected_hands(cards: list[int], dealers: list[str], points: list[list[int]]) -> list[dict]:
    """The ``hands`` entries for the given per-hand points, with running totals summed here."""
    totals = [0] * len(points[0]) if points else []
    hands = []
    for number, (c, d, p) in enumerate(zip(cards, dealers, points, strict=True), start=1):
        totals = [t + x for t, x in zip(totals, p, strict=True)]
        hands.append({"number": number, "cards": c, "dealer": d, "points": list(p), "totals": list(totals)})
    return hands


def assert_error(result, *, hand: int | None = None, player: str | None = None) -> str:
    """The error contract: status 2, nothing on stdout, one ``error: `` line on stderr."""
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2, f"exit {result.returncode}; stderr={err!r}; stdout={result.stdout[:300]!r}"
    assert result.stdout == b"", f"stdout must be empty on error, got {result.stdout[:300]!r}"
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, f"stderr must be exactly one line, got {err!r}"
    line = err.rstrip("\n")
    assert line.startswith("error: "), line
    assert len(line) > len("error: ")
    if hand is not None:
        assert re.search(rf"\bhand {hand}\b", line), f"the error should name hand {hand}: {line!r}"
    if player is not None:
        assert player in line, f"the error should name {player}: {line!r}"
    return line


# --------------------------------------------------------------------------
# 1. bidwell schedule
# --------------------------------------------------------------------------

# RULES.md 1: last hand size (= number of hands) of Rage'n Glyphs, by player count.
RNG_LAST_HAND = {3: 31, 4: 23, 5: 18, 6: 15, 7: 13, 8: 11, 9: 10, 10: 9}
# RULES.md 2: the largest Oh Hell hand, by player count.
OH_HELL_MAX = {3: 10, 4: 10, 5: 10, 6: 8, 7: 7}
OH_HELL_SEQUENCES = ["long", "long-reversed", "short-up-down", "short-up", "short-down"]


def oh_hell_sizes(sequence: str, top: int) -> list[int]:
    """RULES.md 2, the ``sequence`` table."""
    down = list(range(top, 0, -1))  # top … 1
    up = list(range(1, top + 1))  # 1 … top
    if sequence == "long":  # max … 1 … max, the 1 once
        return down + up[1:]
    if sequence == "long-reversed":  # 1 … max … 1
        return up + down[1:]
    if sequence == "short-up-down":  # 6 … 1 … 6
        return list(range(6, 0, -1)) + list(range(2, 7))
    if sequence == "short-up":
        return up
    if sequence == "short-down":
        return down
    raise AssertionError(sequence)


def expected_schedule(sizes: list[int], players: int) -> list[dict]:
    """Seat 0 deals hand 1; the deal passes clockwise; the first bidder sits left of the dealer."""
    out = []
    for number, cards in enumerate(sizes, start=1):
        dealer = (number - 1) % players
        out.append({"number": number, "cards": cards, "dealer": dealer, "first": (dealer + 1) % players})
    return out


def schedule_ok(game: str, players: int | str, *options: str) -> list[dict]:
    args = ["schedule", "--game", game, "--players", str(players)]
    for option in options:
        args += ["--option", option]
    result = run(args)
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    assert result.stderr == b""
    out = json.loads(result.stdout.decode("utf-8"))
    assert isinstance(out, list)
    for entry in out:
        assert isinstance(entry, dict) and set(entry) == {"number", "cards", "dealer", "first"}
        assert all(type(value) is int for value in entry.values()), entry
    return out


def test_the_tables_written_here_follow_the_rules_formulas():
    # A check on this file's own tables: RULES.md says every entry follows the formula.
    assert RNG_LAST_HAND == {n: (98 - 4) // n for n in range(3, 11)}
    assert OH_HELL_MAX == {n: min(10, 51 // n) for n in range(3, 8)}
    # RULES.md's example for 7 players, and "11 hands for every player count".
    assert oh_hell_sizes("long", 7) == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
    assert len(oh_hell_sizes("short-up-down", 7)) == 11


@pytest.mark.parametrize("players", sorted(RNG_LAST_HAND))
@pytest.mark.parametrize("skip_up", [None, "false", "true"])
def test_schedule_rage_n_glyphs(players, skip_up):
    options = [] if skip_up is None else [f"skip_up={skip_up}"]
    last = RNG_LAST_HAND[players]
    if skip_up == "true":
        sizes = list(range(1, last + 1, 2))  # 1, 3, 5, … the largest odd size <= max
        assert sizes[-1] % 2 == 1 and sizes[-1] >= last - 1
    else:
        sizes = list(range(1, last + 1))  # 1, 2, 3, … max
    assert schedule_ok("rage-n-glyphs", players, *options) == expected_schedule(sizes, players)


def test_schedule_rage_n_glyphs_three_players_has_31_hands_not_32():
    out = schedule_ok("rage-n-glyphs", 3)
    assert len(out) == 31 and out[-1]["cards"] == 31


@pytest.mark.parametrize("players", sorted(OH_HELL_MAX))
@pytest.mark.parametrize("sequence", [None, *OH_HELL_SEQUENCES])
def test_schedule_oh_hell(players, sequence):
    options = [] if sequence is None else [f"sequence={sequence}"]
    sizes = oh_hell_sizes(sequence or "long", OH_HELL_MAX[players])
    assert schedule_ok("oh-hell", players, *options) == expected_schedule(sizes, players)


@pytest.mark.parametrize("players", range(2, 11))
def test_schedule_rage(players):
    sizes = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert schedule_ok("rage", players) == expected_schedule(sizes, players)


@pytest.mark.parametrize("players, cards", [(2, 15), (3, 11)])
@pytest.mark.parametrize("options", [[], ["five_trick_bonus=true"], ["five_trick_bonus=false"], ["bidding=open"]])
def test_schedule_herrlof_prints_the_first_ten_hands(players, cards, options):
    assert schedule_ok("herrlof", players, *options) == expected_schedule([cards] * 10, players)


@pytest.mark.parametrize(
    "game, players, options",
    [
        ("rage-n-glyphs", 5, ["hose_the_dealer=true", "bidding=hidden", "shooting_the_stars=true"]),
        ("rage-n-glyphs", 4, ["skip_up=false", "bidding=secret"]),
        ("oh-hell", 4, ["scoring=negative", "bidding=secret", "hose_the_dealer=true"]),
        ("oh-hell", 6, ["scoring=neutral"]),
        ("rage", 4, ["hose_the_dealer=true", "bidding=hidden"]),
        ("herrlof", 2, ["hose_the_dealer=true", "bidding=open"]),
    ],
)
def test_schedule_options_that_do_not_change_the_hands(game, players, options):
    assert schedule_ok(game, players, *options) == schedule_ok(game, players)


def test_schedule_skip_up_and_sequence_combined_with_other_options():
    out = schedule_ok("rage-n-glyphs", 6, "skip_up=true", "shooting_the_stars=true")
    assert out == expected_schedule(list(range(1, 16, 2)), 6)  # max 15 for 6 players
    out = schedule_ok("oh-hell", 7, "scoring=negative", "sequence=short-down")
    assert out == expected_schedule([7, 6, 5, 4, 3, 2, 1], 7)


# --------------------------------------------------------------------------
# 2. bidwell score
# --------------------------------------------------------------------------

# --- Rage'n Glyphs: 10 players with Skip Up: hands of 1, 3, 5, 7, 9 cards ---
# (max = 94 // 10 = 9; the largest odd size <= 9 is 9), dealers seats 0..4.

RNG_NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]


def rng_hand(bids: dict[str, int], tricks: dict[str, int]) -> dict:
    """Players not named bid 0 and take 0."""
    return {
        "bids": [bids.get(name, 0) for name in RNG_NAMES],
        "tricks": [tricks.get(name, 0) for name in RNG_NAMES],
    }


# Scoring: 1 a trick, +10 for an exact bid, bid 0 and took 0 = 5.
RNG_HANDS_1_TO_3 = [
    # hand 1, 1 card, dealer Ann: Bob 1/1 = 1+10 = 11; everyone else 0/0 = 5
    rng_hand({"Bob": 1}, {"Bob": 1}),
    # hand 2, 3 cards, dealer Bob: Ann 3/3 = 13; everyone else 0/0 = 5
    rng_hand({"Ann": 3}, {"Ann": 3}),
    # hand 3, 5 cards, dealer Cid: Ann 2/2 = 12, Bob 3/3 = 13, Cid bid 1 took 0 = 0; the rest 5
    rng_hand({"Ann": 2, "Bob": 3, "Cid": 1}, {"Ann": 2, "Bob": 3}),
]
RNG_POINTS_1_TO_3 = [
    [5, 11, 5, 5, 5, 5, 5, 5, 5, 5],
    [13, 5, 5, 5, 5, 5, 5, 5, 5, 5],
    [12, 13, 0, 5, 5, 5, 5, 5, 5, 5],
]
# totals after hand 3: Ann 30, Bob 29, Cid 10, the others 15

# Tie variant: hand 4 (7 cards, dealer Dee): Ann 3/3 = 13, Bob 4/4 = 14, rest 5
#   totals: Ann 43, Bob 43, Cid 15, others 20
# hand 5 (9 cards, dealer Eve): Ann 4/4 = 14, Bob 4/4 = 14, Cid bid 0 took 1 = 1, rest 5
#   totals: Ann 57, Bob 57, Cid 16, others 25 -> tie, and the same points in the final hand:
#   only a coin flip decides.
RNG_TIE = {
    "format": 1,
    "game": "rage-n-glyphs",
    "options": {"skip_up": True},
    "players": RNG_NAMES,
    "first_dealer": 0,
    "hands": [
        *RNG_HANDS_1_TO_3,
        rng_hand({"Ann": 3, "Bob": 4}, {"Ann": 3, "Bob": 4}),
        rng_hand({"Ann": 4, "Bob": 4}, {"Ann": 4, "Bob": 4, "Cid": 1}),
    ],
}
RNG_TIE_POINTS = [
    *RNG_POINTS_1_TO_3,
    [13, 14, 5, 5, 5, 5, 5, 5, 5, 5],
    [14, 14, 1, 5, 5, 5, 5, 5, 5, 5],
]

# Final-hand variant: hand 4: Ann bid 3 took 4 = 4, Bob bid 4 took 3 = 3, rest 5
#   totals: Ann 34, Bob 32, Cid 15, others 20
# hand 5: Ann 2/2 = 12, Bob 4/4 = 14, Cid bid 0 took 3 = 3, rest 5
#   totals: Ann 46, Bob 46, Cid 18, others 25 -> tie; Bob scored more in the final hand.
RNG_FINAL_HAND = {
    **RNG_TIE,
    "hands": [
        *RNG_HANDS_1_TO_3,
        rng_hand({"Ann": 3, "Bob": 4}, {"Ann": 4, "Bob": 3}),
        rng_hand({"Ann": 2, "Bob": 4}, {"Ann": 2, "Bob": 4, "Cid": 3}),
    ],
}
RNG_FINAL_HAND_POINTS = [
    *RNG_POINTS_1_TO_3,
    [4, 3, 5, 5, 5, 5, 5, 5, 5, 5],
    [12, 14, 3, 5, 5, 5, 5, 5, 5, 5],
]


def test_score_rage_n_glyphs_tie_without_coin_flip_lists_every_tied_player(tmp_path):
    out = score_ok(tmp_path, RNG_TIE)
    assert out["game"] == "rage-n-glyphs"
    assert out["players"] == RNG_NAMES
    assert out["hands"] == expected_hands([1, 3, 5, 7, 9], ["Ann", "Bob", "Cid", "Dee", "Eve"], RNG_TIE_POINTS)
    assert out["totals"] == [57, 57, 16, 25, 25, 25, 25, 25, 25, 25]
    assert out["finished"] is True
    assert sorted(out["winners"]) == ["Ann", "Bob"]


@pytest.mark.parametrize("flip", ["Bob", "Ann"])
def test_score_rage_n_glyphs_tie_decided_by_coin_flip(tmp_path, flip):
    out = score_ok(tmp_path, {**RNG_TIE, "coin_flip": flip})
    assert out["totals"] == [57, 57, 16, 25, 25, 25, 25, 25, 25, 25]
    assert out["finished"] is True
    assert out["winners"] == [flip]


def test_score_rage_n_glyphs_tie_decided_by_final_hand(tmp_path):
    out = score_ok(tmp_path, RNG_FINAL_HAND)
    assert out["hands"] == expected_hands(
        [1, 3, 5, 7, 9], ["Ann", "Bob", "Cid", "Dee", "Eve"], RNG_FINAL_HAND_POINTS
    )
    assert out["totals"] == [46, 46, 18, 25, 25, 25, 25, 25, 25, 25]
    assert out["finished"] is True
    assert out["winners"] == ["Bob"]


# Rage'n Glyphs, 3 players (31 hands: unfinished), Shooting the Stars on and off.
RNG_STARS = {
    "format": 1,
    "game": "rage-n-glyphs",
    "players": ["Ann", "Bob", "Cid"],
    "first_dealer": 0,
    "hands": [
        # hand 1, 1 card: Ann 0/0, Bob 1/1 (took every trick), Cid bid 1 took 0
        {"bids": [0, 1, 1], "tricks": [0, 1, 0]},
        # hand 2, 2 cards: Ann 0/0, Bob bid 1 took 0, Cid 2/2 (every trick)
        {"bids": [0, 1, 2], "tricks": [0, 0, 2]},
        # hand 3, 3 cards: everyone 1/1
        {"bids": [1, 1, 1], "tricks": [1, 1, 1]},
        # hand 4, 4 cards: Ann 0/0, Bob 0/0, Cid bid 3 took all 4 (missed)
        {"bids": [0, 0, 3], "tricks": [0, 0, 4]},
    ],
}


@pytest.mark.parametrize(
    "stars, points, totals",
    [
        # without: h1 [5, 1+10, 0]; h2 [5, 0, 2+10]; h3 [11, 11, 11]; h4 [5, 5, 4]
        (False, [[5, 11, 0], [5, 0, 12], [11, 11, 11], [5, 5, 4]], [26, 27, 27]),
        # with: every trick counts 2 for whoever took them all (the 1-card hand too),
        # and the +10 still applies: h1 Bob 2+10; h2 Cid 4+10; h4 Cid 8 (missed, no +10)
        (True, [[5, 12, 0], [5, 0, 14], [11, 11, 11], [5, 5, 8]], [26, 28, 33]),
    ],
)
def test_score_rage_n_glyphs_shooting_the_stars(tmp_path, stars, points, totals):
    record = {**RNG_STARS, "options": {"shooting_the_stars": stars}}
    out = score_ok(tmp_path, record)
    assert out["hands"] == expected_hands([1, 2, 3, 4], ["Ann", "Bob", "Cid", "Ann"], points)
    assert out["totals"] == totals
    assert out["finished"] is False and out["winners"] == []


# --- Oh Hell: 7 players, short-up (1 … 7, seven hands), positive scoring, hook on ---
OH7_NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]


def oh7_hand(bids: dict[str, int], tricks: dict[str, int]) -> dict:
    return {
        "bids": [bids.get(name, 0) for name in OH7_NAMES],
        "tricks": [tricks.get(name, 0) for name in OH7_NAMES],
    }


# Positive scoring: exact = 10 + tricks (0/0 = 10), missed = tricks. Bids never add up
# to the hand size (the hook).
OH7_FINISHED = {
    "format": 1,
    "game": "oh-hell",
    "options": {"sequence": "short-up"},
    "players": OH7_NAMES,
    "first_dealer": 0,
    "hands": [
        # 1 card: Bob 1/1 = 11, Cid bid 1 took 0 = 0, rest 10; bids add up to 2
        oh7_hand({"Bob": 1, "Cid": 1}, {"Bob": 1}),
        # 2 cards: Ann 2/2 = 12, Dee 1/0 = 0; bids 3
        oh7_hand({"Ann": 2, "Dee": 1}, {"Ann": 2}),
        # 3 cards: Bob 3/3 = 13, Eve 1/0 = 0; bids 4
        oh7_hand({"Bob": 3, "Eve": 1}, {"Bob": 3}),
        # 4 cards: Ann 4/4 = 14, Fay 1/0 = 0; bids 5
        oh7_hand({"Ann": 4, "Fay": 1}, {"Ann": 4}),
        # 5 cards: Bob 5/5 = 15, Gus 1/0 = 0; bids 6
        oh7_hand({"Bob": 5, "Gus": 1}, {"Bob": 5}),
        # 6 cards: Ann 6/6 = 16, Cid 1/0 = 0; bids 7
        oh7_hand({"Ann": 6, "Cid": 1}, {"Ann": 6}),
        # 7 cards: Bob 3/3 = 13, Dee bid 1 took 4 = 4, Ann 0/0 = 10, rest 10; bids 4
        oh7_hand({"Bob": 3, "Dee": 1}, {"Bob": 3, "Dee": 4}),
    ],
}
OH7_POINTS = [
    [10, 11, 0, 10, 10, 10, 10],
    [12, 10, 10, 0, 10, 10, 10],
    [10, 13, 10, 10, 0, 10, 10],
    [14, 10, 10, 10, 10, 0, 10],
    [10, 15, 10, 10, 10, 10, 0],
    [16, 10, 0, 10, 10, 10, 10],
    [10, 13, 10, 4, 10, 10, 10],
]
# totals: Ann 10+12+10+14+10+16+10 = 82, Bob 11+10+13+10+15+10+13 = 82, Cid 50,
# Dee 10+0+10+10+10+10+4 = 54, Eve 60, Fay 60, Gus 60 -> Ann and Bob share the win.


def test_score_oh_hell_finished_tie_is_shared(tmp_path):
    out = score_ok(tmp_path, OH7_FINISHED)
    assert out["game"] == "oh-hell"
    assert out["hands"] == expected_hands([1, 2, 3, 4, 5, 6, 7], OH7_NAMES, OH7_POINTS)
    assert out["totals"] == [82, 82, 50, 54, 60, 60, 60]
    assert out["finished"] is True
    assert sorted(out["winners"]) == ["Ann", "Bob"]


def test_score_oh_hell_finished_single_winner(tmp_path):
    # The same game, but in hand 7 Ann bids 1 and takes 1 (11 instead of 10), Dee bid 1 took 3
    # (3 instead of 4); Bob 3/3 = 13 as before. Tricks 1 + 3 + 3 = 7; bids 1 + 3 + 1 = 5, not 7.
    record = copy.deepcopy(OH7_FINISHED)
    record["hands"][6] = oh7_hand({"Ann": 1, "Bob": 3, "Dee": 1}, {"Ann": 1, "Bob": 3, "Dee": 3})
    out = score_ok(tmp_path, record)
    assert out["hands"][6]["points"] == [11, 13, 10, 3, 10, 10, 10]
    # Ann 72 + 11 = 83, Bob 69 + 13 = 82
    assert out["totals"] == [83, 82, 50, 53, 60, 60, 60]
    assert out["finished"] is True
    assert out["winners"] == ["Ann"]


# Oh Hell, 3 players, long (19 hands): unfinished, every scoring style.
OH3 = {
    "format": 1,
    "game": "oh-hell",
    "players": ["Anna", "Béla", "Csilla"],
    "first_dealer": 0,
    "hands": [
        # 10 cards, dealer Anna: bids 3+4+2 = 9 (not 10); Anna 3/3, Béla 4/5, Csilla 2/2
        {"bids": [3, 4, 2], "tricks": [3, 5, 2]},
        # 9 cards, dealer Béla: bids 1+4+2 = 7; Anna bid 1 took 3, Béla 4/4, Csilla 2/2
        {"bids": [1, 4, 2], "tricks": [3, 4, 2]},
    ],
}


@pytest.mark.parametrize(
    "scoring, points",
    [
        # positive: exact 10 + tricks, missed tricks
        (None, [[13, 5, 12], [3, 14, 12]]),
        ("positive", [[13, 5, 12], [3, 14, 12]]),
        # neutral: exact 10 + tricks, missed 0
        ("neutral", [[13, 0, 12], [0, 14, 12]]),
        # negative: exact 10, missed -10 x difference (Béla off by 1, Anna off by 2)
        ("negative", [[10, -10, 10], [-20, 10, 10]]),
    ],
)
def test_score_oh_hell_scoring_styles_unfinished(tmp_path, scoring, points):
    record = copy.deepcopy(OH3)
    if scoring is not None:
        record["options"] = {"scoring": scoring}
    out = score_ok(tmp_path, record)
    assert out["players"] == ["Anna", "Béla", "Csilla"]
    assert out["hands"] == expected_hands([10, 9], ["Anna", "Béla"], points)
    assert out["totals"] == [points[0][i] + points[1][i] for i in range(3)]
    assert out["finished"] is False
    assert out["winners"] == []


# --- Rage: 2 players, 10 hands of 10 … 1 cards, Bob deals first ---
# Scoring: 1 a trick, +10 exact, -5 missed, +5 a bonus card, -5 a mad card.
RAGE2 = {
    "format": 1,
    "game": "rage",
    "players": ["Ann", "Bob"],
    "first_dealer": 1,
    "hands": [
        # 10: Ann 5/5 = 15; Bob 5/5 = 15 + 5 (1 bonus) = 20
        {"bids": [5, 5], "tricks": [5, 5], "bonus": [0, 1], "mad": [0, 0]},
        # 9: Ann 4/4 = 14 - 5 (1 mad) = 9; Bob 5/5 = 15
        {"bids": [4, 5], "tricks": [4, 5], "mad": [1, 0]},
        # 8: Ann 4/4 = 14; Bob bid 3 took 4 = 4 - 5 = -1
        {"bids": [4, 3], "tricks": [4, 4]},
        # 7: Ann 3/3 = 13; Bob 4/4 = 14
        {"bids": [3, 4], "tricks": [3, 4]},
        # 6: Ann 3/3 = 13 + 10 - 10 = 13; Bob 3/3 = 13 + 5 - 5 = 13 (3 bonus and 3 mad: the limit)
        {"bids": [3, 3], "tricks": [3, 3], "bonus": [2, 1], "mad": [2, 1]},
        # 5: Ann 2/2 = 12; Bob 3/3 = 13
        {"bids": [2, 3], "tricks": [2, 3]},
        # 4: 2/2 = 12 each
        {"bids": [2, 2], "tricks": [2, 2]},
        # 3: Ann 1/1 = 11; Bob 2/2 = 12
        {"bids": [1, 2], "tricks": [1, 2]},
        # 2: 1/1 = 11 each
        {"bids": [1, 1], "tricks": [1, 1]},
        # 1: Ann 0/0 = 10; Bob 1/1 = 11
        {"bids": [0, 1], "tricks": [0, 1]},
    ],
}
RAGE2_POINTS = [[15, 20], [9, 15], [14, -1], [13, 14], [13, 13], [12, 13], [12, 12], [11, 12], [11, 11], [10, 11]]
# totals: Ann 120, Bob 120; exact bids: Ann 10, Bob 9 -> Ann wins the tie-break.


def test_score_rage_finished_tie_broken_by_exact_bids(tmp_path):
    out = score_ok(tmp_path, RAGE2)
    assert out["game"] == "rage"
    assert out["hands"] == expected_hands(list(range(10, 0, -1)), ["Bob", "Ann"] * 5, RAGE2_POINTS)
    assert [h["totals"] for h in out["hands"]] == [
        [15, 20], [24, 35], [38, 34], [51, 48], [64, 61], [76, 74], [88, 86], [99, 98], [110, 109], [120, 120]
    ]
    assert out["totals"] == [120, 120]
    assert out["finished"] is True
    assert out["winners"] == ["Ann"]


def test_score_rage_finished_tie_still_tied_is_shared(tmp_path):
    # Both players miss exactly one bid, so the exact-bid tie-break cannot decide.
    # Bob missed hand 3 already (see RAGE2); now Ann misses hand 9 and a bonus card balances it.
    record = copy.deepcopy(RAGE2)
    # hand 9 (2 cards, so 4 cards played: room for 3 bonus cards): Ann bid 0 took 1
    # = 1 - 5 + 15 (3 bonus) = 11, as much as her exact 1/1 in RAGE2; Bob 1/1 = 11
    record["hands"][8] = {"bids": [0, 1], "tricks": [1, 1], "bonus": [3, 0]}
    out = score_ok(tmp_path, record)
    assert [h["points"] for h in out["hands"][8:]] == [[11, 11], [10, 11]]
    # Ann 99 + 11 + 10 = 120, Bob 120; 9 exact bids each -> shared.
    assert out["totals"] == [120, 120]
    assert out["finished"] is True
    assert sorted(out["winners"]) == ["Ann", "Bob"]


# --- Herrlof, 2 players: 15 cards a hand, ends when someone reaches 50 ---
# Scoring: 1 a trick, +5 for exactly 3 or 4 tricks (and 5 with five_trick_bonus), +10 exact.
HERRLOF2 = {
    "format": 1,
    "game": "herrlof",
    "players": ["Ann", "Bob"],
    "first_dealer": 0,
    "hands": [
        # tricks 13 (2 destroyed): Ann 8/8 = 18; Bob bid 6 took 5 = 5 (+5 with five_trick_bonus)
        {"bids": [8, 6], "tricks": [8, 5]},
        # tricks 12 (3 destroyed, the most): Ann 8/8 = 18; Bob 4/4 = 4 + 5 + 10 = 19
        {"bids": [8, 4], "tricks": [8, 4]},
        # tricks 13: Ann 10/10 = 20 -> 56, game over; Bob 3/3 = 3 + 5 + 10 = 18
        {"bids": [10, 3], "tricks": [10, 3]},
    ],
}


@pytest.mark.parametrize(
    "options, bob",
    [
        ({}, [5, 19, 18]),
        ({"five_trick_bonus": False}, [5, 19, 18]),
        ({"five_trick_bonus": True}, [10, 19, 18]),
    ],
)
def test_score_herrlof_finished_at_50(tmp_path, options, bob):
    record = {**HERRLOF2, "options": options}
    out = score_ok(tmp_path, record)
    ann = [18, 18, 20]
    assert out["hands"] == expected_hands([15, 15, 15], ["Ann", "Bob", "Ann"], [list(p) for p in zip(ann, bob)])
    assert out["totals"] == [56, sum(bob)]
    assert out["finished"] is True
    assert out["winners"] == ["Ann"]


def test_score_herrlof_unfinished_before_50(tmp_path):
    record = {**HERRLOF2, "hands": HERRLOF2["hands"][:2]}
    out = score_ok(tmp_path, record)
    assert out["totals"] == [36, 24]
    assert out["finished"] is False and out["winners"] == []


def test_score_herrlof_three_players(tmp_path):
    # 11 cards, no +5 at all with 3 players (not even with five_trick_bonus), ends at 40.
    record = {
        "format": 1,
        "game": "herrlof",
        "options": {"five_trick_bonus": True},
        "players": ["Ann", "Bob", "Cid"],
        "hands": [
            # tricks 3 + 5 + 1 = 9 (2 destroyed): Ann 3/3 = 13, Bob 5/5 = 15, Cid bid 0 took 1 = 1
            {"bids": [3, 5, 0], "tricks": [3, 5, 1]},
            # tricks 11: Ann 4/4 = 14, Bob 6/6 = 16, Cid 1/1 = 11 -> Ann 27, Bob 31, Cid 12
            {"bids": [4, 6, 1], "tricks": [4, 6, 1]},
            # tricks 11: Ann 0/0 = 10, Bob 9/9 = 19 -> 50 >= 40, over; Cid bid 1 took 2 = 2
            {"bids": [0, 9, 1], "tricks": [0, 9, 2]},
        ],
    }
    out = score_ok(tmp_path, record)
    assert out["hands"] == expected_hands(
        [11, 11, 11], ["Ann", "Bob", "Cid"], [[13, 15, 1], [14, 16, 11], [10, 19, 2]]
    )
    assert out["totals"] == [37, 50, 14]
    assert out["finished"] is True
    assert out["winners"] == ["Bob"]


# --- unfinished games and incomplete last hands ---


def test_score_new_game_without_hands(tmp_path):
    out = score_ok(tmp_path, {"format": 1, "game": "rage", "players": ["Ann", "Bob", "Cid"], "hands": []})
    assert out["hands"] == []
    assert out["totals"] == [0, 0, 0]
    assert out["finished"] is False and out["winners"] == []


@pytest.mark.parametrize(
    "last",
    [
        # hand 3 (8 cards) is dealt by Csilla: Anna bids first, then Béla, then Csilla.
        {"bids": [None, None, None]},
        {"bids": [2, None, None]},  # only Anna has bid
        {"bids": [2, 4, None]},  # the dealer has not bid yet
        {"bids": [2, 4, 1]},  # every bid in, no tricks yet
        {"bids": [2, 4, 1], "tricks": None},
    ],
    ids=["no-bids", "first-bidder-only", "dealer-to-bid", "no-tricks", "tricks-null"],
)
def test_score_incomplete_last_hand_scores_nothing(tmp_path, last):
    record = copy.deepcopy(OH3)
    record["hands"].append(last)
    out = score_ok(tmp_path, record)
    # exactly as if the incomplete hand were not there: positive scoring, see OH3
    assert out["hands"] == expected_hands([10, 9], ["Anna", "Béla"], [[13, 5, 12], [3, 14, 12]])
    assert out["totals"] == [16, 19, 24]
    assert out["finished"] is False and out["winners"] == []


def test_score_incomplete_last_hand_second_dealer(tmp_path):
    # Rage, 4 players, first dealer Dóra (seat 3): hand 1 (10 cards) is dealt by Dóra,
    # hand 2 (9 cards) by Anna, so in hand 2 Béla bids first, then Csilla, Dóra, Anna.
    record = {
        "format": 1,
        "game": "rage",
        "players": ["Anna", "Béla", "Csilla", "Dóra"],
        "first_dealer": 3,
        "hands": [
            # Anna 2/3 = 3 - 5 = -2; Béla 1/1 = 11; Csilla 3/2 = 2 - 5 = -3; Dóra 3/4 = 4 - 5 = -1
            {"bids": [2, 1, 3, 3], "tricks": [3, 1, 2, 4]},
            {"bids": [None, 4, 2, None]},  # Béla and Csilla have bid; Dóra is next
        ],
    }
    out = score_ok(tmp_path, record)
    assert out["hands"] == expected_hands([10], ["Dóra"], [[-2, 11, -3, -1]])
    assert out["totals"] == [-2, 11, -3, -1]
    assert out["finished"] is False and out["winners"] == []


# --- the record format's own example, stdin, Unicode, unknown keys ---

EXAMPLE = {
    "format": 1,
    "game": "rage",
    "options": {"bidding": "open"},
    "players": ["Anna", "Béla", "Csilla", "Dóra"],
    "first_dealer": 0,
    "hands": [
        # 10 cards, dealer Anna: Anna bid 2 took 3 = 3 - 5 + 5 (bonus) = 3; Béla 1/1 = 11;
        # Csilla bid 3 took 2 = 2 - 5 - 5 (mad) = -8; Dóra bid 3 took 4 = 4 - 5 = -1
        {"bids": [2, 1, 3, 3], "tricks": [3, 1, 2, 4], "bonus": [1, 0, 0, 0], "mad": [0, 0, 1, 0]},
        # 9 cards, dealer Béla: Anna 0/0 = 10; Béla 4/4 = 14; Csilla bid 2 took 3 = -2; Dóra 2/2 = 12
        {"bids": [0, 4, 2, 2], "tricks": [0, 4, 3, 2]},
    ],
}
EXAMPLE_OUT = {
    "game": "rage",
    "players": ["Anna", "Béla", "Csilla", "Dóra"],
    "hands": expected_hands([10, 9], ["Anna", "Béla"], [[3, 11, -8, -1], [10, 14, -2, 12]]),
    "totals": [13, 25, -10, 11],
    "finished": False,
    "winners": [],
}


def test_score_record_format_example(tmp_path):
    assert score_ok(tmp_path, EXAMPLE) == EXAMPLE_OUT


def test_score_from_stdin_matches_the_file(tmp_path):
    data = encode(EXAMPLE)
    from_stdin = run(["score", "-"], stdin=data)
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert from_stdin.stderr == b""
    assert json.loads(from_stdin.stdout.decode("utf-8")) == EXAMPLE_OUT
    from_file = run(["score", str(write_record(tmp_path, data))])
    assert from_file.stdout == from_stdin.stdout


def test_score_error_from_stdin(tmp_path):
    assert_error(run(["score", "-"], stdin=b'{"game": "rage", '))


def test_score_ignores_unknown_top_level_keys(tmp_path):
    record = {
        "created": "2024-05-01T19:30:00+02:00",
        **EXAMPLE,
        "notes": "Friday at Béla's — the good deck",
        "app": {"id": "8c3f-11ee", "version": "0.1.0", "hands": ["not", "these"]},
        "x-future": [1, 2.5, None, True, {"players": 99}],
        "winners": ["Csilla"],
        "totals": [0, 0, 0, 0],
    }
    assert score_ok(tmp_path, record) == EXAMPLE_OUT


def test_score_defaults_options_and_first_dealer(tmp_path):
    record = {k: v for k, v in EXAMPLE.items() if k not in ("options", "first_dealer")}
    assert score_ok(tmp_path, record) == EXAMPLE_OUT


UNICODE_NAMES = ["Győző Ödön", "Łucja Źdźbło", "さくら", "🦊 Róka", "👩🏽‍💻"]


@pytest.mark.parametrize("locale_env", [None, {"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii"}])
def test_score_unicode_names_round_trip_as_utf8(tmp_path, locale_env):
    env = None if locale_env is None else {**os.environ, **locale_env}
    record = {
        "format": 1,
        "game": "rage",
        "players": UNICODE_NAMES,
        "first_dealer": 4,
        "hands": [
            # 10 cards, dealer 👩🏽‍💻: bids 2+2+2+2+1, tricks 2+2+2+2+2
            # 2/2 = 12 for the first four; 👩🏽‍💻 bid 1 took 2 = 2 - 5 = -3
            {"bids": [2, 2, 2, 2, 1], "tricks": [2, 2, 2, 2, 2]},
            # 9 cards, dealer Győző Ödön: さくら took all 9 with a bonus card: 9 + 10 + 5 = 24;
            # everyone else 0/0 = 10
            {"bids": [0, 0, 9, 0, 0], "tricks": [0, 0, 9, 0, 0], "bonus": [0, 0, 1, 0, 0]},
        ],
    }
    data = encode(record)
    path = write_record(tmp_path, data, "ünnepi játék 日本.json")
    for result in (run(["score", str(path)], env=env), run(["score", "-"], stdin=data, env=env)):
        assert result.returncode == 0, result.stderr
        assert result.stderr == b""
        for name in UNICODE_NAMES:
            assert name.encode("utf-8") in result.stdout, name  # not \u escapes, not re-encoded
        out = json.loads(result.stdout.decode("utf-8"))
        check_summary_shape(out)
        assert out["players"] == UNICODE_NAMES
        assert out["hands"] == expected_hands(
            [10, 9], ["👩🏽‍💻", "Győző Ödön"], [[12, 12, 12, 12, -3], [10, 10, 24, 10, 10]]
        )
        assert out["totals"] == [22, 22, 36, 22, 7]


def test_score_unicode_name_in_an_error_line(tmp_path):
    record = {
        "format": 1,
        "game": "oh-hell",
        "players": ["Łucja", "さくら", "Győző"],
        # hand 1, 10 cards, dealer Łucja: さくら bids 11
        "hands": [{"bids": [1, 11, 2]}],
    }
    line = assert_error(run(["score", str(write_record(tmp_path, record))]), hand=1, player="さくら")
    assert "11" in line


# --------------------------------------------------------------------------
# 3. the error contract
# --------------------------------------------------------------------------


def changed(base: dict, **top) -> dict:
    record = copy.deepcopy(base)
    record.update(copy.deepcopy(top))
    return record


def changed_hand(base: dict, number: int, **fields) -> dict:
    """``base`` with fields of hand ``number`` (1-based) replaced; a value of ... removes the field."""
    record = copy.deepcopy(base)
    while len(record["hands"]) < number:
        record["hands"].append({})
    hand = record["hands"][number - 1]
    for key, value in fields.items():
        if value is ...:
            hand.pop(key, None)
        else:
            hand[key] = value
    return record


# Oh Hell, 3 players, long: hands of 10, 9, 8 cards dealt by Anna, Béla, Csilla; hook on.
# In hand 3 Anna bids first, Béla second, Csilla (the dealer) last.
OH3_BASE = changed(
    OH3,
    hands=[
        *OH3["hands"],
        # 8 cards: bids 2 + 3 + 2 = 7 (not 8); tricks 2 + 3 + 3 = 8
        {"bids": [2, 3, 2], "tricks": [2, 3, 3]},
    ],
)
# Rage'n Glyphs, 3 players, hook as a house rule; hand 2 (2 cards) is dealt by Béla.
RNG_HOOK_BASE = {
    "format": 1,
    "game": "rage-n-glyphs",
    "options": {"hose_the_dealer": True},
    "players": ["Anna", "Béla", "Csilla"],
    "hands": [{"bids": [0, 1, 1], "tricks": [0, 1, 0]}, {"bids": [1, 0, 0], "tricks": [1, 0, 1]}],
}
RAGE_HOOK_BASE = changed(EXAMPLE, options={"hose_the_dealer": True})  # hand 2 bids add up to 8 of 9
HERRLOF_HOOK_BASE = changed(HERRLOF2, options={"hose_the_dealer": True})  # hand 2 bids 8 + 4 = 12 of 15
# 11 hands of Rage for 2 players: one more than the game has.
RAGE2_ELEVEN = changed(RAGE2, hands=[*RAGE2["hands"], {"bids": [0, 0], "tricks": [0, 0]}])
# Rage'n Glyphs, 10 players, Skip Up: a 6th hand after the 5 the game has.
RNG_SIX = changed(RNG_TIE, hands=[*RNG_TIE["hands"], rng_hand({"Ann": 1}, {"Ann": 1})])
# Herrlof: Ann reached 56 in hand 3; a 4th hand was played after the end.
HERRLOF_AFTER_END = changed(HERRLOF2, hands=[*HERRLOF2["hands"], {"bids": [5, 5], "tricks": [5, 5]}])
HERRLOF3_AFTER_END = {
    "format": 1,
    "game": "herrlof",
    "players": ["Ann", "Bob", "Cid"],
    "hands": [
        {"bids": [0, 9, 2], "tricks": [0, 9, 2]},  # Bob 19
        {"bids": [0, 9, 2], "tricks": [0, 9, 2]},  # Bob 38
        {"bids": [0, 9, 2], "tricks": [0, 9, 2]},  # Bob 57 >= 40: the game ends here
        {"bids": [0, 9, 2], "tricks": [0, 9, 2]},
    ],
}

ERROR_BASES = {
    "oh-hell": OH3_BASE,
    "rage-n-glyphs hook": RNG_HOOK_BASE,
    "rage hook": RAGE_HOOK_BASE,
    "herrlof hook": HERRLOF_HOOK_BASE,
    "rage": RAGE2,
    "rage example": EXAMPLE,
    "herrlof": HERRLOF2,
}


@pytest.mark.parametrize("name", sorted(ERROR_BASES))
def test_error_table_bases_are_valid(tmp_path, name):
    # Each error below changes one thing in one of these; they must score cleanly themselves.
    score_ok(tmp_path, ERROR_BASES[name])


def latin1(record: dict) -> bytes:
    return json.dumps(record, ensure_ascii=False).encode("latin-1")


# (id, record as dict or bytes, hand named or None, player named or None)
SCORE_ERRORS = [
    # --- the file itself ---
    ("malformed JSON", b'{"format": 1, "game": "rage", "players": [', None, None),
    ("malformed JSON trailing comma", b'{"game": "rage", "players": ["A", "B"],}', None, None),
    ("empty file", b"", None, None),
    ("not UTF-8 latin-1", latin1(OH3_BASE), None, None),
    ("not UTF-8 utf-16", json.dumps(OH3_BASE).encode("utf-16"), None, None),
    ("not UTF-8 stray byte", b'{"game": "rage", "players": ["\xff\xfe", "B"], "hands": []}', None, None),
    ("JSON array", b"[]", None, None),
    ("JSON string", b'"rage"', None, None),
    ("JSON number", b"42", None, None),
    ("JSON null", b"null", None, None),
    # --- game and options ---
    ("unknown game", changed(OH3_BASE, game="whist"), None, None),
    ("unknown game empty", changed(OH3_BASE, game=""), None, None),
    ("game missing", {k: v for k, v in OH3_BASE.items() if k != "game"}, None, None),
    ("unknown option name", changed(OH3_BASE, options={"skip_upp": True}), None, None),
    ("option of another game", changed(RAGE2, options={"skip_up": True}), None, None),
    ("bad option value sequence", changed(OH3_BASE, options={"sequence": "sideways"}), None, None),
    ("bad option value scoring", changed(OH3_BASE, options={"scoring": "generous"}), None, None),
    ("bad option value bidding", changed(RAGE2, options={"bidding": "whispered"}), None, None),
    ("bad option value bool as text", changed(RNG_TIE, options={"skip_up": "yes"}), None, None),
    ("bad option value oh-hell hook off", changed(OH3_BASE, options={"hose_the_dealer": False}), None, None),
    # --- players ---
    ("player count rage-n-glyphs 2", changed(RNG_HOOK_BASE, players=["A", "B"], hands=[]), None, None),
    ("player count rage-n-glyphs 11", changed(RNG_HOOK_BASE, players=[f"P{i}" for i in range(11)], hands=[]),
     None, None),
    ("player count oh-hell 2", changed(OH3_BASE, players=["A", "B"], hands=[]), None, None),
    ("player count oh-hell 8", changed(OH3_BASE, players=[f"P{i}" for i in range(8)], hands=[]), None, None),
    ("player count rage 1", changed(RAGE2, players=["A"], hands=[]), None, None),
    ("player count rage 11", changed(RAGE2, players=[f"P{i}" for i in range(11)], hands=[]), None, None),
    ("player count herrlof 1", changed(HERRLOF2, players=["A"], hands=[]), None, None),
    ("player count herrlof 4", changed(HERRLOF2, players=["A", "B", "C", "D"], hands=[]), None, None),
    ("no players", changed(RAGE2, players=[], hands=[]), None, None),
    ("duplicate player names", changed(OH3_BASE, players=["Anna", "Béla", "Anna"]), None, "Anna"),
    ("duplicate after trimming", changed(OH3_BASE, players=["Anna", "Béla", "  Anna "]), None, "Anna"),
    ("duplicate NFC and NFD", changed(OH3_BASE, players=["Anna", "Béla", "Be\u0301la"]), None, None),
    ("empty player name", changed(OH3_BASE, players=["Anna", "", "Csilla"]), None, None),
    ("blank player name", changed(OH3_BASE, players=["Anna", "   ", "Csilla"]), None, None),
    ("first_dealer too high", changed(OH3_BASE, first_dealer=3), None, None),
    ("first_dealer negative", changed(OH3_BASE, first_dealer=-1), None, None),
    # --- bids (hand 3, 8 cards; Béla) ---
    ("bid negative", changed_hand(OH3_BASE, 3, bids=[2, -1, 2]), 3, "Béla"),
    ("bid 2.5", changed_hand(OH3_BASE, 3, bids=[2, 2.5, 2]), 3, "Béla"),
    ("bid string", changed_hand(OH3_BASE, 3, bids=[2, "2", 2]), 3, "Béla"),
    ("bid true", changed_hand(OH3_BASE, 3, bids=[2, True, 2]), 3, "Béla"),
    ("bid null in a complete hand", changed_hand(OH3_BASE, 3, bids=[2, None, 2]), 3, "Béla"),
    ("bid larger than hand", changed_hand(OH3_BASE, 3, bids=[2, 9, 2]), 3, "Béla"),
    ("bid larger than 1-card hand", changed_hand(RNG_HOOK_BASE, 1, bids=[0, 2, 0]), 1, "Béla"),
    ("bid negative in the last, incomplete hand", changed_hand(OH3_BASE, 3, bids=[2, -1, None], tricks=...),
     3, "Béla"),
    ("bid too high in the last, incomplete hand", changed_hand(OH3_BASE, 3, bids=[9, None, None], tricks=...),
     3, "Anna"),
    # --- tricks (hand 3, 8 cards; Béla) ---
    ("tricks negative", changed_hand(OH3_BASE, 3, tricks=[5, -1, 4]), 3, "Béla"),
    ("tricks 2.5", changed_hand(OH3_BASE, 3, tricks=[2, 2.5, 3.5]), 3, "Béla"),
    ("tricks string", changed_hand(OH3_BASE, 3, tricks=[2, "3", 3]), 3, "Béla"),
    ("tricks true", changed_hand(OH3_BASE, 3, tricks=[2, True, 5]), 3, "Béla"),
    ("tricks larger than hand", changed_hand(OH3_BASE, 3, tricks=[0, 9, 0]), 3, "Béla"),
    ("herrlof tricks larger than hand", changed_hand(HERRLOF2, 2, tricks=[0, 16]), 2, "Bob"),
    # --- the hook ---
    ("hook oh-hell", changed_hand(OH3_BASE, 3, bids=[2, 3, 3]), 3, "Csilla"),
    ("hook oh-hell first hand", changed_hand(OH3_BASE, 1, bids=[3, 4, 3]), 1, "Anna"),
    ("hook oh-hell in the last, incomplete hand", changed_hand(OH3_BASE, 3, bids=[5, 0, 3], tricks=...),
     3, "Csilla"),
    ("hook rage-n-glyphs house rule", changed_hand(RNG_HOOK_BASE, 2, bids=[1, 1, 0]), 2, "Béla"),
    ("hook rage house rule", changed_hand(RAGE_HOOK_BASE, 2, bids=[0, 4, 2, 3]), 2, "Béla"),
    ("hook herrlof house rule", changed_hand(HERRLOF_HOOK_BASE, 2, bids=[8, 7]), 2, "Bob"),
    # --- tricks that do not add up ---
    ("tricks sum short, exact game", changed_hand(OH3_BASE, 3, tricks=[2, 3, 2]), 3, None),
    ("tricks sum over, exact game", changed_hand(OH3_BASE, 3, tricks=[3, 3, 3]), 3, None),
    ("tricks sum short, rage", changed_hand(EXAMPLE, 2, tricks=[0, 4, 3, 1]), 2, None),
    ("tricks sum short, rage-n-glyphs", changed_hand(RNG_HOOK_BASE, 2, tricks=[1, 0, 0]), 2, None),
    ("herrlof tricks sum over", changed_hand(HERRLOF2, 2, tricks=[8, 8]), 2, None),
    ("herrlof tricks 4 short", changed_hand(HERRLOF2, 2, tricks=[7, 4]), 2, None),
    ("herrlof 3p tricks 4 short", changed_hand(HERRLOF3_AFTER_END, 1, tricks=[0, 5, 2]), 1, None),
    ("herrlof 3p tricks over", changed_hand(HERRLOF3_AFTER_END, 1, tricks=[0, 10, 2]), 1, None),
    # --- the game's length ---
    ("more hands than rage has", RAGE2_ELEVEN, 11, None),
    ("more hands than rage-n-glyphs has", RNG_SIX, 6, None),
    ("more hands than rage has, incomplete", changed(RAGE2, hands=[*RAGE2["hands"], {"bids": [None, None]}]),
     11, None),
    ("herrlof hand after the end", HERRLOF_AFTER_END, 4, None),
    ("herrlof 3p hand after the end", HERRLOF3_AFTER_END, 4, None),
    # --- Rage action cards ---
    ("more than 3 bonus cards", changed_hand(EXAMPLE, 1, bonus=[2, 2, 0, 0]), 1, None),
    ("more than 3 mad cards", changed_hand(EXAMPLE, 1, mad=[0, 1, 1, 2]), 1, None),
    ("4 bonus cards for one player", changed_hand(EXAMPLE, 2, bonus=[0, 0, 4, 0]), 2, None),
    ("4 mad cards for one player", changed_hand(EXAMPLE, 2, mad=[0, 4, 0, 0]), 2, None),
    # --- structure ---
    ("bids list too short", changed_hand(OH3_BASE, 2, bids=[1, 4]), 2, None),
    ("incomplete hand that is not the last", changed_hand(OH3_BASE, 2, tricks=...), 2, None),
    ("hand that is not an object", changed(OH3_BASE, hands=[OH3_BASE["hands"][0], [1, 2, 3]]), 2, None),
    ("unsupported format", changed(OH3_BASE, format=2), None, None),
]


@pytest.mark.parametrize(
    "record, hand, player", [pytest.param(r, h, p, id=i) for i, r, h, p in SCORE_ERRORS]
)
def test_score_error_contract(tmp_path, record, hand, player):
    path = write_record(tmp_path, record)
    assert_error(run(["score", str(path)]), hand=hand, player=player)
    # the same from standard input
    assert_error(run(["score", "-"], stdin=encode(record)), hand=hand, player=player)


def test_score_error_names_the_bid_and_the_hand_size(tmp_path):
    # RECORD-FORMAT.md's own example line: "hand 3, Béla: bid 5 is more than the 4 cards in this hand"
    # Oh Hell, 3 players, long: hand 3 has 8 cards; Béla bids 9.
    line = assert_error(
        run(["score", str(write_record(tmp_path, changed_hand(OH3_BASE, 3, bids=[2, 9, 2])))]),
        hand=3,
        player="Béla",
    )
    assert "9" in line and "8" in line


def test_score_error_missing_record_file(tmp_path):
    missing = tmp_path / "no such game.json"
    line = assert_error(run(["score", str(missing)]))
    assert "no such game.json" in line


def test_score_error_record_is_a_directory(tmp_path):
    assert_error(run(["score", str(tmp_path)]))


SCHEDULE_ERRORS = [
    ("no arguments", []),
    ("missing --game", ["--players", "3"]),
    ("missing --players", ["--game", "rage"]),
    ("--game without value", ["--game"]),
    ("--players not a number", ["--game", "rage", "--players", "three"]),
    ("--players 2.5", ["--game", "rage", "--players", "2.5"]),
    ("--players empty", ["--game", "rage", "--players", ""]),
    ("option without =", ["--game", "rage-n-glyphs", "--players", "4", "--option", "skip_up"]),
    ("unknown game", ["--game", "whist", "--players", "4"]),
    ("unknown option", ["--game", "rage-n-glyphs", "--players", "4", "--option", "skip_upp=true"]),
    ("option of another game", ["--game", "rage", "--players", "4", "--option", "skip_up=true"]),
    ("bad option value bool", ["--game", "rage-n-glyphs", "--players", "4", "--option", "skip_up=yes"]),
    ("bad option value choice", ["--game", "oh-hell", "--players", "4", "--option", "sequence=sideways"]),
    ("bad option value empty", ["--game", "oh-hell", "--players", "4", "--option", "sequence="]),
    ("oh-hell hook off", ["--game", "oh-hell", "--players", "4", "--option", "hose_the_dealer=false"]),
    ("rage-n-glyphs 2 players", ["--game", "rage-n-glyphs", "--players", "2"]),
    ("rage-n-glyphs 11 players", ["--game", "rage-n-glyphs", "--players", "11"]),
    ("oh-hell 2 players", ["--game", "oh-hell", "--players", "2"]),
    ("oh-hell 8 players", ["--game", "oh-hell", "--players", "8"]),
    ("rage 1 player", ["--game", "rage", "--players", "1"]),
    ("rage 11 players", ["--game", "rage", "--players", "11"]),
    ("herrlof 1 player", ["--game", "herrlof", "--players", "1"]),
    ("herrlof 4 players", ["--game", "herrlof", "--players", "4"]),
    ("0 players", ["--game", "rage", "--players", "0"]),
    ("negative players", ["--game", "rage", "--players=-3"]),
    ("unknown argument", ["--game", "rage", "--players", "4", "--colour", "red"]),
]


@pytest.mark.parametrize("args", [pytest.param(a, id=i) for i, a in SCHEDULE_ERRORS])
def test_schedule_error_contract(args):
    assert_error(run(["schedule", *args]))


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["score"], id="score without RECORD"),
        pytest.param(["score", "a.json", "b.json"], id="score with two records"),
        pytest.param(["frobnicate"], id="unknown command"),
    ],
)
def test_command_line_error_contract(args):
    assert_error(run(args))


# --------------------------------------------------------------------------
# 4. scoring does not load the app's UI
# --------------------------------------------------------------------------


def test_score_does_not_import_flet(tmp_path):
    path = write_record(tmp_path, EXAMPLE)
    code = (
        "import sys\n"
        "import companion.cli.main as c\n"
        "status = c.main(['score', sys.argv[1]])\n"
        "loaded = sorted(m for m in sys.modules if m == 'flet' or m.startswith(('flet.', 'flet_')))\n"
        "sys.stderr.write('STATUS=%r LOADED=%r\\n' % (status, loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, timeout=TIMEOUT, cwd=tmp_path
    )
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 0, err
    assert "STATUS=0 LOADED=[]" in err, err
    assert json.loads(result.stdout.decode("utf-8")) == EXAMPLE_OUT


def test_score_console_script_does_not_import_flet(tmp_path):
    # The real command, with Python's import profiler: it lists every module imported.
    path = write_record(tmp_path, EXAMPLE)
    result = run(["score", str(path)], env={**os.environ, "PYTHONPROFILEIMPORTTIME": "1"})
    assert result.returncode == 0
    imported = [
        line.rsplit("|", 1)[-1].strip()
        for line in result.stderr.decode("utf-8", "replace").splitlines()
        if line.startswith("import time:") and "|" in line
    ]
    assert any(name.strip() == "json" or name.endswith("json") for name in imported), "profiler gave no output"
    assert not [name for name in imported if name == "flet" or name.startswith(("flet.", "flet_"))]
    assert json.loads(result.stdout.decode("utf-8")) == EXAMPLE_OUT


def test_score_imports_only_what_scoring_needs(tmp_path):
    # Each of these cost bidwell score a share of its start-up (benchmarks/bench_cli.py); none is needed to score.
    path = write_record(tmp_path, EXAMPLE)
    result = run(["score", str(path)], env={**os.environ, "PYTHONPROFILEIMPORTTIME": "1"})
    assert result.returncode == 0
    imported = {
        line.rsplit("|", 1)[-1].strip()
        for line in result.stderr.decode("utf-8", "replace").splitlines()
        if line.startswith("import time:") and "|" in line
    }
    assert {"json", "scoring.game"} <= imported, "profiler gave no output"
    heavy = {"dataclasses", "inspect", "shutil", "pathlib", "copy", "difflib", "platformdirs", "companion.store.files",
             "companion.store.games", "reportlab", "pyuegc", "argparse",
             "gettext", "locale", "babel"}  # a record scored says no sentence: no catalog is read, no number written
    assert not heavy & imported
    assert json.loads(result.stdout.decode("utf-8")) == EXAMPLE_OUT


@pytest.mark.parametrize("argv", [["score", "game.json"], ["score", "-"], ["score", "a game.json"]])
def test_the_plain_score_command_is_read_as_argparse_reads_it(argv):
    from companion.cli.arguments import build_parser
    from companion.cli.arguments import parse_arguments as with_argparse
    from companion.cli.main import parse_arguments

    read = vars(parse_arguments(argv))
    assert read == vars(with_argparse(argv))
    full = vars(build_parser().parse_args(argv))  # the whole parser adds the app's own options
    assert read == {key: value for key, value in full.items() if key in read}


def test_python_m_companion_score_does_not_import_flet(tmp_path):
    path = write_record(tmp_path, EXAMPLE)
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "companion", "score", str(path)],
        capture_output=True,
        timeout=TIMEOUT,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    imported = [line.rsplit("|", 1)[-1].strip() for line in result.stderr.decode().splitlines() if "|" in line]
    assert "companion.cli.main" in imported
    assert not [name for name in imported if name == "flet" or name.startswith(("flet.", "flet_"))]
    assert json.loads(result.stdout.decode("utf-8")) == EXAMPLE_OUT


# --------------------------------------------------------------------------
# 5. a broken game file
# --------------------------------------------------------------------------


def test_a_misspelled_key_in_a_game_file_is_one_line_naming_file_and_key(tmp_path):
    import shutil

    from scoring.definitions import templates_dir

    folder = tmp_path / "templates"
    shutil.copytree(templates_dir(), folder)
    rage = folder / "rage.toml"
    rage.write_text(rage.read_text(encoding="utf-8").replace("missed = -5", "mised = -5"), encoding="utf-8")
    result = run(["score", str(write_record(tmp_path, EXAMPLE))], env={**os.environ, "BIDWELL_TEMPLATES": str(folder)})
    err = result.stderr.decode("utf-8")
    assert result.returncode == 1 and result.stdout == b"" and "Traceback" not in err
    assert err == "error: a game file is broken: rage.toml: unknown key scoring.mised; did you mean scoring.missed?\n"


def test_the_readme_shows_schedules_first_line_as_its_example_prints_it():
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    example = next(line for line in readme.splitlines() if line.startswith("bidwell schedule "))
    shown = readme.split("`bidwell schedule` prints", 1)[1].split("`", 2)[1]
    printed = run(example.split()[1:]).stdout.decode("utf-8").splitlines()
    assert printed[0] == "[" and printed[1].strip().rstrip(",") == shown
