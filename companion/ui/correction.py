"""The correction screen: a scored hand's bids and tricks changed, checked live, and saved in one step.

One row per player (bid and tricks on small steppers), so ten players fit a small phone; Rage's counted cards in
a table of their own below. Save stays at the bottom of the screen, beside the tricks' total, under whatever the
engine refuses of the tricks; a bid the hook forbids is said at that bid. Once saved, the scoreboard comes back and
a bar at the bottom of the screen says which hand was corrected.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.store.files import StorageError
from companion.texts import t
from companion.ui.session import use_session
from companion.ui.widgets import part, said, screen, use_stable
from companion.views.correction import CorrectionLine, CorrectionView

NUMBER = 28  # a stepper's number: two digits at its size
STEPPER = 48 + NUMBER + 48  # two 48-pixel tap targets and the number between them
ROW = 48
TARGET = ft.BoxConstraints(min_width=48, min_height=48)
CONFIRMATION_MS = 6000
"""How long the bar saying a correction was saved stays: long enough to be read after the scoreboard is back."""


@screen
def HandScreen() -> ft.View:
    """``/game/<id>/hand/<n>``: correct scored hand n; the points and the engine's checks follow every change.

    The screen holds its handle without watching it: a save redraws the scoreboard beneath, not this screen,
    which is on its way out (the game changed elsewhere meanwhile is said when Save is tapped).
    """
    params = ft.use_route_params()
    session = use_session()
    route = ft.use_view_path()
    number = int(params["number"])
    try:
        handle = session.game(params["gid"])
    except StorageError as error:
        return ft.View(route=route, controls=[ft.Text(str(error), color=ft.Colors.ERROR)])
    # One correction per hand opened: the same screen taken to another hand's address starts that hand afresh.
    correction = ft.use_memo(lambda: handle.model.correction(number), [params["gid"], number])
    version, set_version = ft.use_state(0)
    bar = ft.AppBar(title=ft.Text(t("correct.title", number=number)))
    if correction is None:
        return ft.View(route=route, appbar=bar, padding=12, controls=[ft.Text(t("correct.not_scored", number=number))])

    def change(action: Callable[[], None]) -> None:
        action()
        set_version(version + 1)

    page = ft.context.page
    step_bid = use_stable(lambda seat, delta: change(lambda: correction.step_bid(seat, delta)))
    step_tricks = use_stable(lambda seat, delta: change(lambda: correction.step_tricks(seat, delta)))
    step_counted = use_stable(lambda kind, seat, delta: change(lambda: correction.step_counted(kind, seat, delta)))

    def saved_and_said() -> bool:
        if not correction.save():
            return False
        # Said inside the tap, before the game's screens are told it changed: the bar is sent to the phone at once,
        # not after the scoreboard beneath is drawn again.
        page.show_dialog(ft.SnackBar(ft.Text(correction.confirmation), duration=CONFIRMATION_MS))
        return True

    def save() -> None:
        if correction.confirmation is not None:
            return  # a second tap while the screen goes: the correction is saved already
        if handle.act(saved_and_said):
            page.navigate(f"/game/{handle.id}")
        else:
            set_version(version + 1)

    view = correction.view()
    return ft.View(
        route=route, appbar=bar, padding=0, spacing=0,
        controls=[
            ft.Column([CorrectionTable(view, step_bid, step_tricks, key="table"),
                       *([CardsTable(view, step_counted, key="cards")] if view.card_kinds else [])],
                      scroll=ft.ScrollMode.AUTO, expand=True, spacing=12),
            SaveBar(view, use_stable(save), key="save-bar"),
        ],
    )


@part
def CorrectionTable(view: CorrectionView, step_bid, step_tricks) -> ft.Control:  # noqa: ANN001 - stable callables
    """The hand's heading, then a row per player in bidding order: name and points, the bid, the tricks; the hook's
    refusal under the row of the bid it refuses."""
    controls: list[ft.Control] = [
        ft.Text(view.heading, size=16),
        ft.Row([ft.Container(expand=True),
                column_heading(t("correct.bid_column")), column_heading(t("correct.tricks_heading"))], spacing=4),
    ]
    for line in view.lines:
        controls.append(PlayerRow(line, step_bid, step_tricks, key=f"row-{line.seat}"))
        if line.bid_refused is not None:
            controls.append(ft.Text(line.bid_refused, color=ft.Colors.ERROR, size=14, key=f"refused-{line.seat}"))
    return ft.Container(ft.Column(controls, spacing=0), padding=ft.Padding(12, 8, 8, 0))


@ft.memo
@part
def PlayerRow(line: CorrectionLine, step_bid, step_tricks) -> ft.Control:  # noqa: ANN001 - stable callables
    """One player: the name over what the row scores (and the dealer's mark), the bid, the tricks."""
    name: ft.Control = ft.Text(line.name, size=15, weight=ft.FontWeight.W_600, no_wrap=True,
                               overflow=ft.TextOverflow.ELLIPSIS, expand=line.dealer, expand_loose=True)
    if line.dealer:  # the dealer's mark, as on the scoreboard, beside the bid the hook may refuse
        name = ft.Row([name, ft.Text(t("board.dealer_mark"), size=13, weight=ft.FontWeight.BOLD)], spacing=4)
    return ft.Row([
        ft.Column([
            name,
            ft.Text(line.result, size=12, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS,
                    color=ft.Colors.PRIMARY if line.made else ft.Colors.ERROR),
        ], spacing=0, expand=True, alignment=ft.MainAxisAlignment.CENTER),
        stepper(line.bid, line.most, t("correct.bid", name=line.name), t("correct.bid_less", name=line.name),
                t("correct.bid_more", name=line.name), lambda delta: step_bid(line.seat, delta),
                refused=line.bid_refused is not None),
        stepper(line.tricks, line.most, t("tricks.choose", name=line.name), t("correct.tricks_less", name=line.name),
                t("correct.tricks_more", name=line.name), lambda delta: step_tricks(line.seat, delta)),
    ], spacing=4, height=ROW)


@part
def CardsTable(view: CorrectionView, step_counted) -> ft.Control:  # noqa: ANN001 - a stable callable
    """Rage's counted cards: a column per kind, a row per player."""
    controls: list[ft.Control] = [ft.Row([ft.Container(expand=True), *(column_heading(label)
                                                                        for label in view.card_kinds)], spacing=4)]
    for line in view.lines:
        controls.append(ft.Row([
            ft.Text(line.name, size=15, weight=ft.FontWeight.W_600, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS,
                    expand=True),
            *(stepper(count, most, t("cards.of", label=label, name=line.name),
                      t("cards.less", label=label, name=line.name), t("cards.more", label=label, name=line.name),
                      lambda delta, k=kind, seat=line.seat: step_counted(k, seat, delta))
              for kind, label, count, most in line.counted),
        ], spacing=4, height=ROW, key=f"cards-{line.seat}"))
    return ft.Container(ft.Column(controls, spacing=0), padding=ft.Padding(12, 0, 8, 12))


@part
def SaveBar(view: CorrectionView, save: Callable[[], None]) -> ft.Control:
    """The bottom of the screen, always in sight: what the engine refuses of the tricks or the save, then the
    tricks' total beside Save (the top bar's arrow leaves without saving)."""
    controls: list[ft.Control] = []
    if view.result_refused is not None:
        controls.append(ft.Text(view.result_refused, color=ft.Colors.ERROR, key="result-refused"))
    controls += said(view.message)
    controls.append(ft.Row([
        ft.Text(view.check, weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR if view.check_refused else None,
                expand=True, key="check"),
        ft.FilledButton(t("correct.save"), icon=ft.Icons.CHECK, height=48, disabled=not view.can_save,
                        on_click=lambda _: save()),
    ], spacing=8))
    return ft.Container(ft.Column(controls, spacing=6), padding=ft.Padding(12, 8, 12, 8),
                        bgcolor=ft.Colors.SURFACE_CONTAINER,
                        border=ft.Border(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)))


