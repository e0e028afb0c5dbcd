"""How long a game's share link is, and how big its QR code, for the longest games (issue 26, item 8).

Each game is played to its end with random but valid bids and tricks (random numbers pack worse than a real
table's), with an id and a start time as a stored game's record has them; the link is at an example host.
No game has 31 hands with 6 players (31 hands are Rage'n Glyphs with 3; 6 players play 15), so that size is
measured on a record made for it, 31 hands of 6 players' bids and tricks, read back only for its length.

    .venv/bin/python benchmarks/bench_share_link.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import segno  # noqa: E402

from companion.views.sharing import read_payload, share_link  # noqa: E402
from scoring.game import Game  # noqa: E402
from scoring.record import record_from_game  # noqa: E402

ADDRESS = "https://example.org/bidwell"
OWN = {"id": "20261126-190512345-a1b2c3", "created": "2026-11-26T19:05:12.345678Z"}
SIX = ["Anna", "Béla", "Csilla", "Dóra", "Éva", "Ferenc"]


def played(game_id: str, names: list[str], chance: random.Random) -> dict:
    game = Game.new(game_id, names)
    while not game.state.finished:
        hand = game.state.current
        for seat in hand.bidding_order:
            game.bid(seat, chance.choice(game.state.allowed_bids[: hand.cards // len(names) + 2]))
        tricks = [0] * len(names)
        for _ in range(hand.cards):
            tricks[chance.randrange(len(names))] += 1
        game.record_tricks(tricks)
    return {**OWN, **record_from_game(game)}


def made_up(hands: int, chance: random.Random) -> dict:
    rows = []
    for number in range(hands):
        cards = min(number + 1, 15)
        tricks = [0] * len(SIX)
        for _ in range(cards):
            tricks[chance.randrange(len(SIX))] += 1
        rows.append({"bids": [chance.randint(0, 4) for _ in SIX], "tricks": tricks})
    return {**OWN, "format": 1, "game": "rage-n-glyphs", "players": SIX, "first_dealer": 0, "hands": rows,
            "options": {"bidding": "open", "hose_the_dealer": False, "skip_up": False, "shooting_the_stars": False}}


def say(label: str, record: dict) -> None:
    link = share_link(ADDRESS, record)
    assert read_payload(link.split("?game=")[1]) == record
    size = len(json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    version = segno.make(link, error="l").version
    print(f"{label}: record {size} bytes, link {len(link)} characters, QR version {version}")


def main() -> None:
    chance = random.Random(26)
    say("Rage'n Glyphs, 3 players, 31 hands", played("rage-n-glyphs", SIX[:3], chance))
    say("Rage'n Glyphs, 6 players, 15 hands", played("rage-n-glyphs", SIX, chance))
    say("Oh Hell, 6 players, 15 hands", played("oh-hell", SIX, chance))
    say("31 hands of 6 players (a record made for it)", made_up(31, chance))


if __name__ == "__main__":
    main()
