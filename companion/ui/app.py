"""The Bidwell app: Flet's declarative components, one route per screen.

``/`` start, ``/new`` a new game, ``/sheets`` a blank score sheet, ``/game/<id>`` the game being scored,
``/game/<id>/hand/<n>`` the correction of hand n, ``/game/<id>/adjust`` a bonus or penalty, ``/history`` past games,
``/history/<id>`` one past game, ``…/share`` a game's link and spreadsheet, ``/shared?game=…`` a game opened from
a link. The routes nest, so the phone's back
gesture, the top bar's arrow and the browser's back button all lead up;
the screens below stay where they were (a scoreboard keeps its place after
a correction) and a new screen opens at its top. Screens draw frozen views
from :mod:`companion.views.play`; Flet sends only what changed.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.server.pins import PinGate, is_this_computer
from companion.server.seats import Tables
from companion.store.games import GameStore
from companion.ui.adjust import AdjustScreen
from companion.ui.blank_sheet import BlankSheetScreen
from companion.ui.correction import HandScreen
from companion.ui.fonts import fonts_at_start, names_need_far_east
from companion.ui.language import SESSION_KEY, ask_language, tab_language
from companion.ui.late_answers import answers_reach_their_callers
from companion.ui.play import GameScreen, PastGameScreen
from companion.ui.screens import HistoryScreen, NewGameScreen, NotFound, PinScreen, StartScreen
from companion.ui.seat import JoinScreen, join_code_of
from companion.ui.session import Session, SessionContext, Speech
from companion.ui.sharing import SharedScreen, ShareScreen
from companion.ui.stats import PlayerStatsScreen, StatsScreen
from companion.ui.theme import DARK_THEME, LIGHT_THEME
from companion.views.sharing import app_address, opened_route
from scoring.i18n.language import set_ambient

if TYPE_CHECKING:
    from companion.server.link import Admission  # the server's module, never loaded in a browser


ROUTES = [
    ft.Route(path="/", component=StartScreen, children=[
        ft.Route(path="new", component=NewGameScreen),
        ft.Route(path="sheets", component=BlankSheetScreen),
        ft.Route(path=r"game/:gid", component=GameScreen, children=[
            ft.Route(path=r"hand/:number(\d+)", component=HandScreen),
            ft.Route(path="adjust", component=AdjustScreen),
            ft.Route(path="share", component=ShareScreen),
        ]),
        ft.Route(path="history", component=HistoryScreen, children=[
            ft.Route(path=r":gid", component=PastGameScreen, children=[
                ft.Route(path="share", component=ShareScreen),
            ]),
        ]),
        ft.Route(path="shared", component=SharedScreen),
        ft.Route(path="stats", component=StatsScreen, children=[
            ft.Route(path=r":name", component=PlayerStatsScreen),
        ]),
    ]),
]


@ft.component
def App(session: Session, speech: Speech, pin_session) -> list[ft.View]:
    """The PIN gate under --lan, then the routed screens, every one inside the tab's session, in the tab's
    language (drawn again whole when it changes). A player's own phone, come by a game's join link, gets that
    game's seat and nothing else, and needs no PIN."""
    page = ft.context.page
    unlocked, set_unlocked = ft.use_state(pin_session is None)
    # A player's phone at the table: come by a join link, by /join typed or scanned, or by the PIN screen's
    # "I'm a player". Once at the table, the tab stays there, whatever address it goes to next.
    at_the_table, set_at_the_table = ft.use_state(lambda: session.tables is not None and is_join_route(page.route))
    ft.use_effect(lambda: session.listen(page), [], cleanup=None)
    ft.use_effect(lambda: ask_language(page, session), [])
    locked = not unlocked and not at_the_table
    # Only the scorekeeper's screens are told of guessing: a player's phone and a tab behind the PIN are not.
    scorekeeper = unlocked and not at_the_table
    ft.use_effect(lambda: session.watch_guessing() if scorekeeper else None, [scorekeeper])

    def follow_routes() -> None:
        # Until the PIN opens the screens (whose router follows the address from then on), an address the tab goes
        # to is looked at here: /join leads to the join code.
        def route_changed(e: ft.RouteChangeEvent) -> None:
            if session.tables is not None and is_join_route(e.route):
                set_at_the_table(True)

        if locked:
            page.on_route_change = route_changed

    ft.use_effect(follow_routes, [locked])
    if speech.code is None:
        return [ft.View(route="/")]  # for the moment it takes to ask the phone its language
    if at_the_table:
        return SessionContext(session, lambda: [JoinScreen(session.joining, session.seating)])
    if not unlocked:
        to_table = (lambda: page.navigate("/join")) if session.tables is not None else None
        return [PinScreen(pin_session, lambda: set_unlocked(True), to_table)]
    return SessionContext(session, lambda: ft.Router(ROUTES, not_found=NotFound, manage_views=True))


