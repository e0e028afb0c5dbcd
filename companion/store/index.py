"""The history index of a data folder: a line per game, by the month it was started (``index/YYYY-MM.json``).

The index is a cache of the game files, never trusted blindly. A write that
changes what the history shows of a game (it finishes, stops being finished,
or a finished game is corrected) first marks the game's entry unsettled, then
writes the game file, then writes the entry anew; every time a store is
opened, unsettled entries are read again from their games, games missing
from the index are added back, and a month whose index file had to be
repaired is rebuilt. So a process killed between the two writes leaves
nothing listed wrongly for good. Each entry also records the size and time
of the file it describes, and a listed finished game whose file has changed
since is read again before it is shown.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.store.checkpoint import MONTH_FILE, Checkpoint, digest_of, file_stamp
from companion.store.files import Folder, NewerSchemaError, Notice, StorageError, collecting_notices, os_reason
from companion.store.game_files import GAME_FILE, GAME_ID, GameFiles, created_from_id, now, signature
from companion.texts import APP
from scoring.game import Game
from scoring.i18n.language import in_english
from scoring.i18n.sentences import Words
from scoring.state import Phase
from scoring.stats import MATCH_KEY, SeatFigures, seat_figures

PAGE_SIZE = 50
_FOLD = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ı": "i", "æ": "ae", "Æ": "AE",
                       "œ": "oe", "Œ": "OE", "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D", "ħ": "h", "Ħ": "H"})
_INDEX_FIELDS: Mapping[str, type] = {
    "id": str, "game": str, "game_name": str, "players": list, "created": str, "finished": bool, "winners": list,
    "hands_played": int,
}
_UNREADABLE_GAME = "?"


def fold(text: str) -> str:
    """``text`` for matching: case, accents and a few letters without a decomposition ignored.

    >>> fold("Béla") == fold("bela") and fold("Łucja") == fold("LUCJA")
    True
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_FOLD))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@dataclass(frozen=True)
class GameSummary:
    """One line of the history: which game, who played, when, how it stands.

    ``damage`` says what is wrong with a game that cannot be read whole; such
    a game is listed all the same.
    """

    id: str
    game: str
    game_name: str
    players: tuple[str, ...]
    created: str
    finished: bool
    winners: tuple[str, ...]
    hands_played: int
    current_hand: int | None = None
    phase: Phase | None = None
    damage: str | None = None
    totals: tuple[int, ...] = ()
    coin_pending: bool = False
    figures: tuple[SeatFigures, ...] | None = None
    """Each seat's figures for the statistics; None where the index entry was written before they were kept."""
    match: str | None = None
    """The id of the first game of the match (a game and its rematches) this game is a rematch in."""
    repaired: str | None = None
    """What was repaired in the game's file and what that lost (in English, as the index keeps it), or None."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form, for ``bidwell history --json`` and the index."""
        return {
            "id": self.id,
            "game": self.game,
            "game_name": self.game_name,
            "players": list(self.players),
            "created": self.created,
            "finished": self.finished,
            "winners": list(self.winners),
            "hands_played": self.hands_played,
            "current_hand": self.current_hand,
            "phase": None if self.phase is None else self.phase.value,
            "damage": self.damage,
            "totals": list(self.totals),
            "coin_pending": self.coin_pending,
            "repaired": self.repaired,
        }

    def figures_json(self) -> list[list[int | bool]] | None:
        """The seats' figures as the index keeps them."""
        return None if self.figures is None else [seat.to_json() for seat in self.figures]


@dataclass(frozen=True)
class HistoryPage:
    """One page of the history, newest first."""

    items: tuple[GameSummary, ...]
    page: int
    has_more: bool


def summarize(game_id: str, game: Game, created: str, damage: Words | str | None = None) -> GameSummary:
    """The history line of ``game``; ``damage`` is kept in English (the index keeps it as text)."""
    state = game.state
    current = state.current
    return GameSummary(
        id=game_id,
        game=game.rules.game.id,
        game_name=game.rules.game.name,
        players=game.players,
        created=created,
        finished=state.finished,
        winners=tuple(game.name(seat) for seat in state.winners) if state.finished else (),
        hands_played=len(state.scored_hands),
        current_hand=None if current is None else current.number,
        phase=state.phase,
        damage=None if damage is None else in_english(damage),
        totals=state.totals,
        coin_pending=bool(state.coin_flip_between),
        figures=seat_figures(game),
        match=match if isinstance(match := game.extras.get(MATCH_KEY), str) and GAME_ID.match(match) else None,
    )


