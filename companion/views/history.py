"""The past games screen's view-model: the list, its filters and pages, and each game's card."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from companion.store.files import StorageError
from companion.store.games import GameStore, ReadRecords, records_in
from companion.store.index import GameSummary
from companion.texts import in_use, t
from companion.views.common import Message, download_name, refusal
from companion.views.new_game import NewGameModel
from companion.views.spreadsheet import history_csv
from companion.views.stats import match_text
from scoring.errors import BidwellError
from scoring.i18n.language import game_text
from scoring.i18n.sentences import Listed
from scoring.stats import MatchTally


@dataclass(frozen=True)
class PastGameCard:
    """One past game as the history lists it: what, when, who won, the scores, what can be done."""

    id: str
    title: str
    when: str
    status: str
    scores: str
    damage: str | None
    finished: bool
    coin_pending: bool
    match: str | None = None
    repaired: str | None = None
    """What a repair of the game's file did and lost (see :attr:`GameSummary.repaired`)."""


@dataclass(frozen=True)
class HistoryView:
    """The past games list as it stands."""

    player: str
    game: str | None
    games: tuple[tuple[str, str], ...]
    cards: tuple[PastGameCard, ...]
    has_more: bool
    message: Message | None
    filter_summary: str = ""
    """The filters in one line ("Filter: all games, every player"), which the screen shows folded."""


SCREEN_PAGE = 15
"""Past games drawn at once, "More" draws as many again: three screens of a phone. Every card is a dozen controls
for the phone's browser to build before the list shows; the store's page of 50 took it 630 controls and most of a
second (issue 27)."""


class HistoryModel:
    """The past games list: filters, pages, and deleting with a confirmation."""

    def __init__(self, store: GameStore):
        self.store = store
        self.player = ""
        self.game: str | None = None
        self.items: list[GameSummary] = []
        self.has_more = False
        self.pending_delete: GameSummary | None = None
        self.message: Message | None = None
        self.refresh()

    def view(self) -> HistoryView:
        """The list with its filters."""
        matches = self.store.matches(summary.match or summary.id for summary in self.items)
        games = tuple(NewGameModel.games())
        return HistoryView(self.player, self.game, games, tuple(past_game_card(s, matches) for s in self.items),
                           self.has_more, self.message, self.filter_summary(dict(games)))

    def filter_summary(self, game_names: dict[str, str]) -> str:
        """Which games the list shows, in one line: the game chosen (or all) and the player's name typed (or
        every player)."""
        game = game_names.get(self.game, self.game) if self.game else t("history.all_games")
        who = t("history.filter_named", name=self.player) if self.player else t("history.every_player")
        return t("history.filter_summary", game=game, player=who)

    def refresh(self) -> None:
        """Read the first page again with the current filters."""
        page = self.store.history(page=1, per_page=SCREEN_PAGE, game=self.game, player=self.player or None)
        self.items, self.has_more, self._page = list(page.items), page.has_more, 1

    def set_filters(self, *, player: str | None = None, game: str | None | bool = False) -> None:
        """Filter by part of a player's name and/or a game id (None for all games)."""
        if player is not None:
            self.player = player
        if game is not False:
            self.game = game  # type: ignore[assignment]
        self.message = None
        self.refresh()

    def more(self) -> None:
        """Append the next page."""
        if self.has_more:
            self._page += 1
            page = self.store.history(page=self._page, per_page=SCREEN_PAGE, game=self.game,
                                      player=self.player or None)
            self.items += page.items
            self.has_more = page.has_more

    def ask_delete(self, game_id: str) -> str | None:
        """Ask before deleting: the question to show."""
        self.pending_delete = next((s for s in self.items if s.id == game_id), None)
        if self.pending_delete is None:
            return None
        return t("history.delete_confirm", game=game_text(self.pending_delete.game_name),
                 players=Listed(self.pending_delete.players))

    def confirm_delete(self) -> None:
        """Delete the game asked about."""
        if self.pending_delete is not None:
            try:
                self.store.delete(self.pending_delete.id)
            except StorageError as error:
                self.message = refusal(error)
                return
            self.pending_delete = None
            self.message = Message(t("history.deleted"))
            self.refresh()

    def cancel_delete(self) -> None:
        """Keep the game."""
        self.pending_delete = None

    def spreadsheet(self) -> tuple[str, bytes]:
        """Every game the filters choose (not only the pages shown), a row each, as CSV: its file's name and
        content (see :func:`companion.views.spreadsheet.history_csv`)."""
        import datetime

        summaries = self.store.every_game(game=self.game, player=self.player or None)
        return download_name("history", datetime.date.today().isoformat(), (), "csv"), history_csv(summaries)

    def import_files(self, files: Sequence[tuple[str, bytes]]) -> list[str]:
        """Keep the games in these record files (name and content, as ``bidwell import`` reads them); returns the
        ids of the new games. The message says how many were new, how many were already here, and each file or
        record refused and why."""
        read = self.read_files(files)
        for _ in self.keep_files(read):
            pass
        return read.records.report.new

    def read_files(self, files: Sequence[tuple[str, bytes]]) -> ReadFiles:
        """The first part of :meth:`import_files`, which changes nothing and may run in any thread: the files
        read and their records checked and replayed."""
        records: list[tuple[str, object]] = []
        refused: list[str] = []
        for name, raw in files:
            try:
                records += records_in(name, raw)
            except BidwellError as error:
                refused.append(t("cli.file_reason", path=name, reason=error))
        return ReadFiles(self.store.read_records(records), refused)

    def keep_files(self, read: ReadFiles) -> Iterator[None]:
        """The rest of :meth:`import_files`: the games read stored a few at a time (yielding after each few), then
        the message and the list."""
        try:
            yield from self.store.keep_records(read.records)
        except StorageError as error:
            self.message = refusal(error)
            return
        report = read.records.report
        refused = read.refused + [t("cli.file_reason", path=where, reason=reason) for where, reason in report.refused]
        lines = [t("history.imported", count=len(report.new))]
        if report.existing:
            lines.append(t("history.import_known", count=len(report.existing)))
        self.message = Message("\n".join(lines + refused), error=bool(refused))
        self.refresh()


@dataclass(frozen=True)
class ReadFiles:
    """Record files read for an import (:meth:`HistoryModel.read_files`): their records, and the files refused
    whole, each said with why."""

    records: ReadRecords
    refused: list[str]


def past_game_card(summary: GameSummary, matches: dict[str, MatchTally] | None = None) -> PastGameCard:
    """How one past game reads on its card: the winner, the scores and when it was played; and the tally of
    its match if it is in one (``matches``: at least its match's, from :meth:`GameStore.matches`)."""
    coin_pending = summary.coin_pending  # the tied players are its winners until the coin is flipped
    if summary.damage is not None:
        status = t("history.damaged")
    elif coin_pending:
        status = t("history.coin_pending")
    elif summary.finished:
        status = t("history.won", names=Listed(summary.winners))
    else:
        status = t("history.unfinished", hand=summary.current_hand)
    scores = ""
    if summary.totals:
        scores = " · ".join(t("history.score", name=name, total=total)
                            for name, total in zip(summary.players, summary.totals))
    else:
        scores = str(Listed(summary.players))
    when = in_use().datetime(summary.created)
    tally = (matches or {}).get(summary.match or summary.id)
    return PastGameCard(summary.id, game_text(summary.game_name), when, status, scores, summary.damage,
                        summary.finished,
                        coin_pending, None if tally is None else match_text(tally), summary.repaired)
