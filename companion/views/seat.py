"""A player's own phone at the table, without Flet: what it shows of the game and the one thing it does, bid.

The phone shows only what the table may see (the hand, the bids as the
rules reveal them, the scoreboard, who won) and the bid it made itself (a
private bid made or changed for its player on the scorekeeper's phone is
shown when the table sees it); its
pad comes up on that player's turn, with the hook's forbidden number greyed
out and refused with its reason, which names no other bid. It is built from
the scorekeeper's own play model (:class:`~companion.views.play.PlayModel`),
so the phone and the scorekeeper's screen can never disagree on a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.server.seats import Table
from companion.store.files import StorageError
from companion.store.game_files import ConflictError
from companion.texts import t
from companion.views.common import Aim, Message, PadKey, Step, refusal
from companion.views.play import PlayModel
from companion.views.play_views import BoardView, Ending, HandSummary, Header
from scoring.errors import BidwellError
from scoring.state import Phase


@dataclass(frozen=True)
class SeatView:
    """Everything a player's phone shows at one moment."""

    title: str
    name: str
    header: Header | None
    summary: HandSummary | None
    bids: tuple[tuple[str, str], ...]
    """Every player's bid in bidding order (name, bid), as the table may see it (a private one: "secret" until
    revealed)."""
    mine: str | None
    """This player's own bid in the current hand, in words; None before they bid."""
    turn: str
    """What happens now, for this player: their bid, someone else's, the hand being played, the end."""
    keys: tuple[PadKey, ...]
    """The bid pad, on this player's turn only."""
    aim: Aim | None
    """What the pad is drawn for (this player's bid in this hand, at this revision); None without a pad."""
    board: BoardView
    ending: Ending | None
    message: Message | None
    revision: int


class SeatModel:
    """The player in ``seat`` of the game ``play`` is, on the phone ``device`` at ``table``: the view of their
    phone, and their bid."""

    def __init__(self, play: PlayModel, seat: int, table: Table, device: str):
        self.play = play
        self.seat = seat
        self.table = table
        self.device = device
        self.message: Message | None = None

    @property
    def name(self) -> str:
        """The player's name."""
        return self.play.players[self.seat]

    def my_turn(self) -> bool:
        """Whether this player bids next."""
        state = self.play.state
        return state.phase is Phase.BIDDING and not state.finished and state.next_bidder == self.seat

    def view(self) -> SeatView:
        """The phone's screen as it stands now."""
        play, state = self.play, self.play.state
        hand = state.current
        mine = None
        bid = None if hand is None else hand.bids[self.seat]
        if bid is not None:
            shown = hand.shown_bids[self.seat] is not None or self.table.made_here(hand.number, self.seat,
                                                                                  self.device, bid)
            mine = t("seat.your_bid_is", value=bid) if shown else t("seat.bid_elsewhere")
        if state.finished:
            turn = t("end.title")
        elif state.phase is Phase.BIDDING:
            turn = t("seat.your_turn") if self.my_turn() else t("seat.waiting", name=play.bidder or "")
        else:
            turn = t("seat.playing")
        summary = play.summary() if state.phase is Phase.BIDDING and not state.finished else None
        return SeatView(
            title=play.title,
            name=self.name,
            header=None if state.finished else play.header(),
            summary=summary,
            bids=tuple((line.name, line.bid) for line in play.bids_line()) if not state.finished else (),
            mine=mine,
            turn=turn,
            keys=tuple(play.pad()) if self.my_turn() else (),
            aim=play.aim(Step.BID) if self.my_turn() else None,
            board=play.board(),
            ending=play.ending() if state.finished else None,
            message=self.message,
            revision=play.saved.revision,
        )

    def tap_bid(self, value: int, aim: Aim | None = None) -> bool:
        """This player bids ``value`` on the pad drawn for ``aim`` (default: as drawn now); a refusal (not their
        turn, the hook, a pad drawn before the game moved on) leaves everything and says why."""
        aim = aim or self.play.aim(Step.BID)
        if not self.my_turn() or aim.seat != self.seat:
            self.message = Message(t("seat.not_your_turn"), error=True)
            return False
        if aim != self.play.aim(Step.BID):
            self.message = Message(self.play.stale(aim), error=True)
            return False
        try:
            self.play.saved.bid(self.seat, value, expected_revision=aim.revision)
            self.table.made(aim.hand, self.seat, self.device, value)
        except ConflictError as error:
            self.message = Message(self.play.stale(aim, refusal(error).text), error=True)
            return False
        except (BidwellError, StorageError) as error:
            self.message = refusal(error)
            return False
        self.message = None
        return True