class HistoryIndex:
    """The history index of a data folder (``index/YYYY-MM.json``): a line per game, a cache of the game files
    never trusted blindly (see :mod:`companion.store.games`), for the history list, the games to continue and
    the names to offer."""

    def __init__(self, folder: Folder, files: GameFiles):
        self.folder = folder
        self.files = files
        self.checkpoint = Checkpoint(folder)
        """What the last look at each month file found (see :mod:`companion.store.checkpoint`)."""
        self._index_folder = os.fspath(folder.path / "index")
        self._writes = 0
        self._saving_held = 0
        self._read_lines: dict[str, tuple[tuple[list[int], str | None], GameSummary]] = {}

    def player_names(self) -> list[str]:
        """Names from past games, the most often seen first, for the new-game screen to offer."""
        counts: dict[str, int] = {}
        for month in self.months():
            for name, seen in self.digest(month)["names"].items():
                counts[name] = counts.get(name, 0) + seen
        return sorted(counts, key=lambda name: (-counts[name], fold(name)))

    def digest(self, month: str) -> dict[str, Any]:
        """What the history's readers need of one month's entries (see :func:`digest_of`): the checkpoint's while
        the month file is the one it was made from, else read from the file (entries of the wrong shape mended)."""
        digest = self.checkpoint.month(month, file_stamp(self._month_file(month)))
        if digest is None or digest["misshapen"]:
            digest = digest_of(self.listed_docs(month), None, sound=_is_index_doc)
        return digest

    def unfinished(self) -> list[GameSummary]:
        """Games to continue, newest first, each with its current hand and phase (damaged ones too, marked)."""
        return list(self.summaries(finished=False))

    def history(
        self,
        *,
        page: int = 1,
        per_page: int = PAGE_SIZE,
        game: str | None = None,
        player: str | None = None,
        finished: bool | None = None,
    ) -> HistoryPage:
        """Page ``page`` (1-based) of the games, newest first, filtered by game id, player and status.

        The player filter matches part of any name, ignoring case and accents
        ("bela" finds "Béla"). Damaged games are listed with what is wrong.
        """
        if page < 1 or per_page < 1:
            raise ValueError("page and per_page start at 1")
        skip = (page - 1) * per_page
        items: list[GameSummary] = []
        for summary in self.summaries(game=game, player=player, finished=finished):
            if skip:
                skip -= 1
                continue
            if len(items) == per_page:
                return HistoryPage(tuple(items), page, has_more=True)
            items.append(summary)
        return HistoryPage(tuple(items), page, has_more=False)

    def mark_repaired(self, game_id: str) -> None:
        """Keep in the game's index entry what its repair lost, whoever read the file (a tab, or the statistics
        as the app starts): the history and the start screen say it from then on."""
        with self.folder.writing():
            for month in self.months():
                docs = self.docs(month)
                for doc in docs:
                    if doc["id"] == game_id:
                        doc["repaired"] = self.files.repairs_met[game_id]
                        self.write(month, docs)
                        return

    def put(self, summaries: list[GameSummary], *, unsettled: bool = False) -> None:
        """Write the entries of ``summaries``; ``unsettled`` marks them to be read again from their games on the
        next open (their game file is about to change).

        The index keeps how a game ended, not how far an unfinished one got
        (that is read from the game's own file), so bids and tricks in an
        unfinished game never touch it.
        """
        by_month: dict[str, list[GameSummary]] = {}
        for summary in summaries:
            by_month.setdefault(month_of(summary.created), []).append(summary)
        for month, group in by_month.items():
            documents = {doc["id"]: doc for doc in self.docs(month)}
            for summary in group:
                old = documents.get(summary.id, {})
                documents[summary.id] = self.document(summary)
                # A save's line is made from the game alone; a repair its file went through is the index's to keep.
                if summary.repaired is None and isinstance(old.get("repaired"), str):
                    documents[summary.id]["repaired"] = old["repaired"]
                if unsettled:
                    documents[summary.id]["unsettled"] = True
            self.write(month, list(documents.values()))

    def remove(self, game_id: str) -> None:
        for month in self.months():
            docs = self.docs(month)
            kept = [doc for doc in docs if doc["id"] != game_id]
            if len(kept) < len(docs):
                self.write(month, kept)
                return

    def _db(self, month: str):  # noqa: ANN202 - a TinyDB
        return self.folder.database(f"index/{month}.json", kind="index")

    def docs(self, month: str) -> list[dict[str, Any]]:
        """The entries of one month's index file that name a game (:func:`_is_index_doc` checks the rest); the
        checkpoint keeps a digest of them."""
        # The signature is taken before reading: a file replaced meanwhile is then read again next time, never
        # taken for the one read.
        stamp = file_stamp(self._month_file(month))
        try:
            with self._db(month) as db:
                tables = db.storage.read() or {}
            docs = [doc for doc in tables.get("games", {}).values() if _names_a_game(doc)]
        except OSError as error:
            raise StorageError("storage.index_unreadable", path=self._path(month), reason=os_reason(error)) from None
        self.checkpoint.keep(month, digest_of(docs, stamp, sound=_is_index_doc))
        return docs

    def write(self, month: str, documents: list[dict[str, Any]]) -> None:
        """Replace one month's index file with ``documents``, and its digest in the checkpoint. Call it holding the
        folder's write lock."""
        with self._db(month) as db:
            db.storage.write({"games": {str(n): doc for n, doc in enumerate(documents, start=1)}})
        self._writes += 1
        self.checkpoint.keep(month, digest_of(documents, file_stamp(self._month_file(month)), sound=_is_index_doc))
        if not self._saving_held:
            self.checkpoint.save()

    def _path(self, month: str) -> Path:
        return Path(self._month_file(month))

    def _month_file(self, month: str) -> str:
        """The path of ``month``'s index file, as text: opening the store stamps every month file, and a Path
        made for each was a fifth of that with 100,000 games stored."""
        return os.path.join(self._index_folder, f"{month}.json")

    def document(self, summary: GameSummary) -> dict[str, Any]:
        doc = summary.to_json()
        doc.pop("current_hand")
        doc.pop("phase")
        doc["figures"] = summary.figures_json()
        doc["match"] = summary.match
        doc["search"] = fold(" | ".join(summary.players))
        doc["file"] = signature(self.files.path_of(summary.id))
        return doc

    def months(self) -> list[str]:
        """The months that have an index file, newest first."""
        return _months_in(os.listdir(self.folder.path / "index"))

    def check(self) -> None:
        """Make the index agree with the game files (see the module's text), saying what was mended.

        Temporary files that killed writers left behind are removed on the way. Where the checkpoint says
        the game files and every month file are as they were when the index last agreed with them, and no
        entry is unsettled, nothing is read (see :mod:`companion.store.checkpoint`).
        """
        with self.folder.writing():
            in_index = self.folder.sweep(self.folder.path / "index")
            self.folder.sweep(self.folder.path)
            if self._unchanged(_months_in(in_index)):
                return
            self._saving_held += 1
            try:
                unlisted, rebuilt = self._check_all()
            finally:
                self._saving_held -= 1
            self.checkpoint.forget(self.checkpoint.months() - set(self.months()))
            self.checkpoint.save()
            self.checkpoint.agreed()
        if unlisted:
            self.folder.notice("storage.index_added", count=len(unlisted), folder=self.folder.path)
        for month in rebuilt:
            self.folder.notice("storage.index_rebuilt", month=month, folder=self.folder.path)

    def _unchanged(self, months: list[str]) -> bool:
        """Whether the checkpoint says nothing is to be checked: the game files as they were when the index last
        agreed with them, a digest of every month file as it is, and no entry unsettled."""
        if not self.checkpoint.games_agree() or set(months) != self.checkpoint.months():
            return False
        for month in months:
            digest = self.checkpoint.month(month, file_stamp(self._month_file(month)))
            if digest is None or digest["unsettled"]:
                return False
        return True

    def _check_all(self) -> tuple[list[str], list[str]]:
        """Every month file read and every game file listed, under the write lock: what :meth:`check` promises.
        Returns the games added to the index and the months rebuilt."""
        files = {match.group(1) for name in self.folder.sweep(self.folder.path / "games") if (
            match := GAME_FILE.match(name))}
        months: dict[str, dict[str, dict[str, Any]]] = {}
        rebuilt: list[str] = []
        for month in self.months():
            self._move_aside_if_folder(self.folder.path / "index" / f"{month}.json")
            with collecting_notices() as repaired:
                try:
                    docs = self.docs(month)
                except NewerSchemaError:
                    raise  # a newer Bidwell's folder is left exactly as it is
                except StorageError as error:
                    repaired.append(Notice.of(error))
                    docs = []
            self.folder.pass_on(repaired)
            if repaired:
                rebuilt.append(month)
            months[month] = {doc["id"]: doc for doc in docs}
        where = {game_id: month for month, docs in months.items() for game_id in docs}
        stale = [game_id for game_id, month in where.items()
                 if month in rebuilt or months[month][game_id].get("unsettled")]
        unlisted = sorted(set(files) - set(where))
        missing = [game_id for game_id, month in where.items() if game_id not in files
                   and (months[month][game_id].get("damage") is None or self.files.gone(game_id))]
        changed: set[str] = set()
        for game_id in [*stale, *unlisted, *missing]:
            old_month = where.get(game_id)
            summary = self.summary_from_file(game_id, months[old_month][game_id] if old_month else None)
            if summary is None:
                if old_month is not None:
                    self._tell_gone(months[old_month].pop(game_id))
                    changed.add(old_month)
                continue
            if old_month is not None:
                del months[old_month][game_id]
                changed.add(old_month)
            new_month = month_of(summary.created)
            months.setdefault(new_month, {})[game_id] = self.document(summary)
            changed.add(new_month)
        for month in sorted(changed):
            self.write(month, list(months[month].values()))
        return unlisted, rebuilt

    def _move_aside_if_folder(self, path: Path) -> None:
        """A folder where an index file should be cannot be read or written: it goes aside, and is said so."""
        if not path.is_dir():
            return
        target = path.with_name(f"{path.stem}.broken-{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}{path.suffix}")
        try:
            path.rename(target)
        except OSError as error:
            raise StorageError("storage.folder_in_the_way", path=path, reason=os_reason(error)) from None
        self.folder.notice("storage.folder_moved", path=path, target=target)

    def summary_from_file(self, game_id: str, known: Mapping[str, Any] | None) -> GameSummary | None:
        """The history line of a game read from its own file; a damaged one keeps what ``known`` (its old
        entry) says of the rest, if that is whole. None for a game that is gone (see :meth:`GameFiles.gone`):
        every list drops it, and whoever drops an entry says so (:meth:`_tell_gone`)."""
        loaded = self.files.load(game_id)
        repaired = self.files.repairs_met.get(game_id) or (known or {}).get("repaired")
        if loaded.game is not None:
            return replace(summarize(game_id, loaded.game, loaded.created or now(), damage=loaded.damage),
                           repaired=repaired if isinstance(repaired, str) else None)
        if loaded.damage is None and self.files.gone(game_id):
            return None
        damage = in_english(loaded.damage or _words("storage.damage.file_missing"))
        if known is not None and _is_index_doc(known):
            return replace(_summary_of(known), damage=damage)
        return GameSummary(id=game_id, game=_UNREADABLE_GAME, game_name=_UNREADABLE_GAME, players=(),
                           created=created_from_id(game_id), finished=False, winners=(), hands_played=0, damage=damage)

    def _tell_gone(self, entry: Mapping[str, Any]) -> None:
        """Say that the game of index entry ``entry`` is gone and no longer listed (once: its entry is dropped)."""
        players = entry.get("players")
        names = ", ".join(name for name in players if isinstance(name, str)) if isinstance(players, list) else ""
        self.folder.notice("storage.game_gone", id=entry.get("id"), players=names or "?",
                           folder=self.folder.path / "games")

    def summaries(
        self, *, game: str | None = None, player: str | None = None, finished: bool | None = None
    ) -> Iterator[GameSummary]:
        wanted = fold(player.strip()) if player else None
        listed: set[str] = set()
        months, writes = self.months(), self._writes
        while month := next((m for m in months if m not in listed), None):
            listed.add(month)
            digest = self.checkpoint.month(month, file_stamp(self._month_file(month)))
            if digest is not None and not digest["misshapen"]:
                if not _may_hold(digest, game, wanted, finished):
                    continue
                documents = digest["open"] if finished is False else self.listed_docs(month)
            else:
                documents = self.listed_docs(month)
            for doc in sorted(documents, key=lambda d: (d["created"], d["id"]), reverse=True):
                if game is not None and doc["game"] != game:
                    continue
                if finished is not None and doc["finished"] != finished:
                    continue
                if wanted is not None and wanted not in doc.get("search", ""):
                    continue
                summary = _summary_of(doc)
                if not summary.finished or summary.damage is None and signature(
                        self.files.path_of(summary.id)) != doc.get("file"):
                    summary = self._fresh(summary)
                    if summary is None or finished is False and summary.finished:
                        continue
                yield summary
            # Mending an entry can move a game to a month not listed yet: the months are looked up again.
            if self._writes != writes:
                months, writes = self.months(), self._writes

    def listed_docs(self, month: str) -> list[dict[str, Any]]:
        """One month's entries as the history lists them: one of the wrong shape is read again from its game."""
        docs = self.docs(month)
        sound = [doc for doc in docs if _is_index_doc(doc)]
        if len(sound) < len(docs):
            misshapen = [doc for doc in docs if not _is_index_doc(doc)]
            read_again = [self.summary_from_file(doc["id"], doc) for doc in misshapen]
            mended = [summary for summary in read_again if summary is not None]
            with self.folder.writing():
                self.put(mended)
                for doc, summary in zip(misshapen, read_again, strict=True):
                    if summary is None:
                        self.remove(doc["id"])
                        self._tell_gone(doc)
            sound += [self.document(summary) for summary in mended if month_of(summary.created) == month]
        return sound

    def _fresh(self, summary: GameSummary) -> GameSummary | None:
        """A game's line read from its own file: an unfinished game's current hand, or what is wrong with it."""
        # A sound game's line is kept while its file is unchanged: the start screen, drawn again at every return
        # to it, replays only the games that moved on since.
        stamp = file_stamp(self.files.path_of(summary.id))
        kept = self._read_lines.get(summary.id)
        if stamp is not None and kept is not None and kept[0] == (stamp, summary.repaired):
            fresh = kept[1]
        else:
            fresh = self.summary_from_file(summary.id, summary.to_json())
            if fresh is None:
                with self.folder.writing():
                    self.remove(summary.id)
                self._tell_gone(summary.to_json())
                return None
            if fresh.damage is None and stamp is not None:
                self._read_lines[summary.id] = (stamp, summary.repaired), fresh
        if (fresh.finished, fresh.damage, fresh.repaired) != (summary.finished, summary.damage, summary.repaired):
            with self.folder.writing():
                self.put([fresh])
        return fresh


