"""The blank score sheet screen's view-model: the game and its options, the players (names, or only how many), the
paper; the sheet itself is :func:`companion.sheets.pdf.blank_sheet`, as ``bidwell sheet`` makes it."""

from __future__ import annotations

from dataclasses import dataclass

from companion.texts import t
from companion.views.common import Message, download_name, refusal
from companion.views.new_game import GameChoice, NewGameModel, OptionRow, game_choices, rules_summary
from scoring.definitions import load_game, rules_for
from scoring.errors import BidwellError
from scoring.i18n.language import game_text
from scoring.players import check_players

PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class BlankSheetView:
    """Everything the blank sheet screen shows."""

    game_id: str
    games: tuple[GameChoice, ...]
    options: tuple[OptionRow, ...]
    rules_summary: str
    """The options as they stand, in one line, as the new-game screen says them."""
    count: int
    """How many players the sheet is for: the names typed, or the count chosen."""
    can_fewer: bool
    can_more: bool
    by_names: bool
    """Whether the names typed set the count (the count's buttons then wait)."""
    count_text: str
    paper: str
    papers: tuple[tuple[str, str], ...]
    message: Message | None


class BlankSheetModel:
    """A blank sheet to print: the game, its options, the players as names or as a count, and the paper size."""

    def __init__(self, game_id: str = "rage-n-glyphs", paper: str = "a4"):
        self.paper = paper if paper in PAPERS else "a4"
        self.names: list[str] = []
        self.message: Message | None = None
        self.count = 0
        self.choose_game(game_id)

    def view(self) -> BlankSheetView:
        """The screen as it stands now."""
        count = self.players
        options = tuple(self.option_rows())
        return BlankSheetView(
            game_id=self.game.id,
            games=tuple(game_choices()),
            options=options,
            rules_summary=rules_summary(options),
            count=count,
            can_fewer=not self.names and count > self.game.min_players,
            can_more=not self.names and count < self.game.max_players,
            by_names=bool(self.names),
            count_text=t("sheet_screen.count", count=count),
            paper=self.paper,
            papers=tuple((paper, t(f"sheet_screen.paper_{paper}")) for paper in PAPERS),
            message=self.message,
        )

    @property
    def players(self) -> int:
        """How many players the sheet has columns for."""
        return len(self.names) if self.names else self.count

    def choose_game(self, game_id: str) -> None:
        """Switch to ``game_id``, its options back at their defaults; the count kept where the game allows it."""
        self.game = load_game(game_id)
        self.options = self.game.defaults()
        self.count = min(max(self.count, self.game.min_players), self.game.max_players)
        self.message = None

    # The same game, options and message as a new game's: the same rows and the same check, in one place.
    option_rows = NewGameModel.option_rows
    set_option = NewGameModel.set_option

    def step_count(self, delta: int) -> None:
        """One player more (+1) or fewer (-1), within the game's range."""
        self.count = min(max(self.count + delta, self.game.min_players), self.game.max_players)
        self.message = None

    def set_names(self, typed: str) -> None:
        """The names typed, separated by commas (as ``bidwell sheet --names`` takes them); none typed, the sheet
        has blank name boxes for the count chosen. The names are checked when the sheet is made."""
        self.names = [name.strip() for name in typed.split(",") if name.strip()]
        self.message = None

    def set_paper(self, paper: str) -> None:
        """A4 or Letter."""
        if paper in PAPERS:
            self.paper = paper

    def sheet(self):  # noqa: ANN201 - a companion.sheets.pdf.Sheet (reportlab loads on the first print)
        """The blank sheet as chosen; None, with the message saying what is wrong, for names it cannot take."""
        from companion.sheets.pdf import blank_sheet

        names = None
        if self.names:
            try:
                names = list(check_players(self.names))
            except BidwellError as error:
                self.message = refusal(error)
                return None
            count, least, most = len(names), self.game.min_players, self.game.max_players
            if count > most:
                self.message = Message(t("setup.too_many", game=game_text(self.game.name), max=most), error=True)
                return None
            if count < least:
                self.message = Message(t("setup.need_players", game=game_text(self.game.name), min=least, max=most,
                                         count=least - count), error=True)
                return None
        self.message = None
        return blank_sheet(rules_for(self.game, self.players, self.options), names=names)

    def file_name(self, today: str) -> str:
        """The download's name, as every download is named; a sheet for no one yet says it is blank."""
        return download_name(self.game.id, today, self.names or [t("setup.blank")], "pdf")
