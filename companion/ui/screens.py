"""The start screen, the new-game screen, the past games and the PIN gate."""

from __future__ import annotations

import asyncio
import logging

import flet as ft

from companion.look import seat_colour
from companion.server.pins import PinAnswer
from companion.store.files import StorageError
from companion.texts import languages, t
from companion.ui.choices import Choice, GameCards, HouseRules
from companion.ui.guard import scorekeeper_notices
from companion.ui.language import remember_language
from companion.ui.session import Listing, use_session
from companion.ui.widgets import (
    TAP,
    download,
    fold,
    heading,
    icon_button,
    off_the_loop,
    part,
    qr_png,
    said,
    screen,
    screen_list,
    use_arrivals,
    use_stable,
    wide,
)
from companion.views.common import Message
from companion.views.history import HistoryModel, HistoryView, PastGameCard
from companion.views.new_game import NewGameModel, SetupView
from companion.views.start import ContinueCard, continue_card

log = logging.getLogger(__name__)


# --- start -------------------------------------------------------------------------


@screen(redrawn_on_return=True)
def StartScreen() -> ft.View:
    """``/``: a new game, the games to continue, the past games, and (under --lan) the join code."""
    session = use_session()
    return ft.View(route=ft.use_view_path(), scroll=ft.ScrollMode.AUTO, padding=12,
                   controls=[*scorekeeper_notices(session),
                             StartBody(session.listing, use_arrivals("/"), session.speech.code)])


