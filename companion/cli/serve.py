"""``bidwell`` with no command: the app served to this computer's browser, or to the table's phones over the local
network (``--lan``, with a PIN and the phone app), or in a desktop window."""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable

import flet as ft

from companion.look import ASSETS
from companion.server.pins import PinGate, is_this_computer, new_pin
from companion.server.seats import Tables
from companion.store.files import Notice, StorageError
from companion.store.games import GameStore
from companion.texts import t
from companion.ui.app import opening_fonts, start_page

log = logging.getLogger(__name__)

HOST = "127.0.0.1"


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
    window = None
    if desktop:
        from companion.cli.desktop import AppWindow, app_browser, flet_client_ready

        if flet_client_ready():
            ft.run(lambda page: start_page(page, store), view=ft.AppView.FLET_APP, assets_dir=str(ASSETS))
            return 0
        browser = app_browser()
        if browser is None:
            sys.stderr.write(t("serve.no_desktop") + "\n")
            return 2
        window, open_browser, lan = AppWindow(browser, port), False, False
    # The statistics' figures are read once now, so the first look at the Statistics screen is as quick as the next.
    threading.Thread(target=_read_figures, args=(store,), name="figures", daemon=True).start()
    host = "0.0.0.0" if lan else HOST
    pin = new_pin() if lan else None
    pin_gate = PinGate(pin) if pin else None
    if pin_gate is not None:  # a PIN the scorekeeper changes is printed where the first one was
        pin_gate.on_change = lambda changed: print(t("serve.new_pin", pin=changed), flush=True)
    tables = Tables() if lan else None
    scheme = "https" if tls else "http"
    url = f"{scheme}://{_lan_address() if lan else HOST}:{port}"
    # The scorekeeper's tab on this computer comes by its own (loopback) address, so it needs no PIN.
    here_url = f"{scheme}://{HOST}:{port}"
    make_copies()  # before the address: a phone that comes at once gets the web client compressed (5 MB, not 13)
    print(t("serve.at", url=url), flush=True)
    folders = {}
    phone_app = phone_app_url = None
    if lan:
        from companion.publish.phone_app import PATH, PhoneApp

        _print_qr(url)
        print(t("serve.pin", pin=pin), flush=True)
        print(t("serve.this_computer", url=here_url), flush=True)
        phone_app, phone_app_url = PhoneApp(), url + PATH
        folders[PATH] = phone_app
        print(t("serve.phone_app", url=phone_app_url), flush=True)
        if not tls:
            print(t("serve.phone_app_online_only"), flush=True)
        phone_app.start_building()

    from companion.server.link import Admission
    from companion.server.web import serve_web

    admission = Admission(required=lan)

    def main(page: ft.Page) -> None:
        start_page(page, store, pin_gate=pin_gate, join_url=url if lan else None, phone_app_url=phone_app_url,
                   tables=tables, admission=admission)

    has_display = bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or os.name == "nt"

    def open_window(stop: Callable[[], None]) -> None:
        window.open(here_url, closed=stop)  # closing the window stops the serving

    def open_tab(_stop: Callable[[], None]) -> None:
        webbrowser.open(here_url)

    listening = open_window if window is not None else open_tab if open_browser and has_display else None
    try:
        serve_web(main, host=host, port=port, assets_dir=str(ASSETS), folders=folders, tls=tls,
                  lost_words=lambda: t("link.lost"), admission=admission, listening=listening,
                  preloads=lambda address: list(opening_fonts(store, pin_gate, address).values()))
    finally:
        if window is not None:
            window.close()
        if phone_app is not None:
            phone_app.wait_built()  # a build still writing would leave its files behind
            phone_app.remove()
    return 0


def _read_figures(store: GameStore) -> None:
    try:
        store.figures()
    except StorageError as error:  # the screens say it when they read the games themselves
        log.warning("the games' figures could not be read: %s", error)


def _say_repair(notice: Notice) -> None:
    print(t("cli.note", text=notice.text), file=sys.stderr, flush=True)


def _lan_address() -> str:
    """This machine's address on the local network, as the phones at the table reach it."""
    try:
        addresses = socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        addresses = []
    return next((a for a in addresses if not is_this_computer(a)), HOST)


def make_copies() -> None:
    """The web client's compressed copies that are missing, made now, said first with how long it will take."""
    from companion.server.web import make_client_copies

    make_client_copies(ASSETS, told=lambda seconds: print(t("serve.preparing", seconds=max(1, round(seconds))),
                                                         flush=True))


def _print_qr(url: str) -> None:
    import segno  # only under --lan: the start of a scorekeeper's own tab does without it (24 ms)

    segno.make(url, error="m").terminal(compact=True)


if __name__ == "__main__":  # scripts/setup-venv, as Bidwell is installed: the first start then waits for nothing
    from scoring.errors import BidwellError
    from scoring.i18n.choice import from_environment, set_default

    with contextlib.suppress(BidwellError):  # a BIDWELL_LANG Bidwell lacks is said when bidwell runs, not here
        set_default(from_environment(None))  # in the language bidwell speaks here (BIDWELL_LANG, the locale)
    make_copies()