def column_heading(text: str) -> ft.Control:
    """A column's heading, over its steppers."""
    return ft.Text(text, size=13, width=STEPPER, text_align=ft.TextAlign.CENTER, no_wrap=True,
                   overflow=ft.TextOverflow.ELLIPSIS, weight=ft.FontWeight.W_600)


def stepper(value: int, most: int, what: str, less: str, more: str, on_step: Callable[[int], None], *,
            refused: bool = False) -> ft.Control:
    """A number from 0 to ``most`` with a button either side: one less, one more (each a full tap target). The
    number is read as ``what`` and the number; a ``refused`` one is drawn in the error colour."""
    return ft.Row([
        step_button(ft.Icons.REMOVE, less, lambda: on_step(-1), disabled=value <= 0),
        ft.Text(str(value), size=18, width=NUMBER, text_align=ft.TextAlign.CENTER, weight=ft.FontWeight.BOLD,
                color=ft.Colors.ERROR if refused else None, semantics_label=f"{what}: {value}"),
        step_button(ft.Icons.ADD, more, lambda: on_step(1), disabled=value >= most),
    ], spacing=0, width=STEPPER)


def step_button(icon: ft.IconData, label: str, on_step: Callable[[], None], *, disabled: bool) -> ft.Control:
    """A stepper's button, known by ``label``, drawn as large as its tap target (an icon button is drawn smaller
    than the target it takes taps in, and a screen reader's finger finds only what is drawn)."""
    return ft.Semantics(content=ft.IconButton(icon, on_click=lambda _: on_step(), disabled=disabled,
                                              size_constraints=TARGET),
                        label=label, button=True, disabled=disabled)
