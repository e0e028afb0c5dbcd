"""One browser tab's state that outlives a screen: the store, the games it has open, and live news of others.

Every screen finds the tab's :class:`Session` through :data:`SessionContext`.
A game open on several screens (tabs, or phones under ``--lan``) is one file
on disk; each tab holds its own copy, and after every change the tab that
made it tells the others through Flet's pubsub, so they read it again and
draw it anew.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import contextvars
import functools
import logging
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass

import flet as ft

from companion.server.pins import PinGate, PinSession
from companion.server.seats import Table, Tables, new_device
from companion.store.files import StorageError, collecting_notices
from companion.store.games import GameStore, SavedGame
from companion.texts import t
from companion.views.common import SETTLE_SECONDS, Aim, Message, Settling
from companion.views.play import PlayModel
from scoring.i18n.choice import language
from scoring.i18n.language import Language
from scoring.i18n.locales import ENGLISH

log = logging.getLogger(__name__)

TOPIC = "bidwell/games"

SEEN_SECONDS = 10.0
"""How long a tap just taken waits for the phone to say it drew it (:meth:`GameHandle.settle_when_seen`): a phone
that does not answer by then gets its next pad all the same rather than a pad greyed for good."""

BOUNCE_SECONDS = 0.3
"""How long after the phone has a change of screen a Back is refused: the bounce of the touch that made the change, or
a tap made thinking it was not taken, lands on the arrow of the screen still closing (Flutter's route transition, as
long as this) or of the screen drawn anew in its place."""

REREAD_GUESSING_SECONDS = 2.0
"""How soon the scorekeeper's screens read the guessing again while it goes on."""

BACK_REFUSED_MS = 4000
"""How long the bar saying a Back was not taken stays."""

SEEN_QUESTION = "bidwell.seen"
"""The setting whose presence is asked to learn that the phone has drawn what came before (never stored)."""


@dataclass(frozen=True)
class GameNews:
    """What one tab tells the others: game ``game_id`` is now at ``revision`` (or was deleted)."""

    game_id: str
    revision: int
    sender: str
    deleted: bool = False


@dataclass(frozen=True)
class TableNews:
    """What one tab tells the others: a phone joined, left, went away from or came back to ``game_id``'s table."""

    game_id: str
    sender: str


