"""What the play screen shows of the game as a whole, made from the game alone: the hand's header, the
scoreboard, and the end with its standings."""

from __future__ import annotations

from dataclasses import replace

from companion.texts import in_use, t, trump_label
from companion.views.play_views import BoardRow, BoardView, Cell, Ending, Header, StandingLine
from scoring.describe import adjustment_lines_by_hand, tie_break_line, winner_line
from scoring.game import Game
from scoring.i18n.language import game_text
from scoring.i18n.sentences import Listed
from scoring.rules import TieBreak


def header_of(game: Game) -> Header:
    """Hand N of M (or the race to the target), cards each, dealer, first bidder, the options in play."""
    state, rules = game.state, game.rules
    hand = state.current or state.hands[-1]
    race = None
    if rules.target is not None:
        title = t("hand.open", number=hand.number, target=rules.target)
        leaders = [game.players[s] for s in state.leaders]
        if leaders:
            total = state.totals[state.leaders[0]]
            race = (t("hand.race", leader=leaders[0], total=total) if len(leaders) == 1
                    else t("hand.race_tied", leaders=Listed(leaders, joined="and"), total=total))
    else:
        title = t("hand.of", number=hand.number, count=rules.hand_count)
    return Header(
        title=title,
        cards=t("hand.cards", count=hand.cards),
        dealer=t("hand.deals", name=game.players[hand.dealer]),
        first=t("hand.first", name=game.players[hand.first]),
        race=race,
        options=options_line(game, hand.number, hand.cards),
    )


def options_line(game: Game, number: int, cards: int) -> str:
    """The options a player at the table needs to know while playing hand ``number`` of ``cards`` cards: how bids
    are made, and the hook where it holds in this hand (a game may hook the dealer from its second hand on)."""
    rules = game.rules
    parts = [t(f"options.bidding.{rules.bidding.value}")]
    if rules.hook_in(number, cards):
        parts.append(t("options.hook"))
    return " · ".join(parts)


def options_new_of(game: Game) -> bool:
    """Whether the options of the hand being played are new to the table: its first hand, and a hand where they
    change (Wizard's hook, from the second hand on)."""
    hand = game.state.current
    if hand is None or hand.number == 1:
        return hand is not None
    before = hand.number - 1
    return options_line(game, hand.number, hand.cards) != options_line(game, before,
                                                                         game.rules.cards_in_hand(before - 1))


def board_of(game: Game, *, read_only: bool, played_on: str = "") -> BoardView:
    """Every hand so far: each player's bid (as the table may see it), tricks, points, running total; and the
    standings, also as text to copy (headed by the day ``played_on``, ISO, where given)."""
    state = game.state
    kinds = game.rules.scoring.cards
    number = in_use()
    rows = []
    for hand in state.hands:
        cells = []
        for seat in hand.seats:
            cards = tuple(t("board.cards", label=game_text(kind.label), count=seat.counted.get(kind.name, 0))
                          for kind in kinds if seat.counted.get(kind.name, 0))
            cells.append(Cell(
                bid=_shown(seat.shown_bid, hidden=seat.bid is not None),
                tricks="" if seat.tricks is None else str(seat.tricks),
                points="" if seat.points is None else number.integer(seat.points, signed=True),
                total="" if seat.total is None else number.integer(seat.total),
                made=seat.exact if hand.scored else None,
                cards=cards,
                dealer=seat.seat == hand.dealer,
                adjustment=adjustment_mark(seat.adjustment),
            ))
        heading = t("board.heading", number=hand.number, count=hand.cards)
        trumps = state.trumps.get(hand.number)
        rows.append(BoardRow(hand.number, heading, tuple(cells), hand.scored,
                             hand.scored and not read_only, tuple(trump_label(value) for value in trumps or ()),
                             t("board.row", number=hand.number), t("board.row_cards", count=hand.cards)))
    by_hand = adjustment_lines_by_hand(game.state, game.players)
    return BoardView(game.players, state.totals, state.leaders, tuple(rows), standings_of(game),
                     tuple(line for _, line in by_hand), standings_text(game, played_on),
                     tuple(hand for hand, _ in by_hand))