@ft.memo
@part
def StartBody(listing: Listing, arrivals: int, language: str) -> ft.Control:
    """Drawn again each time the screen comes on top (``arrivals``), when another tab changes a game and when
    another ``language`` is picked.

    The games to continue are read again only while this screen is the one
    on top: the router draws every screen of the stack on each move, and
    reading them under a game's screens would slow every step there.
    """
    session = use_session()
    page = ft.context.page
    on_top = ft.use_route_location() == "/"
    read = ft.use_ref(None)
    if on_top or read.current is None:
        try:
            with session.own_notices():
                read.current = (session.store.unfinished(), None)
        except StorageError as problem:
            read.current = ([], str(problem))
    unfinished, error = read.current
    controls: list[ft.Control] = [
        ft.Row([ft.Column([ft.Text(t("app.title"), size=30, weight=ft.FontWeight.BOLD),
                           ft.Text(t("app.tagline"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
                          spacing=0, expand=True),
                LanguageMenu(language, key="language")], vertical_alignment=ft.CrossAxisAlignment.START),
        wide(ft.FilledButton(t("start.new"), icon=ft.Icons.ADD, key="new", height=56,
                             on_click=lambda _: page.navigate("/new"))),
    ]
    if session.store.read_only is not None:
        controls.insert(1, ft.Text(t("storage.read_only", folder=session.store.path,
                                     reason=session.store.read_only.params["reason"]),
                                   color=ft.Colors.ERROR, key="read-only"))
    if error:
        controls.append(ft.Text(error, color=ft.Colors.ERROR))
    elif unfinished:
        controls.append(heading(t("start.continue"), 16))
        controls += [GameToContinue(continue_card(summary), key=summary.id) for summary in unfinished[:10]]
    controls.append(WaysIn(key="ways-in"))
    if not unfinished and not error:
        controls.append(ft.Text(t("start.nothing_to_continue"), color=ft.Colors.ON_SURFACE_VARIANT))
    if session.keeping:
        controls.append(ft.Text(t(session.keeping), key="keeping"))
    if session.join_url:
        controls += scan_to_open(t("lan.join"), f"{session.join_url}/join",
                                 t("lan.join_explain", url=session.join_url))
    if session.phone_app_url:
        secure = session.phone_app_url.startswith("https:")
        controls += scan_to_open(t("lan.phone_app"), session.phone_app_url,
                                 t("lan.phone_app_offline" if secure else "lan.phone_app_online_only"))
    return ft.Column(controls, spacing=12)


@ft.memo
@part
def GameToContinue(card: ContinueCard) -> ft.Control:
    """A game to continue as a card: its game and hand, its players, who leads and when it began; one tap opens
    it. A screen reader hears the card by its line (:attr:`ContinueCard.label`), its facts after it."""
    page = ft.context.page
    quiet = ft.Colors.ON_SURFACE_VARIANT
    top = [ft.Text(card.game, style=ft.TextStyle(size=17, weight=ft.FontWeight.BOLD), expand=True, max_lines=1,
                   overflow=ft.TextOverflow.ELLIPSIS, semantics_label=card.label)]
    if card.hand is not None:
        top.append(ft.Semantics(content=ft.Text(card.hand, size=14, weight=ft.FontWeight.W_600,
                                                color=ft.Colors.PRIMARY, no_wrap=True), exclude_semantics=True))
    facts = [ft.Text(card.players, size=14, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)]
    if card.lead is not None:
        facts.append(ft.Text(card.lead, size=13, weight=ft.FontWeight.W_600, max_lines=1,
                             overflow=ft.TextOverflow.ELLIPSIS))
    facts.append(ft.Text(card.started, size=12, color=quiet, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS))
    if card.note is not None:
        facts.append(ft.Text(card.note, size=12, color=ft.Colors.ERROR))
    return ft.FilledTonalButton(
        content=ft.Row([
            ft.Column([ft.Row(top, spacing=8),
                       ft.Semantics(content=ft.Column(facts, spacing=2), container=True)],
                      spacing=4, expand=True),
            ft.Icon(ft.Icons.CHEVRON_RIGHT, color=quiet),
        ], spacing=8),
        width=float("inf"),
        style=ft.ButtonStyle(padding=ft.Padding(16, 12, 10, 12), shape=ft.RoundedRectangleBorder(radius=16),
                             bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, color=ft.Colors.ON_SURFACE),
        on_click=lambda _: page.navigate(f"/game/{card.id}"))


@part
def WaysIn() -> ft.Control:
    """The way in to the past games, the statistics and the blank sheets: three keys side by side, each named in
    full for a screen reader and in its short name on the key (a long language's word is not broken across lines)."""
    page = ft.context.page
    ways = (("history", ft.Icons.HISTORY, "start.history", "start.history"),
            ("stats", ft.Icons.LEADERBOARD, "start.stats", "start.stats"),
            ("sheets", ft.Icons.PRINT, "start.sheets", "start.sheets_short"))
    return ft.Row([
        ft.OutlinedButton(
            content=ft.Column([ft.Icon(icon, size=24),
                               ft.Text(t(short), size=13, text_align=ft.TextAlign.CENTER, semantics_label=t(named),
                                       max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)],
                              spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True),
            expand=True, height=84, key=route,
            style=ft.ButtonStyle(padding=ft.Padding(6, 8, 6, 8), shape=ft.RoundedRectangleBorder(radius=16)),
            on_click=lambda _, r=route: page.navigate(f"/{r}"))
        for route, icon, named, short in ways], spacing=8)


@part
def LanguageMenu(code: str) -> ft.Control:
    """The language, in a menu at the top of the start screen: every language Bidwell speaks by its own name; the
    one picked is spoken at once and remembered by this phone."""
    session = use_session()
    page = ft.context.page
    names = dict(languages())

    def pick(chosen: str) -> None:
        page.run_task(remember_language, page, session, chosen)

    return ft.PopupMenuButton(
        content=ft.Semantics(content=ft.Row([ft.Icon(ft.Icons.LANGUAGE, size=20), ft.Text(names[code], size=14)],
                                            spacing=6, tight=True), exclude_semantics=True),
        tooltip=t("start.language_now", language=names[code]), height=TAP,
        items=[ft.PopupMenuItem(content=name, checked=chosen == code, on_click=lambda _, c=chosen: pick(c))
               for chosen, name in names.items()])


def scan_to_open(title: str, url: str, explanation: str | None = None) -> list[ft.Control]:
    """A heading, what scanning does (if said), the QR code of ``url`` and the address itself to type."""
    return [heading(title), *([ft.Text(explanation)] if explanation else []),
            ft.Image(src=qr_png(url), width=200, height=200, semantics_label=t("lan.qr", url=url)),
            ft.Text(url, selectable=True)]


# --- new game ------------------------------------------------------------------------


@screen
def NewGameScreen() -> ft.View:
    """``/new``: the game, its house rules, the players in seat order, the first dealer; "Start the game" under
    them, always on the screen."""
    session = use_session()
    return ft.View(route=ft.use_view_path(), padding=12, appbar=ft.AppBar(title=ft.Text(t("setup.title"))),
                   controls=[*scorekeeper_notices(session), NewGame()])


FORM_GAP = 10
"""The gap between the new-game form's lines; a seated player's row is :data:`TAP` tall above it."""


@part
def NewGame() -> ft.Control:
    """The new game's form, scrolling above "Start the game", which it never scrolls away; a game is started and
    opened only with the players and options the form shows."""
    session = use_session()
    model = ft.use_memo(lambda: _new_game_model(session), [])
    view, set_view = ft.use_state(lambda: model.view())
    typed, set_typed = ft.use_state("")
    cleared, set_cleared = ft.use_state(0)

    def change(action) -> object:
        with session.own_notices():
            result = action()
        set_view(model.view())
        return result

    def add(name: str) -> None:
        if change(lambda: model.add_player(name)):
            set_typed("")
            set_cleared(lambda n: n + 1)

    stable_add = use_stable(add)
    form = ft.use_ref(None)
    page = ft.context.page

    def keep_the_field_in_place() -> None:
        # Each name seated pushes the field a row down; the form follows by a row, so the field (and the keyboard
        # under it) stays where the eye and the thumb are, the name just seated in sight above it.
        if cleared and form.current is not None:
            async def follow() -> None:
                await asyncio.sleep(0)  # the new row goes first: the form is then a row taller to scroll
                await form.current.scroll_to(delta=TAP + FORM_GAP)

            page.run_task(follow)

    ft.use_effect(keep_the_field_in_place, [cleared])

    def start(_: object) -> None:
        saved = change(lambda: model.start(session.store))
        if saved is not None:
            session.started(saved)
            ft.context.page.navigate(f"/game/{saved.id}")

    controls: list[ft.Control] = [
        GameCards(view.game_id, view.games, lambda value: change(lambda: model.choose_game(value)), key="game")]
    if view.options:
        controls.append(HouseRules(view.options, view.rules_summary,
                                   lambda name, value: change(lambda: model.set_option(name, value)),
                                   key="house-rules"))
    controls.append(heading(t("setup.players")))
    controls += _seat_rows(view, change, model)
    # Above the field, where a phone's keyboard (which rises under the field) leaves them in sight.
    if model.known_names:
        controls.append(Suggestions(tuple(model.suggestions(typed)), stable_add, key="suggestions"))
    # Keyed, so choosing a game with more or fewer options does not replace the field: a new field would
    # drop what is being typed, and a tap or key on the old one would go nowhere.
    controls.append(NameEntry(cleared, add, set_typed, key="name-entry"))
    if view.message is not None and view.message.error:
        controls += said(view.message)
    if view.players:
        controls.append(heading(t("setup.first_dealer")))
        controls.append(ft.RadioGroup(
            value="random" if view.first_dealer is None else str(view.first_dealer),
            on_change=lambda e: change(lambda: setattr(
                model, "first_dealer", None if e.control.value == "random" else int(e.control.value))),
            content=ft.Column([ft.Radio(value="random", label=t("setup.draw_dealer"))]
                              + [ft.Radio(value=str(s), label=t("setup.dealer_is", name=n))
                                 for s, n in enumerate(view.players)]),
            key="dealer",
        ))
    # The button under the form, never scrolled away; why it did not start just above it, where the eye is.
    under: list[ft.Control] = []
    if view.start_refusal is not None:
        under.append(ft.Text(view.start_refusal.text, color=ft.Colors.ERROR, weight=ft.FontWeight.W_600,
                             semantics_label=view.start_refusal.text, key="start-refusal"))
    under.append(wide(ft.FilledButton(t("setup.start"), icon=ft.Icons.PLAY_ARROW, on_click=start, key="start")))
    return ft.Column([ft.Column(controls, spacing=FORM_GAP, expand=True, scroll=ft.ScrollMode.AUTO, key="form",
                                ref=form),
                      ft.Column(under, spacing=4, key="under")], spacing=8, expand=True)


def _new_game_model(session) -> NewGameModel:
    with session.own_notices():
        return NewGameModel(session.store.player_names())


def _seat_rows(view: SetupView, change, model: NewGameModel) -> list[ft.Control]:
    """A row per seated player, :data:`TAP` tall (the form follows each new one by that much): the seat's number
    ringed in the player's colour (their line in the charts), the name, the arrows; read "1. Anna"."""
    rows = []
    for seat, name in enumerate(view.players):
        ring = ft.Container(ft.Text(str(seat + 1), size=13, weight=ft.FontWeight.W_700), width=28, height=28,
                            border_radius=14, border=ft.Border.all(2, seat_colour(seat)), alignment=ft.Alignment.CENTER)
        rows.append(ft.Container(ft.Row([
            ft.Semantics(content=ft.Container(ring, padding=ft.Padding(0, 0, 10, 0)), exclude_semantics=True),
            ft.Text(name, semantics_label=f"{seat + 1}. {name}", expand=True, no_wrap=True,
                    overflow=ft.TextOverflow.ELLIPSIS),
            icon_button(ft.Icons.ARROW_UPWARD, t("setup.up", name=name),
                        lambda s=seat: change(lambda: model.move_player(s, -1)), disabled=seat == 0),
            icon_button(ft.Icons.ARROW_DOWNWARD, t("setup.down", name=name),
                        lambda s=seat: change(lambda: model.move_player(s, 1)),
                        disabled=seat == len(view.players) - 1),
            icon_button(ft.Icons.CLOSE, t("setup.remove", name=name),
                        lambda s=seat: change(lambda: model.remove_player(s))),
        ], spacing=0), height=TAP, key=f"seat-{name}"))
    return rows


@part
def NameEntry(cleared: int, add, report_typed) -> ft.Control:
    """The name field and its Add button.

    The field is emptied only on the redraw after a name was added
    (``cleared`` moved on); every other redraw leaves its value unset, which
    keeps what the phone holds, so nothing being typed is overwritten. The
    Add button reads what the field last said it holds.
    """
    typed = ft.use_ref("")
    last_cleared = ft.use_ref(cleared)
    clearing = last_cleared.current != cleared
    last_cleared.current = cleared
    if clearing:
        typed.current = ""

    def changed(e: ft.ControlEvent) -> None:
        typed.current = e.control.value or ""
        report_typed(typed.current)

    field: ft.Ref[ft.TextField] = ft.Ref()

    async def add_typed() -> None:
        add(typed.current)
        await field.current.focus()  # Enter or the Add button: the cursor waits in the field for the next name

    async def submitted(e: ft.ControlEvent) -> None:
        typed.current = e.control.value or ""
        await add_typed()

    return ft.Row([
        ft.TextField(label=t("setup.add_label"), hint_text=t("setup.add_hint"), value="" if clearing else None,
                     expand=True, on_change=changed, on_submit=submitted, key="name", ref=field),
        icon_button(ft.Icons.PERSON_ADD, t("setup.add"), add_typed, key="add"),
    ])


@ft.memo
@part
def Suggestions(names: tuple[str, ...], add) -> ft.Control:
    """Names from past games, one tap seats one: a strip that keeps its height whatever is offered (so the name
    field under it never moves while a name is typed) and swipes sideways when they are more than fit."""
    chips = [ft.OutlinedButton(name, height=TAP, key=f"suggest-{name}", on_click=lambda _, n=name: add(n))
             for name in names]
    return ft.Container(ft.Row(chips, spacing=6, scroll=ft.ScrollMode.AUTO), height=TAP)


# --- past games --------------------------------------------------------------------------

FIRST_CARDS = 4
"""Past games drawn with the screen: as many as a phone shows under the filters (the rest follow at once)."""


@screen
def HistoryScreen() -> ft.View:
    """``/history``: past games, newest first, with filters; each card opens, prints or deletes its game."""
    session = use_session()
    return ft.View(route=ft.use_view_path(), padding=0, appbar=ft.AppBar(title=ft.Text(t("history.title"))),
                   controls=[History(session.listing, use_arrivals("/history"))])


@ft.memo
@part
def History(listing: Listing, arrivals: int) -> ft.Control:
    """Past games, drawn again when another tab changes a game and each time the list comes on top
    (``arrivals``), not when a screen above it opens or closes."""
    session = use_session()
    model = ft.use_memo(lambda: _history_model(session), [])
    view, set_view = ft.use_state(lambda: model.view())
    page = ft.context.page
    # Read again when another tab changes a game, and when this list is back on top (a coin flipped or a game
    # continued on the screen above); not while a game's screens are over it, nor just after the first read.
    on_top = ft.use_route_location() == "/history"
    read_for = ft.use_ref((listing.version, arrivals))

    def read_again() -> None:
        if on_top and read_for.current != (listing.version, arrivals):
            read_for.current = (listing.version, arrivals)
            _refresh(session, model, set_view)

    ft.use_effect(read_again, [listing.version, arrivals])

    # The first screenful of cards comes with the screen, the rest once the phone has it: Flet's client takes in
    # every control it is sent before it draws the screen (benchmarks/bench_flet_floor.py), and the cards below
    # the fold would keep the top waiting.
    whole, set_whole = ft.use_state(False)

    async def send_the_rest() -> None:
        await session.seen()
        set_whole(True)

    ft.use_effect(send_the_rest, [])

    def change(action) -> None:
        with session.own_notices():
            action()
        set_view(model.view())

    def ask_delete(game_id: str) -> None:
        question = model.ask_delete(game_id)

        def answer(delete: bool) -> None:
            page.pop_dialog()
            if delete:
                change(model.confirm_delete)
                session.games.pop(game_id, None)
                session.announce(game_id, 0, deleted=True)
            else:
                change(model.cancel_delete)

        page.show_dialog(ft.AlertDialog(
            title=ft.Text(t("history.delete")),
            content=ft.Text(question or ""),
            actions=[ft.TextButton(t("history.cancel"), on_click=lambda _: answer(False)),
                     ft.FilledButton(t("history.delete"), on_click=lambda _: answer(True))],
        ))

    async def sheet(game_id: str) -> None:
        from companion.sheets.pdf import filled_sheet, render_pdf  # reportlab loads on the first print

        try:
            handle = session.game(game_id)
        except StorageError as error:
            model.message = Message(str(error), error=True)
            set_view(model.view())
            return
        game, played_on = handle.model.game, handle.model.saved.created[:10]
        pdf = await off_the_loop(lambda: render_pdf(filled_sheet(game, played_on=played_on), session.paper))
        model.message = Message(await download(handle.model.download_name("pdf"), pdf))
        set_view(model.view())

    def set_filters(**chosen) -> None:
        change(lambda: model.set_filters(**chosen))

    controls: list[ft.Control] = [*scorekeeper_notices(session), Filters(view, set_filters, key="filters")]

    async def import_records(_: object) -> None:
        files = await ft.FilePicker().pick_files(allowed_extensions=["json"], allow_multiple=True, with_data=True)
        if files:
            # The records are read and replayed in a thread; the games are written a few at a time on the event
            # loop, with other tabs' taps answered between (a write from two threads would wait on the store's
            # lock, and a tap with it).
            read = await off_the_loop(model.read_files, [(file.name, file.bytes or b"") for file in files])
            with session.own_notices():
                for _ in model.keep_files(read):
                    await asyncio.sleep(0)
            set_view(model.view())
            for game_id in read.records.report.new:  # other screens' lists of games show them too
                session.announce(game_id, 0)

    controls += said(view.message)
    if not view.cards:
        controls.append(ft.Text(t("history.empty")))
    stable_delete, stable_sheet = use_stable(ask_delete), use_stable(sheet)
    for card in view.cards if whole else view.cards[:FIRST_CARDS]:
        controls.append(PastGame(card, stable_delete, stable_sheet, key=card.id))
    if view.has_more and whole:
        controls.append(wide(ft.OutlinedButton(t("history.more"), key="more", on_click=lambda _: change(model.more))))
    # After the games, which the screen is for; with no games yet, it follows "No games yet." at the top.
    controls.append(wide(ft.OutlinedButton(t("history.import"), icon=ft.Icons.UPLOAD_FILE, key="import",
                                           on_click=import_records)))

    async def spreadsheet(_: object) -> None:
        name, data = model.spreadsheet()
        model.message = Message(await download(name, data))
        set_view(model.view())

    if view.cards:
        controls.append(wide(ft.OutlinedButton(t("history.csv"), icon=ft.Icons.TABLE_CHART, key="csv",
                                               on_click=spreadsheet)))
    return screen_list(controls)


@part
def Filters(view: HistoryView, set_filters) -> ft.Control:  # noqa: ANN001 - set_filters: HistoryModel.set_filters
    """The filters folded to one line that says which games are shown; a tap unfolds the player's name and the
    games to choose from, so the first game is near the top of the screen."""
    expanded, set_expanded = ft.use_state(False)
    return fold(ft.Text(view.filter_summary), [
        ft.TextField(label=t("history.filter_player"), hint_text=t("history.filter_hint"), value=None,
                     width=float("inf"), key="player", on_submit=lambda e: set_filters(player=e.control.value or "")),
        Choice(view.game or "", ((("", t("history.all_games")),) + view.games),
               lambda value: set_filters(game=value or None), key="game"),
    ], expanded, set_expanded, leading=ft.Icon(ft.Icons.FILTER_LIST))


def _history_model(session) -> HistoryModel:
    with session.own_notices():
        return HistoryModel(session.store)


def _refresh(session, model: HistoryModel, set_view) -> None:
    with session.own_notices():
        model.refresh()
    set_view(model.view())


@ft.memo
@part
def PastGame(card: PastGameCard, ask_delete, sheet) -> ft.Control:
    """One past game: what, when, who won, the scores; open it, print it, and (apart) delete it."""
    page = ft.context.page
    lines: list[ft.Control] = [
        ft.Text(f"{card.title} · {card.status}", weight=ft.FontWeight.W_600),
        ft.Text(card.when, size=12),
        ft.Text(card.scores),
    ]
    if card.match is not None:
        lines.append(ft.Text(card.match, size=12))
    if card.damage is not None:
        lines.append(ft.Text(card.damage, color=ft.Colors.ERROR, size=12))
    elif card.repaired is not None:
        lines.append(ft.Text(card.repaired, size=12))
    looked_at = card.finished or card.damage is not None
    opens = t("history.settle") if card.coin_pending else t("history.open") if looked_at else t("history.continue")
    target = f"/history/{card.id}" if looked_at else f"/game/{card.id}"
    async def print_sheet(_: object) -> None:
        await sheet(card.id)

    # Delete apart, at the right (or on a line of its own on a narrow phone). A row that wraps cannot hold an
    # expanding spacer: Flutter drew the whole line as a grey error box.
    lines.append(ft.Row([
        ft.Row([ft.FilledTonalButton(opens, height=48, on_click=lambda _: page.navigate(target)),
                ft.OutlinedButton(t("history.sheet"), height=48, on_click=print_sheet)], tight=True),
        ft.TextButton(t("history.delete"), height=48, icon=ft.Icons.DELETE_OUTLINE,
                      style=ft.ButtonStyle(color=ft.Colors.ERROR), on_click=lambda _: ask_delete(card.id)),
    ], wrap=True, alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    return ft.Card(ft.Container(ft.Column(lines, spacing=4), padding=10, width=float("inf")), key=card.id)


# --- the PIN gate ----------------------------------------------------------------------------


@screen
def PinScreen(pin_session, unlock, to_table=None) -> ft.View:  # noqa: ANN001 - to_table: a callable or None
    """Under --lan: nothing but this until the PIN shown on the host is given; a player with a join code goes on
    to the table (``to_table``) instead."""
    note, set_note = ft.use_state(None)
    answers, set_answers = ft.use_state(0)
    typed = ft.use_ref("")

    def changed(e: ft.ControlEvent) -> None:
        typed.current = e.control.value or ""

    def check(value: str) -> None:
        # Whoever has not given the PIN learns nothing but "wrong" or "wait": an exception escaping here
        # would make Flet send its traceback to them (SESSION_CRASHED), so it is logged here instead.
        try:
            answer = pin_session.guess(value)
        except Exception:
            log.exception("checking a PIN failed")
            answer = PinAnswer(opened=False, checked=False)
        if answer.opened:
            unlock()
            return
        if answer.must_wait:
            seconds = answer.wait_seconds
            # Up to two minutes in seconds, as a person counts them; longer waits in whole minutes, rounded up.
            wait = t("lan.seconds", count=seconds) if seconds <= 120 else t("lan.minutes", count=-(-seconds // 60))
            set_note(t("lan.pin_wrong_wait" if answer.checked else "lan.pin_wait", wait=wait))
        else:
            set_note(t("lan.pin_wrong"))
        typed.current = ""
        set_answers(lambda n: n + 1)

    # Under the felt-green bar every other screen has: the same app, before and after the PIN.
    return ft.View(route="/", padding=12, spacing=12,
                   appbar=ft.AppBar(title=ft.Text(t("app.title")), automatically_imply_leading=False), controls=[
        heading(t("lan.pin_title")),
        # A fresh, empty field after each answer (keyed by their count), focused for the next try: a person sees
        # the guess was taken, and types the next one at once.
        ft.TextField(label=t("lan.pin_label"), keyboard_type=ft.KeyboardType.NUMBER, password=True,
                     autofocus=True, hint_text=t("lan.pin_hint"), width=float("inf"),
                     key=f"pin-{answers}", on_change=changed, on_submit=lambda e: check(e.control.value or "")),
        wide(ft.FilledButton(t("lan.pin_go"), on_click=lambda _: check(typed.current))),
        # Each answer a line of its own: said again even when it is the same words.
        *([ft.Text(note, color=ft.Colors.ERROR, key=f"answer-{answers}")] if note else []),
        *([ft.Divider(height=24), ft.Text(t("lan.player_hint")),
           wide(ft.OutlinedButton(t("lan.player"), icon=ft.Icons.PHONE_ANDROID, key="player",
                                  on_click=lambda _: to_table()))] if to_table is not None else []),
    ])


@part
def NotFound() -> ft.Control:
    """A link to a screen that is not there."""
    return ft.Column([ft.Text(t("app.not_found")),
                      ft.TextButton(t("end.home"), on_click=lambda _: ft.context.page.navigate("/"))])
