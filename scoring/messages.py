"""The words the rules engine says to a scorekeeper, in one catalog.

Every refusal the engine raises carries a message key and its parameters;
the text is looked up here, so another language can be added as data.
An entry is either one template or a mapping from plural category
(``one``/``other``) to templates, chosen by the ``count`` parameter.
"""

from __future__ import annotations

from collections.abc import Mapping

ENGLISH: Mapping[str, str | Mapping[str, str]] = {
    # where
    "where.hand_player": "hand {hand}, {player}: {text}",
    "where.hand": "hand {hand}: {text}",
    "where.player": "{player}: {text}",
    # games, options and players
    "game.unknown": "there is no game '{game}'; the games are: {known}",
    "option.unknown": "{game} has no option '{option}'; its options are: {known}",
    "option.bad_value": "option {option} cannot be {value}; allowed: {allowed}",
    "option.malformed": "an option is written NAME=VALUE, got '{text}'",
    "players.count": "{game} is played by {min} to {max} players, not {count}",
    "players.not_list": "players must be a list of names",
    "players.name_type": "player {seat} must be a name (text), got {value}",
    "players.name_empty": "player {seat} has an empty name",
    "players.name_long": "player {seat}'s name is longer than {max} characters: '{name}'",
    "players.name_control": (
        "player {seat}'s name holds a control character ({character}); "
        "names are letters, digits, spaces and punctuation"
    ),
    "players.name_duplicate": "'{name}' is at the table twice (players {first} and {second})",
    "dealer.range": "first dealer must be a seat from 0 to {last}, got {value}",
    # bids
    "bid.not_whole": "bid {value} is not a whole number; bids are whole numbers from 0 to {cards}",
    "bid.negative": "bid {value} is negative; bids are whole numbers from 0 to {cards}",
    "bid.too_high": {
        "one": "bid {value} is more than the {count} card in this hand",
        "other": "bid {value} is more than the {count} cards in this hand",
    },
    "bid.hook": {
        "one": "may not bid {value}: the bids would add up to the {count} trick in this hand (Hose the Dealer); any other bid from 0 to {cards} is allowed",
        "other": "may not bid {value}: the bids would add up to the {count} tricks in this hand (Hose the Dealer); any other bid from 0 to {cards} is allowed",
    },
    "bid.not_turn": "it is {expected}'s turn to bid (bids go clockwise from the dealer's left)",
    "bid.out_of_order": "has a bid, but {missing} before them has none (bids go clockwise from the dealer's left)",
    "bid.phase": "all bids of this hand are in; the tricks come next",
    # tricks
    "tricks.count": "tricks are needed for all {players} players, got {got}",
    "tricks.not_whole": "tricks {value} is not a whole number; tricks are whole numbers from 0 to {cards}",
    "tricks.negative": "tricks {value} is negative; tricks are whole numbers from 0 to {cards}",
    "tricks.too_many": {
        "one": "took {value} tricks, more than the {count} card in this hand",
        "other": "took {value} tricks, more than the {count} cards in this hand",
    },
    "tricks.sum_exact": "the tricks add up to {total}, but this hand has {cards}; they must add up to exactly {cards}",
    "tricks.sum_range": "the tricks add up to {total}, but they must add up to between {low} and {cards} in this hand (up to {vanish} tricks can be destroyed)",
    "tricks.before_bids": "the tricks come after the bids, and {missing} has not bid yet",
    # action cards
    "cards.unknown": "{game} has no '{kind}' cards; it has: {known}",
    "cards.none": "{game} has no cards to count besides the tricks",
    "cards.count": "{label} are needed for all {players} players, got {got}",
    "cards.not_whole": "{label}: {value} is not a whole number",
    "cards.negative": "{label}: {value} is negative",
    "cards.too_many": "{label}: {total} in this hand, but at most {limit} can be in one hand",
    "cards.without_tricks": "{label} are counted with the tricks, and the tricks are not in",
    # the game as a whole
    "game.over_schedule": "{game} with {players} players has {hands} hands, and they are all played",
    "game.over_target": "the game ended after hand {ended} ({reason})",
    "player.seat": "there is no seat {seat}; the seats are 0 to {last}",
    "game.over": "the game is over",
    "undo.nothing": "there is nothing to undo",
    "trump.none_here": "{game} has no trump to record",
    "trump.hand": "there is no hand {number} to record a trump for; hands 1 to {dealt} are dealt",
    "trump.unknown": "{value} is not a trump; the trumps are: {allowed}",
    "trump.too_many": "{count} trumps in one hand, but the turned-up card and the jokers make at most {most}",
    "correct.no_hand": "there is no finished hand {number} to correct (finished hands: {known})",
    "correct.unchanged": "nothing changed in this hand",
    "coin.not_needed": "no coin flip is needed: {reason}",
    "coin.not_tied": "{name} is not among the tied players ({tied})",
    # game files (templates)
    "template.syntax": "{file}: not valid TOML: {detail}",
    "template.unknown_close": "{file}: unknown key {key}; did you mean {match}?",
    "template.unknown": "{file}: unknown key {key}; the keys allowed {where} are: {allowed}",
    "template.missing": "{file}: {key} is missing; it must be {expected}",
    "template.type": "{file}: {key} must be {expected}, got {value}",
    "template.id": "{file}: id '{id}' does not match the file name",
    "template.players": "{file}: players.min ({min}) must be at least 1 and at most players.max ({max})",
    "template.option_default": "{file}: option {option} needs a default: true or false, or one of its choices",
    "template.option_allowed": "{file}: option {option}: the default {default} is not among the allowed values {allowed}",
    "template.option_when": "{file}: option {option}: 'when' names values the option cannot take: {values}",
    "template.sets_unknown": "{file}: option {option} sets {target}, which is not a parameter of a game",
    "template.end_both": "{file}: end.after = \"last_hand\" and end.target both say when the game ends; keep one",
    "template.open_ended": "{file}: an open-ended game (hands.open_ended) needs end.target, and only it does",
    "template.deal": "{file}: the deck cannot deal {players} players a card each",
    "template.resolve": "{file}: cannot resolve for {players} players: {detail}",
    # records
    "record.json": "the record is not valid JSON: {detail}",
    "record.too_deep": (
        "the record is nested more than {limit} levels deep; a record needs 4 (lists in a hand in a list of hands)"
    ),
    "record.long_number": (
        "the record holds a number of more than {limit} digits; bids, tricks and seats are small whole numbers"
    ),
    "record.surrogate": "the record holds text that is not valid Unicode (a lone \\u{code}); save it again as UTF-8",
    "record.encoding": "the record is not UTF-8 text: {detail}",
    "record.not_object": "a record is a JSON object, got {kind}",
    "record.format": "record format {value} is not supported (this Bidwell reads format 1)",
    "record.missing": "the record has no '{key}'",
    "record.type": "'{key}' must be {expected}, got {value}",
    "record.hand_type": "a hand must be an object with 'bids' and 'tricks', got {value}",
    "record.list_length": "'{key}' must list {players} values, one per player in seat order, got {got}",
    "record.incomplete_not_last": "this hand is incomplete ({missing}), but only the last hand may be",
    "record.coin_flip_unknown": "coin_flip names {name}, who is not at the table",
    # the end of a game
    "end.winner": "{name} wins!",
    "end.shared": "{names} share the win.",
    "end.coin_needed": "Still tied after the final hand: {names}. Flip a coin.",
    "end.by_final_hand": "Tied on total; decided by the points in the final hand.",
    "end.by_exact_bids": "Tied on total; decided by more exact bids.",
    "end.by_coin_flip": "Tied after the final hand too; decided by the coin flip.",
    "end.tie_shared": "Tied; the game shares the win.",
    "names.and": "{names} and {last}",
    # reasons used inside other messages
    "reason.target": "{name} reached {total}",
    "reason.not_finished": "the game is not over",
    "reason.decided": "the game is decided without one",
    "reason.flipped": "the coin flip is already recorded",
    "reason.no_coin_rule": "{game} has no coin flip",
    # the rules in words, for printed sheets
    "rules.per_trick": {"one": "{count} point for each trick taken", "other": "{count} points for each trick taken"},
    "rules.per_trick_split": "each trick taken scores {made} with a made bid, {missed} with a missed one",
    "rules.no_trick_points": "no points for tricks as such",
    "rules.exact": "+{bonus} for an exact bid",
    "rules.exact_zero": "a bid of 0 made scores {points} in all",
    "rules.missed": "{points} for a missed bid",
    "rules.missed_off": "{points} for each trick over or under a missed bid",
    "rules.all_tricks": "taking every trick of a hand: {points} points a trick",
    "rules.count_bonus": "+{points} for taking exactly {tricks} tricks",
    "rules.card": "{label}: {points} each",
    "rules.hook": "Hose the Dealer: the dealer may not bid so that the bids add up to the tricks",
    "rules.bidding.open": "bids are said aloud in turn, from the dealer's left",
    "rules.bidding.hidden": "bids are written privately and shown once all are made",
    "rules.bidding.secret": "bids are written privately and shown only after the last trick",
    "rules.vanish": "up to {count} tricks of a hand may be destroyed",
    "rules.end_hands": "the game ends after hand {count}",
    "rules.end_target": "the game ends after the hand in which anyone reaches {target}",
    "rules.tie.final_hand_points": "a tie goes to whoever scored more in the final hand",
    "rules.tie.exact_bids": "a tie goes to whoever made more exact bids",
    "rules.tie.coin_flip": "a tie still left is settled by a coin flip",
    "rules.tie.shared": "a tie is shared",
    "rules.joiner": "; ",
    # command line
    "cli.read": "cannot read {path}: {detail}",
    "cli.players_number": "--players must be a whole number, got '{value}'",
}


def render(key: str, params: Mapping[str, object], catalog: Mapping = ENGLISH) -> str:
    """Return the catalog's text for ``key`` filled with ``params``.

    >>> render("bid.too_high", {"value": 5, "count": 4})
    'bid 5 is more than the 4 cards in this hand'
    """
    entry = catalog[key]
    if not isinstance(entry, str):
        entry = entry["one" if params.get("count") == 1 else "other"]
    return entry.format(**params)
