"""Players' figures across games: bids made, wins, places, and who finished ahead of whom.

Each game gives one :class:`SeatFigures` per seat (:func:`seat_figures`), small enough to keep beside the
game in the history's index, so figures over thousands of games are sums, not replays. :func:`players`
adds them up per player, :func:`head_to_head` compares players who sat at the same table.

What counts (RULES.md's terms):

- a *bid placed* is a bid in a hand whose tricks are in and which counts (not void); *exact* is such a bid
  made exactly; a bid of 0 is counted among all bids and on its own too;
- *games* are every game the player sat in, finished or not; *finished* the games that ended by their rules;
- a *win* is a finished, decided game the player won; a shared win counts for each winner; a game waiting
  for its coin flip has no winner yet;
- the *average score* and *place* are over finished games (a place as in the standings: winners 1st,
  equal totals share a place);
- *best* and *worst* are finished games picked by place, never by raw total (a game's points mean nothing in
  another game): the best has the best place, then the widest lead over the next player for a first place, the
  smallest gap to the player ahead for any other; the worst has the worst place, then the widest gap behind
  the leader (for a first place, the narrowest lead); then the latest game. A shared place counts as that place;
- *head to head* is over finished games only (an unfinished game has no one ahead yet).

Players are the same player when their names are, trimmed, NFC-normalised and without invisible characters
(:func:`player_key`).

A *match* is a game and the rematches started from it (:func:`match_tallies`), and one game's charts are its
running totals and its bids against tricks (:func:`game_charts`).
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from scoring.frozen import frozen
from scoring.text import kept_name

if TYPE_CHECKING:
    from scoring.game import Game


def player_key(name: str) -> str:
    """The name players are matched by: as a game keeps it (:func:`~scoring.text.kept_name`: trimmed, NFC, nothing
    invisible), so ``"Be\\u0301la "`` and ``"Béla\\u200b"`` (kept by an older Bidwell) are ``"Béla"``."""
    return kept_name(name)


_SEAT_FIELDS = "bids exact zero_bids zero_exact total place winner"


# Tuples, not @frozen classes: the statistics make one per seat of every stored game, tens of thousands.
class SeatFigures(namedtuple("SeatFigures", _SEAT_FIELDS)):
    """One seat's figures in one game: bids placed and made (all, and of 0), final total, place and win.

    ``place`` is the seat's place in the standings now (final once the game is finished).
    """

    __slots__ = ()

    def to_json(self) -> list[int | bool]:
        """A compact form for the history's index: the fields in order."""
        return list(self)

    @classmethod
    def from_json(cls, data: object) -> SeatFigures | None:
        """The figures :meth:`to_json` wrote; ``None`` for anything else (an entry of an older index)."""
        if type(data) is not list or len(data) != 7:
            return None
        bids, exact, zero_bids, zero_exact, total, place, winner = data
        if (type(bids) is type(exact) is type(zero_bids) is type(zero_exact) is type(total) is type(place) is int
                and type(winner) is bool):
            return cls(bids, exact, zero_bids, zero_exact, total, place, winner)
        return None


def seat_figures(game: Game) -> tuple[SeatFigures, ...]:
    """Every seat's figures in ``game`` as it stands, in seat order."""
    state = game.state
    seats = range(len(game.players))
    bids, exact, zero_bids, zero_exact = ([0] * len(seats) for _ in range(4))
    for hand in state.scored_hands:
        for seat in hand.seats:
            if seat.bid is None or seat.tricks is None:
                continue
            bids[seat.seat] += 1
            exact[seat.seat] += seat.tricks == seat.bid
            if seat.bid == 0:
                zero_bids[seat.seat] += 1
                zero_exact[seat.seat] += seat.tricks == 0
    places = {standing.seat: standing for standing in state.standings}
    return tuple(
        SeatFigures(bids=bids[seat], exact=exact[seat], zero_bids=zero_bids[seat], zero_exact=zero_exact[seat],
                    total=state.totals[seat], place=places[seat].place, winner=places[seat].winner)
        for seat in seats
    )


class GameFigures(namedtuple("GameFigures", "id game created finished players keys seats match")):
    """One stored game as the figures see it: which game, when (ISO 8601, UTC), who sat where (``players``, and
    ``keys``: the names as they are matched, see :func:`figures_of`), each seat's figures, and the match it is
    a rematch in (the id of the match's first game; None for a game no rematch started from)."""

    __slots__ = ()


def figures_of(game_id: str, game: str, created: str, finished: bool, players: Sequence[str],
               seats: Sequence[SeatFigures], match: str | None = None) -> GameFigures:
    """A game's figures, its players' names matched by :func:`player_key`."""
    return GameFigures(game_id, game, created, finished, tuple(players), tuple(map(player_key, players)),
                       tuple(seats), match)


