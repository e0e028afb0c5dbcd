"""The play screen's view-model: a game being scored (or a finished one looked at), every tap of its steps.

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

from companion.store.files import StorageError
from companion.store.game_files import ConflictError
from companion.store.games import GameStore, SavedGame
from companion.texts import in_use, t
from companion.views.bids import bid_pad_of, bids_line_of, change_pad_of, last_hand_of, running_total_of, trump_of
from companion.views.common import (
    Aim,
    Message,
    PadKey,
    Screen,
    Settling,
    Step,
    download_name,
    greyed,
    refusal,
    stale_tap,
)
from companion.views.correction import CorrectionModel
from companion.views.play_views import (
    BidLine,
    BidsView,
    BoardView,
    ChangeView,
    Ending,
    HandSummary,
    Header,
    PlayView,
    SeatRow,
    TableView,
    TricksView,
    TrumpView,
)
from companion.views.scoreboard import board_of, ending_of, header_of, options_new_of
from companion.views.stats import match_text
from companion.views.tricks import tricks_view_of
from companion.views.undo import undo_question_of, undone_line
from scoring.actions import Tricks
from scoring.draft import TrickDraft
from scoring.errors import BidwellError
from scoring.game import Game
from scoring.i18n.language import game_text
from scoring.i18n.sentences import Listed
from scoring.rules import BiddingMode
from scoring.state import GameState, HandView, Phase
from scoring.stats import MATCH_KEY, game_charts

EMPTY_BOARD = BoardView((), (), (), ())
"""The board of a view made for a screen that does not show it."""


class PlayModel:
    """A game being scored (or a finished one looked at): every tap of the play screens.

    Trick counts are entered on each player's own pad, one tap saying whose
    count and what it is; a count with one answer is filled in (the last
    player's, from what is left; everyone's still missing, once every trick
    is placed), so a hand costs one tap per bid, one per player who took
    tricks (but the last), and one to score it.

    Every tap names its :class:`Aim`, the state the control was drawn for; a tap whose aim is not what the
    screen shows now is refused and said so, never given to another player. A tap taken is shown where its
    pad was (:class:`Settling`) until :meth:`settle`; taps meanwhile are refused, so a finger's bounce never
    lands on the next player's pad (but on another player's tricks pad, which a bounce cannot reach).
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
        self.draft: TrickDraft | None = None
        """The tricks of the hand being played as entered so far (its scoring's draft); None before any."""
        self.on_phone: Callable[[int], bool] = lambda _seat: False
        """Whether a seat's player bids on a phone of their own (the table says; none without one)."""
        self._taken_over: tuple[int, int] | None = None
        self._changing: tuple[int, int] | None = None  # (hand, seat) whose bid is being changed
        self.rows_scroll = False
        """Whether the table's rows scroll on this tab's screen (more than fit): they move under a finger as the
        next bidder is brought into sight, so every pad waits a moment after a bid."""

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

    def view(self, *, board: bool = True) -> PlayView:
        """The play screen as it stands now; without the scoreboard and charts (``board`` False) for a screen that
        does not show them, which then hold an empty board and no charts."""
        screen = self.screen
        playing = screen is not Screen.FINISHED
        private = screen is Screen.PRIVATE_BID
        changing = self.changing
        bidding = screen in (Screen.BIDDING, Screen.PRIVATE_BID) and changing is None
        bids = self.bids_view() if bidding else None
        tricks = self.tricks_view() if screen is Screen.TRICKS else None
        change = self.change_view() if changing is not None and screen is not Screen.COVER else None
        if self.settling is not None:  # the next pad is drawn, but takes no tap while the last one is said
            bids = None if bids is None else dataclasses.replace(bids, keys=greyed(bids.keys))
            tricks = None if tricks is None else dataclasses.replace(tricks, lines=tuple(
                dataclasses.replace(line, keys=greyed(line.keys)) if self._settling_on(line.aim) else line
                for line in tricks.lines))
            change = None if change is None else dataclasses.replace(change, keys=greyed(change.keys))
        return PlayView(
            screen=screen,
            title=self.title,
            read_only=self.read_only,
            damage=self.saved.damage,
            header=self.header() if playing else None,
            summary=self.summary() if screen in (Screen.BIDDING, Screen.COVER, Screen.PHONE) else None,
            bids=bids,
            tricks=tricks,
            ending=self.ending() if screen is Screen.FINISHED else None,
            trump=self.trump_view() if playing and not private else None,
            board=self.board() if board else EMPTY_BOARD,
            message=self.message,
            can_undo=self.can_undo(),
            revision=self.saved.revision,
            charts=game_charts(self.game) if board else None,
            settling=self.settling,
            retired=self.retired,
            last_entry=self.last_entry,
            change=change,
            cover_aim=self.aim(Step.UNLOCK) if screen is Screen.COVER else None,
            undo_aim=self.aim(Step.UNDO),
            changing_name=None if changing is None else self.players[changing],
        )

    # -- aims: what each control is drawn for --

    def aim(self, step: Step, seat: int | None = None) -> Aim:
        """The aim of the control for ``step`` as the screen draws it now: a tap on it is taken only while this is
        still its aim (see :meth:`takes`). Each player has a tricks pad of their own: ``seat``'s (by default the
        next one to enter)."""
        hand = self.state.current
        number = None if hand is None else hand.number
        if step is Step.BID or step is Step.UNLOCK and self.changing is None:
            seat = self.state.next_bidder
        elif step in (Step.CHANGE, Step.UNLOCK):
            seat = self.changing
        elif step is Step.TRICKS:
            seat = self._fresh_draft().choosing if seat is None else seat
        else:
            seat = None
        return Aim(self.saved.revision, number, step, seat)

    def takes(self, aim: Aim) -> bool:
        """Whether a tap aimed at ``aim`` may be taken now; if not, :attr:`message` says why (what was taken
        instead, or that the game moved on). Nothing is taken from a game looked at only, nor while the last
        tap is still shown where its pad was."""
        if self.read_only:
            return False
        if self._settling_on(aim):
            self.message = Message(t("tap.during_settle", taken=self.settling.text), error=True)
            return False
        if aim.revision is None:
            now = self.aim(aim.step, aim.seat)
            if (aim.hand, aim.step) == (now.hand, now.step) and self._seat_pad_open(aim.step):
                return True
            self.message = Message(self.stale(aim), error=True)
            return False
        if aim != self.aim(aim.step, aim.seat):
            self.message = Message(self.stale(aim), error=True)
            return False
        return True

    def seat_aim(self, step: Step, seat: int) -> Aim:
        """The aim of ``seat``'s own pad at the table (:meth:`table`): that player, this hand, ``step``, with no
        revision: the pad stays theirs, and a tap on it is theirs, whatever another player enters meanwhile."""
        hand = self.state.current
        return Aim(None, None if hand is None else hand.number, step, seat)

    def table_aim(self, step: Step) -> Aim:
        """The aim of a control at the table that stays what it is for the whole hand (the trump's suits, a row's
        bid while the tricks are entered): no revision, so the control is not drawn anew at every tap."""
        hand = self.state.current
        return Aim(None, None if hand is None else hand.number, step)

    def _seat_pad_open(self, step: Step) -> bool:
        """Whether the table's controls for ``step`` are on the screen now."""
        screen = self.screen
        if step is Step.TRUMP:
            return screen in (Screen.BIDDING, Screen.TRICKS)
        return (step is Step.BID and screen is Screen.BIDDING) or (
            step in (Step.TRICKS, Step.CHANGE) and screen is Screen.TRICKS)

    def _settling_on(self, aim: Aim | None) -> bool:
        """Whether a tap aimed at ``aim`` would land while the last tap is still said: every control waits then,
        but another player's tricks pad (it stays where it is, so a bounce cannot reach it; a tap there is meant)."""
        if self.settling is None:
            return False
        pad = self.settling.pad
        if aim is not None and aim.step is Step.SCORE and pad is not None and pad.revision is None:
            return False  # Score is in the bar, which never moves: no bounce from a row's pad reaches it
        tricks = aim is not None and aim.step is Step.TRICKS and pad is not None and pad.step is Step.TRICKS
        return not tricks or aim == pad

    def stale(self, aim: Aim, otherwise: str | None = None) -> str:
        """Why a tap aimed at ``aim`` was not taken (see :func:`~companion.views.common.stale_tap`)."""
        return stale_tap(self.game, aim, self.draft, otherwise)

    def _taken(self, text: str, pad: Aim | None = None, keys: Sequence[PadKey] = (), chosen: int | None = None, *,
               stays: bool = False, guarded: bool = True) -> None:
        """A tap was taken (on ``pad``, whose ``keys`` it had, ``chosen`` the number taken): say ``text`` until
        :meth:`settle`, and keep saying it (``stays``) where the lines below do not show it by themselves (an
        undo, a changed bid). A private pad's keys are kept with no reasons: a struck-out number tells a sum.

        Not ``guarded``: the tap was on a player's own pad at the table, which stays where it is, so a bounce can
        only land on it again; nothing waits, and ``text`` is said as the last tap taken."""
        if not guarded:
            self.settling = None
            self.retired = None
            self.last_entry = text
            self.message = None
            return
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
        return header_of(self.game)

    def options_new(self) -> bool:
        """Whether the header says the hand's options: on the first hand, and where they change."""
        return options_new_of(self.game)

    # -- trump (a table aid) --

    def trump_view(self) -> TrumpView | None:
        """What is trump in the current hand, for a game that records it (None otherwise)."""
        return trump_of(self.game)

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
        return last_hand_of(self.game)

    # -- bids --

    @property
    def bidder(self) -> str | None:
        """The name of whoever bids next."""
        seat = self.state.next_bidder
        return None if seat is None else self.players[seat]

    def pad(self) -> list[PadKey]:
        """The numbers 0 to the hand size; the one the hook forbids is not allowed, with its short reason."""
        return bid_pad_of(self.game)

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
        return running_total_of(self.game)

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

    def tap_seat_bid(self, value: int, aim: Aim) -> bool:
        """A key of the bid pad of the player ``aim`` names, at the table (bids said aloud): their bid when it is
        their turn; after it, a change to another number; the number they bid, nothing (a second touch repeats
        it). A pad of a player not yet due takes nothing, and says whose turn it is."""
        if not self.takes(aim) or self.changing is not None:
            return False
        hand, seat = self.state.current, aim.seat
        name = self.players[seat]
        if hand.bids[seat] is None:
            if seat != self.state.next_bidder:
                self.message = Message(t("bid.not_yet", name=name, bidder=self.bidder), error=True)
                return False
            if not self._saving(aim, lambda: self.saved.bid(seat, value)):
                return False
            # The last bid turns every pad into a trick pad in its place: a bounce would be that player's count.
            ended = self.state.phase is not Phase.BIDDING
            self._taken(t("bid.taken", name=name, value=value), aim, guarded=self.rows_scroll or ended)
            return True
        if value == hand.bids[seat]:
            return True
        if not self._saving(aim, lambda: self.saved.change_bid(seat, value)):
            return False
        self._taken(t("bid.changed", name=name, value=value), guarded=self.rows_scroll)
        return True

    def left(self) -> None:
        """The game's screen was left (Back to the start screen): a private pad open on it is covered again, so
        whoever opens the game next sees the pass-the-phone cover, not a pad someone else unlocked."""
        self._unlocked = None

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

    def table(self) -> TableView | None:
        """The hand at the table while its bids are said aloud or its tricks entered: a row per player in the order
        of play, each with their own pad for the step (None on any other screen)."""
        screen = self.screen
        if screen not in (Screen.BIDDING, Screen.TRICKS):
            return None
        table = self._bidding_table() if screen is Screen.BIDDING else self._tricks_table()
        if self.settling is None:
            return table
        # Every pad waits, greyed, while the tap just taken is said (the rows scroll, or the bidding just ended).
        return dataclasses.replace(table, rows=tuple(dataclasses.replace(row, keys=greyed(row.keys),
                                                                         bid_changeable=False)
                                                     for row in table.rows))

    def _last_results(self) -> dict[int, tuple[str, bool]]:
        """What the last scored hand gave each seat ("✓ +12"), said in its row until the hand is played."""
        scored = self.state.scored_hands
        if not scored:
            return {}
        return {line.seat: (_result(bool(line.exact), line.points), bool(line.exact)) for line in scored[-1].seats}

    def _bidding_table(self) -> TableView:
        state, hand, game = self.state, self.state.current, self.game
        turn = state.next_bidder
        last = self._last_results()
        pad = tuple(self.pad())
        rows = []
        for seat in hand.bidding_order:
            bid = hand.bids[seat]
            name = self.players[seat]
            if seat == turn:
                keys, label = pad, t("bid.number", value="{value}")
            elif bid is not None and not self.read_only:
                keys, label = change_pad_of(game, seat), t("bid.seat_number", name=name, value="{value}")
            else:
                keys = tuple(PadKey(n, False) for n in range(hand.cards + 1))
                label = t("bid.seat_number", name=name, value="{value}")
            result, made = last.get(seat, ("", None))
            rows.append(SeatRow(
                seat=seat, name=name, dealer=seat == hand.dealer, first=seat == hand.first,
                bid=t("bid.waiting") if bid is None else str(bid), tricks="", result=result, made=made,
                total=in_use().integer(state.totals[seat]), turn=seat == turn, keys=keys, chosen=bid, label=label,
                aim=self.seat_aim(Step.BID, seat)))
        forbidden = next((key.reason for key in pad if not key.allowed), None)
        return TableView(
            hand=hand.number, bidding=True, rows=tuple(rows),
            status=t("bid.turn", name=self.bidder or ""), tally=self.running_total(),
            note=forbidden, can_score=False, score_aim=None)

    def _tricks_table(self) -> TableView:
        state, hand = self.state, self.state.current
        tricks = self.tricks_view()
        changeable = {line.seat: line.changeable for line in tricks.bids}
        # Cards captured in tricks are asked only of a player who took one; Rage's ±5 of anyone.
        captured = {kind.name for kind in self.game.rules.scoring.cards if kind.captured}
        rows = []
        for line in tricks.lines:
            result = "" if line.points is None else _result(bool(line.made), line.points)
            rows.append(SeatRow(
                seat=line.seat, name=line.name, dealer=line.seat == hand.dealer, first=line.seat == hand.first,
                bid=line.bid, tricks=t("tricks.not_yet") if line.tricks is None else str(line.tricks),
                result=result, made=line.made, total=in_use().integer(state.totals[line.seat]),
                turn=line.selected, keys=line.keys, chosen=line.tricks,
                label=t("tricks.pad", name=line.name, value="{value}"),
                aim=self.seat_aim(Step.TRICKS, line.seat),
                counted=tuple(kind for kind in line.counted
                              if kind[2] > 0 or (line.tricks if kind[0] in captured else kind[3] > 0)),
                filled_in=line.filled_in, bid_changeable=changeable.get(line.seat, False) and not self.read_only))
        tapped = any(line.tricks is not None and not line.filled_in for line in tricks.lines)
        if (tapped or tricks.choosing is None) and self.last_entry:
            status = self.last_entry
        else:
            status = t("tricks.choose", name=tricks.choosing or "")
        return TableView(
            hand=hand.number, bidding=False, rows=tuple(rows), status=status,
            tally=tricks.check, note=tricks.rest_none, summary=tricks.bid_total or tricks.bids_note,
            can_score=tricks.complete and not self.read_only,
            score_aim=tricks.score_aim)

    def bids_line(self) -> list[BidLine]:
        """Every player in bidding order with their bid as the table may see it now, and whether a tap on it
        changes it."""
        return bids_line_of(self.game, read_only=self.read_only)

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
        keys = change_pad_of(self.game, seat)
        private = hand.shown_bids[seat] is None
        name = self.players[seat]
        title = t("bid.change_private", name=name) if private else t("bid.change", name=name, value=hand.bids[seat])
        return ChangeView(seat, name, title, keys, hand.bids[seat], private, self.aim(Step.CHANGE))

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

    # -- tricks --

    def _fresh_draft(self) -> TrickDraft:
        """The hand's draft: every count empty, the first player in the order of play chosen, once per hand (and
        after undo)."""
        hand = self.state.current
        if hand is not None and (self.draft is None or self.draft.hand != hand.number):
            self.draft = TrickDraft.fresh(self.game)
        assert self.draft is not None, "a hand is being played"
        return self.draft

    def tap_tricks(self, value: int, aim: Aim | None = None) -> bool:
        """Give the player whose pad ``aim`` names (default: the next without a count) ``value`` tricks; a count
        with one answer left is filled in."""
        aim = aim or self.aim(Step.TRICKS)
        if not self.takes(aim) or self.state.phase is not Phase.PLAYING or self.changing is not None \
                or aim.seat is None:
            return False
        seat = aim.seat
        draft = self._fresh_draft()
        if value not in draft.allowed(self.game, seat):
            self.message = Message(self._trick_reason(seat, value), error=True)
            return False
        keys = next(line.keys for line in self.tricks_view().lines if line.seat == seat)
        self.draft = draft.give(self.game, seat, value)
        # A row's trick pad never moves (the rows are not scrolled for the tricks, entered in any order).
        self._taken(t("tricks.taken", name=self.players[seat], count=value), aim, keys, value,
                    guarded=aim.revision is not None)
        return True

    def _trick_reason(self, seat: int, value: int) -> str:
        cards = self.state.current.cards
        others = sum(v for s, v in enumerate(self._fresh_draft().without(seat)) if v is not None and s != seat)
        return t("tricks.too_many", name=self.players[seat], value=value, others=others, cards=cards)

    def step_counted(self, kind: str, seat: int, delta: int) -> None:
        """One action card (Rage's +5 or -5) more or less for ``seat``, never past the cards in the deck."""
        draft = self._fresh_draft()
        if not self.read_only:
            self.draft = draft.step_counted(self.game, kind, seat, delta)

    def tricks_view(self) -> TricksView:
        """Each player's bid and count with the points it would score, and the player's own pad."""
        draft = self._fresh_draft()
        hand = self.state.current
        view = tricks_view_of(self.game, hand, hand.bids, draft.tricks, draft.counted, draft.choosing,
                              draft.filled_in, private_bids=not self._bids_seen(),
                              aim_of=lambda seat: self.aim(Step.TRICKS, seat))
        return dataclasses.replace(view, score_aim=self.aim(Step.SCORE),
                                   bids=tuple(self.bids_line()))

    def _bids_seen(self) -> bool:
        hand = self.state.current
        return hand is not None and None not in hand.shown_bids

    def confirm_tricks(self, aim: Aim | None = None) -> bool:
        """Score the hand with the counts entered; a refusal says why and keeps the counts."""
        aim = aim or self.aim(Step.SCORE)
        if not self.takes(aim) or self.state.phase is not Phase.PLAYING or self.changing is not None:
            return False
        draft = self._fresh_draft()
        if not draft.complete:
            missing = [self.players[s] for s in draft.missing()]
            self.message = Message(t("tricks.missing", names=Listed(missing)), error=True)
            return False
        number = aim.hand
        if not self._saving(aim, lambda: self.saved.record_tricks(list(draft.tricks), dict(draft.counted),
                                                                  expected_revision=aim.revision)):
            return False
        self._taken(t("tricks.scored", number=number), guarded=False)
        return True

    # -- scoreboard --

    def board(self) -> BoardView:
        """Every hand so far: each player's bid (as the table may see it), tricks, points, running total."""
        return board_of(self.game, read_only=self.read_only, played_on=self.saved.created)

    def leaders(self) -> tuple[int, ...]:
        """Seats with the highest total (no one before the first hand is scored)."""
        return self.state.leaders

    # -- undo --

    def can_undo(self) -> bool:
        """Whether Undo is offered: there is something to take back, and nobody holds a private pad."""
        return not self.read_only and self.game.can_undo() and self.screen is not Screen.PRIVATE_BID

    def undo_question(self) -> str | None:
        """What Undo would take back, as a question to ask first (see :func:`undo_question_of`); None where it
        is taken back at once."""
        return undo_question_of(self.game)

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
        self._taken(undone_line(self.game, last), stays=True)
        if isinstance(last, Tricks):
            self.draft = TrickDraft.scored_again(self.game, last.tricks, last.counted)
        return True

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
        return ending_of(self.game, self.match_line())

    def match_line(self) -> str | None:
        """The tally of the match (a game and its rematches) this game is in; None if it is in none."""
        try:
            first = self.game.extras.get(MATCH_KEY) or self.saved.id
            tally = self.saved.store.matches([first]).get(first)
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


def _result(made: bool, points: int) -> str:
    """What a hand scored a player, in a row: "✓ +12", "× −10"."""
    mark = t("board.made_mark") if made else t("board.missed_mark")
    return f"{mark} {in_use().integer(points, signed=True)}"
