"""The statistics screens' view-models: every player's figures, one player's, and their rivals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.texts import in_use, t
from companion.views.new_game import NewGameModel
from scoring.definitions import load_game
from scoring.i18n.language import game_text
from scoring.stats import BestGame, GameFigures, MatchTally, PlayerFigures, chosen, head_to_head, player_key, players


@dataclass(frozen=True)
class StatsLine:
    """One player's line on the Statistics screen: the name, and the figures in a few words."""

    name: str
    summary: str


@dataclass(frozen=True)
class StatsView:
    """The Statistics screen: the game chosen (None for all), the games to choose from, a line per player."""

    game: str | None
    games: tuple[tuple[str, str], ...]
    lines: tuple[StatsLine, ...]
    together: tuple[str, ...] = ()
    """With two or more players chosen as having played together: how many finished games they all sat in, then
    each pair head to head (finished games only)."""
    together_note: str | None = None
    """Said under the head to head when unfinished games they all sat in were left out of it."""


@dataclass(frozen=True)
class PlayerView:
    """One player's figures (label and value), their best and worst game (its id, and how they finished it in
    words), and the charts' data: their final scores in the finished games, oldest first, and how often they
    finished in each place."""

    name: str
    figures: tuple[tuple[str, str], ...]
    best: tuple[str, str] | None
    worst: tuple[str, str] | None
    scores: tuple[int, ...]
    places: tuple[tuple[int, int], ...]
    rivals: tuple[str, ...]
    """Head to head with the players met most often in finished games, a line each."""
    rivals_note: str | None = None
    """Said under the head to head when the player's unfinished games were left out of it."""
    scope: str = ""
    """Which games the figures are over, and since when ("Every game kept, since Dec 7, 2026")."""
    compared_note: str | None = None
    """In place of the best and worst game while too few games are finished to tell them apart."""
    charts_note: str | None = None
    """In place of the charts while too few games are finished to draw a line through (None: enough)."""

    @property
    def charted(self) -> bool:
        """Whether the charts are drawn: enough finished games (see :data:`CHARTED_FROM`)."""
        return len(self.scores) >= CHARTED_FROM


_players_kept: tuple[Sequence[GameFigures], tuple, list[PlayerFigures]] | None = None
"""The last players' figures worked out: (the figures they came from, the filters, the figures)."""

RIVALS_SHOWN = 5
"""How many of the players met most often a player's page compares them with."""
COMPARED_FROM = 2
"""How many finished games a player's page needs before it names a best and a worst: of one, both are the same."""
CHARTED_FROM = 2
"""How many finished games a player's page needs before it charts them: one game is a lone dot, not a line."""


