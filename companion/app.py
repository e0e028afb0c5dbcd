"""The Bidwell app: Flet's declarative components, one route per screen.

``/`` start, ``/new`` a new game, ``/game/<id>`` the game being scored,
``/game/<id>/hand/<n>`` the correction of hand n, ``/history`` past games,
``/history/<id>`` one past game. The routes nest, so the phone's back
gesture, the top bar's arrow and the browser's back button all lead up;
the screens below stay where they were (a scoreboard keeps its place after
a correction) and a new screen opens at its top. Screens draw frozen views
from :mod:`companion.viewmodels`; Flet sends only what changed.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from functools import partial

import flet as ft

from companion.app_assets import ASSETS
from companion.history import GameStore
from companion.lan import PinGate, is_this_computer, new_pin
from companion.storage import Notice
from companion.table import Tables
from companion.texts import t
from companion.ui.play import GameScreen, HandScreen, PastGameScreen
from companion.ui.screens import HistoryScreen, NewGameScreen, NotFound, PinScreen, StartScreen
from companion.ui.seat import JoinScreen, join_code_of
from companion.ui.session import Session, SessionContext, Speech
from companion.ui.stats import PlayerStatsScreen, StatsScreen
from scoring.i18n import ENGLISH, Language, available, match, set_ambient

TYPE_CHECKING = False
if TYPE_CHECKING:
    from companion.webserver import Admission  # the server's module, never loaded in a browser

log = logging.getLogger(__name__)

HOST = "127.0.0.1"
FONT = "Bidwell Sans"
SESSION_KEY = "bidwell.session"
"""Where a tab's :class:`Session` is kept in Flet's session store (read for the tab's language)."""
LANGUAGE_PREFERENCE = "bidwell.language"
"""The language chosen on a phone, as its browser keeps it (Flet's SharedPreferences)."""
LINK_LOST_PREFERENCE = "bidwell.link_lost"
"""What the page says when its connection is lost, in the tab's language, kept by its browser for companion/
link_watch.js to read (Flet's SharedPreferences keep it under "flutter." + this key)."""
ASK_SECONDS = 5
"""How long a phone is given to say its remembered and its browser's languages before it is spoken to in English."""

ROUTES = [
    ft.Route(path="/", component=StartScreen, children=[
        ft.Route(path="new", component=NewGameScreen),
        ft.Route(path=r"game/:gid", component=GameScreen, children=[
            ft.Route(path=r"hand/:number(\d+)", component=HandScreen),
        ]),
        ft.Route(path="history", component=HistoryScreen, children=[
            ft.Route(path=r":gid", component=PastGameScreen),
        ]),
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
    ft.use_effect(lambda: _find_language(page, session), [])
    locked = not unlocked and not at_the_table

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
    page.title = "Bidwell"
    page.theme_mode = ft.ThemeMode.SYSTEM
    # One shipped font draws every name (Latin, Greek, Cyrillic, Japanese) offline: tools/build_font.py.
    page.fonts = {FONT: "fonts/BidwellSans-Regular.ttf"}
    page.theme = ft.Theme(font_family=FONT)
    page.dark_theme = ft.Theme(font_family=FONT)
    session = Session(store, join_url=join_url, phone_app_url=phone_app_url, keeping=keeping, tables=tables)
    session.preferences = ft.SharedPreferences()
    # Guesses are throttled per tab and per address: a guesser's address, not the table's, runs out of tries.
    address = page.client_ip or ""
    # The server lets go of a tab that gives neither the PIN nor a join code (companion.webserver.Admission).
    admitted = None if admission is None else partial(admission.admit, page.session.id)
    if tables is not None:
        session.join_guesses = tables.session(address, admitted)
    page.on_disconnect = lambda _: _link(session, connected=False)
    page.on_connect = lambda _: _link(session, connected=True, page=page)
    page.session.store.set(SESSION_KEY, session)
    # The computer Bidwell runs on is the scorekeeper's: its own tab opens without the PIN. Behind a reverse proxy
    # on this computer, the proxy must pass the phone's address on (X-Forwarded-For), as README says.
    pin_session = None
    if pin_gate is not None and not is_this_computer(address):
        pin_session = pin_gate.session(address, admitted)
    elif pin_gate is not None and admitted is not None:
        admitted()
    page.render_views(App, session, session.speech, pin_session)
    return session


def _link(session: Session, *, connected: bool, page: ft.Page | None = None) -> None:
    """The tab's connection dropped or came back: nothing it held or sends from before counts (see
    :meth:`Session.link_lost`); a player's phone's seat shows as away meanwhile. A tab that left before its
    language was known is asked again when it comes back."""
    if connected:
        session.link_back()
        if session.speech.code is None and page is not None:
            _find_language(page, session)
    else:
        session.link_lost()
    _phone_away(session, connected=connected)


def _phone_away(session: Session, *, connected: bool) -> None:
    """A player's phone went away (locked, off the network) or came back: the scorekeeper sees its seat so."""
    joining = session.joining
    if joining.table is not None and joining.device is not None and joining.table.connected(joining.device,
                                                                                            connected):
        session.table_changed(joining.table.game_id)


def tab_language() -> Language | None:
    """The language of the tab being served now (what :mod:`scoring.i18n` asks, for every sentence it makes)."""
    try:
        session = ft.context.page.session.store.get(SESSION_KEY)
    except RuntimeError:  # not inside a tab: the command line's own language
        return None
    return None if session is None else session.speech.language


def _find_language(page: ft.Page, session: Session) -> None:
    page.run_task(find_language, page, session)


async def find_language(page: ft.Page, session: Session) -> None:
    """The tab's language: the one chosen on this phone before (remembered in its browser), else the first of its
    browser's languages Bidwell has, else English; and its paper (Letter in the US and Canada, A4 elsewhere)."""
    import asyncio

    remembered, locales = None, []
    try:
        remembered = await asyncio.wait_for(session.preferences.get(LANGUAGE_PREFERENCE), ASK_SECONDS)
    except Exception as error:  # noqa: BLE001 - a phone that cannot say is spoken to in its browser's language
        log.info("the remembered language could not be read: %s", error)
    try:
        info = await asyncio.wait_for(page.get_device_info(), ASK_SECONDS)
        locales = list(getattr(info, "locales", None) or [])
    except Exception as error:  # noqa: BLE001 - nor can it say its languages: English
        log.info("the phone's languages could not be read: %s", error)
    if locales and (locales[0].country_code or "") in ("US", "CA"):
        session.paper = "letter"
    wanted = [remembered] if isinstance(remembered, str) else []
    wanted += ["_".join(part for part in (locale.language_code, locale.country_code) if part) for locale in locales]
    code = next((found for found in map(match, wanted) if found is not None), ENGLISH)
    if not _connected(page):  # the tab left while its browser was asked; it is asked again if it comes back
        return
    speak(page, session, code)


def _connected(page: ft.Page) -> bool:
    """Whether the tab is there to be drawn: Flet raises for a session it has destroyed (the server lets go of a
    tab without the PIN), and a session whose tab left has no connection until it comes back."""
    try:
        return page.session.connection is not None
    except RuntimeError:
        return False


def speak(page: ft.Page, session: Session, code: str) -> None:
    """Have the tab speak ``code`` from now on; Flutter's own words (a field's menu, a button's tooltip) too, and
    the page's notice of a lost connection, which shows when the server cannot be asked for it."""
    session.speech.choose(code)
    page.locale_configuration = ft.LocaleConfiguration(
        supported_locales=[_flutter_locale(known) for known in available()],
        current_locale=_flutter_locale(session.speech.code),
    )
    page.update()
    page.run_task(_keep_link_words, session, t("link.lost"))


async def _keep_link_words(session: Session, words: str) -> None:
    try:
        await session.preferences.set(LINK_LOST_PREFERENCE, words)
    except Exception as error:  # noqa: BLE001 - the notice is then said in the server's language
        log.info("the words for a lost connection could not be kept: %s", error)


async def remember_language(page: ft.Page, session: Session, code: str) -> None:
    """The language picked on the start screen: spoken at once, and remembered by this phone's browser."""
    speak(page, session, code)
    try:
        await session.preferences.set(LANGUAGE_PREFERENCE, code)
    except Exception as error:  # noqa: BLE001 - spoken now all the same; only the next visit will not know it
        log.warning("the language could not be remembered: %s", error)


def _flutter_locale(code: str) -> ft.Locale:
    language_code, _, country = code.partition("_")
    return ft.Locale(language_code, country or None)


def serve(
    *, port: int = 8550, open_browser: bool = True, data: str | None = None, lan: bool = False, desktop: bool = False,
    tls: tuple[str, str] | None = None,
) -> int:
    """Serve the app (127.0.0.1, or the local network with a PIN and the phone app), or open it in a desktop
    window; ``tls`` (certificate file, key file) serves it over https. Returns the exit status when the server
    stops or the window closes."""
    store = GameStore(data) if data else GameStore()
    # What the storage repairs is said on the console too, whether or not a tab met it: at start no tab may be
    # open to show it (the start screen and the history then show a repaired game's line).
    for notice in store.notices:
        _say_repair(notice)
    store.folder.on_notice = _say_repair
    if desktop:
        import importlib.util

        if importlib.util.find_spec("flet_desktop") is None:
            sys.stderr.write(t("serve.no_desktop") + "\n")
            return 2
        ft.run(lambda page: start_page(page, store), view=ft.AppView.FLET_APP, assets_dir=str(ASSETS))
        return 0
    # The statistics' figures are read once now, so the first look at the Statistics screen is as quick as the next.
    threading.Thread(target=_read_figures, args=(store,), name="figures", daemon=True).start()
    host = "0.0.0.0" if lan else HOST
    pin = new_pin() if lan else None
    pin_gate = PinGate(pin) if pin else None
    tables = Tables() if lan else None
    scheme = "https" if tls else "http"
    url = f"{scheme}://{_lan_address() if lan else HOST}:{port}"
    # The scorekeeper's tab on this computer comes by its own (loopback) address, so it needs no PIN.
    here_url = f"{scheme}://{HOST}:{port}"
    print(t("serve.at", url=url), flush=True)
    folders = {}
    phone_app = phone_app_url = None
    if lan:
        from companion.phone_app import PATH, PhoneApp

        _print_qr(url)
        print(t("serve.pin", pin=pin), flush=True)
        print(t("serve.this_computer", url=here_url), flush=True)
        phone_app, phone_app_url = PhoneApp(), url + PATH
        folders[PATH] = phone_app
        print(t("serve.phone_app", url=phone_app_url), flush=True)
        if not tls:
            print(t("serve.phone_app_online_only"), flush=True)
        phone_app.start_building()

    from companion.webserver import Admission, serve_web

    admission = Admission(required=lan)

    def main(page: ft.Page) -> None:
        start_page(page, store, pin_gate=pin_gate, join_url=url if lan else None, phone_app_url=phone_app_url,
                   tables=tables, admission=admission)

    has_display = bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or os.name == "nt"
    open_url = here_url if open_browser and has_display else None
    try:
        serve_web(main, host=host, port=port, assets_dir=str(ASSETS), open_url=open_url, folders=folders, tls=tls,
                  lost_words=lambda: t("link.lost"), admission=admission)
    finally:
        if phone_app is not None:
            phone_app.wait_built()  # a build still writing would leave its files behind
            phone_app.remove()
    return 0


def _read_figures(store: GameStore) -> None:
    from companion.storage import StorageError

    try:
        store.figures()
    except StorageError as error:  # the screens say it when they read the games themselves
        log.warning("the games' figures could not be read: %s", error)


def _say_repair(notice: Notice) -> None:
    print(t("cli.note", text=notice.text), file=sys.stderr, flush=True)


def _lan_address() -> str:
    """This machine's address on the local network, as the phones at the table reach it."""
    import socket

    try:
        addresses = socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        addresses = []
    return next((a for a in addresses if not a.startswith("127.")), "127.0.0.1")


def qr_png(url: str) -> bytes:
    """The join link as a QR code picture, for the phones at the table to scan."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=6, border=2)
    return buffer.getvalue()


def _print_qr(url: str) -> None:
    import segno

    segno.make(url, error="m").terminal(compact=True)
