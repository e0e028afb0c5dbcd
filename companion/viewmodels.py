"""The screens' logic, without Flet: what each screen shows and what each tap does.

A screen is drawn from one of these models, and each of its handlers calls
one method here and draws again, so plain pytest can play a whole game
through them. The rules are asked of the engine (``scoring``); nothing here
decides a rule by itself.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from companion.history import GameStore, GameSummary, SavedGame, fold
from companion.storage import StorageError
from companion.texts import t
from scoring.definitions import BiddingMode, Option, TieBreak, all_games, load_game
from scoring.errors import BidwellError
from scoring.game import Game, GameState, HandView, Phase, check_players
from scoring.points import hand_points


class Screen(StrEnum):
    """Which part of a game the play screen shows."""

    BIDDING = "bidding"
    COVER = "cover"
    PRIVATE_BID = "private_bid"
    PLAYING = "playing"
    TRICKS = "tricks"
    CORRECTING = "correcting"
    FINISHED = "finished"


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


class NewGameModel:
    """Choosing the game, its options, the players in seat order and the first dealer."""

    def __init__(self, known_names: Sequence[str] = (), game_id: str = "rage-n-glyphs"):
        self.known_names = list(known_names)
        self.players: list[str] = []
        self.first_dealer: int | None = None
        self.message: str | None = None
        self.choose_game(game_id)

    @staticmethod
    def games() -> list[tuple[str, str]]:
        """Every game as (id, name)."""
        return [(game.id, game.name) for game in all_games()]

    def choose_game(self, game_id: str) -> None:
        """Switch to ``game_id``, its options back at their defaults."""
        self.game = load_game(game_id)
        self.options = self.game.defaults()
        self.message = None

    def option_rows(self) -> list[OptionRow]:
        """The chosen game's options with their current values; fixed ones (one allowed value) left out."""
        rows = []
        for name, option in self.game.options.items():
            if len(option.allowed) < 2:
                continue
            rows.append(_option_row(option, self.options[name]))
        return rows

    def set_option(self, name: str, value: bool | str) -> None:
        """Set an option; the engine checks the value."""
        try:
            self.options[name] = self.game.options[name].check(value)
            self.message = None
        except (BidwellError, KeyError) as error:
            self.message = _sentence(error)

    @property
    def range_text(self) -> str:
        """How many players the chosen game takes."""
        return t("setup.players_range", min=self.game.min_players, max=self.game.max_players)

    def add_player(self, name: str) -> bool:
        """Add a player in the next seat; refuses empty, duplicate and one too many, with the reason."""
        if len(self.players) >= self.game.max_players:
            self.message = t("setup.too_many", game=self.game.name, max=self.game.max_players)
            return False
        try:
            self.players = list(check_players([*self.players, name]))
        except BidwellError as error:
            self.message = _sentence(error)
            return False
        self.message = None
        return True

    def remove_player(self, seat: int) -> None:
        """Take the player in ``seat`` out; the first dealer stays with the same person where possible."""
        del self.players[seat]
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
        seated = {fold(name) for name in self.players}
        return [n for n in self.known_names if fold(n).startswith(wanted) and fold(n) not in seated][:6]

    def blank_sheet(self):  # noqa: ANN201 - a companion.sheets.Sheet
        """A blank sheet of the chosen game and options: for the players entered, or for its fewest players."""
        from companion.sheets import blank_sheet
        from scoring.definitions import rules_for

        enough = len(self.players) >= self.game.min_players
        count = len(self.players) if enough else self.game.min_players
        rules = rules_for(self.game, count, self.options)
        return blank_sheet(rules, names=self.players if enough else None, first_dealer=self.first_dealer or 0)

    def start(self, store: GameStore, chance: random.Random | None = None) -> SavedGame | None:
        """Start and save the game, drawing the first dealer if none was picked; None with a message if refused."""
        count = len(self.players)
        if count < self.game.min_players:
            self.message = t(
                "setup.need_players", game=self.game.name, min=self.game.min_players, max=self.game.max_players,
                count=self.game.min_players - count,
            )
            return None
        dealer = self.first_dealer if self.first_dealer is not None else (chance or random.Random()).randrange(count)
        try:
            return store.start(Game.new(self.game.id, self.players, first_dealer=dealer, options=self.options))
        except (BidwellError, StorageError) as error:
            self.message = _sentence(error)
            return None


def _option_row(option: Option, value: bool | str) -> OptionRow:
    return OptionRow(option.name, option.label, option.explain, value, option.allowed, option.is_bool)


# --- playing -------------------------------------------------------------------


@dataclass(frozen=True)
class Header:
    """The top of a hand: which hand, how many cards, who deals, who bids first."""

    title: str
    cards: str
    dealer: str
    first: str
    race: str | None


