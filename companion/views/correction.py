"""The correction screen's view-model: a scored hand's bids and tricks changed and saved in one step.

Every refusal the screen shows is the engine's own (:meth:`scoring.game.Game.verify_correction`), said where it
belongs: a bid the hook forbids at the row of the player who may not bid it, a total of tricks that cannot be
at the tricks' total. A bid refused never makes the tricks look wrong, nor the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from companion.store.files import StorageError
from companion.store.game_files import ConflictError
from companion.store.games import SavedGame
from companion.texts import t
from companion.views.common import Message, refusal
from scoring.draft import projected
from scoring.errors import BidError, BidwellError, CorrectionError, TricksError
from scoring.game import Game
from scoring.i18n.language import game_text
from scoring.state import HandView


class CorrectedGame(Protocol):
    """What a correction asks of the game being scored (:class:`~companion.views.play.PlayModel`)."""

    saved: SavedGame
    game: Game
    players: tuple[str, ...]
    message: Message | None


@dataclass(frozen=True)
class CorrectionLine:
    """One player's row: the bid and tricks as corrected so far, what they score, Rage's counted cards, and the
    engine's refusal of this player's bid (the hook's, at the dealer's row) if it refuses it."""

    seat: int
    name: str
    bid: int
    tricks: int
    most: int
    """The hand's cards: no bid or count goes above it."""
    result: str
    """What the row scores as it stands ("✓ 20 points")."""
    made: bool
    dealer: bool
    counted: tuple[tuple[str, str, int, int], ...]  # (kind, label, count, most)
    bid_refused: str | None = None