@ft.observable
class GameHandle:
    """One game open in this tab: its play model, and a version that moves on with every change.

    Screens that take the handle as a property are drawn again whenever the
    version moves, whether this tab changed the game or another one did.
    Every tap names the :class:`~companion.views.common.Aim` its control was
    drawn for; the controls drawn for an aim are keyed by it and by this
    tab's ``link`` (which moves on when the connection drops), so a tap sent
    before the screen changed, or while the connection was lost, reaches no
    control drawn since.
    """

    def __init__(self, session: Session, saved: SavedGame):
        self.session = session
        self.model = PlayModel(saved)
        self.model.on_phone = session.on_phone(saved.id)
        self.version = 0
        self.link = session.link
        self.shown = saved.revision
        """The revision the screens of this tab last drew."""
        self._taps: dict[str, Callable[..., object]] = {}
        self._moving: concurrent.futures.Future | None = None
        """The screen's own scroll sent last (:meth:`moves`), which the next pad waits for."""

    @property
    def id(self) -> str:
        """The game's id."""
        return self.model.saved.id

    def key(self, aim: Aim) -> str:
        """The key of the control drawn for ``aim`` in this tab (see the class's text)."""
        return f"{aim.key}-{self.link}"

    def act(self, action: Callable[..., object], *args: object) -> object:
        """Run one tap, ``action(*args)``, on the model; the screens follow, and so do the other tabs on this
        game. A tap taken is shown where its pad was until the screen showing it says so (:func:`use_settling`)."""
        before = self.model.saved.revision
        with self.session.own_notices():
            result = action(*args)
        self._drawn()
        if self.model.saved.revision != before:
            self.session.announce(self.id, self.model.saved.revision)
        return result

    def moves(self, scroll: Callable[[], Awaitable[object]]) -> None:
        """Run ``scroll``, a move of the screen's own (the rows brought to the next player), so that the tap being
        settled ends only once the phone has it: a tap that lands while the rows move is lost, or lands on
        another row than the one aimed at."""
        self._moving = ft.context.page.run_task(scroll)

    async def settle_when_seen(self, settling: Settling) -> None:
        """End ``settling`` (the tap just taken, shown where its pad was) :data:`SETTLE_SECONDS` after the phone
        has it, not after the server took the tap: a slow phone had the next pad before it had drawn the greyed
        one, so its person never saw the tap taken, and a bounce had no greyed pad to land on. Nothing is ended
        if another tap has been taken meanwhile.

        Not covered (``benchmarks/bench_taps.py --slow 8``, Flutter's accessibility tree on, as in every browser
        test): on a phone 8 times slower, the second touch of a double tap reaches the server up to a second late,
        found on the screen as it is by then, and about one in eight is still given to the next player, as
        before this change."""
        try:
            await asyncio.wait_for(self.session.seen(), SEEN_SECONDS)
        except Exception as error:  # noqa: BLE001 - a phone that cannot answer gets its next pad all the same
            log.info("the phone did not say it drew the tap just taken: %r", error)
        moving = self._moving
        if moving is not None:
            try:
                await asyncio.wait_for(asyncio.wrap_future(moving), SEEN_SECONDS)
            except Exception as error:  # noqa: BLE001 - as above: the next pad comes all the same
                log.info("the phone did not say it moved the rows: %r", error)
        await asyncio.sleep(SETTLE_SECONDS)
        if self.model.settling is settling and self.model.settle():
            self._drawn()

    def _drawn(self) -> None:
        self.version += 1
        self.shown = self.model.saved.revision

    def changed_elsewhere(self) -> None:
        """Another tab (or another program) changed the game: read it again and draw it anew."""
        with self.session.own_notices():
            try:
                self.model.saved.reload()
            except StorageError as error:
                self.model.message = Message(str(error), error=True)
        if self.model.saved.revision != self.shown or self.model.message is not None:
            self._drawn()

    def link_lost(self) -> None:
        """The connection to this tab dropped: every control drawn so far is another from now on."""
        self.link = self.session.link
        self._drawn()

    def link_back(self) -> None:
        """The connection to this tab is back: the game is read again, and drawn anew whatever changed (what was
        drawn while the tab was away never reached it)."""
        self.changed_elsewhere()
        self._drawn()

    # Stable callables (bound methods compare equal), so memoized parts of the screen skip unchanged redraws; the
    # aim comes with each tap, from the control that was tapped.

    def on(self, tap: Callable[..., object]) -> Callable[..., object]:
        """What a control calls for ``tap`` (a method of :attr:`model`): the tap run through :meth:`act`. The
        same callable for the same tap every time, so a control drawn again is given what it had."""
        name = tap.__name__
        if name not in self._taps:
            self._taps[name] = functools.partial(self.act, getattr(self.model, name))
        return self._taps[name]


@ft.observable
class Banner:
    """The storage notices this tab met (a repaired index, a damaged file), shown until read."""

    def __init__(self) -> None:
        self.lines: tuple[str, ...] = ()

    def dismiss(self) -> None:
        """The notices were read."""
        self.lines = ()


@ft.observable
class Speech:
    """The language this tab speaks: ``code`` is None until it is known (the phone's remembered choice, else its
    browser's language, else English); the whole app is drawn again when it changes."""

    def __init__(self) -> None:
        self.code: str | None = None
        self.language: Language = language(ENGLISH)

    def choose(self, code: str) -> None:
        """Speak the language ``code`` (one Bidwell has) from now on."""
        self.language = language(code)
        self.code = self.language.code


@ft.observable
class Seating:
    """Moves on when a phone joins, leaves, goes away from or comes back to any game's table."""

    def __init__(self) -> None:
        self.version = 0