def _months_in(names: list[str]) -> list[str]:
    """The months whose index files are among the file names ``names``, newest first."""
    return sorted((match.group(1) for name in names if (match := MONTH_FILE.fullmatch(name))), reverse=True)


def _may_hold(digest: Mapping[str, Any], game: str | None, wanted: str | None, finished: bool | None) -> bool:
    """Whether a month whose digest is ``digest`` may hold a game the history's filters choose (the player's
    name ``wanted`` already folded); False only where it surely holds none."""
    kinds = digest["kinds"]
    counts = [kinds.get(game, (0, 0))] if game is not None else list(kinds.values())
    if not any(count[1] if finished else count[0] if finished is False else count[0] + count[1]
               for count in counts):
        return False
    # A part of a name without a space or a bar is found in an entry's folded names (joined by " | ") only
    # inside one of them; anything else is looked for in the entries themselves.
    if wanted is None or " " in wanted or "|" in wanted:
        return True
    return any(wanted in fold(name) for name in digest["names"])


def _names_a_game(doc: object) -> bool:
    return isinstance(doc, dict) and type(doc.get("id")) is str and GAME_ID.match(doc["id"]) is not None


def _is_index_doc(doc: Mapping[str, Any]) -> bool:
    """Whether an index entry has every field a history line needs, each of the right type."""
    try:
        return (
            all(type(doc[key]) is kind for key, kind in _INDEX_FIELDS.items())
            and set(map(type, doc["players"])) | set(map(type, doc["winners"])) <= {str}
            and GAME_ID.match(doc["id"]) is not None
        )
    except (KeyError, TypeError):
        return False