def is_join_route(route: str) -> bool:
    """Whether ``route`` is a player's way to a game's table: ``/join``, or ``/join/CODE``.

    >>> is_join_route("/join"), is_join_route("/join/ABC234"), is_join_route("/"), is_join_route("/joint")
    (True, True, False, False)
    """
    return join_code_of(route) is not None or route.split("?")[0].rstrip("/") == "/join"


def start_page(page: ft.Page, store: GameStore, *, pin_gate: PinGate | None = None, join_url: str | None = None,
               phone_app_url: str | None = None, keeping: str | None = None, tables: Tables | None = None,
               admission: Admission | None = None) -> Session:
    """Set up one tab (a Flet session): its look, its session, and the screens; returns the session. ``keeping``
    (a sentence's key) is said on the start screen: where the games are kept, when that is not plain (in a
    browser). ``admission`` (under --lan) is told when the tab gives the PIN or a join code."""
    set_ambient(tab_language)
    answers_reach_their_callers()  # a Back refused as its screen closes must not cut the phone off
    page.title = "Bidwell"
    page.theme_mode = ft.ThemeMode.SYSTEM
    page.theme = LIGHT_THEME
    page.dark_theme = DARK_THEME
    session = Session(store, join_url=join_url, phone_app_url=phone_app_url, keeping=keeping, tables=tables,
                      pin_gate=pin_gate)
    session.preferences = ft.SharedPreferences()
    session.address = app_address(page.url, page.route or "/", join_url)
    # A shared game's link opens at the app's first address (any host serves that one): shown on its own screen.
    page.route = opened_route(page.route or "/")
    # Guesses are throttled per tab and per address: a guesser's address, not the table's, runs out of tries.
    address = page.client_ip or ""
    # The server lets go of a tab that gives neither the PIN nor a join code (companion.server.link.Admission).
    admitted = None if admission is None else partial(admission.admit, page.session.id)
    if tables is not None:
        session.join_guesses = tables.session(address, admitted)
    # Set before the Router mounts, which then leaves every Back to it.
    page.on_view_pop = session.back.view_pop
    page.on_disconnect = lambda _: _link(session, connected=False, reloaded=admission is not None
                                         and admission.closed_by_its_page(page.session.id))
    page.on_connect = lambda _: _link(session, connected=True, page=page)
    page.on_close = lambda _: session.stop_watching_guessing()  # the session expired: the gates tell it no more
    page.session.store.set(SESSION_KEY, session)
    # The computer Bidwell runs on is the scorekeeper's: its own tab opens without the PIN. Behind a reverse proxy
    # on this computer, the proxy must pass the phone's address on (X-Forwarded-For), as README says.
    pin_session = None
    if pin_gate is not None and not is_this_computer(address):
        pin_session = pin_gate.session(address, admitted)
    elif pin_gate is not None and admitted is not None:
        admitted()
    page.fonts = opening_fonts(store, pin_gate, address)
    page.render_views(App, session, session.speech, pin_session)
    return session


def opening_fonts(store: GameStore, pin_gate: PinGate | None, address: str) -> dict[str, str]:
    """The fonts a tab from ``address`` opens with (``page.fonts``, and what its page preloads): the shipped font
    draws every name offline; its far-east glyphs come only to a tab that needs them (:mod:`companion.ui.fonts`),
    and a tab behind the PIN, which sees no stored game, is not told of them by its font."""
    sees_the_games = pin_gate is None or is_this_computer(address)
    return fonts_at_start(sees_the_games and names_need_far_east(store.player_names()))


def _link(session: Session, *, connected: bool, page: ft.Page | None = None, reloaded: bool = False) -> None:
    """The tab's connection dropped or came back: nothing it held or sends from before counts (see
    :meth:`Session.link_lost`); a player's phone's seat shows as away meanwhile. A tab that left before its
    language was known is asked again when it comes back. A page the person ``reloaded`` (or closed) lost nothing
    they would be told of."""
    if connected:
        session.link_back()
        if session.speech.code is None and page is not None:
            ask_language(page, session)
    else:
        session.link_lost(reloaded=reloaded)
    _phone_away(session, connected=connected)


def _phone_away(session: Session, *, connected: bool) -> None:
    """A player's phone went away (locked, off the network) or came back: the scorekeeper sees its seat so."""
    joining = session.joining
    if joining.table is not None and joining.device is not None and joining.table.connected(joining.device,
                                                                                            connected):
        session.table_changed(joining.table.game_id)


