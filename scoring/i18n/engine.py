"""The words the rules engine says to a scorekeeper, declared in English; other languages are gettext catalogs.

Every refusal the engine raises carries a message key and its parameters;
the sentence is made from this catalog in the language in use when it is
shown (:mod:`scoring.i18n.language`), so one server speaks each phone's language. The
key is each message's gettext context: ``scoring/locale/<language>/LC_MESSAGES/scoring.po``
translates it. The games' own texts (names, options, cards, suits) are
translated from the game files themselves (``tools/catalogs.py`` extracts them).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)

from scoring.i18n.locales import ENGINE_DOMAIN, FOLDERS
from scoring.i18n.sentences import Catalog, Words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from scoring.i18n.language import Language

ENGINE = Catalog(ENGINE_DOMAIN, FOLDERS[ENGINE_DOMAIN])
"""The engine's sentences (gettext domain ``scoring``)."""

# where
ENGINE.msg("where.hand_player", "hand {hand}, {player}: {text}")
ENGINE.msg("where.hand", "hand {hand}: {text}")
ENGINE.msg("where.player", "{player}: {text}")
# games, options and players
ENGINE.msg("game.unknown", "there is no game '{game}'; the games are: {known}")
ENGINE.msg(
    "game.not_regular",
    "the game '{game}' cannot be read: {file} is not a regular file ({what}); a game is a plain .toml file. The "
    "games are: {known}",
)
# files that are not files: what stands where one was to be read
ENGINE.msg("file.not_regular", "not a regular file ({what}); only a plain file is read")
ENGINE.msg("file.device", "a device")
ENGINE.msg("file.pipe", "a named pipe")
ENGINE.msg("file.socket", "a socket")
ENGINE.msg("file.folder", "a folder")
ENGINE.msg("file.other", "neither a file nor a folder")
ENGINE.msg("file.link_device", "a link to a device")
ENGINE.msg("file.link_pipe", "a link to a named pipe")
ENGINE.msg("file.link_socket", "a link to a socket")
ENGINE.msg("file.link_folder", "a link to a folder")
ENGINE.msg("file.link_other", "a link to nothing that can be read")
ENGINE.msg("option.unknown", "{game} has no option '{option}'; its options are: {known}")
ENGINE.msg("option.bad_value", "option {option} cannot be {value}; allowed: {allowed}")
ENGINE.msg("option.malformed", "an option is written NAME=VALUE, got '{text}'")
ENGINE.msg("players.count", "{game} is played by {min} to {max} players, not {count}")
ENGINE.msg("players.not_list", "players must be a list of names")
ENGINE.msg("players.name_type", "player {seat} must be a name (text), got {value}")
ENGINE.msg("players.name_empty", "player {seat} has an empty name")
ENGINE.msg("players.name_long", "player {seat}'s name is longer than {max} characters: '{name}'")
ENGINE.msg(
    "players.name_control",
    "player {seat}'s name holds a control character ({character}); names are letters, digits, spaces and punctuation",
)
ENGINE.msg(
    "players.name_invisible",
    "player {seat}'s name shows nothing; a name needs a letter, a digit, a punctuation mark or a symbol",
)
ENGINE.msg(
    "players.name_marks",
    "player {seat}'s name has {count} accents or marks on one letter; at most {max} are allowed on each",
)
ENGINE.msg("players.name_duplicate", "'{name}' is at the table twice (players {first} and {second})")
ENGINE.msg("dealer.range", "first dealer must be a seat from 0 to {last}, got {value}")
# bids
ENGINE.msg("bid.not_whole", "bid {value} is not a whole number; bids are whole numbers from 0 to {cards}")
ENGINE.msg("bid.negative", "bid {value} is negative; bids are whole numbers from 0 to {cards}")
ENGINE.msg_plural(
    "bid.too_high",
    "bid {value} is more than the {count} card in this hand",
    "bid {value} is more than the {count} cards in this hand",
)
ENGINE.msg_plural(
    "bid.hook",
    "may not bid {value}: the bids would add up to the {count} trick in this hand (Hose the Dealer); any other "
    "bid from 0 to {cards} is allowed",
    "may not bid {value}: the bids would add up to the {count} tricks in this hand (Hose the Dealer); any "
    "other bid from 0 to {cards} is allowed",
)
ENGINE.msg("bid.not_turn", "it is {expected}'s turn to bid (bids go clockwise from the dealer's left)")
ENGINE.msg(
    "bid.out_of_order",
    "has a bid, but {missing} before them has none (bids go clockwise from the dealer's left)",
)
ENGINE.msg("bid.phase", "all bids of this hand are in; the tricks come next")
ENGINE.msg("bid.hands_max", "a game has at most {limit} hands, and this one would be one more")
ENGINE.msg("bid.change_not_yet", "has not bid in this hand yet, so there is no bid to change; they bid in turn")
ENGINE.msg("bid.change_same", "the bid is {value} already")
ENGINE.msg(
    "bid.change_hook",
    "may not change the bid to {value}: the bids would then add up to {total}, the tricks in this hand, which Hose "
    "the Dealer forbids ({last} bids last); change {last}'s bid first, or choose another number",
)
# tricks
ENGINE.msg("tricks.count", "tricks are needed for all {players} players, got {got}")
ENGINE.msg("tricks.not_whole", "tricks {value} is not a whole number; tricks are whole numbers from 0 to {cards}")
ENGINE.msg("tricks.negative", "tricks {value} is negative; tricks are whole numbers from 0 to {cards}")
ENGINE.msg_plural(
    "tricks.too_many",
    "took {value} tricks, more than the {count} card in this hand",
    "took {value} tricks, more than the {count} cards in this hand",
)
ENGINE.msg(
    "tricks.sum_exact",
    "the tricks add up to {total}, but this hand has {cards}; they must add up to exactly {cards}",
)
ENGINE.msg(
    "tricks.sum_range",
    "the tricks add up to {total}, but they must add up to between {low} and {cards} in this hand (up to "
    "{vanish} tricks can be destroyed)",
)
ENGINE.msg("tricks.before_bids", "the tricks come after the bids, and {missing} has not bid yet")
# action cards
ENGINE.msg("cards.unknown", "{game} has no '{kind}' cards; it has: {known}")
ENGINE.msg("cards.none", "{game} has no cards to count besides the tricks")
ENGINE.msg("cards.count", "{label} are needed for all {players} players, got {got}")
ENGINE.msg("cards.not_whole", "{label}: {value} is not a whole number")
ENGINE.msg("cards.negative", "{label}: {value} is negative")
ENGINE.msg("cards.too_many", "{label}: {total} in this hand, but at most {limit} can be in one hand")
ENGINE.msg("cards.without_tricks", "{label} are counted with the tricks, and the tricks are not in")
# the game as a whole
ENGINE.msg("game.over_schedule", "{game} with {players} players has {hands} hands, and they are all played")
ENGINE.msg("game.over_target", "the game ended after hand {ended} ({reason})")
ENGINE.msg("player.seat", "there is no seat {seat}; the seats are 0 to {last}")
ENGINE.msg("undo.nothing", "there is nothing to undo")
ENGINE.msg("trump.none_here", "{game} has no trump to record")
ENGINE.msg("trump.hand", "there is no hand {number} to record a trump for; hands 1 to {dealt} are dealt")
ENGINE.msg("trump.unknown", "{value} is not a trump; the trumps are: {allowed}")
ENGINE.msg("trump.too_many", "{count} trumps in one hand, but the turned-up card and the jokers make at most {most}")
ENGINE.msg("correct.no_hand", "there is no finished hand {number} to correct (finished hands: {known})")
ENGINE.msg("correct.unchanged", "nothing changed in this hand")
ENGINE.msg("adjust.hand", "there is no hand {number} to count points with; hands {known} can take them")
ENGINE.msg("adjust.hand_one", "there is no hand {number} to count points with; only hand {last} can take them")
ENGINE.msg("adjust.no_hand_yet", "no hand has begun yet: points can be given once the first bid is in")
ENGINE.msg("adjust.not_whole", "{value} is not a whole number of points; give a whole number from {low} to {high}, not 0")
ENGINE.msg("adjust.zero", "0 points changes nothing; give a bonus (up to {high}) or a penalty (down to {low})")
ENGINE.msg("adjust.range", "{value} points is more than one adjustment may be; give a whole number from {low} to {high}, not 0")
ENGINE.msg("adjust.reason_type", "the reason must be text, not {value}")
ENGINE.msg("adjust.reason_long", "the reason is longer than {max} characters: {reason}")
ENGINE.msg("adjust.reason_control", "the reason holds a control character ({character}), which cannot be kept")
ENGINE.msg("adjust.hand_max", "this hand has {limit} bonuses and penalties already, the most one hand may have")
ENGINE.msg("adjust.game_max", "this game has {limit} bonuses and penalties already, the most one game may have")
ENGINE.msg("coin.not_needed", "no coin flip is needed: {reason}")
ENGINE.msg("coin.not_tied", "{name} is not among the tied players ({tied})")
# game files (templates)
ENGINE.msg("template.syntax", "{file}: not valid TOML: {detail}")
ENGINE.msg("template.not_regular", "{file} is not a regular file ({what}); a game file is a plain .toml file")
ENGINE.msg("template.too_big", "{file} is {size} bytes; a game file is at most {limit} bytes")
ENGINE.msg("template.encoding", "{file} is not UTF-8 text ({detail}); save it again as UTF-8")
ENGINE.msg("template.too_deep", "{file}: nested deeper than a game file can be")
ENGINE.msg("template.unknown_close", "{file}: unknown key {key}; did you mean {match}?")
ENGINE.msg("template.unknown", "{file}: unknown key {key}; the keys allowed {where} are: {allowed}")
ENGINE.msg("template.missing", "{file}: {key} is missing; it must be {expected}")
ENGINE.msg("template.type", "{file}: {key} must be {expected}, got {value}")
ENGINE.msg("template.id", "{file}: id '{id}' does not match the file name")
ENGINE.msg("template.players", "{file}: players.min ({min}) must be at least 1 and at most players.max ({max})")
ENGINE.msg("template.option_default", "{file}: option {option} needs a default: true or false, or one of its choices")
ENGINE.msg(
    "template.option_allowed",
    "{file}: option {option}: the default {default} is not among the allowed values {allowed}",
)
ENGINE.msg("template.option_labels", "{file}: option {option}: 'labels' names values the option cannot take: {values}")
ENGINE.msg("template.option_when", "{file}: option {option}: 'when' names values the option cannot take: {values}")
ENGINE.msg("template.sets_unknown", "{file}: option {option} sets {target}, which is not a parameter of a game")
ENGINE.msg("template.end_both", '{file}: end.after = "last_hand" and end.target both say when the game ends; keep one')
ENGINE.msg("template.open_ended", "{file}: an open-ended game (hands.open_ended) needs end.target, and only it does")
ENGINE.msg("template.deal", "{file}: the deck cannot deal {players} players a card each")
ENGINE.msg("template.resolve", "{file}: cannot resolve for {players} players: {detail}")
# records
ENGINE.msg("record.json", "the record is not valid JSON: {detail}")
ENGINE.msg(
    "record.too_deep",
    "the record is nested more than {limit} levels deep; a record needs 4 (lists in a hand in a list of hands)",
)
ENGINE.msg(
    "record.long_number",
    "the record holds a number of more than {limit} digits; bids, tricks and seats are small whole numbers",
)
ENGINE.msg(
    "record.surrogate",
    "the record holds text that is not valid Unicode (a lone \\u{code}); save it again as UTF-8",
)
ENGINE.msg("record.encoding", "the record is not UTF-8 text: {detail}")
ENGINE.msg("record.too_big", "the file is larger than {limit} MB; a record, or a file of records, is at most {limit} MB")
ENGINE.msg(
    "record.extras_too_big",
    "the record's keys Bidwell does not read ({keys}) take {size} bytes; at most {limit} bytes of them are kept",
)
ENGINE.msg("record.not_object", "a record is a JSON object, got {kind}")
ENGINE.msg("record.format", "record format {value} is not supported (this Bidwell reads format 1)")
ENGINE.msg("record.missing", "the record has no '{key}'")
ENGINE.msg("record.type", "'{key}' must be {expected}, got {value}")
ENGINE.msg("record.hands_max", "the record has {count} hands; a game has at most {limit}")
ENGINE.msg(
    "record.adjustments_hand_max",
    "the record gives this hand {count} bonuses and penalties; a hand may have at most {limit}",
)
ENGINE.msg(
    "record.adjustments_game_max",
    "the record gives {count} bonuses and penalties; a game may have at most {limit}",
)
ENGINE.msg("record.hand_type", "a hand must be an object with 'bids' and 'tricks', got {value}")
# what a record's part must be, or what it is instead (put into record.type and record.not_object)
ENGINE.msg("record.kind.game_id", "a game id (text)")
ENGINE.msg("record.kind.names", "a list of names")
ENGINE.msg("record.kind.object", "an object")
ENGINE.msg("record.kind.hands", "a list of hands")
ENGINE.msg("record.kind.suits", "a list of suit names")
ENGINE.msg("record.kind.per_player", "a number for every player")
ENGINE.msg("record.kind.null_for", "null for player {seat}")
ENGINE.msg("record.kind.number", "the number {value}")
ENGINE.msg("record.kind.text", "the text {value}")
ENGINE.msg("record.kind.list", "a list")
ENGINE.msg("record.kind.adjustments", 'a list of adjustments, each {{"player": NAME, "points": N, "reason": TEXT}}')
ENGINE.msg("record.list_length", "'{key}' must list {players} values, one per player in seat order, got {got}")
ENGINE.msg("record.incomplete_not_last", "this hand is incomplete ({missing}), but only the last hand may be")
ENGINE.msg("record.adjustment_player", "an adjustment names {name}, who is not at the table")
ENGINE.msg("record.coin_flip_unknown", "coin_flip names {name}, who is not at the table")
# the end of a game
ENGINE.msg("end.winner", "{name} wins!")
ENGINE.msg("end.shared", "{names} share the win.")
ENGINE.msg("adjusted.line", "Hand {number}: {name} {points}")
ENGINE.msg("adjusted.line_why", "Hand {number}: {name} {points}, {reason}")
ENGINE.msg("adjusted.pending", "Hand {number}: {name} {points} (counted when the hand is scored)")
ENGINE.msg("adjusted.pending_why", "Hand {number}: {name} {points}, {reason} (counted when the hand is scored)")
ENGINE.msg("end.coin_needed", "Still tied after the final hand: {names}. Flip a coin.")
ENGINE.msg("end.by_final_hand", "Tied on total; decided by the points in the final hand.")
ENGINE.msg("end.by_exact_bids", "Tied on total; decided by more exact bids.")
ENGINE.msg("end.by_coin_flip", "Tied after the final hand too; decided by the coin flip.")
ENGINE.msg("end.tie_shared", "Tied; the game shares the win.")
# reasons used inside other messages
ENGINE.msg("reason.target", "{name} reached {total}")
ENGINE.msg("reason.not_finished", "the game is not over")
ENGINE.msg("reason.decided", "the game is decided without one")
ENGINE.msg("reason.flipped", "the coin flip is already recorded")
ENGINE.msg("reason.no_coin_rule", "{game} has no coin flip")
# the rules in words, for printed sheets
ENGINE.msg_plural(
    "rules.per_trick",
    "{count} point for each trick taken",
    "{count} points for each trick taken",
)
ENGINE.msg("rules.per_trick_split", "each trick taken scores {made} with a made bid, {missed} with a missed one")
ENGINE.msg("rules.no_trick_points", "no points for tricks as such")
ENGINE.msg("rules.exact", "+{bonus} for an exact bid")
ENGINE.msg("rules.exact_zero", "a bid of 0 made scores {points} in all")
ENGINE.msg("rules.exact_zero_per_card", "a bid of 0 made scores {points} for each card in the hand")
ENGINE.msg("rules.exact_zero_per_card_plus", "a bid of 0 made scores {bonus}, and {points} more for each card in the hand")
ENGINE.msg("rules.missed", "{points} for a missed bid")
ENGINE.msg("rules.missed_off", "{points} for each trick over or under a missed bid")
ENGINE.msg("rules.missed_zero_per_card", "a bid of 0 missed scores {points} for each card in the hand instead")
ENGINE.msg("rules.all_tricks", "taking every trick of a hand: {points} points a trick")
ENGINE.msg("rules.count_bonus", "+{points} for taking exactly {tricks} tricks")
ENGINE.msg("rules.card", "{label}: {points:+d} each")
ENGINE.msg("rules.card_made", "{label}: {points:+d} each, only with a made bid")
ENGINE.msg("rules.hook", "Hose the Dealer: the dealer may not bid so that the bids add up to the tricks")
ENGINE.msg(
    "rules.hook_from_hand",
    "Hose the Dealer from hand {number} on: the dealer may not bid so that the bids add up to the tricks",
)
ENGINE.msg_plural(
    "rules.hook_from_cards",
    "Hose the Dealer in hands of {count} card or more: the dealer may not bid so that the bids add up to the tricks",
    "Hose the Dealer in hands of {count} cards or more: the dealer may not bid so that the bids add up to the tricks",
)
ENGINE.msg_plural(
    "rules.hook_from_both",
    "Hose the Dealer from hand {number} on, in hands of {count} card or more: the dealer may not bid so that the "
    "bids add up to the tricks",
    "Hose the Dealer from hand {number} on, in hands of {count} cards or more: the dealer may not bid so that the "
    "bids add up to the tricks",
)
ENGINE.msg("rules.bidding.open", "bids are said aloud in turn, from the dealer's left")
ENGINE.msg("rules.bidding.hidden", "bids are written privately and shown once all are made")
ENGINE.msg("rules.bidding.secret", "bids are written privately and shown only after the last trick")
ENGINE.msg("rules.vanish", "up to {count} tricks of a hand may be destroyed")
ENGINE.msg("rules.end_hands", "the game ends after hand {count}")
ENGINE.msg("rules.end_target", "the game ends after the hand in which anyone reaches {target}")
ENGINE.msg("rules.tie.final_hand_points", "a tie goes to whoever scored more in the final hand")
ENGINE.msg("rules.tie.exact_bids", "a tie goes to whoever made more exact bids")
ENGINE.msg("rules.tie.coin_flip", "a tie still left is settled by a coin flip")
ENGINE.msg("rules.tie.shared", "a tie is shared")
ENGINE.msg("rules.joiner", "; ")
# command line
# TRANSLATORS: the one line a command prints when it refuses its input; {text} says why.
ENGINE.msg("cli.error", "error: {text}")
ENGINE.msg("cli.read", "cannot read {path}: {detail}")
ENGINE.msg("cli.players_number", "--players must be a whole number, got '{value}'")

