"""What the play screens draw: frozen values made by :class:`~companion.views.play.PlayModel` (the header,
the pads, the bids and tricks, the board, the standings, the ending)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.texts import t
from companion.views.common import Aim, Message, PadKey, Screen, Settling
from scoring.stats import GameCharts


@dataclass(frozen=True)
class Header:
    """The top of a hand: which hand, how many cards, who deals, who bids first, the game's options in play."""

    title: str
    cards: str
    dealer: str
    first: str
    race: str | None
    options: str


@dataclass(frozen=True)
class BidLine:
    """One player's bid in the bids line, as the table may see it, and whether a tap on it changes it."""

    seat: int
    name: str
    bid: str
    changeable: bool


@dataclass(frozen=True)
class BidsView:
    """The bidding part of a hand: whose turn, the pad, the bids so far and their running total."""

    bidder: str
    private: bool
    keys: tuple[PadKey, ...]
    forbidden: str | None
    bids: tuple[BidLine, ...]
    running: str
    aim: Aim


@dataclass(frozen=True)
class ChangeView:
    """A bid of this hand being changed: whose, the bid it is now (where whoever looks may see it), the pad with
    the numbers it may become."""

    seat: int
    name: str
    title: str
    keys: tuple[PadKey, ...]
    current: int | None
    private: bool
    aim: Aim


@dataclass(frozen=True)
class TrickLine:
    """One player's line on the tricks screen: the bid, the count (None until entered), its points, and the keys
    of the player's own pad (0 to the cards dealt, those the hand's total leaves no room for refused)."""

    seat: int
    name: str
    bid: str
    tricks: int | None
    filled_in: bool
    counted: tuple[tuple[str, str, int, int], ...]  # (kind, label, count, most)
    points: int | None
    made: bool | None
    selected: bool
    """The next line in the order of play without a count: the one the eye goes to."""
    keys: tuple[PadKey, ...] = ()
    aim: Aim | None = None
    """The aim of this line's pad: this player's tricks in this hand. Every line has a pad of its own, so one tap
    says both whose count and what it is, and a pad never moves on to another player under a finger."""


@dataclass(frozen=True)
class TricksView:
    """The tricks of a hand: one line per player with its own pad, the next one to enter, the check."""

    number: int
    cards: int
    lines: tuple[TrickLine, ...]
    choosing: str | None
    check: str
    complete: bool
    bids_note: str | None
    bid_total: str | None
    score_aim: Aim | None = None
    bids: tuple[BidLine, ...] = ()
    rest_none: str | None = None
    """Who was given 0 without being asked, every trick being placed ("Every trick is placed, so … took none")."""


@dataclass(frozen=True)
class ResultLine:
    """One player in the summary of the hand just scored."""

    name: str
    made: bool
    bid: int
    tricks: int
    points: int
    total: int


@dataclass(frozen=True)
class HandSummary:
    """The hand just scored, shown until the next one begins."""

    title: str
    lines: tuple[ResultLine, ...]


@dataclass(frozen=True)
class Cell:
    """One player's cell of one hand on the scoreboard."""

    bid: str
    tricks: str
    points: str
    total: str
    made: bool | None
    cards: tuple[str, ...]
    """Rage's action cards the player counted, one text per kind ("+5 cards×1"); none where they counted none."""
    dealer: bool
    adjustment: str = ""
    """The bonus or penalty given the player with this hand ("penalty −10"); empty where there is none."""


@dataclass(frozen=True)
class BoardRow:
    """One hand on the scoreboard."""

    number: int
    heading: str
    """The hand as a screen reader says it ("Hand 6 · 6 cards")."""
    cells: tuple[Cell, ...]
    scored: bool
    can_correct: bool
    trumps: tuple[str, ...] = ()
    """The hand's trump as it went: the suit turned up, then each joker's change ("Hearts", "Clovers")."""
    label: str = ""
    """The hand in the scoreboard's narrow first column ("Hand 6"), over ``cards`` ("6 cards")."""
    cards: str = ""


@dataclass(frozen=True)
class BoardView:
    """Players with their totals (leaders marked), every hand so far, and the standings as they are now."""

    names: tuple[str, ...]
    totals: tuple[int, ...]
    leaders: tuple[int, ...]
    rows: tuple[BoardRow, ...]
    standings: tuple[StandingLine, ...] = ()
    adjustments: tuple[str, ...] = ()
    """Every bonus and penalty given, one line each in the order of the hands ("Hand 5: Béla −10, revoke")."""
    standings_text: str = ""
    """The standings as a few lines to copy into a chat (see :func:`companion.views.sharing.standings_text`)."""
    adjustment_hands: tuple[int, ...] = ()
    """The hand each line of ``adjustments`` was given with."""
    window: tuple[int, int, int] | None = None
    """Where a board that shows some of its hands stands: the first and last shown and how many there are
    (1-based; see :func:`companion.views.scoreboard.board_window`); None: it shows every hand."""


