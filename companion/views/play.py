"""The screens' logic, without Flet: what each screen shows and what each tap does.

A screen is drawn from the frozen view its model returns (``view()``), and
each of its handlers calls one model method, so plain pytest can play a whole
game through them. The rules are asked of the engine (``scoring``); nothing
here decides a rule by itself: the models only choose what to show and word it.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from companion.store.games import ConflictError, GameStore, GameSummary, SavedGame, fold, records_in
from companion.store.files import StorageError
from companion.texts import in_use, t
from scoring.definitions import BiddingMode, Option, TieBreak, all_games, load_game
from scoring.describe import tie_break_line, winner_line
from scoring.errors import BidwellError
from scoring.game import (
    NO_TRUMP,
    Bid,
    ChangeBid,
    CoinFlip,
    Correct,
    Game,
    GameState,
    HandView,
    Phase,
    Tricks,
    Trump,
    check_players,
)
from scoring.i18n import Listed, game_text
from scoring.points import hand_points
from scoring.stats import (
    MATCH_KEY,
    GameCharts,
    GameFigures,
    MatchTally,
    PlayerFigures,
    chosen,
    game_charts,
    head_to_head,
    player_key,
    players,
)


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
class Aim:
    """What a control was drawn for, and so what a tap on it is aimed at: the revision of the game the screen
    was drawn from, the hand, the step and the seat (whose bid, whose tricks). A tap is taken only while its
    aim is still what the screen would draw: a second tap on a pad that has moved on, or one that reached the
    server late, is refused, never given to another player."""

    revision: int
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
"""How long a tap just taken is shown where its pad was before the next player's pad comes. A finger's bounce
or a double tap lands within it, on the greyed pad, and is not taken; a person who reads the next name first
taps after it, on the next pad."""


@dataclass(frozen=True)
class Message:
    """A line said after a tap: a refusal (``error``) or good news."""

    text: str
    error: bool = False


def refusal(error: Exception) -> Message:
    """A refusal as the screen shows it: the engine's words, starting with a capital."""
    text = str(error)
    return Message(text[:1].upper() + text[1:], error=True)


# --- new game ------------------------------------------------------------------


@dataclass(frozen=True)
class OptionRow:
    """One option of the chosen game, as the new-game screen lists it."""

    name: str
    label: str
    explain: str
    value: bool | str
    allowed: tuple[bool | str, ...]
    is_bool: bool
    choices: tuple[tuple[str, str], ...] = ()
    """Each allowed value (as text) and how a person reads it."""


@dataclass(frozen=True)
class SetupView:
    """Everything the new-game screen shows."""

    game_id: str
    games: tuple[tuple[str, str], ...]
    range_text: str
    options: tuple[OptionRow, ...]
    players: tuple[str, ...]
    first_dealer: int | None
    message: Message | None
    can_start: bool


class NewGameModel:
    """Choosing the game, its options, the players in seat order and the first dealer."""

    def __init__(self, known_names: Sequence[str] = (), game_id: str = "rage-n-glyphs"):
        self.known_names = list(known_names)
        self.players: list[str] = []
        self.first_dealer: int | None = None
        self.message: Message | None = None
        self.choose_game(game_id)

    @staticmethod
    def games() -> list[tuple[str, str]]:
        """Every game as (id, name)."""
        return [(game.id, game_text(game.name)) for game in all_games()]

    def view(self) -> SetupView:
        """The screen as it stands now."""
        return SetupView(
            game_id=self.game.id,
            games=tuple(self.games()),
            range_text=self.range_text,
            options=tuple(self.option_rows()),
            players=tuple(self.players),
            first_dealer=self.first_dealer,
            message=self.message,
            can_start=self.game.min_players <= len(self.players) <= self.game.max_players,
        )

    def choose_game(self, game_id: str) -> None:
        """Switch to ``game_id``, its options back at their defaults."""
        self.game = load_game(game_id)
        self.options = self.game.defaults()
        self.message = None

    def option_rows(self) -> list[OptionRow]:
        """The chosen game's options with their current values; fixed ones (one allowed value) left out."""
        return [_option_row(option, self.options[name]) for name, option in self.game.options.items()
                if len(option.allowed) >= 2]

    def set_option(self, name: str, value: bool | str) -> None:
        """Set an option; the engine checks the value."""
        try:
            self.options[name] = self.game.options[name].check(value)
            self.message = None
        except (BidwellError, KeyError) as error:
            self.message = refusal(error)

    @property
    def range_text(self) -> str:
        """How many players the chosen game takes."""
        return t("setup.players_range", min=self.game.min_players, max=self.game.max_players)

    def add_player(self, name: str) -> bool:
        """Add a player in the next seat; refuses empty, duplicate and one too many, with the reason."""
        if len(self.players) >= self.game.max_players:
            self.message = Message(t("setup.too_many", game=game_text(self.game.name), max=self.game.max_players),
                                   error=True)
            return False
        try:
            self.players = list(check_players([*self.players, name]))
        except BidwellError as error:
            self.message = refusal(error)
            return False
        self.message = None
        return True

    def remove_player(self, seat: int) -> None:
        """Take the player in ``seat`` out; the first dealer stays with the same person where possible."""
        del self.players[seat]
        self.message = None
        if self.first_dealer is not None:
            if self.first_dealer == seat:
                self.first_dealer = None
            elif self.first_dealer > seat:
                self.first_dealer -= 1

    def move_player(self, seat: int, delta: int) -> None:
        """Move a player one seat up (-1) or down (+1) the clockwise order."""
        other = seat + delta
        if 0 <= other < len(self.players):
            self.players[seat], self.players[other] = self.players[other], self.players[seat]
            if self.first_dealer in (seat, other):
                self.first_dealer = other if self.first_dealer == seat else seat

    def suggestions(self, typed: str) -> list[str]:
        """Names from past games that start with what is typed (case and accents ignored), not yet seated."""
        wanted = fold(typed.strip())
        if not wanted:
            return []
        seated = {fold(name) for name in self.players}
        return [n for n in self.known_names if fold(n).startswith(wanted) and fold(n) not in seated][:6]

    def blank_sheet(self):
        """A blank sheet of the chosen game and options: for the players entered, or for its fewest players."""
        from companion.sheets.pdf import blank_sheet
        from scoring.definitions import rules_for

        enough = len(self.players) >= self.game.min_players
        count = len(self.players) if enough else self.game.min_players
        rules = rules_for(self.game, count, self.options)
        return blank_sheet(rules, names=self.players if enough else None, first_dealer=self.first_dealer or 0)

    def start(self, store: GameStore, chance: random.Random | None = None) -> SavedGame | None:
        """Start and save the game, drawing the first dealer if none was picked; None with a message if refused."""
        count = len(self.players)
        if count < self.game.min_players:
            self.message = Message(t(
                "setup.need_players", game=game_text(self.game.name), min=self.game.min_players,
                max=self.game.max_players,
                count=self.game.min_players - count,
            ), error=True)
            return None
        dealer = self.first_dealer if self.first_dealer is not None else (chance or random.Random()).randrange(count)
        try:
            return store.start(Game.new(self.game.id, self.players, first_dealer=dealer, options=self.options))
        except (BidwellError, StorageError) as error:
            self.message = refusal(error)
            return None