HANDS_SHOWN = 40
"""The most hands a scoreboard draws at once: more than any shipped game has (31), so only a game that runs on
past it (a long open-ended one, one read from a link or a record) is shown a window at a time, and drawing the
board costs the same for a thousand hands as for forty."""


def board_window(board: BoardView, first: int | None) -> BoardView:
    """``board`` with only the :data:`HANDS_SHOWN` hands from index ``first`` (0-based; None: the newest ones) and
    their bonuses and penalties; the board as it is where it has no more hands than that.

    ``window`` says where the hands shown stand: (first shown, last shown, of all), 1-based, or None where the
    board shows every hand.
    """
    count = len(board.rows)
    if count <= HANDS_SHOWN:
        return board
    start = count - HANDS_SHOWN if first is None else max(0, min(first, count - HANDS_SHOWN))
    rows = board.rows[start:start + HANDS_SHOWN]
    shown = {row.number for row in rows}
    kept = [index for index, hand in enumerate(board.adjustment_hands) if hand in shown]
    return replace(board, rows=rows, adjustments=tuple(board.adjustments[index] for index in kept),
                   adjustment_hands=tuple(board.adjustment_hands[index] for index in kept),
                   window=(start + 1, start + len(rows), count))


def adjustment_mark(points: int) -> str:
    """A player's bonuses less penalties in one hand as their cell says it ("penalty −10"); empty for none."""
    if not points:
        return ""
    return t("board.bonus" if points > 0 else "board.penalty", points=in_use().integer(points, signed=True))




def standings_of(game: Game) -> tuple[StandingLine, ...]:
    """Every player's place now, with total and exact bids: equal totals share a place (1, 1, 3) until the game
    is decided, then the winners come first (see :attr:`scoring.state.GameState.standings`)."""
    return tuple(StandingLine(line.place, game.players[line.seat], line.total, line.exact_bids)
                 for line in game.state.standings)


def standings_text(game: Game, played_on: str) -> str:
    """The standings as a few lines for a chat: the game and the day, each player's place, name and total, and
    who won (or, before the end, after which hand), e.g. ``"Rage · 26 Nov 2026\\n1. Anna 64\\n2. Béla 51\\n
    Winner: Anna"``. Places are the engine's (:attr:`scoring.state.GameState.standings`)."""
    state = game.state
    number = in_use()
    day = f" · {number.date(played_on[:10])}" if is_day(played_on[:10]) else ""
    lines = [f"{game_text(game.rules.game.name)}{day}"]
    lines += [t("share.standing", place=line.place, name=game.players[line.seat], total=number.integer(line.total))
              for line in state.standings]
    if state.finished and state.coin_flip_between:
        lines.append(t("share.coin_pending", names=Listed([game.players[s] for s in state.coin_flip_between])))
    elif state.finished:
        winners = [game.players[seat] for seat in state.winners]
        lines.append(t("share.winners", count=len(winners), names=Listed(winners, joined="and")))
    else:
        lines.append(t("share.after_hand", count=len(state.scored_hands)))
    return "\n".join(lines)


def is_day(text: str) -> bool:
    """Whether ``text`` is a day written as ISO does (2026-11-26)."""
    import datetime

    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 10


def ending_of(game: Game, match_line: str | None) -> Ending:
    """Who won, how the tie was broken, a coin flip still to make, and the final standings."""
    state = game.state
    headline = winner_line(state, game.players) or ""
    how = tie_break_line(state)
    show_exact = state.decided_by is TieBreak.EXACT_BIDS
    standings = tuple(
        StandingLine(line.place, game.players[line.seat], line.total, line.exact_bids if show_exact else None)
        for line in state.standings
    )
    return Ending(headline, how, tuple(game.players[s] for s in state.coin_flip_between), standings,
                  match_line)


def _shown(value: int | None, hidden: bool) -> str:
    if value is not None:
        return str(value)
    return t("bid.secret_mark") if hidden else ""