class StatsModel:
    """Players' figures over the games' figures given (read from the history's index), for one game or all."""

    def __init__(self, games: Sequence[GameFigures], game: str | None = None, *, with_players: Sequence[str] = (),
                 since: str | None = None):
        """``games``: every game's figures; the others choose among them (see :func:`scoring.stats.chosen`)."""
        self._games = games
        self.game = game
        self.with_players = tuple(with_players)
        self.since = since

    def view(self) -> StatsView:
        """A line per player, the most wins first; with two or more players chosen, their head to head."""
        games = chosen(self._games, game=self.game, since=self.since, with_players=self.with_players)
        lines = tuple(
            StatsLine(line.name, t("stats.line", games=t("stats.games_count", count=line.games),
                                   wins=t("stats.wins_count", count=line.wins), exact=share_text(line.exact, line.bids)))
            for line in self._players(games))
        together: tuple[str, ...] = ()
        note = None
        if len({player_key(name) for name in self.with_players}) >= 2:
            met = head_to_head(games, self.with_players)
            note = t("stats.unfinished_left_out", count=met.unfinished) if met.unfinished else None
            together = (t("stats.together", games=t("stats.games_count", count=met.games)), *(
                t("stats.pair", first=rivalry.first, second=rivalry.second, games=t("stats.games_count",
                                                                                   count=rivalry.games),
                  first_ahead=rivalry.first_ahead, second_ahead=rivalry.second_ahead, level=rivalry.level)
                for rivalry in met.pairs if rivalry.games))
        return StatsView(self.game, tuple(NewGameModel.games()), lines, together, note)

    def _players(self, games: list[GameFigures]) -> list[PlayerFigures]:
        """``players(games)``, kept for the next look while the store answers with the same list of figures
        (it does while no game changed) and the same filters: with 10,000 games the sums take ~75 ms."""
        global _players_kept
        asked = (self.game, self.since, self.with_players)
        kept = _players_kept
        if kept is not None and kept[0] is self._games and kept[1] == asked:
            return kept[2]
        lines = players(games)
        _players_kept = (self._games, asked, lines)  # the figures list is held, so its identity is not reused
        return lines

    def player(self, name: str) -> PlayerView | None:
        """``name``'s figures over the games chosen; None if they sat in none of them."""
        key = player_key(name)
        games = chosen(self._games, game=self.game, with_players=[key])
        line = next((line for line in players(games) if line.name == key), None)
        if line is None:
            return None
        finished = sorted((figures for figures in games if figures.finished), key=lambda figures: figures.created)
        seats = [figures.seats[figures.keys.index(key)] for figures in finished]
        places: dict[int, int] = {}
        for seat in seats:
            places[seat.place] = places.get(seat.place, 0) + 1
        shown = (
            (t("stats.games"), in_use().integer(line.games)),
            (t("stats.finished"), in_use().integer(line.finished)),
            (t("stats.wins"), in_use().integer(line.wins)),
            (t("stats.exact"), share_text(line.exact, line.bids)),
            (t("stats.zero_exact"), share_text(line.zero_exact, line.zero_bids)),
            (t("stats.average_score"), "–" if line.average_score is None else t(
                "stats.points_value", value=in_use().decimal(line.average_score, 1))),
            (t("stats.average_place"), "–" if line.average_place is None else in_use().decimal(line.average_place, 2)),
        )
        by_id = {figures.id: figures for figures in finished}

        def game_line(picked: BestGame | None, *, behind_winner: bool) -> tuple[str, str] | None:
            if picked is None:
                return None
            return picked.id, t("stats.game_result", result=finish_text(picked, behind_winner=behind_winner),
                                game=game_text(load_game(picked.game).name),
                                date=in_use().date(by_id[picked.id].created))

        # Only finished games say who finished ahead: an unfinished one would read "ahead 0, behind 0".
        met: dict[str, int] = {}
        for game in finished:
            for other in game.keys:
                if other != key:
                    met[other] = met.get(other, 0) + 1
        rivals = []
        for other in sorted(met, key=lambda other: (-met[other], other))[:RIVALS_SHOWN]:
            (rivalry,) = head_to_head(finished, [key, other]).pairs
            rivals.append(t("stats.rival", name=other, games=t("stats.games_count", count=rivalry.games),
                            ahead=rivalry.first_ahead, behind=rivalry.second_ahead, level=rivalry.level))
        left_out = line.games - line.finished
        compared = line.finished >= COMPARED_FROM
        first_day = min(figures.created for figures in games)
        return PlayerView(
            line.name, shown, game_line(line.best, behind_winner=False) if compared else None,
            game_line(line.worst, behind_winner=True) if compared else None, tuple(seat.total for seat in seats),
            tuple(sorted(places.items())), tuple(rivals),
            t("stats.unfinished_left_out", count=left_out) if left_out else None,
            scope=t("stats.scope", date=in_use().date(first_day)),
            compared_note=None if compared or not line.finished else t(
                "stats.compared_from", count=COMPARED_FROM, finished=line.finished),
            charts_note=t("stats.charts_from", count=CHARTED_FROM, finished=len(seats))
            if len(seats) < CHARTED_FROM else None)


def finish_text(game: BestGame, *, behind_winner: bool) -> str:
    """How a player finished ``game``, in words: ``won by 23 points``, ``won on the tie-break``, ``shared first
    place of 3``; else the place and the points behind: behind the winner if ``behind_winner`` (what the worst
    game is picked by), behind the nearest place ahead if not (the best game's)."""
    if game.place == 1:
        if game.shared:
            return t("stats.first_shared", players=game.players)
        return t("stats.won_by", count=game.margin) if game.margin else t("stats.won_tie_break")
    where = t("stats.place_of_shared" if game.shared else "stats.place_of", place=game.place, players=game.players)
    if behind_winner or game.margin == game.behind:  # the place ahead is the winner's
        return t("stats.behind_winner", where=where, count=game.behind) if game.behind else t(
            "stats.level_winner", where=where)
    return t("stats.behind_ahead", where=where, count=game.margin) if game.margin else t(
        "stats.level_ahead", where=where)


def names_typed(text: str) -> tuple[str, ...]:
    """The names in ``text`` as a person types a list of them: separated by commas (",", Japanese "、" or "，") or
    semicolons, each trimmed, empty ones left out.

    >>> names_typed("Anna, Béla、さくら，;")
    ('Anna', 'Béla', 'さくら')
    """
    import re

    return tuple(name for name in (part.strip() for part in re.split("[,、，;]", text)) if name)


def match_text(tally: MatchTally) -> str:
    """``Match of 3 games: Anna 2 wins · Béla 1 win`` (and how many are finished, if not all)."""
    games = t("stats.games_count", count=tally.games)
    if tally.finished < tally.games:
        games = t("match.finished", games=games, finished=tally.finished)
    return t("match.line", games=games, wins=" · ".join(
        f"{name} {t('stats.wins_count', count=wins)}" for name, wins in tally.wins))


def share_text(made: int, placed: int) -> str:
    """``made/placed (percent)``, or a dash when nothing was placed."""
    return t("stats.share", made=made, placed=placed, percent=round(100 * made / placed)) if placed else "–"
