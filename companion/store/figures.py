"""The statistics' figures of a data folder's games, read from the history index and kept while it is unchanged."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from typing import Any

from companion.store.checkpoint import file_stamp
from companion.store.files import Folder, StorageError
from companion.store.game_files import GameFiles, created_from_id, signature
from companion.store.index import GameSummary, HistoryIndex, month_of, seat_figures_in
from scoring.stats import GameFigures, MatchTally, PlayerFigures, PlayerSums, figures_of, match_tallies


class Figures:
    """The statistics' figures of every readable game, read from the history index (a finished game's are kept
    in its line) and, for an unfinished game, from its own file; each month's kept while its index file is
    unchanged."""

    def __init__(self, folder: Folder, files: GameFiles, index: HistoryIndex):
        self.folder = folder
        self.files = files
        self.index = index
        self._by_month: dict[str, tuple[list[int] | None, list[GameFigures], list[Mapping[str, Any]]]] = {}
        self._last: tuple[tuple, list[GameFigures]] | None = None

    def figures(self) -> list[GameFigures]:
        """Every readable game's figures for the statistics, newest first.

        A finished game's come from its index entry, kept there whenever the game is saved (the game file's
        signature is not checked, as the history's list does: every change to a finished game rewrites its
        entry, and an entry left unsettled by a crash is mended when the store opens). An unfinished game's
        are read from its own file, as the history lists it; so is an entry written before figures were kept,
        and its figures are kept then.
        """
        found: list[GameFigures] = []
        to_read: list[Mapping[str, Any]] = []
        months: list[list[int] | None] = []
        for month in self.index.months():
            stamp, month_found, month_to_read = self._month_figures(month)
            months.append(stamp)
            found += month_found
            to_read += month_to_read
        # The same answer, the same list, while no index file and no unfinished game's file changed: a screen
        # keeps what it worked out from it.
        unchanged = tuple(months), tuple((doc["id"], signature(self.files.path_of(doc["id"]))) for doc in to_read)
        if self._last is not None and self._last[0] == unchanged:
            return self._last[1]
        from_files, mended = self._from_their_files(to_read)
        figures = sorted(found + from_files, key=lambda figures: (figures.created, figures.id), reverse=True)
        self._last = None if mended else (unchanged, figures)
        return figures

    def players(self) -> list[PlayerFigures]:
        """Every player's figures over every readable game: ``scoring.stats.players(self.figures())``, with each
        month's finished games added up once and kept in the checkpoint (``index/checkpoint-stats.json``) while
        the month's index file is unchanged, so a look at the statistics reads only the months that changed
        (and, as :meth:`figures` does, the unfinished games' own files)."""
        total = PlayerSums()
        to_read: list[Mapping[str, Any]] = []
        kept = self.index.checkpoint.sums
        added_up = False
        for month in self.index.months():
            stamp = file_stamp(self.folder.path / "index" / f"{month}.json")
            found = kept.month(month, stamp)
            sums = None if found is None else PlayerSums.from_json(found.get("sums"))
            month_to_read = None if found is None else found.get("to_read")
            if sums is None or not isinstance(month_to_read, list):
                _, figures, month_to_read = self._month_figures(month)
                sums = PlayerSums()
                for game in sorted(figures, key=lambda game: (game.created, game.id), reverse=True):
                    sums.add(game)
                kept.keep(month, {"file": stamp, "sums": sums.to_json(), "to_read": list(month_to_read)})
                added_up = True
            total.merge(sums)
            to_read += month_to_read
        if added_up:
            # For the next look, in this program or another; the statistics are the same without it.
            with contextlib.suppress(StorageError), self.folder.writing():
                kept.save()
        for game in self._from_their_files(sorted(to_read, key=lambda doc: (doc["created"], doc["id"]),
                                                  reverse=True))[0]:
            total.add(game)
        return total.lines()

    def _from_their_files(self, docs: list[Mapping[str, Any]]) -> tuple[list[GameFigures], bool]:
        """The figures of the games the index ``docs`` name, in their order, each read from its own file (an
        unfinished game's line in the index is not its last word), and whether any was found finished since: those
        are put in the index, all at once (each month's index file written once, not once a game)."""
        found: list[GameFigures] = []
        mended: list[GameSummary] = []
        for doc in docs:
            summary = self.index.summary_from_file(doc["id"], doc)
            if summary is None or summary.figures is None or not summary.players:
                continue
            if summary.finished or doc["finished"]:
                mended.append(summary)
            found.append(figures_of(summary.id, summary.game, summary.created, summary.finished, summary.players,
                                    summary.figures, summary.match))
        if mended:
            with self.folder.writing():
                self.index.put(mended)
        return found, bool(mended)

    def matches(self, firsts: Iterable[str]) -> dict[str, MatchTally]:
        """The tally of each match (a game and its rematches) among ``firsts``, ids of games that may have been
        rematched, by that id; one with no rematch has none. ``match_tallies(self.figures())`` would give the
        same for them, but only the games of these matches are read: a month is looked into only if its
        digest names one of them (a page of past games, or a game's end, costs the months, not every game)."""
        wanted = set(firsts)
        months = self.index.months()
        docs: list[Mapping[str, Any]] = []
        for month in months:
            if not wanted.isdisjoint(self.index.digest(month)["matches"]):
                docs += [doc for doc in self.index.listed_docs(month) if doc.get("match") in wanted]
        if not docs:
            return {}
        docs += self._entries({doc["match"] for doc in docs}, months, month_of(min(doc["created"] for doc in docs)))
        found, to_read = self._figures_in(docs)
        return match_tallies(found + self._from_their_files(to_read)[0])

    def _entries(self, ids: set[str], months: list[str], month_hint: str) -> list[Mapping[str, Any]]:
        """The index entries of the games ``ids`` (the first games of matches) listed in ``months`` (the index's,
        newest first). Bidwell's ids carry the month a game began in; an imported game's does not, and is looked
        for from ``month_hint`` (its match's first rematch began then: the game began that month or before, unless
        its record said otherwise) back to the oldest month, then the newer ones."""
        older = [month for month in months if month <= month_hint]
        newer = [month for month in months if month > month_hint]
        order = [month_of(created_from_id(game_id)) for game_id in ids] + older + newer
        found: list[Mapping[str, Any]] = []
        left, looked, listed = set(ids), set(), set(months)
        for month in order:
            if not left:
                break
            if month in looked or month not in listed:
                continue
            looked.add(month)
            for doc in self.index.listed_docs(month):
                if doc["id"] in left:
                    left.discard(doc["id"])
                    found.append(doc)
        return found

    def _figures_in(self, docs: Iterable[Mapping[str, Any]]) -> tuple[list[GameFigures], list[Mapping[str, Any]]]:
        """The figures of the finished games among index entries ``docs``, kept in their entries; the entries of
        the rest, whose figures are read from their own files."""
        found: list[GameFigures] = []
        to_read: list[Mapping[str, Any]] = []
        for doc in docs:
            seats = seat_figures_in(doc.get("figures"), len(doc["players"])) if doc["finished"] and doc.get(
                "damage") is None else None
            if seats is None:
                to_read.append(doc)
            else:
                match = doc.get("match")
                found.append(figures_of(doc["id"], doc["game"], doc["created"], True, doc["players"], seats,
                                        match if isinstance(match, str) else None))
        return found, to_read

    def _month_figures(self, month: str) -> tuple[list[int] | None, list[GameFigures], list[Mapping[str, Any]]]:
        """One month's index file's signature, its finished games' figures, and its entries to read from their
        games; kept while the index file is unchanged, so a second look at the statistics reads only what
        changed."""
        stamp = signature(self.folder.path / "index" / f"{month}.json")
        kept = self._by_month.get(month)
        if kept is not None and stamp is not None and kept[0] == stamp:
            return kept
        found, to_read = self._figures_in(self.index.listed_docs(month))
        self._by_month[month] = kept = (stamp, found, to_read)
        return kept