@ft.observable
class Guard:
    """What the scorekeeper's screens say of guessing: the wrong PINs and join codes of the last minutes while
    someone is guessing (0 while no one is), and what this tab changed: the new PIN, the join codes."""

    def __init__(self) -> None:
        self.pin_wrong = 0
        self.codes_wrong = 0
        self.new_pin: str | None = None
        self.codes_changed = False

    def read(self, pin_wrong: int, codes_wrong: int) -> None:
        """The gates' counts as they are now (the screens are drawn again only if they moved)."""
        if (pin_wrong, codes_wrong) != (self.pin_wrong, self.codes_wrong):
            self.pin_wrong, self.codes_wrong = pin_wrong, codes_wrong

    def changes_read(self) -> None:
        """The scorekeeper has read the new PIN or that the join codes changed."""
        self.new_pin, self.codes_changed = None, False


@ft.observable
class Listing:
    """Moves on when another tab starts, changes or deletes a game, so lists of games are read again."""

    def __init__(self) -> None:
        self.version = 0


class BackGuard:
    """The phone's Back (the top bar's arrow, a phone's back gesture) taken only on the screen it was aimed at.

    Every screen with one beneath asks before it closes (Flet's ``can_pop`` off, ``on_confirm_pop``). Told yes, the
    phone closes it, and the screen beneath is uncovered as it was after the route's transition (Flet's client gives
    every route Flutter's 300 ms one, and with the INSTANT theme the closing screen stays drawn, whole, till it ends).
    A screen beneath that is drawn anew on return (the start screen, light to draw) does not wait for it: the phone is
    told no, and the app goes there itself, the screen coming with a key of its own (:meth:`key`), which Flutter's
    navigator draws at once as a new screen in place of the two.

    A second touch meanwhile (a bounce, a double tap, a tap thought not taken) would land on the arrow of the screen
    beneath and close it too (the correction's arrow tapped twice led past the game to the start screen; so did Save
    and then the arrow). So a Back is taken for the screen on top only (a Back sent from a screen before another
    opened over it names the one beneath), and not while the last change of screen is still settling on the phone:
    until the phone has answered a question sent :data:`BOUNCE_SECONDS` after it started. It sends what it has to say
    in order, so a Back it sends before that answer, from a touch made meanwhile, is refused however late a busy phone
    handled the touch; a touch made once the phone is done is taken. A closing is timed from the phone's answer to
    the Back's yes; a change the app makes (a Back to a screen drawn anew, Save closing the correction), from its
    answer to a question asked after the change.
    """

    def __init__(self, seen: Callable[[], Awaitable[None]]):
        self._seen = seen
        self._open: set[str] = set()
        """The addresses of the screens open, each a view of the Router's stack: each nests in the one below."""
        self._closing: str | None = None
        """The screen the phone was told yes to close: its transition is timed already."""
        self._moves = 0
        """Counts the changes of screen: a transition's end is taken only for the last change."""
        self._moving = False
        """Whether a change of screen is settling on the phone (a Back is refused)."""
        self._page: ft.Page | None = None
        self._refused: ft.SnackBar | None = None
        """The bar saying a Back was not taken, until it is gone."""
        self._shown_again: dict[str, int] = {}
        """How many times each screen was shown again by the closing of one over it: its key moves on each time."""
        self._drawn_anew: set[str] = set()
        """The screens drawn anew as the one over them closes (:meth:`key`): a Back to them is the app's to make."""
        self._top: str | None = None
        """The address of the screen on top when the screens were last drawn."""

    def key(self, path: str, location: str, *, drawn_anew: bool) -> str:
        """The key the phone knows the screen at ``path`` by (Flet's ``View.route``), the address being ``location``.

        A screen ``drawn_anew`` gets a new key as the one over it closes: Flutter's navigator then draws it at once
        as a new screen in place of the two (from its top), where closing the top one plays the route's 300 ms
        transition and uncovers the screen as it was. Opening a screen over it keeps its key, so it is not drawn
        again beneath the new one."""
        if drawn_anew:
            self._drawn_anew.add(path)
        if path == location:
            revealed = self._top is not None and self._top != path and self._top.startswith(path.rstrip("/") + "/")
            if revealed and drawn_anew:
                self._shown_again[path] = self._shown_again.get(path, 0) + 1
            self._top = path
        again = self._shown_again.get(path, 0)
        return path if again == 0 else f"{path}{KEY_MARK}{again}"

    def opened(self, path: str) -> None:
        """The screen at ``path`` was opened (every screen says so). It is drawn at once, over the one beneath: a
        Back on the phone from now on was aimed at it, or names the screen beneath and is refused. Opened on top
        as another closes (``/shared`` → a past game), no screen closing stays drawn over it."""
        self._open.add(path)
        self._page = ft.context.page
        if path == self._stack()[-1]:
            self._moves += 1
            self._moving = False
            self._take_down_refusal()

    def _stack(self) -> list[str]:
        """The screens open, from the bottom: each address nests in the one below it."""
        return sorted(self._open, key=len)

    def closed(self, path: str) -> None:
        """The screen at ``path`` was closed, by the phone after a yes (timed already) or by the app (timed from the
        phone's answer to a question sent after the change, when the phone has it)."""
        self._open.discard(path)
        if path == self._closing:
            self._closing = None
        elif self._page is not None:
            move = self._start_moving()
            self._page.run_task(self._moving_once_seen, move)

    def _start_moving(self) -> int:
        """A screen starts closing: Backs are refused until the move returned is over."""
        self._moves += 1
        self._moving = True
        return self._moves

    async def _answered(self, what: str) -> None:
        try:
            await asyncio.wait_for(self._seen(), SEEN_SECONDS)
        except Exception as error:  # noqa: BLE001 - a phone that cannot answer gets its Back all the same
            log.info("the phone did not answer after %s: %r", what, error)

    async def _moving_once_seen(self, move: int) -> None:
        await self._answered("a screen closed")
        await self._moving_until_drawn(move)

    async def _moving_until_drawn(self, move: int) -> None:
        """The phone started the change of screen ``move`` a moment ago: a Back is taken again once the phone has
        answered a question sent :data:`BOUNCE_SECONDS` later."""
        await asyncio.sleep(BOUNCE_SECONDS)
        await self._answered("a change of screen")
        if move == self._moves:
            self._moving = False

    def ask_before_closing(self, view: ft.View) -> ft.View:
        """``view``, a screen with one beneath, made to ask :meth:`confirm_pop` before the phone closes it."""
        view.can_pop = False
        view.on_confirm_pop = self.confirm_pop
        return view

    async def confirm_pop(self, event: ft.ControlEvent) -> None:
        """A Back on the phone asks to close the screen ``event.control``. Taken if it is on top and no change of
        screen is settling: the phone is told yes and closes it, or, where the screen beneath is drawn anew, told no
        while the app goes there (see :meth:`key`). Otherwise no, and the bar says the Back was not taken."""
        view = event.control
        page = ft.context.page  # not the event's: its screen may be gone by the time the phone has answered
        stack = self._stack()
        if len(stack) > 1 and path_of(view.route) == stack[-1] and not self._moving:
            move = self._start_moving()
            if stack[-2] in self._drawn_anew:
                # Not awaited: sent before the change of screen, the phone has its answer before the screen goes.
                page.run_task(_refuse_pop, view)
                page.run_task(self._moving_until_drawn, move)  # should the change never come; else closed() times it
                page.navigate(stack[-2])
                return
            self._closing = stack[-1]
            try:
                await view.confirm_pop(True)
            finally:
                page.run_task(self._moving_until_drawn, move)
            return
        await _refuse_pop(view)
        log.info("a Back on %s refused (screens open: %s)", path_of(view.route), stack)
        if self._refused is None:  # one bar says it for a flurry of taps, not one after another for 4 s each
            self._refused = ft.SnackBar(ft.Text(t("nav.back_refused")), duration=BACK_REFUSED_MS,
                                        on_dismiss=self._refusal_gone)
            page.show_dialog(self._refused)

    def _refusal_gone(self, event: ft.Event[ft.SnackBar]) -> None:
        if event.control is self._refused:
            self._refused = None

    def _take_down_refusal(self) -> None:
        """A screen opened: the bar about a Back on the one before is old news, and would sit over this one's
        buttons at the bottom (the correction's Save) for the rest of its time."""
        if self._refused is not None:
            self._refused.open = False
            self._refused.update()
            self._refused = None

    def view_pop(self, event: ft.ViewPopEvent) -> None:
        """Flet's ``page.on_view_pop``, set before the Router mounts (which then leaves Back to it): the phone has
        closed the screen on top (after :meth:`confirm_pop`); the address follows it to the screen beneath, as the
        Router's own handler does. A screen the app replaced (:meth:`key`) is not on top any more: nothing follows."""
        stack = self._stack()
        if len(stack) > 1 and path_of(event.route) == stack[-1]:
            event.page.navigate(stack[-2])