@dataclass(frozen=True)
class StandingLine:
    """One player's place: in the final standings, or in the standings during play."""

    place: int
    name: str
    total: int
    exact_bids: int | None

    def line_text(self) -> str:
        """The place in one line, as the end of a game says it: "1. Anna: 62", and " · 3 exact bids" where the
        game counts them."""
        text = t("end.place", place=self.place, name=self.name, total=self.total)
        return text if self.exact_bids is None else f"{text} · {t('end.exact_bids', count=self.exact_bids)}"


@dataclass(frozen=True)
class Ending:
    """The end screen: winners, how the tie was broken, a pending coin flip, the standings."""

    headline: str
    how: str | None
    coin_between: tuple[str, ...]
    standings: tuple[StandingLine, ...]
    match: str | None = None


@dataclass(frozen=True)
class TrumpView:
    """The current hand's trump as the table recorded it, and what can be recorded next."""

    number: int
    line: str
    choices: tuple[tuple[str, str], ...]  # (value, label): the suits, then "no trump"
    recorded: bool
    current: str | None = None
    """The value that is trump now (the last recorded); None before any is."""


@dataclass(frozen=True)
class PlayView:
    """Everything the play screen shows at one moment."""

    screen: Screen
    title: str
    read_only: bool
    damage: str | None
    header: Header | None
    summary: HandSummary | None
    bids: BidsView | None
    tricks: TricksView | None
    ending: Ending | None
    trump: TrumpView | None
    board: BoardView
    message: Message | None
    can_undo: bool
    revision: int
    charts: GameCharts | None = None
    settling: Settling | None = None
    """A tap just taken, said where the next pad's heading will be: every control that takes a tap is greyed
    meanwhile."""
    retired: Settling | None = None
    """The last pad a tap was taken on (see :attr:`Settling.pad`)."""
    last_entry: str | None = None
    """What the last tap took, for a screen with no pad heading to show in its place (the cover, tricks all in)."""
    change: ChangeView | None = None
    cover_aim: Aim | None = None
    undo_aim: Aim | None = None
    changing_name: str | None = None
    """On the cover: the player passed the phone to change their own private bid (None: to bid)."""


@dataclass(frozen=True)
class SeatRow:
    """One player's row at the table: name, what they bid and took, what the hand scores them (or the last hand
    scored), their total, and their own pad for the step the hand is at. A row's pad is aimed at its player for
    this hand and step, whatever else changes, so a second touch on it can only change or repeat that player's
    number."""

    seat: int
    name: str
    dealer: bool
    first: bool
    bid: str
    """The bid as the table may see it ("2", "–" before it is made, "secret")."""
    tricks: str
    """The tricks entered ("3"; "–" before), empty while bidding."""
    result: str
    """What the hand scores this player ("✓ +12"), or, before it is played, what the last hand scored them."""
    made: bool | None
    total: str
    turn: bool
    """Whose turn it is: the row stands out."""
    keys: tuple[PadKey, ...]
    chosen: int | None
    label: str
    """The spoken name of the pad's keys, with ``{value}`` ("Bid {value}" on the turn's row)."""
    aim: Aim | None
    counted: tuple[tuple[str, str, int, int], ...] = ()
    """Cards counted in the player's tricks (kind, label, count, most), offered once the player took a trick."""
    filled_in: bool = False
    bid_changeable: bool = False
    """Whether the bid, once the tricks are being entered, opens its own pad to be changed."""


@dataclass(frozen=True)
class TableView:
    """The hand at the table: a row per player in the order of play, and what the bar under them says and does."""

    hand: int
    bidding: bool
    rows: tuple[SeatRow, ...]
    status: str
    """Whose turn it is, or what the last tap took."""
    tally: str
    """The bids so far against the tricks, or the tricks entered against the cards."""
    note: str | None
    """What the hook forbids the dealer, every trick placed, or secret bids: a line the table needs now."""
    can_score: bool
    score_aim: Aim | None
    summary: str | None = None
    """While the tricks are entered, the bids against the tricks ("Bids 8 for 10 tricks: underbid by 2"), or that
    the bids stay secret: said in the header, in place of who deals and bids first (the rows' tags say it)."""