def _summary_of(doc: Mapping[str, Any]) -> GameSummary:
    damage = doc.get("damage")
    return GameSummary(
        id=doc["id"],
        game=doc["game"],
        game_name=doc["game_name"],
        players=tuple(doc["players"]),
        created=doc["created"],
        finished=doc["finished"],
        winners=tuple(doc["winners"]),
        hands_played=doc["hands_played"],
        damage=damage if isinstance(damage, str) else None,
        # Entries written before totals were kept have none; their cards list the players instead.
        totals=tuple(totals) if isinstance(totals := doc.get("totals"), list)
        and all(type(total) is int for total in totals) else (),
        coin_pending=doc.get("coin_pending") is True,
        figures=seat_figures_in(doc.get("figures"), len(doc["players"])),
        match=match if isinstance(match := doc.get("match"), str) else None,
        repaired=repaired if isinstance(repaired := doc.get("repaired"), str) else None,
    )


def seat_figures_in(data: object, seats: int) -> tuple[SeatFigures, ...] | None:
    """The seats' figures an index entry keeps; None if it keeps none (or not one per seat, whole)."""
    if not isinstance(data, list) or len(data) != seats:
        return None
    figures = tuple(SeatFigures.from_json(seat) for seat in data)
    return None if None in figures else figures


def month_of(created: str) -> str:
    month = created[:7]
    return month if re.fullmatch(r"\d{4}-\d{2}", month) else "0000-00"


def _words(key: str, /, **params: object) -> Words:
    """The app's sentence ``key``, made when it is shown (in that moment's language)."""
    return Words(APP, key, **params)