@dataclass(frozen=True)
class PadKey:
    """One number on the bid pad."""

    value: int
    allowed: bool


@dataclass(frozen=True)
class TrickLine:
    """One player's line on the tricks screen: the count, and the points it would score."""

    seat: int
    name: str
    tricks: int
    counted: dict[str, int]
    points: int
    made: bool


@dataclass(frozen=True)
class Cell:
    """One player's cell of one hand on the scoreboard."""

    bid: str
    tricks: str
    points: str
    total: str
    made: bool | None


@dataclass(frozen=True)
class BoardRow:
    """One hand on the scoreboard."""

    number: int
    cards: int
    dealer: int
    cells: tuple[Cell, ...]
    scored: bool


@dataclass(frozen=True)
class Ending:
    """The end screen: winners, how the tie was broken, a pending coin flip, the standings."""

    headline: str
    how: str | None
    coin_between: tuple[str, ...]
    standings: tuple[str, ...]


class PlayModel:
    """A game being scored (or a finished one looked at): every tap of the play screens."""

    def __init__(self, saved: SavedGame, *, read_only: bool = False, chance: random.Random | None = None):
        self.saved = saved
        self.read_only = read_only
        self.chance = chance or random.Random()
        self.message: str | None = None
        self._unlocked: tuple[int, int] | None = None
        self.tricks_draft: list[int] | None = None
        self.counted_draft: dict[str, list[int]] = {}
        self.correcting: int | None = None
        self.bids_draft: list[int] = []

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
    def screen(self) -> Screen:
        """Which screen to draw now."""
        state = self.state
        if self.correcting is not None:
            return Screen.CORRECTING
        if state.finished:
            return Screen.FINISHED
        if state.phase is Phase.BIDDING:
            if self.game.rules.bidding is BiddingMode.OPEN:
                return Screen.BIDDING
            if self._unlocked == (state.current.number, state.next_bidder):
                return Screen.PRIVATE_BID
            return Screen.COVER
        return Screen.TRICKS if self.tricks_draft is not None else Screen.PLAYING

    # -- the hand header --

    def header(self) -> Header:
        """Hand N of M (or the race to the target), cards each, dealer, first bidder."""
        state, rules = self.state, self.game.rules
        hand = state.current or state.hands[-1]
        race = None
        if rules.target is not None:
            title = t("hand.open", number=hand.number, target=rules.target)
            top = max(state.totals)
            leaders = [self.players[s] for s, total in enumerate(state.totals) if total == top]
            if state.scored_hands:
                race = (t("hand.race", leader=leaders[0], total=top) if len(leaders) == 1
                        else t("hand.race_tied", leaders=" & ".join(leaders), total=top))
        else:
            title = t("hand.of", number=hand.number, count=rules.hand_count)
        return Header(
            title=title,
            cards=t("hand.cards", count=hand.cards),
            dealer=t("hand.deals", name=self.players[hand.dealer]),
            first=t("hand.first", name=self.players[hand.first]),
            race=race,
        )

    # -- bids --

    @property
    def bidder(self) -> str | None:
        """The name of whoever bids next."""
        seat = self.state.next_bidder
        return None if seat is None else self.players[seat]

    def pad(self) -> list[PadKey]:
        """The numbers 0 to the hand size; the one the hook forbids is not allowed."""
        state = self.state
        if state.current is None:
            return []
        return [PadKey(n, n in state.allowed_bids) for n in range(state.current.cards + 1)]

    def forbidden_text(self) -> str | None:
        """Why a number on the pad is struck out, if one is."""
        forbidden = self.state.forbidden_bid
        return None if forbidden is None else t("bid.forbidden", value=forbidden)

    def unlock(self) -> None:
        """The next bidder has the phone: show their private pad."""
        state = self.state
        if state.phase is Phase.BIDDING:
            self._unlocked = (state.current.number, state.next_bidder)
            self.message = None

    def tap_bid(self, value: int) -> bool:
        """Enter ``value`` for whoever bids next; a refusal leaves everything as it was and says why."""
        if self.read_only or self.state.next_bidder is None:
            return False
        try:
            self.saved.bid(self.state.next_bidder, value)
        except (BidwellError, StorageError) as error:
            self.message = _sentence(error)
            return False
        self._unlocked = None
        self.message = None
        return True

    def bids_line(self) -> list[tuple[str, str]]:
        """(name, bid) for every player in bidding order, as the table may see them now."""
        hand = self.state.current
        if hand is None:
            return []
        shown = hand.shown_bids
        secret = self.game.rules.bidding is not BiddingMode.OPEN
        result = []
        for seat in hand.bidding_order:
            if shown[seat] is not None:
                text = str(shown[seat])
            elif hand.bids[seat] is not None and secret:
                text = t("bid.secret_mark")
            else:
                text = t("bid.waiting")
            result.append((self.players[seat], text))
        return result

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

    def start_tricks(self) -> None:
        """Open the tricks screen with every count at 0."""
        if self.state.phase is Phase.PLAYING and not self.read_only:
            players = len(self.players)
            self.tricks_draft = [0] * players
            self.counted_draft = {kind.name: [0] * players for kind in self.game.rules.scoring.cards}
            self.message = None

    def cancel_tricks(self) -> None:
        """Back to the hand without recording anything."""
        self.tricks_draft = None
        self.counted_draft = {}

    def step_tricks(self, seat: int, delta: int) -> None:
        """One trick more or less for ``seat``, kept within 0 and the hand size."""
        if self.tricks_draft is not None:
            cards = self.state.current.cards
            self.tricks_draft[seat] = min(cards, max(0, self.tricks_draft[seat] + delta))

    def step_counted(self, kind: str, seat: int, delta: int) -> None:
        """One action card (Rage's +5 or -5) more or less for ``seat``."""
        if kind in self.counted_draft:
            self.counted_draft[kind][seat] = max(0, self.counted_draft[kind][seat] + delta)

    def tricks_check(self) -> tuple[str, bool]:
        """The live check of the tricks' total: its text, and whether the engine would accept the counts."""
        cards = self.state.current.cards
        total = sum(self.tricks_draft or ())
        vanish = self.game.rules.tricks_may_vanish
        if vanish:
            text = t("tricks.check_range", total=total, low=max(0, cards - vanish), cards=cards)
        else:
            text = t("tricks.check_exact", total=total, cards=cards)
        return text, self.game.can_record_tricks(self.tricks_draft or [], self.counted_draft)

    def trick_lines(self) -> list[TrickLine]:
        """Each player's count with the points it would score and whether the bid is made."""
        hand = self.state.current
        lines = []
        for seat, name in enumerate(self.players):
            taken = (self.tricks_draft or [0] * len(self.players))[seat]
            counted = {kind: counts[seat] for kind, counts in self.counted_draft.items()}
            bid = hand.bids[seat]
            points = hand_points(self.game.rules.scoring, cards=hand.cards, bid=bid, tricks=taken, counted=counted)
            lines.append(TrickLine(seat, name, taken, counted, points, bid == taken))
        return lines

    def confirm_tricks(self) -> bool:
        """Score the hand with the counts entered; a refusal says why and keeps the counts."""
        if self.tricks_draft is None:
            return False
        try:
            self.saved.record_tricks(self.tricks_draft, self.counted_draft)
        except (BidwellError, StorageError) as error:
            self.message = _sentence(error)
            return False
        self.cancel_tricks()
        self.message = None
        return True

    # -- scoreboard and corrections --

    def board(self) -> list[BoardRow]:
        """Every hand so far: each player's bid (as the table may see it), tricks, points, running total."""
        rows = []
        for hand in self.state.hands:
            cells = []
            for seat in hand.seats:
                cells.append(
                    Cell(
                        bid=_shown(seat.shown_bid, hidden=seat.bid is not None),
                        tricks="" if seat.tricks is None else str(seat.tricks),
                        points="" if seat.points is None else str(seat.points),
                        total="" if seat.total is None else str(seat.total),
                        made=seat.exact if hand.scored else None,
                    )
                )
            rows.append(BoardRow(hand.number, hand.cards, hand.dealer, tuple(cells), hand.scored))
        return rows

    def leaders(self) -> set[int]:
        """Seats with the highest total (no one before the first hand is scored)."""
        totals = self.state.totals
        if not self.state.scored_hands:
            return set()
        return {seat for seat, total in enumerate(totals) if total == max(totals)}

    def start_correction(self, number: int) -> None:
        """Open finished hand ``number`` for correction with its recorded values."""
        hand = self._hand(number)
        if self.read_only or hand is None or not hand.scored:
            return
        self.correcting = number
        self.bids_draft = list(hand.bids)  # type: ignore[arg-type]
        self.tricks_draft = list(hand.tricks)  # type: ignore[arg-type]
        self.counted_draft = {kind.name: list(hand.counted(kind.name)) for kind in self.game.rules.scoring.cards}
        self.message = None

    def step_bid(self, seat: int, delta: int) -> None:
        """While correcting: one more or less on ``seat``'s bid, within 0 and the hand size."""
        if self.correcting is not None:
            cards = self._hand(self.correcting).cards
            self.bids_draft[seat] = min(cards, max(0, self.bids_draft[seat] + delta))

    def step_correction_tricks(self, seat: int, delta: int) -> None:
        """While correcting: one trick more or less for ``seat``."""
        if self.correcting is not None and self.tricks_draft is not None:
            cards = self._hand(self.correcting).cards
            self.tricks_draft[seat] = min(cards, max(0, self.tricks_draft[seat] + delta))

    def save_correction(self) -> bool:
        """Save the corrected hand; every later total follows. A refusal says why."""
        if self.correcting is None:
            return False
        number = self.correcting
        try:
            self.saved.correct(number, self.bids_draft, self.tricks_draft or [], self.counted_draft)
        except (BidwellError, StorageError) as error:
            self.message = _sentence(error)
            return False
        self.cancel_correction()
        self.message = t("correct.done", number=number)
        return True

    def cancel_correction(self) -> None:
        """Leave the correction without saving."""
        self.correcting = None
        self.bids_draft = []
        self.cancel_tricks()

    def undo(self) -> bool:
        """Undo the last action, whatever it was."""
        if self.read_only:
            return False
        if not self.game.can_undo():
            self.message = t("undo.nothing")
            return False
        try:
            self.saved.undo()
        except StorageError as error:
            self.message = _sentence(error)
            return False
        self.cancel_correction()
        self._unlocked = None
        self.message = t("undo.done")
        return True

    # -- the end --

    def ending(self) -> Ending:
        """Who won, how the tie was broken, a coin flip still to make, and the final standings."""
        state = self.state
        names = [self.players[s] for s in state.winners]
        if state.coin_flip_between:
            headline = t("end.coin_needed", names=", ".join(names))
        elif len(names) == 1:
            headline = t("end.winner", name=names[0])
        else:
            headline = t("end.shared", names=", ".join(names))
        how = None
        if state.decided_by is not None:
            how = t(_DECIDED_BY[state.decided_by])
        elif len(names) > 1 and not state.coin_flip_between:
            how = t("end.tie_shared")
        # The winners head the standings even where a tie-break, not the total, put them there.
        winners = set(state.winners) if not state.coin_flip_between else set()
        order = sorted(range(len(self.players)), key=lambda s: (s not in winners, -state.totals[s]))
        standings = []
        for seat in order:
            if seat in winners:
                place = 1
            else:
                place = 1 + len(winners) + sum(
                    1 for other in range(len(self.players)) if other not in winners and state.totals[other] > state.totals[seat]
                )
            standings.append(t("end.place", place=place, name=self.players[seat], total=state.totals[seat]))
        standings = tuple(standings)
        return Ending(headline, how, tuple(self.players[s] for s in state.coin_flip_between), standings)

    def flip_coin(self) -> str | None:
        """Flip the coin among the tied players and record who won it."""
        between = self.state.coin_flip_between
        if not between or self.read_only:
            return None
        winner = self.chance.choice(between)
        try:
            self.saved.record_coin_flip(winner)
        except (BidwellError, StorageError) as error:
            self.message = _sentence(error)
            return None
        return self.players[winner]

    def record_json(self) -> str:
        """The game's record, as ``bidwell export`` writes it."""
        return json.dumps(self.saved.record(), ensure_ascii=False, indent=2)

    def rematch(self, store: GameStore) -> SavedGame:
        """A new game of the same game and options, the same players in the same seats; the next seat deals first."""
        game = self.game
        first = (game.first_dealer + 1) % len(game.players)
        return store.start(Game.new(game.rules.game.id, game.players, first_dealer=first, options=game.rules.options))

    def _hand(self, number: int) -> HandView | None:
        hands = self.state.hands
        return hands[number - 1] if 0 < number <= len(hands) else None