MATCH_KEY = "match"
"""The key of a game's record (kept with its extras) naming the match's first game."""


@frozen
class MatchTally:
    """A match (a game and its rematches): how many games, how many finished, and each player's wins in seat
    order of its first game (a shared win counts for each winner)."""

    games: int
    finished: int
    wins: tuple[tuple[str, int], ...]


def match_tallies(games: Iterable[GameFigures]) -> dict[str, MatchTally]:
    """Every match's tally, by the id of its first game: only games a rematch was started from count as one."""
    chains: dict[str, list[GameFigures]] = {}
    firsts: dict[str, GameFigures] = {}
    for figures in games:
        if figures.match is not None:
            chains.setdefault(figures.match, []).append(figures)
        firsts[figures.id] = figures
    tallies = {}
    for match, rematches in chains.items():
        chain = sorted(([firsts[match]] if match in firsts else []) + rematches, key=lambda figures: figures.created)
        wins: dict[str, int] = {}
        for figures in chain:
            for name, seat in zip(figures.players, figures.seats, strict=True):
                wins[name] = wins.get(name, 0) + (seat.winner if figures.finished else 0)
        tallies[match] = MatchTally(len(chain), sum(figures.finished for figures in chain), tuple(wins.items()))
    return tallies


@frozen
class BestGame:
    """A finished game picked as a player's best or worst: its id, game and the player's total, and how they
    finished: their place in the standings and of how many players, whether another player shared it, the
    points between them and the next player (for a first place, the lead over the best of the others, 0 when
    shared; otherwise the gap to the nearest place ahead), and the points behind the leader (0 for a first
    place)."""

    id: str
    game: str
    total: int
    place: int
    players: int
    shared: bool
    margin: int
    behind: int

    def to_json(self) -> dict[str, object]:
        """The form ``bidwell stats --json`` prints."""
        return {"id": self.id, "game": self.game, "total": self.total, "place": self.place, "players": self.players,
                "shared": self.shared, "margin": self.margin, "behind": self.behind}


def finishes(figures: GameFigures) -> list[tuple[int, bool, int, int]]:
    """How each seat of ``figures`` finished, in seat order: (place, shared, margin, behind) as
    :class:`BestGame` says. The places are the standings' (``SeatFigures.place``), so whichever way a game
    ranks its totals, the points between places are told as distances, never signed."""
    totals: dict[int, int] = {}
    sharing: dict[int, int] = {}
    for seat in figures.seats:
        # Seats sharing a place have equal totals (the winners of a tie-break too), so one total stands for it.
        place = seat.place
        if place in sharing:
            sharing[place] += 1
        else:
            sharing[place] = 1
            totals[place] = seat.total
    places = sorted(totals)
    first = totals[places[0]]
    # Each place's margin: a first place's lead over the next place (0 if shared), another's gap to the one ahead.
    margins = {places[0]: 0 if sharing[places[0]] > 1 or len(places) == 1 else abs(first - totals[places[1]])}
    for ahead, place in pairwise(places):
        margins[place] = abs(totals[ahead] - totals[place])
    return [(seat.place, sharing[seat.place] > 1, margins[seat.place], abs(first - seat.total))
            for seat in figures.seats]


def _best_key(finish: tuple[int, bool, int, int]) -> tuple:
    """Smaller is better: the place, then a first place's lead (widest first, an outright one before a shared
    one) or another place's gap to the place ahead (smallest first)."""
    place, shared, margin, _ = finish
    return (place, -margin, shared) if place == 1 else (place, margin)


def _worst_key(finish: tuple[int, bool, int, int]) -> tuple:
    """Larger is worse: the place, then the gap behind the leader, then for a first place the narrowest lead (a
    shared one before an outright one)."""
    place, shared, margin, behind = finish
    return (place, behind, -margin, shared) if place == 1 else (place, behind)


@frozen
class PlayerFigures:
    """One player's figures over the games chosen (see the module's text for what counts)."""

    name: str
    games: int
    finished: int
    wins: int
    bids: int
    exact: int
    zero_bids: int
    zero_exact: int
    average_score: float | None
    average_place: float | None
    best: BestGame | None
    worst: BestGame | None

    def to_json(self) -> dict[str, object]:
        """The form ``bidwell stats --json`` prints (averages rounded to hundredths)."""
        return {
            "name": self.name, "games": self.games, "finished": self.finished, "wins": self.wins,
            "bids": self.bids, "exact": self.exact, "zero_bids": self.zero_bids, "zero_exact": self.zero_exact,
            "average_score": None if self.average_score is None else round(self.average_score, 2),
            "average_place": None if self.average_place is None else round(self.average_place, 2),
            "best": None if self.best is None else self.best.to_json(),
            "worst": None if self.worst is None else self.worst.to_json(),
        }


