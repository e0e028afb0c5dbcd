"""The Bidwell app: Flet screens drawn from the view-models in :mod:`companion.viewmodels`.

Each screen is a function of its model's state; every handler calls one
model method and draws the screen again. Every control a person can use has
a label (its text, or a tooltip), which screen readers read and the browser
tests use to find it.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import logging
import os
import sys
from collections.abc import Callable, Iterator

import flet as ft

from companion.app_assets import ASSETS
from companion.history import GameStore, GameSummary, SavedGame
from companion.lan import PinAnswer, PinGate, new_pin
from companion.storage import Notice, StorageError, collecting_notices
from companion.texts import t
from companion.viewmodels import HistoryModel, NewGameModel, PlayModel, Screen

log = logging.getLogger(__name__)

HOST = "127.0.0.1"
TAP = 48  # the smallest comfortable tap target, in logical pixels
FONT = "Bidwell Sans"


class BidwellApp:
    """One browser tab (a Flet session): which screen is showing, and its model."""

    def __init__(
        self, page: ft.Page, store: GameStore, *, pin_gate: PinGate | None = None, join_url: str | None = None
    ):
        self.page = page
        self.store = store
        # This tab's own count of wrong PINs, throttled together with every other tab's by the one gate.
        self.pin_session = pin_gate.session() if pin_gate else None
        self.join_url = join_url
        self.unlocked = pin_gate is None
        self.route = "start"
        self.setup: NewGameModel | None = None
        self.play: PlayModel | None = None
        self.history: HistoryModel | None = None
        self.note: str | None = None
        self.notices: list[Notice] = []
        self._name_field: ft.TextField | None = None
        self._refused_name: str | None = None
        self.paper = "letter" if _uses_letter(page) else "a4"
        self._suggestions = ft.Row(wrap=True)
        page.title = t("app.title")
        page.theme_mode = ft.ThemeMode.SYSTEM
        # One shipped font draws every name (Latin, Greek, Cyrillic, Japanese) offline: tools/build_font.py.
        page.fonts = {FONT: "fonts/BidwellSans-Regular.ttf"}
        page.theme = ft.Theme(font_family=FONT)
        page.dark_theme = ft.Theme(font_family=FONT)
        page.scroll = ft.ScrollMode.AUTO
        page.padding = 12

    # -- navigation --

    def draw(self) -> None:
        """Draw the current screen from its model, with what the storage told this session alone."""
        with self._own_notices():
            if not self.unlocked:
                body = self._pin_screen()
            elif self.route == "setup" and self.setup:
                body = self._setup_screen()
            elif self.route == "play" and self.play:
                body = self._play_screen()
            elif self.route == "history" and self.history:
                body = self._history_screen()
            else:
                body = self._start_screen()
        notices = [ft.Text(t("notice.storage", text=n.text), color=ft.Colors.ERROR) for n in self.notices]
        self.notices.clear()
        self.page.controls = [ft.SafeArea(content=ft.Column([*notices, *body], spacing=12))]
        self.page.update()

    @contextlib.contextmanager
    def _own_notices(self) -> Iterator[None]:
        """Whatever the storage repairs inside is told on this screen, not in another tab."""
        with collecting_notices() as collected:
            yield
        self.notices += collected

    def go(self, route: str) -> None:
        """Show another screen."""
        self.route = route
        self.draw()

    def open_game(self, saved: SavedGame, *, read_only: bool = False) -> None:
        """Show a game's play screen (read-only for a finished or damaged game looked at)."""
        self.play = PlayModel(saved, read_only=read_only or saved.read_only)
        self.go("play")

    def _open_stored(self, game_id: str, *, read_only: bool = False) -> None:
        """Open a stored game; one that cannot be read at all is said so where the tap was made."""
        saved = self._stored(game_id)
        if saved is not None:
            self.note = None
            self.open_game(saved, read_only=read_only)

    def _stored(self, game_id: str) -> SavedGame | None:
        """A stored game, with what its opening repaired told to this tab; None, said on screen, if unreadable."""
        with self._own_notices():
            try:
                return self.store.open(game_id)
            except StorageError as error:
                self.note = str(error)
                self.draw()
                return None

    # -- start --

    def _start_screen(self) -> list[ft.Control]:
        controls: list[ft.Control] = [
            ft.Text(t("app.title"), size=32, weight=ft.FontWeight.BOLD),
            ft.Text(t("app.tagline")),
            _wide(ft.FilledButton(t("start.new"), icon=ft.Icons.ADD, on_click=lambda _: self._new_game())),
            ft.Text(t("start.continue"), size=18, weight=ft.FontWeight.W_600),
        ]
        unfinished = self.store.unfinished()
        if not unfinished:
            controls.append(ft.Text(t("start.nothing_to_continue")))
        for summary in unfinished[:10]:
            line = t("start.continue_line", game=summary.game_name, hand=summary.current_hand,
                     players=", ".join(summary.players))
            if summary.damage is not None:
                line = t("start.continue_damaged", line=line)
            controls.append(_wide(ft.OutlinedButton(line, on_click=lambda _, i=summary.id: self._continue(i))))
        controls += self._note()
        controls += [
            _wide(ft.OutlinedButton(t("start.history"), icon=ft.Icons.HISTORY, on_click=lambda _: self._history())),
            _wide(ft.OutlinedButton(t("start.sheets"), icon=ft.Icons.PRINT, on_click=lambda _: self._new_game())),
        ]
        if self.join_url:
            controls += [
                ft.Text(t("lan.join"), size=18, weight=ft.FontWeight.W_600),
                ft.Image(src=_qr_png(self.join_url), width=200, height=200,
                         semantics_label=t("lan.qr", url=self.join_url)),
                ft.Text(self.join_url),
            ]
        return controls

    def _new_game(self) -> None:
        with self._own_notices():
            self.setup = NewGameModel(self.store.player_names())
        self._name_field = None
        self.go("setup")

    def _continue(self, game_id: str) -> None:
        self._open_stored(game_id)

    def _history(self) -> None:
        self.note = None
        with self._own_notices():
            self.history = HistoryModel(self.store)
        self.go("history")

    # -- pin --

    def _pin_screen(self) -> list[ft.Control]:
        field = ft.TextField(label=t("lan.pin_label"), keyboard_type=ft.KeyboardType.NUMBER, password=True,
                             autofocus=True)

        def check(_: object) -> None:
            # Whoever has not given the PIN learns nothing but "wrong" or "wait": an exception escaping here
            # would make Flet send its traceback to them (SESSION_CRASHED), so it is logged here instead.
            try:
                answer = self.pin_session.guess(field.value)
            except Exception:
                log.exception("checking a PIN failed")
                answer = PinAnswer(opened=False, checked=False)
            if answer.opened:
                self.unlocked = True
                self.note = None
            elif answer.must_wait:
                # Whether this guess was checked before the wait began, or refused unchecked, is said apart.
                seconds = answer.wait_seconds
                # Up to two minutes in seconds, as a person counts them; longer waits in whole minutes, rounded up.
                wait = t("lan.seconds", count=seconds) if seconds <= 120 else t("lan.minutes", count=-(-seconds // 60))
                self.note = t("lan.pin_wrong_wait" if answer.checked else "lan.pin_wait", wait=wait)
            else:
                self.note = t("lan.pin_wrong")
            try:
                self.draw()
            except Exception:
                log.exception("drawing after a PIN failed")

        field.on_submit = check
        return [ft.Text(t("lan.pin_title"), size=20), field, _wide(ft.FilledButton(t("lan.pin_go"), on_click=check)),
                *self._note()]

    def _note(self) -> list[ft.Control]:
        if not self.note:
            return []
        return [ft.Text(self.note, color=ft.Colors.ERROR)]

    # -- new game --

    def _setup_screen(self) -> list[ft.Control]:
        model = self.setup
        assert model is not None
        games = _choice(model.game.id, model.games(),
                        lambda value: self._setup(lambda: model.choose_game(value)))
        controls: list[ft.Control] = [
            _top_bar(t("setup.title"), lambda: self.go("start")),
            ft.Text(t("setup.game"), size=18, weight=ft.FontWeight.W_600),
            games,
            ft.Text(model.range_text),
            ft.Text(t("setup.options"), size=18, weight=ft.FontWeight.W_600),
        ]
        for row in model.option_rows():
            if row.is_bool:
                control: ft.Control = ft.Switch(
                    label=row.label, value=bool(row.value),
                    on_change=lambda e, n=row.name: self._quietly(lambda: model.set_option(n, bool(e.control.value))),
                )
                controls += [control, ft.Text(row.explain, size=12)]
            else:
                control = _choice(
                    str(row.value), [(str(v), str(v)) for v in row.allowed],
                    lambda value, n=row.name: self._quietly(lambda: model.set_option(n, value)),
                )
                controls += [ft.Text(row.label, weight=ft.FontWeight.W_600), control, ft.Text(row.explain, size=12)]
        controls.append(ft.Text(t("setup.players"), size=18, weight=ft.FontWeight.W_600))
        for seat, name in enumerate(model.players):
            controls.append(
                ft.Row(
                    [
                        ft.Text(f"{seat + 1}. {name}", expand=True),
                        _icon_button(ft.Icons.ARROW_UPWARD, t("setup.up", name=name),
                                     lambda s=seat: self._setup(lambda: model.move_player(s, -1))),
                        _icon_button(ft.Icons.ARROW_DOWNWARD, t("setup.down", name=name),
                                     lambda s=seat: self._setup(lambda: model.move_player(s, 1))),
                        _icon_button(ft.Icons.CLOSE, t("setup.remove", name=name),
                                     lambda s=seat: self._setup(lambda: model.remove_player(s))),
                    ]
                )
            )
        # The same field (and suggestion row) across redraws keeps the keyboard's focus and what is typed.
        if self._name_field is None:
            self._name_field = ft.TextField(label=t("setup.add_label"), expand=True, autofocus=True)
            self._suggestions = ft.Row(wrap=True)
        name_field, suggestions = self._name_field, self._suggestions

        async def add(_: object = None, *, name: str | None = None) -> None:
            added = model.add_player(name if name is not None else name_field.value or "")
            if added:
                name_field.value = ""
                suggestions.controls = []
            self._refused_name = None if added else model.message
            self.draw()
            await name_field.focus()

        def suggest(_: object) -> None:
            typed = name_field.value or ""
            suggestions.controls = [
                ft.TextButton(n, on_click=functools.partial(add, name=n)) for n in model.suggestions(typed)
            ] if typed else []
            suggestions.update()

        name_field.on_submit = add
        name_field.on_change = suggest
        if self._refused_name and self._refused_name == model.message:
            # Said just above the field that still holds the name: focusing the field brings both into sight.
            controls.append(ft.Text(model.message, color=ft.Colors.ERROR))
        controls += [ft.Row([name_field, _icon_button(ft.Icons.PERSON_ADD, t("setup.add"), add)]), suggestions]
        if model.players:
            dealer = ft.RadioGroup(
                value="random" if model.first_dealer is None else str(model.first_dealer),
                on_change=lambda e: self._quietly(lambda: setattr(
                    model, "first_dealer", None if e.control.value == "random" else int(e.control.value))),
                content=ft.Column(
                    [ft.Radio(value="random", label=t("setup.draw_dealer"))]
                    + [ft.Radio(value=str(s), label=t("setup.dealer_is", name=n)) for s, n in enumerate(model.players)]
                ),
            )
            controls += [ft.Text(t("setup.first_dealer"), size=18, weight=ft.FontWeight.W_600), dealer]
        if model.message and model.message != self._refused_name:
            controls.append(ft.Text(model.message, color=ft.Colors.ERROR))
        controls.append(_wide(ft.FilledButton(t("setup.start"), icon=ft.Icons.PLAY_ARROW, on_click=self._start_game)))
        controls.append(_wide(ft.OutlinedButton(t("setup.blank_sheet"), icon=ft.Icons.PRINT, on_click=self._blank_sheet)))
        return controls

    async def _blank_sheet(self, _: object) -> None:
        from companion.sheets import render_pdf  # reportlab loads on the first print, not at start-up

        assert self.setup is not None
        sheet = self.setup.blank_sheet()
        await _download(f"bidwell-{self.setup.game.id}-sheet.pdf", render_pdf(sheet, self.paper))

    def _setup(self, change: Callable[[], object]) -> None:
        with self._own_notices():
            change()
        self.draw()

    def _quietly(self, change: Callable[[], object]) -> None:
        """A choice the control already shows: the model takes it, and the screen is drawn anew only to say
        something (a refusal), so the page does not jump back to the top under the scorekeeper's thumb."""
        before = self.setup.message if self.setup else None
        with self._own_notices():
            change()
        if self.setup and self.setup.message != before or self.notices:
            self.draw()

    def _start_game(self, _: object) -> None:
        assert self.setup is not None
        with self._own_notices():
            saved = self.setup.start(self.store)
        if saved is None:
            self.draw()
        else:
            self.open_game(saved)

    # -- playing --

    def _play_screen(self) -> list[ft.Control]:
        model = self.play
        assert model is not None
        screen = model.screen
        actions = [] if model.read_only else [_icon_button(ft.Icons.UNDO, t("undo"), lambda: self._act(model.undo))]
        back = (lambda: self.go("history")) if model.read_only and self.history else (lambda: self.go("start"))
        controls: list[ft.Control] = [_top_bar(model.game.rules.game.name, back, *actions)]
        if model.saved.damage is not None:
            controls.append(ft.Text(t("history.damaged_open", damage=model.saved.damage), color=ft.Colors.ERROR))
            controls.append(_wide(ft.OutlinedButton(t("end.export"), icon=ft.Icons.DOWNLOAD, on_click=self._export)))
        elif model.read_only:
            controls.append(ft.Text(t("history.read_only"), italic=True))
        if screen is not Screen.FINISHED:
            controls.append(self._header(model))
        looking = model.read_only and screen is not Screen.FINISHED
        body = [self._bids_line(model)] if looking else {
            Screen.BIDDING: self._bidding,
            Screen.COVER: self._cover,
            Screen.PRIVATE_BID: self._bidding,
            Screen.PLAYING: self._playing,
            Screen.TRICKS: self._tricks,
            Screen.CORRECTING: self._correcting,
            Screen.FINISHED: self._ending,
        }[screen](model)
        controls += body
        if model.message:
            controls.append(ft.Text(model.message, color=ft.Colors.ERROR, semantics_label=model.message))
        if looking or screen not in (Screen.COVER, Screen.PRIVATE_BID):
            controls.append(self._board(model))
        return controls

    def _act(self, action: Callable[[], object]) -> None:
        with self._own_notices():
            action()
        self.draw()

    def _header(self, model: PlayModel) -> ft.Control:
        header = model.header()
        lines = [ft.Text(header.title, size=20, weight=ft.FontWeight.BOLD)]
        if header.race:
            lines.append(ft.Text(header.race))
        lines += [ft.Text(header.cards, size=16), ft.Text(f"{header.dealer} · {header.first}")]
        return ft.Container(ft.Column(lines, spacing=2), padding=8, border_radius=8, width=float("inf"),
                            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)

    def _cover(self, model: PlayModel) -> list[ft.Control]:
        name = model.bidder or ""
        return [
            ft.Container(
                ft.Column(
                    [ft.Text(t("bid.cover", name=name), size=24, weight=ft.FontWeight.BOLD),
                     ft.Text(t("bid.cover_hint", name=name)),
                     _wide(ft.FilledButton(t("bid.i_am", name=name), on_click=lambda _: self._act(model.unlock)))],
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                padding=24,
            )
        ]

    def _bidding(self, model: PlayModel) -> list[ft.Control]:
        private = model.screen is Screen.PRIVATE_BID
        name = model.bidder or ""
        controls: list[ft.Control] = []
        if private:
            controls.append(ft.Text(t("bid.private", name=name), size=20, weight=ft.FontWeight.BOLD))
        else:
            controls.append(self._bids_line(model))
            controls.append(ft.Text(t("bid.turn", name=name), size=20, weight=ft.FontWeight.BOLD))
        keys = []
        for key in model.pad():
            label = t("bid.number", value=key.value)
            text = ft.Text(
                str(key.value), size=22,
                semantics_label=label if key.allowed else t("bid.forbidden", value=key.value),
                style=None if key.allowed else ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH,
                                                            decoration_thickness=2),
                color=None if key.allowed else ft.Colors.ERROR,
            )
            keys.append(ft.Button(content=text, width=64, height=64,
                                  on_click=lambda _, v=key.value: self._act(lambda: model.tap_bid(v))))
        controls.append(ft.Row(keys, wrap=True, spacing=4, run_spacing=4))
        forbidden = model.forbidden_text()
        if forbidden:
            controls.append(ft.Text(forbidden))
        return controls

    def _bids_line(self, model: PlayModel) -> ft.Control:
        cells = [ft.Text(f"{name}: {bid}") for name, bid in model.bids_line()]
        summary = model.bid_summary()
        return ft.Column([ft.Row(cells, wrap=True, spacing=12), *([ft.Text(summary)] if summary else [])], spacing=4)

    def _playing(self, model: PlayModel) -> list[ft.Control]:
        controls: list[ft.Control] = []
        if model.game.rules.bidding.value == "secret":
            controls.append(ft.Text(t("bid.secret_done")))
        elif model.game.rules.bidding.value == "hidden":
            controls.append(ft.Text(t("bid.hidden_done")))
        controls += [
            self._bids_line(model),
            ft.Text(t("play.play")),
            _wide(ft.FilledButton(t("play.enter_tricks"), icon=ft.Icons.EDIT,
                                  on_click=lambda _: self._act(model.start_tricks), disabled=model.read_only)),
        ]
        return controls

    def _tricks(self, model: PlayModel) -> list[ft.Control]:
        hand = model.state.current
        controls: list[ft.Control] = [ft.Text(t("tricks.title", number=hand.number), size=20,
                                              weight=ft.FontWeight.BOLD)]
        for line in model.trick_lines():
            controls.append(_stepper(
                line.name, line.tricks,
                less=(t("tricks.less", name=line.name), lambda s=line.seat: model.step_tricks(s, -1)),
                more=(t("tricks.more", name=line.name), lambda s=line.seat: model.step_tricks(s, 1)),
                act=self._act, bold=True,
            ))
            controls += self._card_steppers(model, line.seat, line.name, line.counted)
            result = t("tricks.made") if line.made else t("tricks.missed")
            controls.append(ft.Text(f"{result} · {t('tricks.points', count=line.points)}", size=13,
                                    color=ft.Colors.GREEN if line.made else ft.Colors.ERROR))
            controls.append(ft.Divider(height=1))
        check, ok = model.tricks_check()
        controls.append(ft.Text(check, color=None if ok else ft.Colors.ERROR, weight=ft.FontWeight.BOLD))
        controls.append(ft.Row([
            ft.OutlinedButton(t("tricks.cancel"), on_click=lambda _: self._act(model.cancel_tricks)),
            ft.FilledButton(t("tricks.confirm"), icon=ft.Icons.CHECK, on_click=lambda _: self._act(model.confirm_tricks)),
        ]))
        return controls

    def _card_steppers(self, model: PlayModel, seat: int, name: str, counted: dict[str, int]) -> list[ft.Control]:
        """Rage's +5 and -5 cards for one player (no rows for a game without counted cards)."""
        return [
            _stepper(
                kind.label, counted.get(kind.name, 0), spoken=t("cards.of", label=kind.label, name=name),
                less=(t("cards.less", label=kind.label, name=name), lambda k=kind.name: model.step_counted(k, seat, -1)),
                more=(t("cards.more", label=kind.label, name=name), lambda k=kind.name: model.step_counted(k, seat, 1)),
                act=self._act, indent=True,
            )
            for kind in model.game.rules.scoring.cards
        ]

    def _correcting(self, model: PlayModel) -> list[ft.Control]:
        number = model.correcting
        controls: list[ft.Control] = [ft.Text(t("correct.title", number=number), size=20, weight=ft.FontWeight.BOLD)]
        for seat, name in enumerate(model.players):
            controls.append(_stepper(
                t("correct.bid", name=name), model.bids_draft[seat],
                less=(t("correct.bid_less", name=name), lambda s=seat: model.step_bid(s, -1)),
                more=(t("correct.bid_more", name=name), lambda s=seat: model.step_bid(s, 1)),
                act=self._act,
            ))
            controls.append(_stepper(
                t("correct.tricks", name=name), (model.tricks_draft or [])[seat],
                less=(t("tricks.less", name=name), lambda s=seat: model.step_correction_tricks(s, -1)),
                more=(t("tricks.more", name=name), lambda s=seat: model.step_correction_tricks(s, 1)),
                act=self._act,
            ))
            counted = {kind: counts[seat] for kind, counts in model.counted_draft.items()}
            controls += self._card_steppers(model, seat, name, counted)
            controls.append(ft.Divider(height=1))
        controls.append(ft.Row([
            ft.OutlinedButton(t("tricks.cancel"), on_click=lambda _: self._act(model.cancel_correction)),
            ft.FilledButton(t("correct.save"), icon=ft.Icons.CHECK, on_click=lambda _: self._act(model.save_correction)),
        ]))
        return controls

    def _ending(self, model: PlayModel) -> list[ft.Control]:
        ending = model.ending()
        controls: list[ft.Control] = [
            ft.Text(t("end.title"), size=24, weight=ft.FontWeight.BOLD),
            ft.Text(ending.headline, size=20),
        ]
        if ending.how:
            controls.append(ft.Text(ending.how))
        if ending.coin_between and not model.read_only:
            controls.append(_wide(ft.FilledButton(t("end.flip"), icon=ft.Icons.CASINO,
                                                  on_click=lambda _: self._act(model.flip_coin))))
        controls.append(ft.Text(t("end.standings"), size=18, weight=ft.FontWeight.W_600))
        controls += [ft.Text(line) for line in ending.standings]
        controls += [
            _wide(ft.OutlinedButton(t("end.export"), icon=ft.Icons.DOWNLOAD, on_click=self._export)),
            _wide(ft.OutlinedButton(t("end.sheet"), icon=ft.Icons.PRINT,
                                    on_click=functools.partial(self._filled_sheet, model.saved))),
            _wide(ft.OutlinedButton(t("end.rematch"), icon=ft.Icons.REPLAY,
                                    on_click=lambda _: self._rematch(model))),
            _wide(ft.OutlinedButton(t("end.home"), icon=ft.Icons.HOME, on_click=lambda _: self.go("start"))),
        ]
        return controls

    def _rematch(self, model: PlayModel) -> None:
        with self._own_notices():
            try:
                saved = model.rematch(self.store)
            except StorageError as error:
                model.message = str(error)
                self.draw()
                return
        self.open_game(saved)

    async def _export(self, _: object) -> None:
        assert self.play is not None
        await _download(f"bidwell-{self.play.saved.id}.json", self.play.record_json().encode("utf-8"))

    async def _filled_sheet(self, saved: SavedGame, _: object = None) -> None:
        from companion.sheets import filled_sheet, render_pdf  # reportlab loads on the first print

        sheet = filled_sheet(saved.game, played_on=saved.created[:10])
        await _download(f"bidwell-{saved.id}.pdf", render_pdf(sheet, self.paper))

    async def _stored_sheet(self, game_id: str, _: object = None) -> None:
        saved = self._stored(game_id)
        if saved is None:
            return
        if self.notices:
            self.draw()
        await self._filled_sheet(saved)

    def _board(self, model: PlayModel) -> ft.Control:
        """Players as rows (names fixed on the left), hands as columns scrolling sideways."""
        rows = model.board()
        leaders = model.leaders()
        dealer_seats = {row.number: row.dealer for row in rows}
        names = [ft.Container(ft.Text(t("board.hand"), weight=ft.FontWeight.BOLD), height=44)]
        for seat, name in enumerate(model.players):
            total = model.state.totals[seat]
            weight = ft.FontWeight.BOLD if seat in leaders else None
            names.append(ft.Container(ft.Text(f"{name}  {total}", weight=weight, no_wrap=True), height=44,
                                      bgcolor=ft.Colors.PRIMARY_CONTAINER if seat in leaders else None,
                                      padding=ft.Padding(4, 0, 4, 0), alignment=ft.Alignment.CENTER_LEFT))
        columns = []
        for row in reversed(rows):
            head = ft.TextButton(
                content=ft.Text(f"{row.number} ({row.cards})", semantics_label=t("board.correct", number=row.number)),
                on_click=lambda _, n=row.number: self._act(lambda: model.start_correction(n)),
                disabled=not row.scored or model.read_only,
            )
            cells = [ft.Container(head, height=44)]
            for seat, cell in enumerate(row.cells):
                mark = " " + t("board.dealer_mark") if dealer_seats[row.number] == seat else ""
                text = f"{cell.bid}/{cell.tricks} {cell.points}{mark}".strip() if row.scored else f"{cell.bid}{mark}"
                color = None if cell.made is None else (ft.Colors.GREEN if cell.made else ft.Colors.RED)
                cells.append(ft.Container(ft.Text(text, color=color, no_wrap=True), height=44,
                                          alignment=ft.Alignment.CENTER))
            columns.append(ft.Column(cells, spacing=0, width=84))
        return ft.Column([
            ft.Text(t("board.title"), size=18, weight=ft.FontWeight.W_600),
            ft.Text(t("board.legend", mark=t("board.dealer_mark")), size=12),
            ft.Row([ft.Column(names, spacing=0), ft.Row(columns, scroll=ft.ScrollMode.AUTO, expand=True, spacing=0)],
                   vertical_alignment=ft.CrossAxisAlignment.START),
        ])

    # -- history --

    def _history_screen(self) -> list[ft.Control]:
        model = self.history
        assert model is not None
        player = ft.TextField(label=t("history.filter_player"), value=model.player, expand=True,
                              on_submit=lambda e: self._act(lambda: model.set_filters(player=e.control.value)))
        game = _choice(model.game or "", [("", t("history.all_games")), *NewGameModel.games()],
                       lambda value: self._act(lambda: model.set_filters(game=value or None)))
        controls: list[ft.Control] = [_top_bar(t("history.title"), lambda: self.go("start")), ft.Row([player]), game]
        if not model.items:
            controls.append(ft.Text(t("history.empty")))
        for summary in model.items:
            controls.append(self._history_card(summary))
        if model.has_more:
            controls.append(ft.OutlinedButton(t("history.more"), on_click=lambda _: self._act(model.more)))
        controls += self._note()
        if model.message:
            controls.append(ft.Text(model.message))
        return controls

    def _history_card(self, summary: GameSummary) -> ft.Control:
        if summary.damage is not None:
            status = t("history.damaged")
        elif summary.finished:
            status = t("history.finished")
        else:
            status = t("history.unfinished", hand=summary.current_hand)
        lines: list[ft.Control] = [
            ft.Text(f"{summary.game_name} · {summary.created[:10]} · {status}", weight=ft.FontWeight.W_600),
            ft.Text(", ".join(summary.players)),
        ]
        if summary.damage is not None:
            lines.append(ft.Text(summary.damage, color=ft.Colors.ERROR, size=12))
        opens = t("history.open") if summary.finished or summary.damage is not None else t("history.continue")
        lines.append(ft.Row([
            ft.TextButton(opens, on_click=lambda _, s=summary: self._open_stored(s.id, read_only=s.finished)),
            ft.TextButton(t("history.sheet"), on_click=functools.partial(self._stored_sheet, summary.id)),
            ft.TextButton(t("history.delete"), on_click=lambda _, s=summary: self._ask_delete(s.id)),
        ]))
        return ft.Card(ft.Container(ft.Column(lines), padding=8))

    def _ask_delete(self, game_id: str) -> None:
        model = self.history
        assert model is not None
        question = model.ask_delete(game_id)

        def answer(delete: bool) -> None:
            self.page.pop_dialog()
            with self._own_notices():
                if delete:
                    model.confirm_delete()
                else:
                    model.cancel_delete()
            self.draw()

        self.page.show_dialog(ft.AlertDialog(
            title=ft.Text(t("history.delete")),
            content=ft.Text(question or ""),
            actions=[ft.TextButton(t("history.cancel"), on_click=lambda _: answer(False)),
                     ft.FilledButton(t("history.delete"), on_click=lambda _: answer(True))],
        ))


def _wide(button: ft.Control) -> ft.Control:
    return ft.Container(button, height=TAP + 8, width=float("inf"))


async def _download(name: str, data: bytes) -> None:
    """Hand a file to the browser (a download) or, in a window, to a save dialog."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=data)


def _choice(value: str, choices: list[tuple[str, str]], on_pick: Callable[[str], None]) -> ft.Control:
    """One of a few values, each a labelled radio button (easier on a phone than a drop-down)."""
    return ft.RadioGroup(
        value=value,
        on_change=lambda e: on_pick(e.control.value),
        content=ft.Row([ft.Radio(value=key, label=text) for key, text in choices], wrap=True, spacing=4),
    )


def _icon_button(icon: ft.IconData, label: str, on_click: Callable[[], object], disabled: bool = False) -> ft.Control:
    """An icon button that screen readers (and the browser tests) know by ``label``."""
    if inspect.iscoroutinefunction(on_click):
        async def handler(_: object) -> None:
            await on_click()
    else:
        def handler(_: object) -> None:
            on_click()
    return ft.Semantics(label=label, button=True, content=ft.IconButton(icon, on_click=handler, disabled=disabled))


def _top_bar(title: str, back: Callable[[], None], *actions: ft.Control) -> ft.Control:
    return ft.Row([
        _icon_button(ft.Icons.ARROW_BACK, t("back"), back),
        ft.Text(title, size=20, weight=ft.FontWeight.BOLD, expand=True),
        *actions,
    ])


def _stepper(
    label: str,
    value: int,
    *,
    less: tuple[str, Callable[[], None]],
    more: tuple[str, Callable[[], None]],
    act: Callable[[Callable[[], object]], None],
    spoken: str | None = None,
    bold: bool = False,
    indent: bool = False,
) -> ft.Control:
    """A label, then minus, the value and plus, all steppers lined up at the right edge."""
    return ft.Row([
        ft.Text(label, expand=True, weight=ft.FontWeight.W_600 if bold else None, size=15 if bold else 14),
        _icon_button(ft.Icons.REMOVE, less[0], lambda: act(less[1])),
        ft.Text(str(value), size=20, width=32, text_align=ft.TextAlign.CENTER, semantics_label=f"{spoken or label}: {value}"),
        _icon_button(ft.Icons.ADD, more[0], lambda: act(more[1])),
    ], height=TAP, margin=ft.Margin(16 if indent else 0, 0, 0, 0))


def serve(
    *, port: int = 8550, open_browser: bool = True, data: str | None = None, lan: bool = False, desktop: bool = False
) -> int:
    """Serve the app (127.0.0.1, or the local network with a PIN), or open it in a desktop window.

    Returns the exit status when the server stops or the window closes.
    """
    store = GameStore(data) if data else GameStore()
    if desktop:
        import importlib.util

        if importlib.util.find_spec("flet_desktop") is None:
            sys.stderr.write(t("serve.no_desktop") + "\n")
            return 2
        ft.run(lambda page: BidwellApp(page, store).draw(), view=ft.AppView.FLET_APP, assets_dir=str(ASSETS))
        return 0
    host = "0.0.0.0" if lan else HOST
    pin = new_pin() if lan else None
    pin_gate = PinGate(pin) if pin else None
    url = f"http://{_lan_address() if lan else HOST}:{port}"
    print(t("serve.at", url=url), flush=True)
    if lan:
        _print_qr(url)
        print(t("serve.pin", pin=pin), flush=True)

    def main(page: ft.Page) -> None:
        BidwellApp(page, store, pin_gate=pin_gate, join_url=url if lan else None).draw()

    has_display = bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or os.name == "nt"
    from companion.webserver import serve_web

    open_url = url if open_browser and has_display and not lan else None
    serve_web(main, host=host, port=port, assets_dir=str(ASSETS), open_url=open_url)
    return 0


def _uses_letter(page: ft.Page) -> bool:
    """US and Canadian tables print on Letter; everyone else on A4 (as their browsers' language says)."""
    locale = str(getattr(page, "locale_configuration", None) or "")
    return any(region in locale for region in ("US", "CA"))


def _lan_address() -> str:
    """This machine's address on the local network, as the phones at the table reach it."""
    import socket

    try:
        addresses = socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        addresses = []
    return next((a for a in addresses if not a.startswith("127.")), "127.0.0.1")


def _qr_png(url: str) -> bytes:
    """The join link as a QR code picture, for the phones at the table to scan."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=6, border=2)
    return buffer.getvalue()


def _print_qr(url: str) -> None:
    import segno

    segno.make(url, error="m").terminal(compact=True)