def _option_row(option: Option, value: bool | str) -> OptionRow:
    choices = tuple((str(allowed), game_text(option.choice_label(allowed))) for allowed in option.allowed)
    return OptionRow(option.name, game_text(option.label), game_text(option.explain) if option.explain else "",
                     value, option.allowed, option.is_bool, choices)


# --- playing: the views ------------------------------------------------------------


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
class PadKey:
    """One number on a pad: its value, whether it may be tapped, and why not."""

    value: int
    allowed: bool
    reason: str | None = None


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
    """One player's line on the tricks screen: the bid, the count (None until entered), its points."""

    seat: int
    name: str
    bid: str
    tricks: int | None
    filled_in: bool
    counted: tuple[tuple[str, str, int, int], ...]  # (kind, label, count, most)
    points: int | None
    made: bool | None
    selected: bool


@dataclass(frozen=True)
class TricksView:
    """The tricks of a hand (or a correction's): one line per player, the pad for the one chosen, the check."""

    number: int
    cards: int
    lines: tuple[TrickLine, ...]
    choosing: str | None
    keys: tuple[PadKey, ...]
    check: str
    complete: bool
    bids_note: str | None
    bid_total: str | None
    aim: Aim | None = None
    """The pad's aim (None in a correction, whose pads change only its drafts)."""
    score_aim: Aim | None = None
    bids: tuple[BidLine, ...] = ()


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


@dataclass(frozen=True)
class BoardRow:
    """One hand on the scoreboard."""

    number: int
    heading: str
    """The hand as a screen reader says it ("Hand 6 · 6 cards")."""
    cells: tuple[Cell, ...]
    scored: bool
    can_correct: bool
    trump: str = ""
    label: str = ""
    """The hand in the scoreboard's narrow first column ("Hand 6"), over ``cards`` ("6 cards")."""
    cards: str = ""


@dataclass(frozen=True)
class BoardView:
    """Players with their totals (leaders marked), and every hand so far."""

    names: tuple[str, ...]
    totals: tuple[int, ...]
    leaders: tuple[int, ...]
    rows: tuple[BoardRow, ...]


@dataclass(frozen=True)
class StandingLine:
    """One line of the final standings."""

    place: int
    name: str
    total: int
    exact_bids: int | None


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
class CorrectionView:
    """The correction of one scored hand: its header, the bids and tricks being changed, the points they give."""

    number: int
    title: str
    heading: str
    bids: tuple[tuple[int, str, int, tuple[PadKey, ...]], ...]  # (seat, name, bid, keys)
    tricks: TricksView
    message: Message | None
    can_save: bool
    revision: int
    """The revision the correction was opened at: it is saved only over that one."""


# --- playing: the model -------------------------------------------------------------