# what a key of a game file must hold (put into the template.* messages)
ENGINE.msg("schema.int_range", "a whole number from {low} to {high}")
ENGINE.msg("schema.text", "text")
ENGINE.msg("schema.bool", "true or false")
ENGINE.msg("schema.one_of", "one of {choices}")
ENGINE.msg("schema.table", "a table")
ENGINE.msg("schema.a_list", "a list")
ENGINE.msg("schema.other", "a {kind}")
ENGINE.msg("schema.the_file", "the file")
ENGINE.msg("schema.in_table", "in {key}")
ENGINE.msg("schema.at_the_top", "at the top")
ENGINE.msg("schema.size_or_max", 'a whole number from {low} to {high}, or "max"')
ENGINE.msg("schema.hand_sizes", 'a list of hand sizes (whole numbers or "max")')
ENGINE.msg("schema.int_list", "a list of whole numbers")
ENGINE.msg("schema.cards_list", "a list of tables ([[scoring.cards]])")
ENGINE.msg("schema.tie_breaks", "a list of tie-breaks (an empty one shares a tie)")
ENGINE.msg("schema.suits", "a list of suit names")
ENGINE.msg("schema.default", "true or false, or one of the choices")
ENGINE.msg("schema.text_list", "a list of texts")
ENGINE.msg("schema.value", "true, false or text")
ENGINE.msg("schema.value_list", "a list of values")
ENGINE.msg("schema.player_count", "a player count (a whole number)")
ENGINE.msg("schema.set_by", "{key} (set by option {option})")
ENGINE.msg("schema.none", "none")
# values repeated in a message
# TRANSLATORS: what separates the items of a list in a sentence ("Anna, Béla"; Japanese: "、").
ENGINE.msg("list.separator", ", ")
ENGINE.msg("correct.known", "1 to {last}")
ENGINE.msg("correct.none_yet", "none yet")
ENGINE.msg("value.shortened", "{start}… ({length} characters)")
ENGINE.msg("value.long_number", "a number of more than {digits} digits")
# the languages
ENGINE.msg("language.unknown", "there is no language '{language}' in Bidwell; the languages are: {known}")


def render(key: str, params: Mapping[str, object], language: Language | None = None) -> str:
    """The engine's sentence ``key`` with ``params`` filled in, in ``language`` (default: the one in use).

    >>> render("bid.too_high", {"value": 5, "count": 4})
    'bid 5 is more than the 4 cards in this hand'
    """
    return ENGINE.text(key, params, language)


def engine_words(key: str, /, **params: object) -> Words:
    """The engine's sentence ``key`` put into another (or kept to be said later): made in the language in use
    when it is shown, not when this is called."""
    return Words(ENGINE, key, **params)