_DECIDED_BY = {
    TieBreak.FINAL_HAND_POINTS: "end.by_final_hand",
    TieBreak.EXACT_BIDS: "end.by_exact_bids",
    TieBreak.COIN_FLIP: "end.by_coin_flip",
}


def _sentence(error: Exception) -> str:
    """A refusal as the screen shows it: the engine's words, starting with a capital."""
    text = str(error)
    return text[:1].upper() + text[1:]


def _shown(value: int | None, hidden: bool) -> str:
    if value is not None:
        return str(value)
    return t("bid.secret_mark") if hidden else ""


# --- history -------------------------------------------------------------------


class HistoryModel:
    """The past games list: filters, pages, and deleting with a confirmation."""

    def __init__(self, store: GameStore):
        self.store = store
        self.player = ""
        self.game: str | None = None
        self.items: list[GameSummary] = []
        self.has_more = False
        self.pending_delete: GameSummary | None = None
        self.message: str | None = None
        self.refresh()

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
        return t("history.delete_confirm", game=self.pending_delete.game_name,
                 players=", ".join(self.pending_delete.players))

    def confirm_delete(self) -> None:
        """Delete the game asked about."""
        if self.pending_delete is not None:
            try:
                self.store.delete(self.pending_delete.id)
            except StorageError as error:
                self.message = _sentence(error)
                return
            self.pending_delete = None
            self.message = t("history.deleted")
            self.refresh()

    def cancel_delete(self) -> None:
        """Keep the game."""
        self.pending_delete = None