def chosen(
    games: Iterable[GameFigures], *, game: str | None = None, since: str | None = None, until: str | None = None,
    with_players: Sequence[str] = (),
) -> list[GameFigures]:
    """The games of ``game`` (an id), started from ``since`` to ``until`` (dates, ``YYYY-MM-DD``, both
    included, in UTC as the games' times are kept), at which every one of ``with_players`` sat."""
    wanted = {player_key(name) for name in with_players}
    return [figures for figures in games
            if (game is None or figures.game == game)
            and (since is None or figures.created[:10] >= since)
            and (until is None or figures.created[:10] <= until)
            and wanted <= set(figures.keys)]


def players(games: Iterable[GameFigures]) -> list[PlayerFigures]:
    """Every player's figures over ``games``: the most wins first, then the most games, then by name."""
    sums = PlayerSums()
    for figures in games:
        sums.add(figures)
    return sums.lines()


class PlayerSums:
    """Every player's figures over the games added so far, one at a time (:meth:`add`) or a part of a history
    at a time (:meth:`merge`, parts newest first as :func:`players` takes the games): what :func:`players` says
    of them, kept between looks as :meth:`to_json`. A best or worst game tied on its key with one in another
    part goes to the later game, as within a part."""

    __slots__ = ("best", "sums", "worst")

    def __init__(self) -> None:
        # Per player: games, finished, wins, bids, exact, zero bids, zero exact, sum of totals, sum of places.
        self.sums: dict[str, list[int]] = {}
        # Per player: the key the game was picked by, its time (the later game wins a tie), the game.
        self.best: dict[str, tuple[tuple, str, BestGame]] = {}
        self.worst: dict[str, tuple[tuple, str, BestGame]] = {}

    def add(self, figures: GameFigures) -> None:
        """Count one game."""
        sums, best, worst = self.sums, self.best, self.worst
        finished = figures.finished
        ends = None
        for seat, (key, (bids, exact, zero_bids, zero_exact, total, place, winner)) in enumerate(
                zip(figures.keys, figures.seats)):
            line = sums.get(key)
            if line is None:
                line = sums[key] = [0] * 9
            line[0] += 1
            line[3] += bids
            line[4] += exact
            line[5] += zero_bids
            line[6] += zero_exact
            if finished:
                line[1] += 1
                line[2] += winner
                line[7] += total
                line[8] += place
                # The margins are worked out only for a place that could beat the one kept (the place comes
                # first in both keys): most games of a player with many cannot.
                created = figures.created
                kept = best.get(key)
                if kept is None or place <= kept[0][0]:
                    if ends is None:
                        ends = finishes(figures)
                    ranked = _best_key(ends[seat])
                    if kept is None or ranked < kept[0] or (ranked == kept[0] and created > kept[1]):
                        best[key] = ranked, created, _picked(figures, total, ends[seat])
                kept = worst.get(key)
                if kept is None or place >= kept[0][0]:
                    if ends is None:
                        ends = finishes(figures)
                    ranked = _worst_key(ends[seat])
                    if kept is None or ranked > kept[0] or (ranked == kept[0] and created > kept[1]):
                        worst[key] = ranked, created, _picked(figures, total, ends[seat])

    def merge(self, other: PlayerSums) -> None:
        """Count the games ``other`` counted as well (an older part of the history than those counted here)."""
        for key, line in other.sums.items():
            mine = self.sums.get(key)
            if mine is None:
                self.sums[key] = list(line)
            else:
                for position, value in enumerate(line):
                    mine[position] += value
        for key, (ranked, created, game) in other.best.items():
            kept = self.best.get(key)
            if kept is None or ranked < kept[0] or (ranked == kept[0] and created > kept[1]):
                self.best[key] = ranked, created, game
        for key, (ranked, created, game) in other.worst.items():
            kept = self.worst.get(key)
            if kept is None or ranked > kept[0] or (ranked == kept[0] and created > kept[1]):
                self.worst[key] = ranked, created, game

    def lines(self) -> list[PlayerFigures]:
        """Every player's figures: the most wins first, then the most games, then by name."""
        lines = []
        best, worst = self.best, self.worst
        for key, (played, finished, wins, bids, exact, zero_bids, zero_exact, totals, places) in self.sums.items():
            lines.append(PlayerFigures(
                name=key, games=played, finished=finished, wins=wins, bids=bids, exact=exact, zero_bids=zero_bids,
                zero_exact=zero_exact,
                average_score=totals / finished if finished else None,
                average_place=places / finished if finished else None,
                best=best[key][2] if key in best else None, worst=worst[key][2] if key in worst else None,
            ))
        return sorted(lines, key=lambda line: (-line.wins, -line.games, line.name.casefold(), line.name))

    def to_json(self) -> dict[str, object]:
        """A JSON-ready form, for :meth:`from_json`."""
        def picked(kept: dict[str, tuple[tuple, str, BestGame]]) -> dict[str, list]:
            return {key: [list(ranked), created, [game.id, game.game, game.total, game.place, game.players,
                                                  game.shared, game.margin, game.behind]]
                    for key, (ranked, created, game) in kept.items()}
        return {"sums": self.sums, "best": picked(self.best), "worst": picked(self.worst)}

    @classmethod
    def from_json(cls, data: object) -> PlayerSums | None:
        """What :meth:`to_json` wrote; None for anything else."""
        try:
            sums = cls()
            for key, line in data["sums"].items():  # type: ignore[index]
                if type(key) is not str or type(line) is not list or len(line) != 9 or not all(
                        type(value) is int for value in line):
                    return None
                sums.sums[key] = line
            for kept, written in ((sums.best, data["best"]), (sums.worst, data["worst"])):  # type: ignore[index]
                for key, (ranked, created, game) in written.items():
                    if key not in sums.sums or type(created) is not str or not all(
                            type(part) in (int, bool) for part in ranked) or list(map(type, game)) != [
                            str, str, int, int, int, bool, int, int]:
                        return None
                    kept[key] = tuple(ranked), created, BestGame(*game)
            return sums
        except (AttributeError, KeyError, TypeError, ValueError):
            return None


