"""The bonus-or-penalty screen's view-model: a one-off adjustment (a revoke, a misdeal) given to one player with a
reason, counted with a hand, saved in one step and taken back by Undo like any other action."""

from __future__ import annotations

from dataclasses import dataclass

from companion.store.files import StorageError
from companion.store.game_files import ConflictError
from companion.texts import in_use, t
from companion.views.common import Message, refusal
from companion.views.correction import CorrectedGame
from scoring.adjustments import ADJUSTMENT_MAX, REASON_MAX
from scoring.errors import BidwellError


@dataclass(frozen=True)
class AdjustmentView:
    """The screen as it stands: the hand it counts with, the players to choose from, the sign, what was typed, the
    button saying exactly what it gives, and a refusal where there is one."""

    hand_line: str
    players: tuple[tuple[int, str, bool], ...]
    """Each player's seat, name and whether they are the one chosen, in seat order."""
    penalty: bool
    points: str
    reason: str
    give: str
    message: Message | None
    points_max: int = ADJUSTMENT_MAX
    reason_max: int = REASON_MAX


class AdjustmentModel:
    """A bonus or penalty being given: whom, how much, why; the hand is the one in progress once it has a bid, else
    the last one scored (a penalty for a revoke noticed after the score)."""

    def __init__(self, play: CorrectedGame):
        self.play = play
        self.revision = play.saved.revision
        """The revision the screen was opened at: the adjustment is saved only over it."""
        self.seat: int | None = None
        self.penalty = True
        self.points = ""
        self.reason = ""
        self.message: Message | None = None

    @property
    def hand(self) -> int | None:
        """The hand the adjustment counts with; None before the first bid of the game."""
        hands = self.play.game.adjustable_hands()
        return hands[-1] if hands else None

    def choose(self, seat: int) -> None:
        """Give it to ``seat``."""
        if 0 <= seat < len(self.play.players):
            self.seat = seat
            self.message = None

    def set_penalty(self, penalty: bool) -> None:
        """A penalty (points taken off) or a bonus (points added)."""
        self.penalty = penalty
        self.message = None

    def type_points(self, text: str) -> None:
        """The points as typed, kept as they are until Give reads them."""
        self.points = text
        self.message = None

    def type_reason(self, text: str) -> None:
        """Why, as typed."""
        self.reason = text
        self.message = None

    def _signed_points(self) -> int | None:
        text = self.points.strip().lstrip("+").replace("−", "-")
        if not text.lstrip("-").isdecimal():
            return None
        value = int(text)
        return -abs(value) if self.penalty else abs(value)

    def view(self) -> AdjustmentView:
        """The screen as it stands now."""
        game, players = self.play.game, self.play.players
        hand = self.hand
        if hand is None:
            hand_line = t("adjust.no_hand")
        elif game.state.hands[hand - 1].scored:
            hand_line = t("adjust.with_scored", number=hand)
        else:
            hand_line = t("adjust.with_current", number=hand)
        value = self._signed_points()
        if self.seat is None or not value:
            give = t("adjust.give_penalty" if self.penalty else "adjust.give_bonus")
        else:
            give = t("adjust.give_to", name=players[self.seat], points=in_use().integer(value, signed=True))
        return AdjustmentView(hand_line, tuple((seat, name, seat == self.seat) for seat, name in enumerate(players)),
                              self.penalty, self.points, self.reason, give, self.message)

    def give(self) -> bool:
        """Save the adjustment over the revision the screen was opened at. What is missing or refused is said, and
        nothing typed is lost; a game changed meanwhile (another tab scored a hand) is said too, and the next
        Give is checked against the game as it is now."""
        hand = self.hand
        if hand is None:
            self.message = Message(t("adjust.no_hand"), error=True)
            return False
        if self.seat is None:
            self.message = Message(t("adjust.choose_player"), error=True)
            return False
        value = self._signed_points()
        if value is None:
            typed = self.points.strip()
            self.message = Message(t("adjust.points_typed", typed=typed, most=ADJUSTMENT_MAX) if typed
                                   else t("adjust.points_missing", most=ADJUSTMENT_MAX), error=True)
            return False
        try:
            self.play.saved.adjust(hand, self.seat, value, self.reason, expected_revision=self.revision)
        except ConflictError:
            self.revision = self.play.saved.revision
            self.message = Message(t("adjust.stale"), error=True)
            return False
        except (BidwellError, StorageError) as error:
            self.message = refusal(error)
            return False
        given = self.play.game.state.hands[hand - 1].adjustments[-1]
        points = in_use().integer(given.points, signed=True)
        name = self.play.players[given.seat]
        self.play.message = Message(t("adjust.done_why", name=name, points=points, reason=given.reason, number=hand)
                                    if given.reason else t("adjust.done", name=name, points=points, number=hand))
        return True
