"""What Undo says: the question it asks first where it would take back another player's private bid or change
the scores, and the line that says what it took back."""

from __future__ import annotations

from companion.texts import in_use, t
from scoring.actions import Adjust, Bid, ChangeBid, CoinFlip, Correct, Tricks, Trump
from scoring.game import Game
from scoring.rules import BiddingMode


def undo_question_of(game: Game) -> str | None:
    """What Undo would take back, as a question to ask first where it is another player's private bid, a
    scored hand or what changed the scores; None where it is taken back at once (an open bid, a trump)."""
    if not game.can_undo():
        return None
    last = game.log[-1]
    private = game.rules.bidding is not BiddingMode.OPEN
    if isinstance(last, Bid) and private:
        return t("undo.ask_private_bid", name=game.players[last.player])
    if isinstance(last, ChangeBid) and private:
        return t("undo.ask_private_change", name=game.players[last.player])
    if isinstance(last, Tricks):
        return t("undo.ask_tricks", number=game.state.scored_hands[-1].number if game.state.scored_hands
                 else len(game.state.hands))
    if isinstance(last, Correct):
        return t("undo.ask_correction", number=last.hand)
    if isinstance(last, CoinFlip):
        return t("undo.ask_coin_flip", name=game.players[last.winner])
    if isinstance(last, Adjust):
        return t("undo.ask_adjustment", **_adjustment_words(game, last))
    return None


def undone_line(game: Game, action: object) -> str:
    """What Undo just took back, said (the game as it is after it)."""
    if isinstance(action, Bid):
        if game.rules.bidding is BiddingMode.OPEN:
            return t("undo.bid", name=game.players[action.player], value=action.bid)
        return t("undo.private_bid", name=game.players[action.player])
    if isinstance(action, ChangeBid):
        bid = game.state.current.shown_bids[action.player] if game.state.current is not None else None
        if bid is None:
            return t("undo.private_change", name=game.players[action.player])
        return t("undo.change", name=game.players[action.player], value=bid)
    if isinstance(action, Tricks):
        return t("undo.tricks", number=game.state.current.number)
    if isinstance(action, Correct):
        return t("undo.correction", number=action.hand)
    if isinstance(action, CoinFlip):
        return t("undo.coin_flip")
    if isinstance(action, Trump):
        return t("undo.trump", number=action.hand)
    if isinstance(action, Adjust):
        return t("undo.adjustment", **_adjustment_words(game, action))
    return t("undo.done")


def _adjustment_words(game: Game, action: Adjust) -> dict[str, object]:
    return {"name": game.players[action.player], "points": in_use().integer(action.points, signed=True),
            "number": action.hand}
