"""What every screen's view-model shares: the screens and steps, the aim a tap carries, the moment a taken
tap settles, the messages, and download names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from companion.texts import t
from scoring.draft import TrickDraft
from scoring.game import Game


class Screen(StrEnum):
    """Which part of a game the play screen shows."""

    BIDDING = "bidding"
    COVER = "cover"
    """Pass the phone: the next private bidder (or the player whose private bid is changed) takes it."""
    PRIVATE_BID = "private_bid"
    PHONE = "phone"
    """The next bidder bids privately on their own phone (:mod:`companion.server.seats`)."""
    CHANGE_BID = "change_bid"
    """A bid of this hand the table can see, being changed on its own pad."""
    TRICKS = "tricks"
    FINISHED = "finished"


class Step(StrEnum):
    """What a tap on the play screen does."""

    BID = "bid"
    CHANGE = "change"
    UNLOCK = "unlock"
    TRICKS = "tricks"
    SCORE = "score"
    UNDO = "undo"
    TRUMP = "trump"
    COIN = "coin"


@dataclass(frozen=True)
class PadKey:
    """One number on a pad: its value, whether it may be tapped, and why not."""

    value: int
    allowed: bool
    reason: str | None = None


def greyed(keys: tuple[PadKey, ...]) -> tuple[PadKey, ...]:
    """The same keys, none to be tapped: the next pad, drawn while a tap just taken is said (:class:`Settling`)."""
    return tuple(PadKey(key.value, False, key.reason) for key in keys)


@dataclass(frozen=True)
class Aim:
    """What a control was drawn for, and so what a tap on it is aimed at: the revision of the game the screen
    was drawn from, the hand, the step and the seat (whose bid, whose tricks). A tap is taken only while its
    aim is still what the screen would draw: a second tap on a pad that has moved on, or one that reached the
    server late, is refused, never given to another player."""

    revision: int | None
    """None for a player's own pad at the table (:meth:`~companion.views.play.PlayModel.seat_aim`): it is that
    player's pad for that hand and step whatever else is entered meanwhile."""
    hand: int | None
    step: Step
    seat: int | None = None

    @property
    def key(self) -> str:
        """The identity of the control drawn for this aim (the revision left out: a pad stays the same pad while
        something else changes, such as the trump)."""
        return f"{self.step.value}-{self.hand}-{self.seat}"


@dataclass(frozen=True)
class Settling:
    """A tap just taken: ``text`` says what it took, where the next pad's heading will be, while every control
    that takes a tap is greyed for a moment (:data:`SETTLE_SECONDS`). ``pad`` is the pad it was taken on, with
    its keys and the number taken (None where the tap was not on a pad): a screen keeps that pad, unseen, so a
    second tap sent to it before the screen changed is answered, not lost."""

    text: str
    pad: Aim | None = None
    keys: tuple[PadKey, ...] = ()
    chosen: int | None = None


SETTLE_SECONDS = 0.3
"""How long a tap just taken is shown where its pad was before the next player's pad comes, counted from when the
phone has it (a slow phone draws it late). A finger's bounce or a double tap lands within it, on the greyed pad,
and is not taken; a person who reads the next name first taps after it, on the next pad."""


@dataclass(frozen=True)
class Message:
    """A line said after a tap: a refusal (``error``) or good news."""

    text: str
    error: bool = False


def refusal(error: Exception) -> Message:
    """A refusal as the screen shows it: the engine's words, starting with a capital."""
    text = str(error)
    return Message(text[:1].upper() + text[1:], error=True)


def download_name(game_id: str, date: str, players: Sequence[str], extension: str) -> str:
    """A file name for a download: ``bidwell-<game>-<date>-<players>.<extension>``, safe on every system."""
    import re
    import unicodedata

    def part(text: str) -> str:
        plain = unicodedata.normalize("NFKD", text)
        plain = "".join(c for c in plain if not unicodedata.combining(c))
        return re.sub(r"[^\w]+", "-", plain, flags=re.UNICODE).strip("-_").lower()

    people = "-".join(p for p in (part(name) for name in players) if p)[:60].rstrip("-")
    return "-".join(p for p in ("bidwell", part(game_id), date, people) if p) + f".{extension}"


def stale_tap(game: Game, aim: Aim, draft: TrickDraft | None, otherwise: str | None = None) -> str:
    """Why a tap aimed at ``aim`` was not taken: what that pad's player has now, where it is theirs to see (the
    tricks from ``draft``, the hand's entry so far), or else ``otherwise`` (what the store said), or that the
    game moved on."""
    state, players = game.state, game.players
    hand = state.hands[aim.hand - 1] if aim.hand is not None and 0 < aim.hand <= len(state.hands) else None
    name = players[aim.seat] if aim.seat is not None and 0 <= aim.seat < len(players) else None
    if hand is not None and name is not None and aim.step in (Step.BID, Step.CHANGE, Step.UNLOCK):
        if hand.shown_bids[aim.seat] is not None:
            return t("tap.stale_bid", name=name, value=hand.shown_bids[aim.seat])
        if hand.bids[aim.seat] is not None:
            return t("tap.stale_private_bid", name=name)
    if hand is not None and name is not None and aim.step is Step.TRICKS and not hand.scored:
        taken = draft.tricks[aim.seat] if draft is not None and draft.hand == hand.number else None
        if taken is not None:
            return t("tap.stale_tricks", name=name, value=taken)
    if hand is not None and aim.step is Step.SCORE and hand.scored:
        return t("tap.stale_score", number=hand.number)
    return otherwise or t("tap.stale")