class PlayModel:
    """A game being scored (or a finished one looked at): every tap of the play screens.

    Trick counts are entered on a number pad, one player after the other in
    the order of play; the last player's count is filled in from what is
    left, so a hand costs one tap per bid, one per player but the last for
    the tricks, and one to score it.

    Every tap names its :class:`Aim`, the state the control was drawn for; a tap whose aim is not what the
    screen shows now is refused and said so, never given to another player. A tap taken is shown where its
    pad was (:class:`Settling`) until :meth:`settle`; taps meanwhile are refused, so a finger's bounce never
    lands on the next player's pad.
    """

    def __init__(self, saved: SavedGame, *, read_only: bool = False, chance: random.Random | None = None):
        self.saved = saved
        self.read_only = read_only or saved.read_only
        self.chance = chance or random.Random()
        self.message: Message | None = None
        self.settling: Settling | None = None
        self.retired: Settling | None = None
        self.last_entry: str | None = None
        self._unlocked: tuple[int, int] | None = None
        self._draft_hand: int | None = None
        self.tricks_draft: list[int | None] = []
        self.filled_in: int | None = None
        self.choosing: int | None = None
        self.counted_draft: dict[str, list[int]] = {}
        self.on_phone: Callable[[int], bool] = lambda _seat: False
        """Whether a seat's player bids on a phone of their own (the table says; none without one)."""
        self._taken_over: tuple[int, int] | None = None
        self._changing: tuple[int, int] | None = None  # (hand, seat) whose bid is being changed

    @property
    def game(self) -> Game:
        """The engine's game."""
        return self.saved.game

    @property
    def state(self) -> GameState:
        """The engine's current state."""
        return self.saved.state

    @property
    def players(self) -> tuple[str, ...]:
        """Names in seat order."""
        return self.game.players

    @property
    def title(self) -> str:
        """The game's name, in the language in use."""
        return game_text(self.game.rules.game.name)

    @property
    def changing(self) -> int | None:
        """The seat whose bid of this hand is being changed, or None."""
        hand = self.state.current
        if self._changing is None or hand is None or self.state.finished or self._changing[0] != hand.number \
                or hand.bids[self._changing[1]] is None:
            return None
        return self._changing[1]

    @property
    def screen(self) -> Screen:
        """Which part of the game to show now."""
        state = self.state
        if state.finished:
            return Screen.FINISHED
        changing = self.changing
        if changing is not None:
            if state.current.shown_bids[changing] is not None:
                return Screen.CHANGE_BID
            return Screen.PRIVATE_BID if self._unlocked == (state.current.number, changing) else Screen.COVER
        if state.phase is Phase.BIDDING:
            if self.game.rules.bidding is BiddingMode.OPEN:
                return Screen.BIDDING
            turn = (state.current.number, state.next_bidder)
            if self._unlocked == turn:
                return Screen.PRIVATE_BID
            if self.on_phone(state.next_bidder) and self._taken_over != turn:
                return Screen.PHONE
            return Screen.COVER
        return Screen.TRICKS

    def view(self) -> PlayView:
        """The play screen as it stands now."""
        screen = self.screen
        playing = screen is not Screen.FINISHED
        private = screen is Screen.PRIVATE_BID
        changing = self.changing
        bidding = screen in (Screen.BIDDING, Screen.PRIVATE_BID) and changing is None
        return PlayView(
            screen=screen,
            title=self.title,
            read_only=self.read_only,
            damage=self.saved.damage,
            header=self.header() if playing else None,
            summary=self.summary() if screen in (Screen.BIDDING, Screen.COVER, Screen.PHONE) else None,
            bids=self.bids_view() if bidding else None,
            tricks=self.tricks_view() if screen is Screen.TRICKS else None,
            ending=self.ending() if screen is Screen.FINISHED else None,
            trump=self.trump_view() if playing and not private else None,
            board=self.board(),
            message=self.message,
            can_undo=self.can_undo(),
            revision=self.saved.revision,
            charts=game_charts(self.game),
            settling=self.settling,
            retired=self.retired,
            last_entry=self.last_entry,
            change=self.change_view() if changing is not None and screen is not Screen.COVER else None,
            cover_aim=self.aim(Step.UNLOCK) if screen is Screen.COVER else None,
            undo_aim=self.aim(Step.UNDO),
            changing_name=None if changing is None else self.players[changing],
        )

    # -- aims: what each control is drawn for --

    def aim(self, step: Step) -> Aim:
        """The aim of the control for ``step`` as the screen draws it now: a tap on it is taken only while this is
        still its aim (see :meth:`takes`)."""
        hand = self.state.current
        number = None if hand is None else hand.number
        seat = None
        if step is Step.BID or step is Step.UNLOCK and self.changing is None:
            seat = self.state.next_bidder
        elif step in (Step.CHANGE, Step.UNLOCK):
            seat = self.changing
        elif step is Step.TRICKS:
            self._fresh_draft()
            seat = self.choosing
        return Aim(self.saved.revision, number, step, seat)

    def takes(self, aim: Aim) -> bool:
        """Whether a tap aimed at ``aim`` may be taken now; if not, :attr:`message` says why (what was taken
        instead, or that the game moved on). Nothing is taken from a game looked at only, nor while the last
        tap is still shown where its pad was."""
        if self.read_only:
            return False
        if self.settling is not None:
            self.message = Message(t("tap.during_settle", taken=self.settling.text), error=True)
            return False
        if aim != self.aim(aim.step):
            self.message = Message(self.stale(aim), error=True)
            return False
        return True

    def stale(self, aim: Aim, otherwise: str | None = None) -> str:
        """Why a tap aimed at ``aim`` was not taken: what that pad's player has now, where it is theirs to see,
        or else ``otherwise`` (what the store said), or that the game moved on."""
        state = self.state
        hand = state.hands[aim.hand - 1] if aim.hand is not None and 0 < aim.hand <= len(state.hands) else None
        name = self.players[aim.seat] if aim.seat is not None and 0 <= aim.seat < len(self.players) else None
        if hand is not None and name is not None and aim.step in (Step.BID, Step.CHANGE, Step.UNLOCK):
            if hand.shown_bids[aim.seat] is not None:
                return t("tap.stale_bid", name=name, value=hand.shown_bids[aim.seat])
            if hand.bids[aim.seat] is not None:
                return t("tap.stale_private_bid", name=name)
        if hand is not None and name is not None and aim.step is Step.TRICKS and not hand.scored:
            taken = self.tricks_draft[aim.seat] if self._draft_hand == hand.number else None
            if taken is not None:
                return t("tap.stale_tricks", name=name, value=taken)
        if hand is not None and aim.step is Step.SCORE and hand.scored:
            return t("tap.stale_score", number=hand.number)
        return otherwise or t("tap.stale")

    def _taken(self, text: str, pad: Aim | None = None, keys: Sequence[PadKey] = (), chosen: int | None = None, *,
               stays: bool = False) -> None:
        """A tap was taken (on ``pad``, whose ``keys`` it had, ``chosen`` the number taken): say ``text`` until
        :meth:`settle`, and keep saying it (``stays``) where the lines below do not show it by themselves (an
        undo, a changed bid). A private pad's keys are kept with no reasons: a struck-out number tells a sum."""
        private = pad is not None and pad.step in (Step.BID, Step.CHANGE) and chosen is None
        kept = tuple(PadKey(key.value, key.allowed, None if private else key.reason) for key in keys)
        self.settling = Settling(text, pad, kept, chosen)
        if pad is not None:
            self.retired = self.settling
        # Said above the screen when it stays; said once is enough.
        self.last_entry = None if stays else text
        self.message = Message(text) if stays else None

    def settle(self) -> bool:
        """The moment after a tap is over: the next pad takes taps. Whether anything was settling."""
        if self.settling is None:
            return False
        self.settling = None
        return True

    def _saving(self, aim: Aim, save: Callable[[], object]) -> bool:
        """Save a change made from ``aim``'s revision; a refusal (the engine's, or the game moved on meanwhile)
        says why and changes nothing."""
        try:
            save()
        except ConflictError as error:
            self.message = Message(self.stale(aim, refusal(error).text), error=True)
            return False
        except (BidwellError, StorageError) as error:
            self.message = refusal(error)
            return False
        return True

    # -- the hand header --

    def header(self) -> Header:
        """Hand N of M (or the race to the target), cards each, dealer, first bidder, the options in play."""
        state, rules = self.state, self.game.rules
        hand = state.current or state.hands[-1]
        race = None
        if rules.target is not None:
            title = t("hand.open", number=hand.number, target=rules.target)
            leaders = [self.players[s] for s in state.leaders]
            if leaders:
                total = state.totals[state.leaders[0]]
                race = (t("hand.race", leader=leaders[0], total=total) if len(leaders) == 1
                        else t("hand.race_tied", leaders=Listed(leaders, joined="and"), total=total))
        else:
            title = t("hand.of", number=hand.number, count=rules.hand_count)
        return Header(
            title=title,
            cards=t("hand.cards", count=hand.cards),
            dealer=t("hand.deals", name=self.players[hand.dealer]),
            first=t("hand.first", name=self.players[hand.first]),
            race=race,
            options=self.options_line(),
        )

    def options_line(self) -> str:
        """The options a player at the table needs to know while playing: how bids are made, the hook."""
        rules = self.game.rules
        parts = [t(f"options.bidding.{rules.bidding.value}")]
        if rules.hook:
            parts.append(t("options.hook"))
        return " · ".join(parts)

    # -- trump (a table aid) --

    def trump_view(self) -> TrumpView | None:
        """What is trump in the current hand, for a game that records it (None otherwise)."""
        suits = self.game.rules.trump_suits
        hand = self.state.current
        if not suits or hand is None:
            return None
        recorded = self.state.trumps.get(hand.number, ())
        choices = tuple((suit, trump_label(suit)) for suit in suits) + ((NO_TRUMP, trump_label(NO_TRUMP)),)
        return TrumpView(hand.number, trump_line(recorded), choices, bool(recorded))

    def add_trump(self, value: str, aim: Aim | None = None) -> bool:
        """The table turned up ``value`` (first) or a joker made it trump (later); saved with the hand."""
        if self.state.current is None:
            return False
        return self._set_trump((*self.state.trumps.get(self.state.current.number, ()), value), aim)

    def clear_trump(self, aim: Aim | None = None) -> bool:
        """Forget the current hand's recorded trump."""
        return self._set_trump((), aim)

    def _set_trump(self, trumps: tuple[str, ...], aim: Aim | None) -> bool:
        aim = aim or self.aim(Step.TRUMP)
        if self.state.current is None or not self.takes(aim):
            return False
        if not self._saving(aim, lambda: self.saved.record_trump(self.state.current.number, trumps,
                                                                  expected_revision=aim.revision)):
            return False
        self.message = None
        return True

    # -- the hand just scored --

    @property
    def hand_under_way(self) -> bool:
        """Whether this hand's bidding has begun and the hand is not scored yet: a seat without a phone is then
        the scorekeeper's phone's until the next hand, so no phone takes it with a private bid already made."""
        state = self.state
        hand = state.current
        return hand is not None and not state.finished and (
            state.phase is not Phase.BIDDING or any(bid is not None for bid in hand.bids))

    def summary(self) -> HandSummary | None:
        """The last scored hand, shown until the first bid of the next one."""
        state = self.state
        hand = state.current
        if hand is None or any(bid is not None for bid in hand.bids) or not state.scored_hands:
            return None
        last = state.scored_hands[-1]
        lines = tuple(
            ResultLine(self.players[seat.seat], bool(seat.exact), seat.bid, seat.tricks, seat.points, seat.total)
            for seat in last.seats
        )
        return HandSummary(t("summary.title", number=last.number), lines)

    # -- bids --

    @property
    def bidder(self) -> str | None:
        """The name of whoever bids next."""
        seat = self.state.next_bidder
        return None if seat is None else self.players[seat]

    def pad(self) -> list[PadKey]:
        """The numbers 0 to the hand size; the one the hook forbids is not allowed, with its short reason."""
        state = self.state
        if state.current is None:
            return []
        forbidden = state.forbidden_bid
        reason = None
        if forbidden is not None:
            others = sum(b for b in state.current.bids if b is not None)
            reason = t("bid.forbidden_reason", value=forbidden, total=others + forbidden)
        return [PadKey(n, n in state.allowed_bids, None if n in state.allowed_bids else reason)
                for n in range(state.current.cards + 1)]

    def bids_view(self) -> BidsView:
        """Whose bid it is, the pad, and the bids so far with their running total."""
        keys = tuple(self.pad())
        forbidden = next((key.reason for key in keys if not key.allowed), None)
        return BidsView(
            bidder=self.bidder or "",
            private=self.screen is Screen.PRIVATE_BID,
            keys=keys,
            forbidden=forbidden,
            bids=tuple(self.bids_line()),
            running=self.running_total(),
            aim=self.aim(Step.BID),
        )

    def running_total(self) -> str:
        """The bids the table may see so far against the hand's tricks ("Bids so far 5 of 6")."""
        hand = self.state.current
        if hand is None:
            return ""
        seen = [b for b in hand.shown_bids if b is not None]
        if self.game.rules.bidding is not BiddingMode.OPEN:
            done = sum(1 for b in hand.bids if b is not None)
            return t("bid.private_count", done=done, count=len(self.players))
        return t("bid.running", bids=sum(seen), count=hand.cards)

    def take_over(self, aim: Aim | None = None) -> bool:
        """The next bidder, who has a phone of their own, bids on the scorekeeper's phone after all (it is flat,
        or they asked): the pass-the-phone cover comes up for them."""
        aim = aim or self.aim(Step.BID)
        if not self.takes(aim) or self.screen is not Screen.PHONE:
            return False
        self._taken_over = (aim.hand, aim.seat)
        self.message = None
        return True

    def unlock(self, aim: Aim | None = None) -> bool:
        """The player the cover names has the phone: show their private pad (to bid, or to change their bid)."""
        aim = aim or self.aim(Step.UNLOCK)
        if not self.takes(aim) or self.screen is not Screen.COVER:
            return False
        self._unlocked = (aim.hand, aim.seat)
        self.message = None
        return True

    def cover(self) -> None:
        """Whoever holds the private pad is not its player (or hands the phone back): the cover comes up again,
        nothing bid."""
        self._unlocked = None
        self.message = None

    def tap_bid(self, value: int, aim: Aim | None = None) -> bool:
        """Enter ``value`` for the bidder ``aim`` names (default: whoever bids next, as drawn now); a refusal
        leaves everything as it was and says why."""
        aim = aim or self.aim(Step.BID)
        if not self.takes(aim) or self.screen not in (Screen.BIDDING, Screen.PRIVATE_BID) \
                or self.changing is not None:
            return False
        keys = self.pad()
        if not self._saving(aim, lambda: self.saved.bid(aim.seat, value, expected_revision=aim.revision)):
            return False
        private = self.game.rules.bidding is not BiddingMode.OPEN
        name = self.players[aim.seat]
        self._unlocked = None
        self._taken(t("bid.taken_private", name=name) if private else t("bid.taken", name=name, value=value),
                    aim, keys, None if private else value)
        return True

    def bids_line(self) -> list[BidLine]:
        """Every player in bidding order with their bid as the table may see it now, and whether a tap on it
        changes it (a bid made in this hand, before its tricks)."""
        hand = self.state.current
        if hand is None:
            return []
        shown = hand.shown_bids
        private = self.game.rules.bidding is not BiddingMode.OPEN
        result = []
        for seat in hand.bidding_order:
            if shown[seat] is not None:
                text = str(shown[seat])
            elif hand.bids[seat] is not None and private:
                text = t("bid.secret_mark")
            else:
                text = t("bid.waiting")
            changeable = hand.bids[seat] is not None and not self.read_only
            result.append(BidLine(seat, self.players[seat], text, changeable))
        return result

    # -- changing a bid of this hand --

    def ask_change(self, seat: int, aim: Aim | None = None) -> bool:
        """A tap on ``seat``'s bid in the bids line: change it (on its own pad, or, where the bid is private,
        after the phone is passed to its player). Refused for a bid not made yet and after the tricks."""
        aim = aim or self.aim(Step.CHANGE)
        hand = self.state.current
        if hand is None or self.state.finished or not 0 <= seat < len(self.players) or hand.bids[seat] is None \
                or not self.takes(aim):
            return False
        self._changing = (hand.number, seat)
        self._unlocked = None
        self.message = None
        return True

    def cancel_change(self) -> None:
        """Keep the bid as it was."""
        self._changing = None
        self._unlocked = None
        self.message = None

    def change_view(self) -> ChangeView | None:
        """The pad changing a bid of this hand: each number, the ones the engine refuses greyed with the reason."""
        seat, hand = self.changing, self.state.current
        if seat is None or hand is None:
            return None
        keys = []
        for value in range(hand.cards + 1):
            try:
                self.game.verify_change_bid(seat, value)
                keys.append(PadKey(value, True))
            except BidwellError as error:
                if value == hand.bids[seat]:
                    keys.append(PadKey(value, True))  # tapped again, it keeps the bid as it is
                    continue
                # The hook's refusal in the pad's own few words, as on the bid pad; others as the engine says them.
                reason = (t("bid.forbidden_reason", value=value, total=hand.cards) if error.key == "bid.change_hook"
                          else error.detail)
                keys.append(PadKey(value, False, reason))
        private = hand.shown_bids[seat] is None
        name = self.players[seat]
        title = t("bid.change_private", name=name) if private else t("bid.change", name=name, value=hand.bids[seat])
        return ChangeView(seat, name, title, tuple(keys), hand.bids[seat], private, self.aim(Step.CHANGE))

    def change_bid(self, value: int, aim: Aim | None = None) -> bool:
        """Change the bid ``aim`` names to ``value``; the bids after it stand. The same number keeps it as it was."""
        aim = aim or self.aim(Step.CHANGE)
        if not self.takes(aim):
            return False
        hand = self.state.current
        view = self.change_view()
        if value == hand.bids[aim.seat]:
            self.cancel_change()
            return True
        if not self._saving(aim, lambda: self.saved.change_bid(aim.seat, value, expected_revision=aim.revision)):
            return False
        name = self.players[aim.seat]
        private = view is not None and view.private
        self._changing = None
        self._unlocked = None
        self._taken(t("bid.changed_private", name=name) if private else t("bid.changed", name=name, value=value),
                    aim, view.keys if view else (), None if private else value, stays=True)
        return True

    def bid_summary(self) -> str | None:
        """'Bids 7 for 8 tricks: underbid by 1', once every bid may be seen."""
        hand = self.state.current
        if hand is None or hand.bid_total is None:
            return None
        total, cards = hand.bid_total, hand.cards
        if total > cards:
            return t("bid.summary_over", bids=total, count=cards, by=total - cards)
        if total < cards:
            return t("bid.summary_under", bids=total, count=cards, by=cards - total)
        return t("bid.summary_even", bids=total, count=cards)

    # -- tricks --

    def _fresh_draft(self) -> None:
        """Every count empty, the first player in the order of play chosen: once per hand (and after undo)."""
        hand = self.state.current
        number = hand.number if hand is not None else None
        if self._draft_hand == number:
            return
        self._draft_hand = number
        players = len(self.players)
        self.tricks_draft = [None] * players
        self.filled_in = None
        self.choosing = hand.bidding_order[0] if hand is not None else None
        self.counted_draft = {kind.name: [0] * players for kind in self.game.rules.scoring.cards}

    def _order(self) -> tuple[int, ...]:
        hand = self.state.current
        return hand.bidding_order if hand is not None else tuple(range(len(self.players)))

    def choose(self, seat: int) -> None:
        """Enter (or change) ``seat``'s tricks next."""
        self._fresh_draft()
        if 0 <= seat < len(self.players) and self.settling is None:
            self.choosing = seat
            self.message = None

    def tap_tricks(self, value: int, aim: Aim | None = None) -> bool:
        """Give the player ``aim`` names (default: the one chosen now) ``value`` tricks and go on to the next; the
        last is filled in from what is left."""
        aim = aim or self.aim(Step.TRICKS)
        if not self.takes(aim) or self.state.phase is not Phase.PLAYING or self.changing is not None \
                or aim.seat is None:
            return False
        seat = aim.seat
        if value not in self.game.allowed_tricks(seat, self._draft_without(seat)):
            self.message = Message(self._trick_reason(seat, value), error=True)
            return False
        keys = self.tricks_view().keys
        self.tricks_draft[seat] = value
        if self.filled_in == seat:
            self.filled_in = None
        self._fill_in()
        self._taken(t("tricks.taken", name=self.players[seat], count=value), aim, keys, value)
        return True

    def _draft_without(self, seat: int) -> list[int | None]:
        draft = list(self.tricks_draft)
        draft[seat] = None
        if self.filled_in is not None and self.filled_in != seat:
            draft[self.filled_in] = None
        return draft

    def _fill_in(self) -> None:
        """Fill in the one count left from what is left, and choose the next player without a count."""
        if self.filled_in is not None:
            self.tricks_draft[self.filled_in] = None
            self.filled_in = None
        left = self.game.tricks_left(self.tricks_draft)
        if left is not None:
            seat = self.tricks_draft.index(None)
            self.tricks_draft[seat] = left
            self.filled_in = seat
        order = self._order()
        start = order.index(self.choosing) if self.choosing in order else 0
        following = [order[(start + k) % len(order)] for k in range(1, len(order) + 1)]
        self.choosing = next((s for s in following if self.tricks_draft[s] is None), None)

    def _trick_reason(self, seat: int, value: int) -> str:
        cards = self.state.current.cards
        others = sum(v for s, v in enumerate(self._draft_without(seat)) if v is not None and s != seat)
        return t("tricks.too_many", name=self.players[seat], value=value, others=others, cards=cards)

    def step_counted(self, kind: str, seat: int, delta: int) -> None:
        """One action card (Rage's +5 or -5) more or less for ``seat``, never past the cards in the deck."""
        self._fresh_draft()
        counts = self.counted_draft.get(kind)
        if counts is None or self.read_only:
            return
        most = self.game.allowed_counted(kind, seat, counts)
        counts[seat] = min(most, max(0, counts[seat] + delta))

    def tricks_view(self) -> TricksView:
        """Each player's bid and count with the points it would score, the pad for the player chosen."""
        self._fresh_draft()
        hand = self.state.current
        view = self._tricks_view(hand, hand.bids, self.tricks_draft, self.counted_draft, self.choosing,
                                 self.filled_in, private_bids=not self._bids_seen())
        return dataclasses.replace(view, aim=self.aim(Step.TRICKS), score_aim=self.aim(Step.SCORE),
                                   bids=tuple(self.bids_line()))

    def _bids_seen(self) -> bool:
        hand = self.state.current
        return hand is not None and None not in hand.shown_bids

    def _tricks_view(
        self, hand: HandView, bids: Sequence[int | None], draft: Sequence[int | None],
        counted: dict[str, list[int]], choosing: int | None, filled_in: int | None, *, private_bids: bool,
        correcting: bool = False,
    ) -> TricksView:
        kinds = self.game.rules.scoring.cards
        lines = []
        for seat in hand.bidding_order:
            taken, bid = draft[seat], bids[seat]
            seat_counted = {kind: counts[seat] for kind, counts in counted.items()}
            points = made = None
            if taken is not None and bid is not None:
                points = hand_points(self.game.rules.scoring, cards=hand.cards, bid=bid, tricks=taken,
                                     counted=seat_counted)
                made = bid == taken
            shown_bid = t("bid.secret_mark") if private_bids else str(bid)
            lines.append(TrickLine(
                seat=seat, name=self.players[seat], bid=shown_bid, tricks=taken, filled_in=seat == filled_in,
                counted=tuple((k.name, game_text(k.label), seat_counted[k.name], self.game.allowed_counted(
                    k.name, seat, counted[k.name], hand=hand.number if correcting else None)) for k in kinds),
                points=None if private_bids else points, made=None if private_bids else made,
                selected=seat == choosing,
            ))
        keys: tuple[PadKey, ...] = ()
        if choosing is not None:
            without = list(draft)
            without[choosing] = None
            if filled_in is not None and filled_in != choosing:
                without[filled_in] = None
            # A correction may pass through totals that do not add up; its check says so until it does.
            allowed = (set(range(hand.cards + 1)) if correcting
                       else set(self.game.allowed_tricks(choosing, without)))
            keys = tuple(PadKey(n, n in allowed, None if n in allowed else t("tricks.key_too_many"))
                         for n in range(hand.cards + 1))
        entered = [v for v in draft if v is not None]
        low, high = self.game.rules.trick_total_range(hand.cards)
        total = sum(entered)
        check = (t("tricks.check_exact", total=total, cards=hand.cards) if low == high
                 else t("tricks.check_range", total=total, low=low, cards=high))
        complete = None not in draft and not correcting and self.game.can_record_tricks(list(draft), counted)
        return TricksView(
            number=hand.number, cards=hand.cards, lines=tuple(lines),
            choosing=None if choosing is None else self.players[choosing],
            keys=keys, check=check, complete=complete,
            bids_note=t("bid.secret_done") if private_bids else None,
            bid_total=None if private_bids else self.bid_summary(),
        )

    def confirm_tricks(self, aim: Aim | None = None) -> bool:
        """Score the hand with the counts entered; a refusal says why and keeps the counts."""
        aim = aim or self.aim(Step.SCORE)
        if not self.takes(aim) or self.state.phase is not Phase.PLAYING or self.changing is not None:
            return False
        self._fresh_draft()
        if None in self.tricks_draft:
            missing = [self.players[s] for s in self._order() if self.tricks_draft[s] is None]
            self.message = Message(t("tricks.missing", names=Listed(missing)), error=True)
            return False
        number = aim.hand
        if not self._saving(aim, lambda: self.saved.record_tricks(self.tricks_draft, self.counted_draft,
                                                                  expected_revision=aim.revision)):
            return False
        self._taken(t("tricks.scored", number=number))
        return True

    # -- scoreboard --

    def board(self) -> BoardView:
        """Every hand so far: each player's bid (as the table may see it), tricks, points, running total."""
        state = self.state
        kinds = self.game.rules.scoring.cards
        number = in_use()
        rows = []
        for hand in state.hands:
            cells = []
            for seat in hand.seats:
                cards = tuple(t("board.cards", label=game_text(kind.label), count=seat.counted.get(kind.name, 0))
                              for kind in kinds if seat.counted.get(kind.name, 0))
                cells.append(Cell(
                    bid=_shown(seat.shown_bid, hidden=seat.bid is not None),
                    tricks="" if seat.tricks is None else str(seat.tricks),
                    points="" if seat.points is None else number.integer(seat.points, signed=True),
                    total="" if seat.total is None else number.integer(seat.total),
                    made=seat.exact if hand.scored else None,
                    cards=cards,
                    dealer=seat.seat == hand.dealer,
                ))
            heading = t("board.heading", number=hand.number, count=hand.cards)
            trumps = state.trumps.get(hand.number)
            rows.append(BoardRow(hand.number, heading, tuple(cells), hand.scored,
                                 hand.scored and not self.read_only, trump_label(trumps[-1]) if trumps else "",
                                 t("board.row", number=hand.number), t("board.row_cards", count=hand.cards)))
        return BoardView(self.players, state.totals, state.leaders, tuple(rows))

    def leaders(self) -> tuple[int, ...]:
        """Seats with the highest total (no one before the first hand is scored)."""
        return self.state.leaders

    # -- undo --

    def can_undo(self) -> bool:
        """Whether Undo is offered: there is something to take back, and nobody holds a private pad."""
        return not self.read_only and self.game.can_undo() and self.screen is not Screen.PRIVATE_BID

    def undo_question(self) -> str | None:
        """What Undo would take back, as a question to ask first where it is another player's private bid, a
        scored hand or what changed the scores; None where it is taken back at once (an open bid, a trump)."""
        if not self.game.can_undo():
            return None
        last = self.game.log[-1]
        private = self.game.rules.bidding is not BiddingMode.OPEN
        if isinstance(last, Bid) and private:
            return t("undo.ask_private_bid", name=self.players[last.player])
        if isinstance(last, ChangeBid) and private:
            return t("undo.ask_private_change", name=self.players[last.player])
        if isinstance(last, Tricks):
            return t("undo.ask_tricks", number=self.state.scored_hands[-1].number if self.state.scored_hands
                     else len(self.state.hands))
        if isinstance(last, Correct):
            return t("undo.ask_correction", number=last.hand)
        if isinstance(last, CoinFlip):
            return t("undo.ask_coin_flip", name=self.players[last.winner])
        return None

    def undo(self, aim: Aim | None = None) -> bool:
        """Undo the last action, whatever it was, and say what was undone.

        Undoing the tricks of a hand brings the hand back with its counts
        entered, ready to be changed and scored again. Nobody holding a
        private pad can undo (the previous player's bid is not theirs).
        """
        if self.read_only:
            return False
        aim = aim or self.aim(Step.UNDO)
        if self.screen is Screen.PRIVATE_BID or not self.takes(aim):
            return False
        if not self.game.can_undo():
            self.message = Message(t("undo.nothing"), error=True)
            return False
        last = self.game.log[-1]
        if not self._saving(aim, lambda: self.saved.undo(expected_revision=aim.revision)):
            return False
        self._unlocked = None
        self._changing = None
        self._taken(self._undone(last), stays=True)
        if isinstance(last, Tricks):
            players = len(self.players)
            self._draft_hand = self.state.current.number
            self.tricks_draft = list(last.tricks)
            # As after tapping them in: the last in the order of play holds what is left, and follows
            # a change to another count (with every count fixed, an exact total allows no change at all).
            seat = self._order()[-1]
            others = [None if s == seat else taken for s, taken in enumerate(last.tricks)]
            self.filled_in = seat if self.game.tricks_left(others) == last.tricks[seat] else None
            self.choosing = None
            self.counted_draft = {kind.name: list(last.counted.get(kind.name, (0,) * players))
                                  for kind in self.game.rules.scoring.cards}
        return True

    def _undone(self, action: object) -> str:
        if isinstance(action, Bid):
            if self.game.rules.bidding is BiddingMode.OPEN:
                return t("undo.bid", name=self.players[action.player], value=action.bid)
            return t("undo.private_bid", name=self.players[action.player])
        if isinstance(action, ChangeBid):
            bid = self.state.current.shown_bids[action.player] if self.state.current is not None else None
            if bid is None:
                return t("undo.private_change", name=self.players[action.player])
            return t("undo.change", name=self.players[action.player], value=bid)
        if isinstance(action, Tricks):
            return t("undo.tricks", number=self.state.current.number)
        if isinstance(action, Correct):
            return t("undo.correction", number=action.hand)
        if isinstance(action, CoinFlip):
            return t("undo.coin_flip")
        if isinstance(action, Trump):
            return t("undo.trump", number=action.hand)
        return t("undo.done")

    # -- corrections --

    def correction(self, number: int) -> CorrectionModel | None:
        """A correction of scored hand ``number``, or None if that hand cannot be corrected here."""
        hand = self._hand(number)
        if self.read_only or hand is None or not hand.scored:
            return None
        return CorrectionModel(self, hand)

    # -- the end --

    def ending(self) -> Ending:
        """Who won, how the tie was broken, a coin flip still to make, and the final standings."""
        state = self.state
        headline = winner_line(state, self.players) or ""
        how = tie_break_line(state)
        show_exact = state.decided_by is TieBreak.EXACT_BIDS
        standings = tuple(
            StandingLine(line.place, self.players[line.seat], line.total, line.exact_bids if show_exact else None)
            for line in state.standings
        )
        return Ending(headline, how, tuple(self.players[s] for s in state.coin_flip_between), standings,
                      self.match_line())

    def match_line(self) -> str | None:
        """The tally of the match (a game and its rematches) this game is in; None if it is in none."""
        try:
            tally = self.saved.store.matches().get(self.game.extras.get(MATCH_KEY) or self.saved.id)
        except StorageError:  # the game's own screen goes on; the history says what is wrong with the store
            return None
        return None if tally is None else match_text(tally)

    def flip_coin(self, aim: Aim | None = None) -> str | None:
        """Flip the coin among the tied players and record who won it (also from a game looked at later)."""
        between = self.state.coin_flip_between
        aim = aim or self.aim(Step.COIN)
        if not between or self.saved.read_only or self.settling is not None or aim != self.aim(Step.COIN):
            return None
        winner = self.chance.choice(between)
        if not self._saving(aim, lambda: self.saved.record_coin_flip(winner, expected_revision=aim.revision)):
            return None
        self.message = None
        return self.players[winner]

    def record_json(self) -> str:
        """The game's record, as ``bidwell export`` writes it."""
        return json.dumps(self.saved.record(), ensure_ascii=False, indent=2)

    def rematch(self, store: GameStore) -> SavedGame:
        """A new game of the same game and options, the same players in the same seats; the next seat deals first."""
        return store.rematch(self.saved)

    def download_name(self, extension: str) -> str:
        """``bidwell-<game>-<date>-<players>.<extension>``, a name a person finds in their downloads."""
        return download_name(self.game.rules.game.id, self.saved.created[:10], self.players, extension)

    def _hand(self, number: int) -> HandView | None:
        hands = self.state.hands
        return hands[number - 1] if 0 < number <= len(hands) else None