def _picked(figures: GameFigures, total: int, finish: tuple[int, bool, int, int]) -> BestGame:
    return BestGame(figures.id, figures.game, total, finish[0], len(figures.seats), *finish[1:])


@frozen
class Rivalry:
    """Two players over the finished games they played together: how often each finished ahead (a better
    place), and how often they shared a place."""

    first: str
    second: str
    games: int
    first_ahead: int
    second_ahead: int
    level: int


@frozen
class HeadToHead:
    """Two or more players over the games they all sat in: how many of those are finished (the only ones that
    count), how many unfinished ones were left out, and each pair of them (:class:`Rivalry`)."""

    games: int
    unfinished: int
    pairs: tuple[Rivalry, ...]


def head_to_head(games: Iterable[GameFigures], names: Sequence[str]) -> HeadToHead:
    """For two or more players: the finished games they all sat in together (and the unfinished ones, left
    out), and for each pair of them, in the order given, who finished ahead how often in the finished games
    both sat in."""
    keys = list(dict.fromkeys(player_key(name) for name in names))
    if len(keys) < 2:
        raise ValueError("head to head needs two or more players")
    together = unfinished = 0
    pairs = {(a, b): [0, 0, 0, 0] for i, a in enumerate(keys) for b in keys[i + 1:]}
    for figures in games:
        seat_of = {key: seat for key, seat in zip(figures.keys, figures.seats, strict=True)}
        all_there = all(key in seat_of for key in keys)
        if not figures.finished:
            unfinished += all_there
            continue
        together += all_there
        for (a, b), tally in pairs.items():
            if a in seat_of and b in seat_of:
                tally[0] += 1
                place_a, place_b = seat_of[a].place, seat_of[b].place
                tally[1 if place_a < place_b else 2 if place_b < place_a else 3] += 1
    return HeadToHead(together, unfinished, tuple(Rivalry(a, b, *tally) for (a, b), tally in pairs.items()))


# --- one game's charts ---------------------------------------------------------------------


@frozen
class HandBar:
    """One scored hand for the bids-against-tricks chart: its number, its cards, and the table's bids and tricks
    (tricks fall short of the cards where Herrlof destroys some)."""

    number: int
    cards: int
    bids: int
    tricks: int


@frozen
class GameCharts:
    """A game's charts' data over its scored hands: each seat's running total (0 before the first hand, then
    after each), and each hand's bids and tricks."""

    totals: tuple[tuple[int, ...], ...]
    hands: tuple[HandBar, ...]


def game_charts(game: Game) -> GameCharts | None:
    """The charts of ``game`` as it stands; None before its first hand is scored. Only scored hands are drawn,
    and their bids are all shown by then, so no private bid reaches a chart."""
    scored = game.state.scored_hands
    if not scored:
        return None
    totals = tuple((0, *(hand.seats[seat].total for hand in scored)) for seat in range(len(game.players)))
    hands = tuple(HandBar(hand.number, hand.cards, sum(hand.bids), sum(hand.tricks)) for hand in scored)
    return GameCharts(totals, hands)  # type: ignore[arg-type]