KEY_MARK = "#"
"""Between a screen's address and the count in its key (:meth:`BackGuard.key`): no address the Router matches holds
it (the Router takes what follows it as the address's fragment)."""


def path_of(key: str) -> str:
    """The address of the screen the phone knows by ``key`` (:meth:`BackGuard.key`)."""
    return key.partition(KEY_MARK)[0]


async def _refuse_pop(view: ft.View) -> None:
    with contextlib.suppress(RuntimeError):  # closed meanwhile: the phone, which closed it too, asks no more
        await view.confirm_pop(False)


class Session:
    """A tab's store, paper size, open games, and what it shows of the storage and of other tabs.

    Not observable itself: a tap in a game draws that game's screen only,
    never the lists of games below it, which are read when they are shown.
    """

    def __init__(self, store: GameStore, *, paper: str = "a4", join_url: str | None = None,
                 phone_app_url: str | None = None, keeping: str | None = None, tables: Tables | None = None,
                 pin_gate: PinGate | None = None):
        self.store = store
        self.tables = tables
        """The games' tables, where the players' own phones join (under --lan), or None."""
        self.pin_gate = pin_gate
        """The PIN's gate (under --lan), which the scorekeeper's screens watch for guessing and may change."""
        self.guard = Guard()
        """What this tab's screens say of guessing at the PIN and the join codes."""
        self.seating = Seating()
        self.joining = Joining()
        self.join_guesses: PinSession | None = None
        """This tab's own count of wrong join codes (a player's phone), throttled with every other tab's."""
        self.paper = paper
        self.join_url = join_url
        self.phone_app_url = phone_app_url
        self.keeping = keeping
        self.address: str | None = None
        """The address a link to this app starts with, where it has one (see
        :func:`companion.views.sharing.app_address`)."""
        self.games: dict[str, GameHandle] = {}
        self.banner = Banner()
        self.listing = Listing()
        self.speech = Speech()
        self.preferences: ft.SharedPreferences | None = None
        """What this tab's browser keeps for it (the language picked), once the tab is set up."""
        self.back = BackGuard(self.seen)
        self._page: ft.Page | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._context: contextvars.Context | None = None
        self.link = 0
        """Moves on each time this tab's connection drops (see :class:`GameHandle`)."""
        self._lost = False
        self._say_back = True
        self._reread_due = False
        self._stop_watching: Callable[[], None] | None = None

    @contextlib.contextmanager
    def own_notices(self) -> Iterator[None]:
        """Whatever the storage repairs inside is told on this tab, not in another."""
        with collecting_notices() as collected:
            yield
        if collected:
            self.banner.lines = (*self.banner.lines, *(t("notice.storage", text=notice.text) for notice in collected))

    def tell(self, text: str) -> None:
        """Show ``text`` in this tab's notices (what happened to the games outside any tap)."""
        self.banner.lines = (*self.banner.lines, text)

    def storage_undone(self, text: str) -> None:
        """The device did not keep changes already shown as made, and the folder is back as it kept it (a browser
        that refused to store them after the tap was over): every open game is read again and drawn as kept, and
        ``text`` says so."""
        for handle in list(self.games.values()):
            handle.changed_elsewhere()
        self.tell(text)

    async def seen(self) -> None:
        """Return once this tab's phone has taken in everything sent to it so far: it answers a question (a
        remembered setting's presence) asked after it, and a phone handles what it is sent in order."""
        if self.preferences is not None:
            await self.preferences.contains_key(SEEN_QUESTION)

    def link_lost(self, *, reloaded: bool = False) -> None:
        """This tab's connection dropped: the controls drawn until now are taken for none drawn from now on, so a
        tap the phone held while it was cut off, or sends when it comes back, reaches nothing. Its return is said
        on its screen unless its page was ``reloaded`` (or closed) by the person, who lost nothing they tapped."""
        self.link += 1
        self._lost = True
        self._say_back = not reloaded
        for handle in list(self.games.values()):
            handle.link_lost()

    def link_back(self) -> None:
        """This tab's connection is back: its games are read again and drawn as stored, and it is said that
        nothing tapped meanwhile was taken."""
        if not self._lost:
            return
        self._lost = False
        for handle in list(self.games.values()):
            handle.link_back()
        if self.games and self._say_back:
            self.tell(t("link.back"))

    def game(self, game_id: str) -> GameHandle:
        """The open game ``game_id`` (opened from the store the first time); StorageError if it cannot be read."""
        handle = self.games.get(game_id)
        if handle is None:
            with self.own_notices():
                saved = self.store.open(game_id)
            handle = self.games[game_id] = GameHandle(self, saved)
        return handle

    def on_phone(self, game_id: str) -> Callable[[int], bool]:
        """Whether a seat of ``game_id`` is held by a player's own phone (asked anew each time)."""

        def held(seat: int) -> bool:
            table = self.tables.known(game_id) if self.tables is not None else None
            return table is not None and table.held(seat)

        return held

    def table_changed(self, game_id: str) -> None:
        """A phone joined, left, went away from or came back to ``game_id``'s table: this tab and the others draw
        what depends on it again."""
        self._seating_moved(game_id)
        if self._page is not None:
            self._page.pubsub.send_others_on_topic(TOPIC, TableNews(game_id, self._page.session.id))

    def _seating_moved(self, game_id: str) -> None:
        self.seating.version += 1
        handle = self.games.get(game_id)
        if handle is not None:
            handle.version += 1

    def started(self, saved: SavedGame) -> GameHandle:
        """A game just started (or a rematch) in this tab."""
        handle = self.games[saved.id] = GameHandle(self, saved)
        self.announce(saved.id, saved.revision)
        return handle

    # -- guessing at the PIN and the join codes --

    def watch_guessing(self) -> Callable[[], None] | None:
        """This tab is the scorekeeper's: from now on its :attr:`guard` follows the guessing at the PIN and the join
        codes (told by the gates on the guesser's thread, handed to this tab's loop as news is); returns what stops
        it (None without --lan). Call after :meth:`listen`."""
        gates = [gate for gate in (self.pin_gate, self.tables) if gate is not None]
        if not gates or self._loop is None:
            return None
        loop, context = self._loop, self._context

        def told() -> None:
            if not loop.is_closed():
                loop.call_soon_threadsafe(self._read_guessing, context=context.copy())

        stops = [gate.listen(told) for gate in gates]

        def stop() -> None:
            for stop_listening in stops:
                stop_listening()
            self._stop_watching = None

        self._stop_watching = stop
        self._read_guessing()
        return stop

    def stop_watching_guessing(self) -> None:
        """This tab's session is over (or it is the scorekeeper's no more): the gates tell it nothing from now on."""
        if self._stop_watching is not None:
            self._stop_watching()

    def _read_guessing(self) -> None:
        """Read the gates' counts; while someone is guessing, read them again a moment later (the gates tell at
        most once a second, and nothing tells that the guessing has stopped)."""
        try:
            pin_wrong = self.pin_gate.guessing() if self.pin_gate is not None else 0
            codes_wrong = self.tables.guessing() if self.tables is not None else 0
            self.guard.read(pin_wrong, codes_wrong)
        except Exception:
            log.exception("reading the guessing at the PIN failed")
            return
        if (pin_wrong or codes_wrong) and self._loop is not None and not self._reread_due:
            self._reread_due = True
            self._loop.call_later(REREAD_GUESSING_SECONDS, self._reread_guessing, context=self._context.copy())

    def _reread_guessing(self) -> None:
        self._reread_due = False
        if self._stop_watching is not None:
            self._read_guessing()

    def change_pin(self) -> None:
        """A new PIN in place of the printed one, shown in this tab; tabs it opened stay open."""
        self.guard.new_pin = self.pin_gate.change()

    def change_codes(self) -> None:
        """A new join code for every game; phones at the tables keep their seats, and the game screens show the
        new codes."""
        for game_id in self.tables.change_codes():
            self.table_changed(game_id)
        self.guard.codes_changed = True

    # -- news between tabs --

    def listen(self, page: ft.Page) -> Callable[[], None]:
        """Hear the other tabs' news from now on; returns what stops listening.

        Pubsub calls a plain handler on a worker thread; the news is handed
        to this tab's event loop, in the tab's own context, where Flet draws.
        """
        self._page = page
        self._loop = asyncio.get_running_loop()
        self._context = contextvars.copy_context()
        page.pubsub.subscribe_topic(TOPIC, self._heard)
        return lambda: page.pubsub.unsubscribe_topic(TOPIC)

    def announce(self, game_id: str, revision: int, *, deleted: bool = False) -> None:
        """Tell the other tabs that ``game_id`` changed."""
        if self._page is not None:
            news = GameNews(game_id, revision, self._page.session.id, deleted)
            self._page.pubsub.send_others_on_topic(TOPIC, news)

    def _heard(self, _topic: str, news: GameNews | TableNews) -> None:
        if self._loop is None or self._loop.is_closed():
            return
        self._loop.call_soon_threadsafe(self._take_news, news, context=self._context.copy())

    def _take_news(self, news: GameNews | TableNews) -> None:
        try:
            if isinstance(news, TableNews):
                self._seating_moved(news.game_id)
                return
            handle = self.games.get(news.game_id)
            if news.deleted:
                self.games.pop(news.game_id, None)
            elif handle is not None and handle.shown != news.revision:
                handle.changed_elsewhere()
            self.listing.version += 1
        except Exception:
            log.exception("taking another screen's news failed")


