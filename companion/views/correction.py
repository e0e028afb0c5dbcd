"""The correction screen's view-model: a scored hand's bids and tricks changed and saved in one step."""

from __future__ import annotations

from typing import Protocol

from companion.store.files import StorageError
from companion.store.game_files import ConflictError
from companion.store.games import SavedGame
from companion.texts import t
from companion.views.common import Message, PadKey, refusal
from companion.views.play_views import CorrectionView
from companion.views.tricks import tricks_view_of
from scoring.errors import BidwellError
from scoring.game import Game
from scoring.state import HandView


class CorrectedGame(Protocol):
    """What a correction asks of the game being scored (:class:`~companion.views.play.PlayModel`)."""

    saved: SavedGame
    game: Game
    players: tuple[str, ...]
    message: Message | None


class CorrectionModel:
    """A scored hand opened to be corrected: its bids and tricks as drafts, checked live, saved in one step."""

    def __init__(self, play: CorrectedGame, hand: HandView):
        self.play = play
        self.number = hand.number
        self.hand = hand
        self.revision = play.saved.revision
        """The revision the hand was opened at: the correction is saved only over it (the game on another
        screen may have moved on meanwhile)."""
        self.bids: list[int] = list(hand.bids)  # type: ignore[arg-type]
        self.tricks: list[int | None] = list(hand.tricks)  # type: ignore[arg-type]
        self.counted = {kind.name: list(hand.counted(kind.name)) for kind in play.game.rules.scoring.cards}
        self.choosing: int | None = None
        self.message: Message | None = None

    def set_bid(self, seat: int, value: int) -> None:
        """Change ``seat``'s bid."""
        if 0 <= value <= self.hand.cards:
            self.bids[seat] = value
            self.message = None

    def choose(self, seat: int) -> None:
        """Change ``seat``'s tricks next (on the pad)."""
        self.choosing = seat

    def tap_tricks(self, value: int) -> None:
        """Give the chosen player ``value`` tricks."""
        if self.choosing is not None:
            self.tricks[self.choosing] = value
            self.choosing = None
            self.message = None

    def step_counted(self, kind: str, seat: int, delta: int) -> None:
        """One action card more or less for ``seat``, never past the cards in the deck."""
        counts = self.counted.get(kind)
        if counts is not None:
            most = self.play.game.allowed_counted(kind, seat, counts, hand=self.number)
            counts[seat] = min(most, max(0, counts[seat] + delta))

    def view(self) -> CorrectionView:
        """The correction as it stands: the header names the hand, the check and points follow every change."""
        play, hand = self.play, self.hand
        tricks = tricks_view_of(play.game, hand, self.bids, self.tricks, self.counted, self.choosing, (),
                               private_bids=False, correcting=True)
        ok = play.game.can_correct(self.number, self.bids, self.tricks, self.counted)
        bids = tuple((seat, play.players[seat], self.bids[seat],
                      tuple(PadKey(n, True) for n in range(hand.cards + 1))) for seat in hand.bidding_order)
        heading = t("correct.heading", cards=t("hand.cards", count=hand.cards),
                    dealer=t("hand.deals", name=play.players[hand.dealer]))
        return CorrectionView(self.number, t("correct.title", number=self.number), heading, bids, tricks,
                              self.message, ok, self.revision)

    def save(self, revision: int | None = None) -> bool:
        """Save the corrected hand over ``revision`` (the one it was opened at); every later total follows. A
        refusal says why and keeps the drafts: the game changed meanwhile, or the engine refuses the values."""
        expected = self.revision if revision is None else revision
        try:
            self.play.saved.correct(self.number, self.bids, self.tricks, self.counted, expected_revision=expected)
        except ConflictError:
            self.message = Message(t("correct.stale", number=self.number), error=True)
            return False
        except (BidwellError, StorageError) as error:
            self.message = refusal(error)
            return False
        self.play.message = Message(t("correct.done", number=self.number))
        return True
