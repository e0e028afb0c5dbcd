"""Random games of every kind, player count and option, played only by legal actions."""

from __future__ import annotations

from hypothesis import strategies as st

from scoring.definitions import game_ids, load_game
from scoring.game import Game
from scoring.state import Phase

NAMES = ["Anna", "Béla", "Łucja", "Zoë", "さくら", "Ödön", "🦊 Fox", "Gżegżółka", "Ярослав", "Ευτυχία"]



@st.composite
def new_games(draw) -> Game:
    game_id = draw(st.sampled_from(game_ids()))
    definition = load_game(game_id)
    players = draw(st.integers(definition.min_players, definition.max_players))
    options = {name: draw(st.sampled_from(option.allowed)) for name, option in definition.options.items()}
    return Game.new(game_id, NAMES[:players], first_dealer=draw(st.integers(0, players - 1)), options=options)


@st.composite
def hand_results(draw, game: Game, cards: int):
    """Tricks (and counted cards) that the game's rules accept for a hand of ``cards``."""
    players = len(game.players)
    total = cards - draw(st.integers(0, min(cards, game.rules.tricks_may_vanish)))
    winners = draw(st.lists(st.integers(0, players - 1), min_size=total, max_size=total))
    tricks = [winners.count(seat) for seat in range(players)]
    # A captured card lies in a trick won, one card per player in each: a place in a trick is taken once at most.
    places = [seat for seat in winners for _ in range(players)]
    counted = {}
    for kind in game.rules.scoring.cards:
        most = game.rules.card_limit(kind, cards)
        if kind.captured:
            taken = draw(st.lists(st.integers(0, len(places) - 1), unique=True, max_size=min(most, len(places)))) \
                if places else []
            holders = [places[place] for place in taken]
        else:
            holders = draw(st.lists(st.integers(0, players - 1), max_size=most))
        counted[kind.name] = [holders.count(seat) for seat in range(players)]
    return tricks, counted


def play_one(draw, game: Game) -> None:
    """One legal action, chosen at random among the bids, tricks, corrections and coin flips allowed now."""
    state = game.state
    if state.finished:
        if state.coin_flip_between:
            game.record_coin_flip(draw(st.sampled_from(state.coin_flip_between)))
        return
    scored = state.scored_hands
    if scored and draw(st.integers(0, 9)) == 0:
        hand = draw(st.sampled_from(scored))
        bids = [draw(st.integers(0, hand.cards)) for _ in game.players]
        tricks, counted = draw(hand_results(game, hand.cards))
        if game.can_correct(hand.number, bids, tricks, counted):
            game.correct(hand.number, bids, tricks, counted)
        return
    if state.phase is Phase.BIDDING:
        game.bid(state.next_bidder, draw(st.sampled_from(state.allowed_bids)))
    else:
        tricks, counted = draw(hand_results(game, state.current.cards))
        game.record_tricks(tricks, counted)


@st.composite
def played_games(draw, max_actions: int = 120) -> Game:
    game = draw(new_games())
    for _ in range(draw(st.integers(0, max_actions))):
        if game.state.finished and not game.state.coin_flip_between:
            break
        play_one(draw, game)
    return game