@ft.observable
class Joining:
    """A player's own phone joining a game's table: the phone's id, the table its join code opened, its seat,
    and what the last step said (a wrong code, a seat taken)."""

    def __init__(self) -> None:
        self.device: str | None = None
        self.table: Table | None = None
        self.seat: int | None = None
        self.note: str | None = None
        self.answers = 0

    def arrived(self, device: str | None) -> str:
        """The phone's id as its browser kept it, or a new one; the phone takes back a seat it held."""
        self.device = device or new_device()
        self._take_back()
        return self.device

    def opened(self, table: Table | None, note: str | None) -> None:
        """A join code was tried: it opened ``table`` (None: it did not, and ``note`` says why)."""
        self.table, self.note = table, note
        self.answers += 1
        self._take_back()

    def _take_back(self) -> None:
        if self.table is not None and self.device is not None and self.seat is None:
            self.seat = self.table.seat_of(self.device)
            if self.seat is not None:
                self.table.connected(self.device, True)


SessionContext = ft.create_context(None)


def use_session() -> Session:
    """The tab's session, from any screen."""
    session = ft.use_context(SessionContext)
    assert session is not None, "screens are drawn inside the SessionContext"
    return session


def use_settling(handle: GameHandle) -> None:
    """Hook for a screen with the game's pads: a tap just taken on them ends once this screen has shown it
    (:meth:`GameHandle.settle_when_seen`). Asked again whenever the game is drawn anew; the wait is run after the
    screen's change is sent, so the phone is asked after it has it."""
    settling = handle.model.settling

    async def settle() -> None:
        if settling is not None:
            await handle.settle_when_seen(settling)

    ft.use_effect(settle, [handle.version])