class CorrectionModel:
    """A scored hand opened to be corrected: its bids and tricks as drafts, checked live, saved in one step."""

    def __init__(self, play: PlayModel, hand: HandView):
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
        tricks = play._tricks_view(hand, self.bids, self.tricks, self.counted, self.choosing, None,
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


def trump_label(value: str) -> str:
    """A suit as the screen names it ("Hearts", in the language in use), or "No trump"."""
    if value == NO_TRUMP:
        return t("trump.no_trump")
    shown = game_text(value)
    return shown[:1].upper() + shown[1:]


def trump_line(trumps: Sequence[str]) -> str:
    """A hand's trump as it went: the card turned up, then each joker's change ("Hearts → Clovers (2-dot joker)")."""
    if not trumps:
        return t("trump.not_recorded")
    parts = [trump_label(trumps[0])]
    for value in trumps[1:]:
        key = "trump.after_4dot" if value == NO_TRUMP else "trump.after_2dot"
        parts.append(t(key, suit=trump_label(value)))
    return t("trump.line", trumps=" → ".join(parts))


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


def _shown(value: int | None, hidden: bool) -> str:
    if value is not None:
        return str(value)
    return t("bid.secret_mark") if hidden else ""


# --- history -------------------------------------------------------------------


@dataclass(frozen=True)
class PastGameCard:
    """One past game as the history lists it: what, when, who won, the scores, what can be done."""

    id: str
    title: str
    when: str
    status: str
    scores: str
    damage: str | None
    finished: bool
    coin_pending: bool
    match: str | None = None
    repaired: str | None = None
    """What a repair of the game's file did and lost (see :attr:`GameSummary.repaired`)."""


@dataclass(frozen=True)
class HistoryView:
    """The past games list as it stands."""

    player: str
    game: str | None
    games: tuple[tuple[str, str], ...]
    cards: tuple[PastGameCard, ...]
    has_more: bool
    message: Message | None


class HistoryModel:
    """The past games list: filters, pages, and deleting with a confirmation."""

    def __init__(self, store: GameStore):
        self.store = store
        self.player = ""
        self.game: str | None = None
        self.items: list[GameSummary] = []
        self.has_more = False
        self.pending_delete: GameSummary | None = None
        self.message: Message | None = None
        self.refresh()

    def view(self) -> HistoryView:
        """The list with its filters."""
        matches = self.store.matches()
        return HistoryView(self.player, self.game, tuple(NewGameModel.games()),
                           tuple(past_game_card(s, matches) for s in self.items), self.has_more, self.message)

    def refresh(self) -> None:
        """Read the first page again with the current filters."""
        page = self.store.history(page=1, game=self.game, player=self.player or None)
        self.items, self.has_more, self._page = list(page.items), page.has_more, 1

    def set_filters(self, *, player: str | None = None, game: str | None | bool = False) -> None:
        """Filter by part of a player's name and/or a game id (None for all games)."""
        if player is not None:
            self.player = player
        if game is not False:
            self.game = game  # type: ignore[assignment]
        self.message = None
        self.refresh()

    def more(self) -> None:
        """Append the next page."""
        if self.has_more:
            self._page += 1
            page = self.store.history(page=self._page, game=self.game, player=self.player or None)
            self.items += page.items
            self.has_more = page.has_more

    def ask_delete(self, game_id: str) -> str | None:
        """Ask before deleting: the question to show."""
        self.pending_delete = next((s for s in self.items if s.id == game_id), None)
        if self.pending_delete is None:
            return None
        return t("history.delete_confirm", game=game_text(self.pending_delete.game_name),
                 players=Listed(self.pending_delete.players))

    def confirm_delete(self) -> None:
        """Delete the game asked about."""
        if self.pending_delete is not None:
            try:
                self.store.delete(self.pending_delete.id)
            except StorageError as error:
                self.message = refusal(error)
                return
            self.pending_delete = None
            self.message = Message(t("history.deleted"))
            self.refresh()

    def cancel_delete(self) -> None:
        """Keep the game."""
        self.pending_delete = None

    def import_files(self, files: Sequence[tuple[str, bytes]]) -> list[str]:
        """Keep the games in these record files (name and content, as ``bidwell import`` reads them); returns the
        ids of the new games. The message says how many were new, how many were already here, and each file or
        record refused and why."""
        records: list[tuple[str, object]] = []
        refused: list[str] = []
        for name, raw in files:
            try:
                records += records_in(name, raw)
            except BidwellError as error:
                refused.append(t("cli.file_reason", path=name, reason=error))
        try:
            report = self.store.import_records(records)
        except StorageError as error:
            self.message = refusal(error)
            return []
        refused += [t("cli.file_reason", path=where, reason=reason) for where, reason in report.refused]
        lines = [t("history.imported", count=len(report.new))]
        if report.existing:
            lines.append(t("history.import_known", count=len(report.existing)))
        self.message = Message("\n".join(lines + refused), error=bool(refused))
        self.refresh()
        return report.new


def past_game_card(summary: GameSummary, matches: dict[str, MatchTally] | None = None) -> PastGameCard:
    """How one past game reads on its card: the winner, the scores and when it was played; and the tally of
    its match if it is in one (``matches``: every match's, from :meth:`GameStore.matches`)."""
    coin_pending = summary.coin_pending  # the tied players are its winners until the coin is flipped
    if summary.damage is not None:
        status = t("history.damaged")
    elif coin_pending:
        status = t("history.coin_pending")
    elif summary.finished:
        status = t("history.won", names=Listed(summary.winners))
    else:
        status = t("history.unfinished", hand=summary.current_hand)
    scores = ""
    if summary.totals:
        scores = " · ".join(t("history.score", name=name, total=total)
                            for name, total in zip(summary.players, summary.totals))
    else:
        scores = str(Listed(summary.players))
    when = in_use().datetime(summary.created)
    tally = (matches or {}).get(summary.match or summary.id)
    return PastGameCard(summary.id, game_text(summary.game_name), when, status, scores, summary.damage,
                        summary.finished,
                        coin_pending, None if tally is None else match_text(tally), summary.repaired)


# --- statistics ------------------------------------------------------------------------


@dataclass(frozen=True)
class StatsLine:
    """One player's line on the Statistics screen: the name, and the figures in a few words."""

    name: str
    summary: str


@dataclass(frozen=True)
class StatsView:
    """The Statistics screen: the game chosen (None for all), the games to choose from, a line per player."""

    game: str | None
    games: tuple[tuple[str, str], ...]
    lines: tuple[StatsLine, ...]
    together: tuple[str, ...] = ()
    """With two or more players chosen as having played together: how many games, then each pair head to head."""


@dataclass(frozen=True)
class PlayerView:
    """One player's figures (label and value), their best and worst game, and the charts' data: their final
    scores in the finished games, oldest first, and how often they finished in each place."""

    name: str
    figures: tuple[tuple[str, str], ...]
    best: tuple[str, str] | None
    worst: tuple[str, str] | None
    scores: tuple[int, ...]
    places: tuple[tuple[int, int], ...]
    rivals: tuple[str, ...]
    """Head to head with the players met most often, a line each."""


_players_kept: tuple[Sequence[GameFigures], tuple, list[PlayerFigures]] | None = None
"""The last players' figures worked out: (the figures they came from, the filters, the figures)."""

RIVALS_SHOWN = 5
"""How many of the players met most often a player's page compares them with."""


class StatsModel:
    """Players' figures over the games' figures given (read from the history's index), for one game or all."""

    def __init__(self, games: Sequence[GameFigures], game: str | None = None, *, with_players: Sequence[str] = (),
                 since: str | None = None):
        """``games``: every game's figures; the others choose among them (see :func:`scoring.stats.chosen`)."""
        self._games = games
        self.game = game
        self.with_players = tuple(with_players)
        self.since = since

    def view(self) -> StatsView:
        """A line per player, the most wins first; with two or more players chosen, their head to head."""
        games = chosen(self._games, game=self.game, since=self.since, with_players=self.with_players)
        lines = tuple(
            StatsLine(line.name, t("stats.line", games=t("stats.games_count", count=line.games),
                                   wins=t("stats.wins_count", count=line.wins), exact=share_text(line.exact, line.bids)))
            for line in self._players(games))
        together: tuple[str, ...] = ()
        if len({player_key(name) for name in self.with_players}) >= 2:
            count, rivalries = head_to_head(games, self.with_players)
            together = (t("stats.together", games=t("stats.games_count", count=count)), *(
                t("stats.pair", first=rivalry.first, second=rivalry.second, games=t("stats.games_count",
                                                                                   count=rivalry.games),
                  first_ahead=rivalry.first_ahead, second_ahead=rivalry.second_ahead, level=rivalry.level)
                for rivalry in rivalries))
        return StatsView(self.game, tuple(NewGameModel.games()), lines, together)

    def _players(self, games: list[GameFigures]) -> list[PlayerFigures]:
        """``players(games)``, kept for the next look while the store answers with the same list of figures
        (it does while no game changed) and the same filters: with 10,000 games the sums take ~75 ms."""
        global _players_kept
        asked = (self.game, self.since, self.with_players)
        kept = _players_kept
        if kept is not None and kept[0] is self._games and kept[1] == asked:
            return kept[2]
        lines = players(games)
        _players_kept = (self._games, asked, lines)  # the figures list is held, so its identity is not reused
        return lines

    def player(self, name: str) -> PlayerView | None:
        """``name``'s figures over the games chosen; None if they sat in none of them."""
        key = player_key(name)
        games = chosen(self._games, game=self.game, with_players=[key])
        line = next((line for line in players(games) if line.name == key), None)
        if line is None:
            return None
        finished = sorted((figures for figures in games if figures.finished), key=lambda figures: figures.created)
        seats = [figures.seats[figures.keys.index(key)] for figures in finished]
        places: dict[int, int] = {}
        for seat in seats:
            places[seat.place] = places.get(seat.place, 0) + 1
        shown = (
            (t("stats.games"), in_use().integer(line.games)),
            (t("stats.finished"), in_use().integer(line.finished)),
            (t("stats.wins"), in_use().integer(line.wins)),
            (t("stats.exact"), share_text(line.exact, line.bids)),
            (t("stats.zero_exact"), share_text(line.zero_exact, line.zero_bids)),
            (t("stats.average_score"), "–" if line.average_score is None else in_use().decimal(line.average_score, 1)),
            (t("stats.average_place"), "–" if line.average_place is None else in_use().decimal(line.average_place, 2)),
        )
        by_id = {figures.id: figures for figures in finished}

        def game_line(best) -> tuple[str, str] | None:  # noqa: ANN001 - a scoring.stats.BestGame
            if best is None:
                return None
            return best.id, t("stats.game_line", total=best.total, game=game_text(load_game(best.game).name),
                              date=in_use().date(by_id[best.id].created))

        met: dict[str, int] = {}
        for game in games:
            for other in game.keys:
                if other != key:
                    met[other] = met.get(other, 0) + 1
        rivals = []
        for other in sorted(met, key=lambda other: (-met[other], other))[:RIVALS_SHOWN]:
            together, (rivalry,) = head_to_head(games, [key, other])
            rivals.append(t("stats.rival", name=other, games=t("stats.games_count", count=together),
                            ahead=rivalry.first_ahead, behind=rivalry.second_ahead, level=rivalry.level))
        return PlayerView(line.name, shown, game_line(line.best), game_line(line.worst),
                          tuple(seat.total for seat in seats), tuple(sorted(places.items())), tuple(rivals))


def names_typed(text: str) -> tuple[str, ...]:
    """The names in ``text`` as a person types a list of them: separated by commas (",", Japanese "、" or "，") or
    semicolons, each trimmed, empty ones left out.

    >>> names_typed("Anna, Béla、さくら，;")
    ('Anna', 'Béla', 'さくら')
    """
    import re

    return tuple(name for name in (part.strip() for part in re.split("[,、，;]", text)) if name)


def match_text(tally: MatchTally) -> str:
    """``Match of 3 games: Anna 2 wins · Béla 1 win`` (and how many are finished, if not all)."""
    games = t("stats.games_count", count=tally.games)
    if tally.finished < tally.games:
        games = t("match.finished", games=games, finished=tally.finished)
    return t("match.line", games=games, wins=" · ".join(
        f"{name} {t('stats.wins_count', count=wins)}" for name, wins in tally.wins))


def share_text(made: int, placed: int) -> str:
    """``made/placed (percent)``, or a dash when nothing was placed."""
    return t("stats.share", made=made, placed=placed, percent=round(100 * made / placed)) if placed else "–"