@dataclass(frozen=True)
class CorrectionView:
    """The correction of one scored hand: its header, one row per player in bidding order, the tricks' total and
    the engine's refusal of it, a refusal of the save itself, and whether Save may be tapped."""

    number: int
    title: str
    heading: str
    lines: tuple[CorrectionLine, ...]
    card_kinds: tuple[str, ...]
    """The labels of the game's counted cards (Rage's "+5 cards", "-5 cards"), one column each; none elsewhere."""
    check: str
    check_refused: bool
    """Whether the engine refuses the tricks' total (said in ``result_refused``): only then is ``check`` an error."""
    result_refused: str | None
    """Why the engine refuses the tricks or cards as they stand (None: it takes them)."""
    message: Message | None
    can_save: bool
    revision: int
    """The revision the correction was opened at: it is saved only over that one."""


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
        self.tricks: list[int] = list(hand.tricks)  # type: ignore[arg-type]
        self.counted = {kind.name: list(hand.counted(kind.name)) for kind in play.game.rules.scoring.cards}
        self.message: Message | None = None
        self.confirmation: str | None = None
        """What the screen says once the correction is saved (None until then)."""

    def step_bid(self, seat: int, delta: int) -> None:
        """``seat``'s bid one more or one less, never below 0 nor above the hand's cards."""
        self.bids[seat] = min(self.hand.cards, max(0, self.bids[seat] + delta))
        self.message = None

    def step_tricks(self, seat: int, delta: int) -> None:
        """``seat``'s tricks one more or one less, never below 0 nor above the hand's cards (the total is checked
        as a whole, at the tricks' total); its captured cards are lowered to what the new tricks hold."""
        self.tricks[seat] = min(self.hand.cards, max(0, self.tricks[seat] + delta))
        # Lowered here, as a draft lowers them, rather than left for the engine to refuse when the hand is saved.
        for kind in self.play.game.rules.scoring.cards:
            counts = self.counted[kind.name]
            if kind.captured and counts[seat]:
                counts[seat] = min(counts[seat], self.play.game.allowed_counted(
                    kind.name, seat, counts, hand=self.number, tricks=self.tricks[seat]))
        self.message = None

    def step_counted(self, kind: str, seat: int, delta: int) -> None:
        """One action card more or less for ``seat``, never past the cards in the deck nor, for a captured kind,
        past what the seat's tricks hold."""
        counts = self.counted.get(kind)
        if counts is not None:
            most = self.play.game.allowed_counted(kind, seat, counts, hand=self.number, tricks=self.tricks[seat])
            counts[seat] = min(most, max(0, counts[seat] + delta))
            self.message = None

    def view(self) -> CorrectionView:
        """The correction as it stands: a row per player with what it scores, and every refusal where it belongs."""
        game, hand = self.play.game, self.hand
        bids_refused, result_refused, unchanged = self._refusals()
        refused_seat = None
        if bids_refused is not None:
            refused_seat = game.players.index(bids_refused.player) if bids_refused.player in game.players \
                else hand.bidding_order[-1]
        kinds = game.rules.scoring.cards
        lines = []
        for seat in hand.bidding_order:
            counted = {kind: counts[seat] for kind, counts in self.counted.items()}
            points, made = projected(game, hand.cards, self.bids[seat], self.tricks[seat], counted)  # type: ignore[misc]
            mark = t("board.made_mark") if made else t("board.missed_mark")
            lines.append(CorrectionLine(
                seat=seat, name=game.players[seat], bid=self.bids[seat], tricks=self.tricks[seat], most=hand.cards,
                result=f"{mark} {t('tricks.points', count=points)}", made=made, dealer=seat == hand.dealer,
                counted=tuple((k.name, game_text(k.label), counted[k.name],
                               game.allowed_counted(k.name, seat, self.counted[k.name], hand=self.number,
                                                   tricks=self.tricks[seat]))
                              for k in kinds),
                bid_refused=_said(bids_refused) if seat == refused_seat else None,
            ))
        low, high = game.rules.trick_total_range(hand.cards)
        total = sum(self.tricks)
        check = (t("tricks.check_exact", total=total, cards=hand.cards) if low == high
                 else t("tricks.check_range", total=total, low=low, cards=high))
        heading = t("correct.heading", cards=t("hand.cards", count=hand.cards),
                    dealer=t("hand.deals", name=game.players[hand.dealer]))
        return CorrectionView(
            number=self.number, title=t("correct.title", number=self.number), heading=heading, lines=tuple(lines),
            card_kinds=tuple(game_text(k.label) for k in kinds), check=check,
            check_refused=isinstance(result_refused, TricksError),
            result_refused=None if result_refused is None else _said(result_refused), message=self.message,
            can_save=bids_refused is None and result_refused is None and not unchanged, revision=self.revision,
        )

    def _refusals(self) -> tuple[BidwellError | None, BidwellError | None, bool]:
        """The engine's refusal of the bids, its refusal of the rest (tricks, cards, the hand itself), and whether
        the correction changes nothing. The engine checks the bids first; where it refuses them, the rest is
        checked with the bids as they were scored, so a bid refused never stands for a wrong count."""
        game = self.play.game
        try:
            game.verify_correction(self.number, self.bids, self.tricks, self.counted)
            return None, None, False
        except BidError as error:
            bids_refused: BidwellError | None = error
        except CorrectionError as error:
            return None, (None if error.key == "correct.unchanged" else error), error.key == "correct.unchanged"
        except BidwellError as error:
            return None, error, False
        try:
            game.verify_correction(self.number, self.hand.bids, self.tricks, self.counted)
        except CorrectionError as error:
            return bids_refused, (None if error.key == "correct.unchanged" else error), False
        except BidwellError as error:
            return bids_refused, error, False
        return bids_refused, None, False

    def save(self, revision: int | None = None) -> bool:
        """Save the corrected hand over ``revision`` (the one it was opened at); every later total follows, and
        :attr:`confirmation` says so. A refusal says why and keeps the drafts: the game changed meanwhile, or the
        engine refuses the values."""
        expected = self.revision if revision is None else revision
        try:
            self.play.saved.correct(self.number, self.bids, self.tricks, self.counted, expected_revision=expected)
        except ConflictError:
            self.message = Message(t("correct.stale", number=self.number), error=True)
            return False
        except (BidwellError, StorageError) as error:
            self.message = refusal(error)
            return False
        self.confirmation = t("correct.done", number=self.number)
        self.play.message = Message(self.confirmation)
        return True


def _said(error: BidwellError) -> str:
    """A refusal as said beside what it refuses: the engine's words without the hand and player (the row and the
    screen already name them), starting with a capital."""
    text = error.detail
    return text[:1].upper() + text[1:]

