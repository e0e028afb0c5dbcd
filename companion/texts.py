"""Every word the app, the command line and the sheets show, declared in English; other languages are gettext
catalogs (``companion/locale/<language>/LC_MESSAGES/companion.po``).

The app's own sentences are here; the engine's refusals and rules come from
:mod:`scoring.i18n.engine`, and :func:`t` looks in both (the app's first), in the
language in use (:mod:`scoring.i18n.language`). Entries follow the engine's catalog: a
sentence, or one and other forms chosen by the ``count`` parameter as the
language's plural rule says.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from scoring.actions import NO_TRUMP
from scoring.i18n.choice import language
from scoring.i18n.engine import ENGINE
from scoring.i18n.language import Language, current, game_text
from scoring.i18n.locales import available
from scoring.i18n.sentences import Catalog

APP = Catalog("companion", os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale"))
"""The app's sentences (gettext domain ``companion``)."""

APP.msg("app.title", "Bidwell")
APP.msg("app.tagline", "Scorekeeping for Oh Hell and its family")
APP.msg("app.not_found", "There is no such screen.")
APP.msg(
    "app.broken",
    "This part of the screen could not be drawn: {error}. What was entered is kept; go back and open it again.",
)
# start
APP.msg("start.new", "New game")
APP.msg("start.continue", "Continue a game")
APP.msg("start.continue_line", "{game} · hand {hand} · {players}")
APP.msg("start.history", "Past games")
APP.msg("start.sheets", "Blank score sheets")
APP.msg("start.sheets_short", "Blank sheets")
APP.msg("start.nothing_to_continue", "No unfinished games.")
APP.msg("start.continue_damaged", "{line} · damaged")
APP.msg("start.continue_unreadable", "{game} · {players}")
APP.msg("start.continue_repaired", "{line} · repaired")
APP.msg("start.hand", "Hand {hand}")
APP.msg("start.lead", "In the lead: {names} · {total}")
APP.msg("start.started", "Started {when}")
APP.msg("start.language_now", "Language: {language}")
# the app running in a browser (bidwell publish)
APP.msg(
    "browser.kept",
    "Your games are kept in this browser, on this device, and work without a network. Clearing the browser's "
    "data for this site deletes them: export a game to keep a copy elsewhere.",
)
APP.msg(
    "browser.kept_online_only",
    "Your games are kept in this browser, on this device. This address is not secure (http), so the browser "
    "cannot keep Bidwell itself to open without a network: open it from an https address for that.",
)
# bidwell publish
APP.msg(
    "publish.done",
    "Bidwell is published in {folder}: {files} files, {size} MB (build {build}, {seconds} s). Serve the folder "
    "from any web server (https, or http on this computer); a phone that opens it once can add it to its home "
    "screen and use it without a network.",
)
APP.msg(
    "publish.missing",
    "cannot publish: {what} is not installed; install Bidwell again (pip install -e .) and retry",
)
APP.msg("publish.what.flet_web", "the flet-web package")
APP.msg("publish.what.client_file", "{file} of flet-web ({client})")
APP.msg("publish.what.package", "the Python package {name}")
APP.msg("publish.what.worker_version", "the service worker version in flet-web's flutter_bootstrap.js")
APP.msg("publish.compiled", "cannot publish: {name} is compiled ({file}) and has no build for Python in the browser")
APP.msg(
    "publish.bad_base",
    "cannot publish for the address path '{base}': give one like / or /bidwell/ (folder names of letters, "
    "digits and . _ ~ -)",
)
APP.msg("publish.target_is_file", "cannot publish into {path}: it is a file; give a folder")
APP.msg(
    "publish.target_not_empty",
    "cannot publish into {path}: it holds files that are not a Bidwell build; give an empty or new folder, or "
    "one an earlier 'bidwell publish' wrote",
)
APP.msg(
    "browser.refused",
    "This browser refused to store that ({error}), so it was not kept. Free some storage space on this device "
    "(delete old games or other sites' data), then enter it again.",
)
APP.msg(
    "browser.not_kept",
    "This browser refused to store the last change ({error}): it was undone, and the game is shown as it was "
    "kept. Free some storage space on this device (delete old games or other sites' data), then enter it again.",
)
APP.msg(
    "browser.unreadable",
    "The games kept in this browser could not be read ({error}). Nothing was changed; reload the page to try again.",
)
# new game
APP.msg("setup.title", "New game")
APP.msg("setup.players_range", "{min} to {max} players")
APP.msg("setup.house_rules", "House rules")
APP.msg("setup.rule_value", "{label}: {value}")
APP.msg("setup.rules_on", "On: {names}")
APP.msg("setup.rules_off", "Off: {names}")
APP.msg("setup.players", "Players, clockwise from any seat")
APP.msg("setup.add_label", "Player's name")
APP.msg("setup.add", "Add player")
APP.msg("setup.add_hint", "A name, then Enter")
APP.msg("setup.remove", "Remove {name}")
APP.msg("setup.up", "Move {name} up")
APP.msg("setup.down", "Move {name} down")
APP.msg("setup.first_dealer", "First dealer")
APP.msg("setup.draw_dealer", "Draw at random")
APP.msg("setup.dealer_is", "{name} deals first")
APP.msg("setup.start", "Start the game")
APP.msg("setup.blank_sheet", "Blank score sheet (PDF)")
APP.msg("setup.blank", "blank")
APP.msg_plural(
    "setup.need_players",
    "{game} needs {min} to {max} players; add {count} more",
    "{game} needs {min} to {max} players; add {count} more",
)
APP.msg("setup.too_many", "{game} is played by at most {max} players")
# the blank score sheet's own screen
APP.msg("sheet_screen.title", "Blank score sheet")
APP.msg("sheet_screen.players", "Players")
APP.msg_plural("sheet_screen.count", "{count} player", "{count} players")
APP.msg("sheet_screen.fewer", "One player fewer")
APP.msg("sheet_screen.more", "One player more")
APP.msg("sheet_screen.names", "Names, with commas (or blank boxes)")
APP.msg("sheet_screen.names_hint", "Anna, Béla, Csilla")
APP.msg("sheet_screen.paper", "Paper")
APP.msg("sheet_screen.paper_a4", "A4")
APP.msg("sheet_screen.paper_letter", "Letter")
# hand header ("leads" is kept for the first trick: a total is "ahead", never "leads", on the same screen)
APP.msg("hand.of", "Hand {number} of {count}")
APP.msg("hand.open", "Hand {number} · race to {target}")
APP.msg("hand.race", "{leader} is ahead with {total}")
APP.msg("hand.race_tied", "{leaders} are ahead with {total}")
APP.msg_plural(
    "hand.cards",
    "{count} card each",
    "{count} cards each",
)
APP.msg("hand.deals", "{name} deals")
APP.msg("hand.first", "{name} bids first and leads")
APP.msg("options.bidding.open", "Bids said aloud")
APP.msg("options.bidding.hidden", "Hidden bids (shown when all are in)")
APP.msg("options.bidding.secret", "Secret bids (shown after the tricks)")
APP.msg("options.hook", "Hose the Dealer")
APP.msg("summary.title", "Hand {number} scored")
APP.msg("summary.line", "{bid}/{tricks} · {points:+d} → {total}")
# bidding
APP.msg("bid.turn", "{name}'s bid")
APP.msg("bid.number", "Bid {value}")
# TRANSLATORS: a key of the bid pad in the row of a player who has bid, or is not yet due ("Anna: bid 2").
APP.msg("bid.seat_number", "{name}: bid {value}")
APP.msg("bid.not_yet", "It is {bidder}'s turn to bid; {name} bids after.")
APP.msg("bid.forbidden_reason", "Not {value}: the bids would make {total}")
APP.msg("bid.running", "Bids so far: {bids} for {count}")
APP.msg("bid.private_count", "{done} of {count} have bid")
APP.msg_plural(
    "bid.summary_over",
    "Bids {bids} for {count} trick: overbid by {by}",
    "Bids {bids} for {count} tricks: overbid by {by}",
)
APP.msg_plural(
    "bid.summary_under",
    "Bids {bids} for {count} trick: underbid by {by}",
    "Bids {bids} for {count} tricks: underbid by {by}",
)
APP.msg_plural(
    "bid.summary_even",
    "Bids {bids} for {count} trick",
    "Bids {bids} for {count} tricks",
)
APP.msg("bid.cover", "Hand the phone to {name}")
APP.msg("bid.cover_hint", "Only {name} should look at the next screen.")
APP.msg("bid.i_am", "I am {name}")
APP.msg("bid.private", "{name}, your bid. Nobody else sees it.")
APP.msg("bid.cover_again", "Not {name}? Cover the pad")
APP.msg("bid.secret_done", "Everyone has bid. The bids stay secret until the tricks are in.")
APP.msg("bid.secret_mark", "secret")
APP.msg("bid.waiting", "–")
# a tap taken, said where its pad was
APP.msg("bid.taken", "{name} bids {value}")
APP.msg("bid.taken_private", "{name}'s bid is in")
# changing a bid of this hand
APP.msg("bid.change", "Change {name}'s bid (now {value})")
APP.msg("bid.change_private", "{name}, change your bid. Nobody else sees it.")
APP.msg("bid.change_now", "Your bid is {value} now; tap the new one.")
APP.msg("bid.change_hint", "Tap a bid above to change it.")
APP.msg("bid.change_to", "Change to {value}")
APP.msg("bid.change_cover_hint", "{name} changes their bid. Only {name} should look at the next screen.")
APP.msg("bid.keep", "Keep the bid")
APP.msg("bid.changed", "{name}'s bid is now {value}")
APP.msg("bid.changed_private", "{name}'s bid is changed")
# taps refused: every tap is taken only for what its control was drawn for
# the connection (under --lan, or any tab of the app served)
APP.msg(
    "link.back",
    "The connection was lost and is back. Nothing tapped meanwhile was taken: the screen shows the game as stored.",
)
APP.msg("nav.back_refused", "A Back tapped while the screen was changing was not taken.")
APP.msg("link.lost", "The connection to Bidwell is lost. Reconnecting… Nothing tapped now is taken.")
APP.msg("tap.during_settle", "{taken} — the tap right after it was not taken.")
APP.msg("tap.stale_bid", "{name}'s bid is {value} — that tap was for {name}, so it was not taken again.")
APP.msg("tap.stale_private_bid", "{name} has bid — that tap was for {name}, so it was not taken again.")
APP.msg("tap.stale_tricks", "{name} took {value} — that tap was for {name}, so it was not taken again.")
APP.msg("tap.stale_score", "Hand {number} is scored — that tap was for it, so it was not taken again.")
APP.msg(
    "tap.stale",
    "The game had moved on when that tap arrived (on another screen, or while the connection was lost), so it "
    "was not taken: check the screen and tap again.",
)
# playing and tricks
APP.msg("tricks.check_exact", "Tricks {total} of {cards}")
APP.msg("tricks.check_range", "Tricks {total}; between {low} and {cards} allowed")
APP.msg_plural(
    "tricks.points",
    "{count} point",
    "{count} points",
)
APP.msg("tricks.confirm", "Score the hand")
APP.msg("tricks.choose", "{name}'s tricks")
APP.msg("tricks.pad", "{name} took {value}")
APP.msg("tricks.bid", "bid {bid}")
APP.msg("tricks.not_yet", "–")
APP.msg("tricks.too_many", "{name} cannot have taken {value}: the others took {others} of the {cards} tricks")
APP.msg("tricks.key_too_many", "more than the tricks left")
APP.msg("tricks.missing", "Enter the tricks of {names} first")
APP.msg_plural("tricks.taken", "{name} took {count} trick", "{name} took {count} tricks")
APP.msg("tricks.rest_none", "Every trick is placed, so {names} took none")
APP.msg("tricks.scored", "Hand {number} is scored")
APP.msg("cards.of", "{label} of {name}")
APP.msg("cards.less", "{label} of {name}: one less")
APP.msg("cards.more", "{label} of {name}: one more")
# the hand at the table: a row per player, and the bottom bar's screens
APP.msg("tab.hand", "Hand")
# TRANSLATORS: table.dealer_tag and table.first_tag are small tags beside a player's name in their row: the
# dealer, and who bids first. Keep them to a few letters.
APP.msg("table.dealer_tag", "deals")
APP.msg("table.first_tag", "1st")
APP.msg("table.dealer", "{name} deals")
APP.msg("table.first", "{name} bids first")
APP.msg("table.took", "took {count}")
APP.msg("table.total", "{name}'s total: {total}")
APP.msg("table.bid_chip", "{name}'s bid: {bid}. Change it")
# TRANSLATORS: over the number of a player's bid, in a small square button beside their trick keys.
APP.msg("table.bid_word", "bid")
# TRANSLATORS: over the number of cards a player counted in the hand, on a key of a finger's size ("cards / 2").
APP.msg("table.cards_word", "cards")
APP.msg("table.counted_of", "{name}'s counted cards: {count}")
APP.msg_plural("table.exact", "{count} exact", "{count} exact")
# TRANSLATORS: the short face of "Score the hand" on the bar under the players' rows, beside a tick.
APP.msg("table.score", "Score")
APP.msg("table.no_standings", "The standings come with the first hand scored.")
# scoreboard
APP.msg("board.title", "Scoreboard")
APP.msg_plural("board.more_players", "Swipe the columns sideways to see all {count} player",
               "Swipe the columns sideways to see all {count} players")
APP.msg("board.standings", "Standings")
APP.msg_plural("board.standing", "{place}. {name}: {total} · {count} exact bid",
               "{place}. {name}: {total} · {count} exact bids")
APP.msg("board.dealer_mark", "D")
APP.msg(
    "board.legend",
    "bid/tricks, {made} made, {missed} missed; points → total; {mark}: the dealer. Tap a hand to correct it.",
)
APP.msg("board.legend_read", "bid/tricks, {made} made, {missed} missed; points → total; {mark}: the dealer.")
APP.msg("board.correct", "Correct hand {number}")
# TRANSLATORS: board.row and board.row_cards are two lines in the scoreboard's first column, 68 pixels wide at
# size 12: "Hand 6" over "6 cards". Abbreviate where the words are long.
APP.msg("board.row", "Hand {number}")
APP.msg_plural("board.row_cards", "{count} card", "{count} cards")
APP.msg_plural(
    "board.heading",
    "Hand {number} · {count} card",
    "Hand {number} · {count} cards",
)
# TRANSLATORS: a player's counted cards of one kind on the scoreboard ("+5 cards×2").
APP.msg("board.cards", "{label}×{count}")
APP.msg("board.made_mark", "✓")
APP.msg("board.missed_mark", "×")
APP.msg("board.leader_mark", "★")
APP.msg("board.leads", "{name} is ahead")
# TRANSLATORS: a line of a player's cell on the scoreboard, under the points; {points} is signed (+5, −10).
APP.msg("board.bonus", "bonus {points}")
APP.msg("board.penalty", "penalty {points}")
APP.msg("board.adjustments", "Bonuses and penalties")
# A game longer than a board draws at once: "Hands 961–1,000 of 1,000", with arrows to the earlier and later ones
APP.msg("board.window", "Hands {first}–{last} of {count}")
APP.msg("board.earlier", "Earlier hands")
APP.msg("board.later", "Later hands")
APP.msg("sheet.adjustments", "Bonuses and penalties (in the points marked {mark}): {lines}.")

# corrections
# a one-off bonus or penalty
APP.msg("adjust.title", "Bonus or penalty")
APP.msg("adjust.open", "Give a bonus or penalty")
APP.msg("adjust.with_current", "Counted with hand {number}, the one being played, when it is scored.")
APP.msg("adjust.with_scored", "Counted with hand {number}, already scored: the totals change at once.")
APP.msg("adjust.no_hand", "Points can be given once the first bid of the game is in.")
APP.msg("adjust.who", "Who")
APP.msg("adjust.penalty", "Penalty")
APP.msg("adjust.bonus", "Bonus")
APP.msg("adjust.points", "Points")
APP.msg("adjust.points_hint", "1 to {most}")
APP.msg("adjust.reason", "Reason (optional)")
APP.msg("adjust.reason_hint", "e.g. revoke, misdeal")
APP.msg("adjust.give_penalty", "Give the penalty")
APP.msg("adjust.give_bonus", "Give the bonus")
APP.msg("adjust.give_to", "Give {name} {points}")
APP.msg("adjust.choose_player", "Choose who gets it: tap a name.")
APP.msg("adjust.points_missing", "Type the points: a whole number from 1 to {most}.")
APP.msg("adjust.points_typed", "“{typed}” is not a number of points: type a whole number from 1 to {most}.")
APP.msg(
    "adjust.stale",
    "The game changed while this was open (another screen scored or undid something). Nothing was given: check "
    "the hand above and give it again.",
)
APP.msg("adjust.done", "{name} {points}, counted with hand {number}.")
APP.msg("adjust.done_why", "{name} {points} ({reason}), counted with hand {number}.")
APP.msg("correct.title", "Correct hand {number}")
APP.msg("correct.bid", "{name}'s bid")
APP.msg("correct.bid_column", "Bid")
APP.msg("correct.bid_less", "{name}'s bid: one less")
APP.msg("correct.bid_more", "{name}'s bid: one more")
APP.msg("correct.tricks_less", "{name}'s tricks: one less")
APP.msg("correct.tricks_more", "{name}'s tricks: one more")
APP.msg("correct.save", "Save the correction")
APP.msg("correct.done", "Hand {number} corrected; every later total follows.")
APP.msg("correct.heading", "{cards} · {dealer}")
APP.msg("correct.tricks_heading", "Tricks")
APP.msg("correct.not_scored", "Hand {number} has no score to correct yet.")
APP.msg(
    "correct.stale",
    "The game changed on another screen while hand {number} was open here, so this correction was not saved: go "
    "back and open the hand again.",
)
# undo
APP.msg("undo", "Undo")
APP.msg("undo.done", "Undone.")
APP.msg("undo.nothing", "Nothing to undo.")
APP.msg("undo.bid", "Undone: {name}'s bid of {value}.")
APP.msg("undo.private_bid", "Undone: {name}'s bid; {name} bids again.")
APP.msg("undo.tricks", "Undone: the score of hand {number}; its tricks are back to change.")
APP.msg("undo.correction", "Undone: the correction of hand {number}.")
APP.msg("undo.coin_flip", "Undone: the coin flip.")
APP.msg("undo.trump", "Undone: the trump of hand {number}.")
APP.msg("undo.adjustment", "Undone: {name}'s {points} with hand {number}.")
APP.msg("undo.ask_adjustment", "Take back {name}'s {points} with hand {number}?")
APP.msg("undo.change", "Undone: the change of {name}'s bid; it is {value} again.")
APP.msg("undo.private_change", "Undone: the change of {name}'s bid.")
APP.msg("undo.ask_title", "Take it back?")
APP.msg("undo.ask_yes", "Take it back")
APP.msg("undo.ask_no", "Keep it")
APP.msg("undo.ask_private_bid", "Take back {name}'s bid? It is private: {name} bids again, where nobody else sees it.")
APP.msg(
    "undo.ask_private_change",
    "Take back the change of {name}'s bid? It is private: the bid goes back to the one {name} made before.",
)
APP.msg(
    "undo.ask_tricks",
    "Take back the score of hand {number}? Its trick counts come back, to be changed and scored again.",
)
APP.msg(
    "undo.ask_correction",
    "Take back the correction of hand {number}? Its bids, tricks and points go back to what they were before.",
)
APP.msg("undo.ask_coin_flip", "Take back the coin flip {name} won? The tie waits for a flip again.")
APP.msg("trump.line", "Trump: {trumps}")
APP.msg("trump.not_recorded", "Trump: not recorded")
APP.msg("trump.no_trump", "No trump")
APP.msg("trump.after_2dot", "{suit} (2-dot joker)")
APP.msg("trump.after_4dot", "{suit} (4-dot joker)")
APP.msg("trump.record", "Record the trump")
APP.msg("trump.hint", "First the suit turned up after the deal; then, after each joker, the new trump.")
APP.msg("trump.clear", "Clear")
APP.msg("trump.now", "{suit} is trump now")
APP.msg("trump.done", "Done")
# end
APP.msg("end.title", "Game over")
APP.msg("end.flip", "Flip the coin")
APP.msg("end.standings", "Final standings")
APP.msg("end.place", "{place}. {name}: {total}")
APP.msg_plural(
    "end.exact_bids",
    "{count} exact bid",
    "{count} exact bids",
)
APP.msg("end.export", "Save the record (JSON)")
APP.msg("end.sheet", "Save the score sheet (PDF)")
APP.msg("end.rematch", "Rematch, same seats")
APP.msg("end.home", "Start screen")
# history
APP.msg("history.title", "Past games")
APP.msg("history.filter_player", "Player")
APP.msg("history.filter_hint", "A name, then Enter")
APP.msg("history.all_games", "All games")
# The past games' filters folded to one line: "Filter: All games · every player", "Filter: Rage · players like zoe"
APP.msg("history.filter_summary", "Filter: {game} · {player}")
APP.msg("history.every_player", "every player")
APP.msg("history.filter_named", "players like {name}")
APP.msg("history.unfinished", "hand {hand}")
APP.msg("history.empty", "No games yet.")
APP.msg("history.more", "More")
APP.msg("history.open", "Open")
APP.msg("history.continue", "Continue")
APP.msg("history.delete", "Delete")
APP.msg("history.sheet", "Sheet")
APP.msg("history.delete_confirm", "Delete this game of {game} with {players}? This cannot be undone.")
APP.msg("history.deleted", "Deleted.")
APP.msg("history.read_only_unfinished", "This game can only be looked at.")
APP.msg("history.damaged", "damaged")
APP.msg(
    "history.damaged_open",
    "This game is damaged on disk: {damage}. It is shown up to its last good action and cannot be changed; its "
    "record can still be saved.",
)
APP.msg("history.cancel", "Cancel")
APP.msg("history.won", "won by {names}")
APP.msg("history.score", "{name} {total}")
APP.msg("history.coin_pending", "tied, coin flip to make")
APP.msg("history.settle", "Flip the coin")
APP.msg("history.import", "Import records (JSON)")
APP.msg_plural(
    "history.imported",
    "1 game imported.",
    "{count} games imported.",
)
APP.msg_plural(
    "history.import_known",
    "1 was already here.",
    "{count} were already here.",
)
# sharing: a game as a link, the standings for a chat, spreadsheets
APP.msg("share.open", "Share this game")
APP.msg("share.title", "Share this game")
APP.msg(
    "share.link_explain",
    "Let another phone scan this code, or send the link: it opens this game in Bidwell, to look at and keep.",
)
APP.msg("share.link_only_explain", "Send the link: it opens this game in Bidwell, to look at and keep.")
APP.msg("share.qr", "QR code of the game's link")
APP.msg("share.copy_link", "Copy the link")
APP.msg("share.link_copied", "Link copied")
APP.msg("share.left_out", "The hand being bid is left out: its bids are still private.")
APP.msg(
    "share.no_address",
    "This Bidwell has no web address, so its link opens nowhere else: to send the game, copy the standings or save "
    "the spreadsheet below.",
)
APP.msg(
    "share.only_here",
    "This link opens on this device only: its address is this device's own. To send the game to another phone, "
    "copy the standings or save the spreadsheet below.",
)
APP.msg("share.too_long_for_qr", "This game is too long for a QR code: copy the link instead.")
APP.msg("share.csv", "Save as a spreadsheet (CSV)")
APP.msg("share.copy_standings", "Copy the standings")
APP.msg("share.copied", "Copied")
APP.msg("share.copy_failed", "This browser does not let Bidwell copy: select the text and copy it.")
# A place in the standings, as copied for a chat: "1. Anna 64"
APP.msg("share.standing", "{place}. {name} {total}")
APP.msg_plural("share.winners", "Winner: {names}", "Winners: {names}")
APP.msg("share.coin_pending", "Tied: a coin flip decides between {names}")
APP.msg_plural("share.after_hand", "After {count} hand", "After {count} hands")
APP.msg("share.screen", "A shared game")
APP.msg("share.about", "Played by {players}")
APP.msg("share.about_dated", "Played by {players} on {date}")
APP.msg("share.not_kept", "Only looked at: it is not in your Past games unless you keep it.")
APP.msg("share.is_kept", "This game is in your Past games.")
APP.msg("share.keep", "Keep this game")
APP.msg("share.open_kept", "Open it in Past games")
APP.msg("share.kept", "Kept: it is in your Past games now.")
APP.msg("share.already_kept", "This game is already in your Past games: it was not kept twice.")
# Where a refused shared game came from, in the refusal: "the link: hand 3, Béla: …"
APP.msg("share.the_link", "the link")
APP.msg("share.link_empty", "This link carries no game: the part after “?game=” is missing. Ask for the link again.")
APP.msg("share.link_characters",
        "This link is damaged: it holds characters a Bidwell link never has. Ask for the link again, copied whole.")
APP.msg("share.link_damaged",
        "This link is damaged: the game in it cannot be unpacked. Ask for the link again, copied whole.")
APP.msg("share.link_cut",
        "This link is cut short: the game in it ends too early. Ask for the link again, copied whole.")
APP.msg("share.link_too_long",
        "This link is {length} characters long, and a game's link is at most {limit}: it was not made with “Share "
        "this game”. Ask for the link again.")
APP.msg("share.link_too_big",
        "The game in this link unpacks to more than a shared game may ({limit} MB): it was not made with “Share "
        "this game”. Ask for the link again.")
APP.msg("share.link_reading", "Opening the game in the link…")
APP.msg("share.link_refused", "The game in this link cannot be shown: {reason}")
APP.msg("history.csv", "Save the list as a spreadsheet (CSV)")
# The columns of a spreadsheet (CSV) of a game, a row per hand, and of the past games, a row per game
APP.msg("csv.hand", "Hand")
APP.msg("csv.cards", "Cards")
APP.msg("csv.dealer", "Dealer")
APP.msg("csv.bid", "{name} bid")
APP.msg("csv.tricks", "{name} tricks")
APP.msg("csv.points", "{name} points")
APP.msg("csv.total", "{name} total")
# A player's count of one of Rage's action cards: "Anna +5 cards"
APP.msg("csv.card_count", "{name} {label}")
APP.msg("csv.adjustment", "{name} bonus/penalty")
APP.msg("csv.reasons", "Why the bonus or penalty")
APP.msg("csv.reason", "{name}: {reason}")
APP.msg("csv.date", "Started (UTC)")
APP.msg("csv.game", "Game")
APP.msg("csv.players", "Players")
APP.msg("csv.standings", "Standings")
APP.msg("csv.winners", "Winner")
APP.msg("csv.finished", "Finished")
APP.msg("csv.hands", "Hands played")
APP.msg("csv.id", "ID")
APP.msg("csv.yes", "yes")
APP.msg("csv.no", "no")
APP.msg("csv.damaged", "damaged")
# lan
APP.msg("lan.pin_title", "Enter the PIN shown on the host")
APP.msg("lan.pin_label", "PIN")
APP.msg("lan.pin_hint", "6 digits")
APP.msg("lan.pin_go", "Open")
APP.msg("lan.pin_wrong", "That PIN is not right; it has 6 digits and is shown where Bidwell was started.")
APP.msg("lan.pin_wait", "Too many wrong PINs; try again in {wait}.")
APP.msg("lan.pin_wrong_wait", "That PIN is not right. Too many wrong PINs; try again in {wait}.")
APP.msg_plural(
    "lan.seconds",
    "{count} second",
    "{count} seconds",
)
APP.msg_plural(
    "lan.minutes",
    "{count} minute",
    "{count} minutes",
)
APP.msg_plural(
    "guard.pin",
    "Someone is guessing the PIN: {count} wrong try in {minutes} minutes.",
    "Someone is guessing the PIN: {count} wrong tries in {minutes} minutes.",
)
APP.msg_plural(
    "guard.codes",
    "Someone is guessing a join code: {count} wrong try in {minutes} minutes.",
    "Someone is guessing a join code: {count} wrong tries in {minutes} minutes.",
)
APP.msg("guard.explain", "Phones already in stay in; after a change, the guessing starts over.")
APP.msg("guard.change_pin", "Change the PIN")
APP.msg("guard.change_codes", "Change the join codes")
APP.msg("guard.new_pin", "New PIN: {pin}")
APP.msg("guard.new_pin_explain", "The printed PIN no longer opens the app; phones already in stay in.")
APP.msg("guard.new_codes", "Every game has a new join code; phones already at a table keep their seats.")
APP.msg("lan.join", "Join from another phone")
APP.msg(
    "lan.join_explain",
    "A player scans this, then types the join code a game's screen shows, to bid on their own phone. To keep score "
    "on another phone, open {url} there and enter the PIN.",
)
APP.msg("lan.player", "I'm a player: enter the join code")
APP.msg(
    "lan.player_hint", "Joining a game to bid on your own phone? The scorekeeper's game screen shows its join code.",
)
APP.msg("lan.qr", "QR code of {url}")
APP.msg("lan.phone_app", "Bidwell on a phone of its own")
APP.msg(
    "lan.phone_app_offline",
    "Scan to put Bidwell on a phone: it keeps its own games and opens with no network, no computer needed.",
)
APP.msg(
    "lan.phone_app_online_only",
    "Scan to open Bidwell on a phone, keeping its own games. Over http it opens only while this computer "
    "serves it; for a phone app that opens with no network, start Bidwell with --cert and --key (https).",
)
# the phone app's build under --lan
APP.msg("phone_app.building", "Bidwell for this phone is being prepared; this page reloads in a moment.")
APP.msg("phone_app.failed", "Bidwell for phones could not be prepared on this computer: {error}")
# statistics
APP.msg("start.stats", "Statistics")
APP.msg("stats.title", "Statistics")
APP.msg("stats.empty", "No games chosen: the figures come with the first game.")
APP.msg("stats.period_all", "All time")
APP.msg("stats.period_30", "Last 30 days")
APP.msg("stats.period_365", "Last 12 months")
# TRANSLATORS: the label of the filter choosing which game's figures are shown (all games, or one game's).
APP.msg("stats.filter_game", "Game")
# TRANSLATORS: the label of the filter choosing over which time the figures are counted.
APP.msg("stats.filter_period", "Period")
APP.msg("stats.with", "Played with")
APP.msg("stats.with_hint", "Names, separated by commas")
# TRANSLATORS: the statistics' filters folded to one line: the game (or all games), the period, who played.
APP.msg("stats.filter_summary", "Filter: {game} · {period} · {players}")
APP.msg("stats.with_named", "played with {names}")
APP.msg("stats.line", "{games} · {wins} · exact bids {exact}")
APP.msg_plural(
    "stats.games_count",
    "{count} game",
    "{count} games",
)
APP.msg_plural(
    "stats.wins_count",
    "{count} win",
    "{count} wins",
)
APP.msg("stats.share", "{made}/{placed} ({percent}%)")
APP.msg("stats.games", "Games")
APP.msg("stats.finished", "Finished")
APP.msg("stats.wins", "Wins (a shared win counts)")
APP.msg("stats.exact", "Bids made exactly")
APP.msg("stats.zero_exact", "Zero bids made")
APP.msg("stats.average_score", "Average final score")
APP.msg("stats.average_place", "Average place")
APP.msg("stats.points_value", "{value} points")
APP.msg("stats.scope", "Every game kept, since {date}")
APP.msg_plural(
    "stats.compared_from",
    "A best and a worst game are named once {count} game is finished; {finished} so far.",
    "A best and a worst game are named once {count} games are finished; {finished} so far.",
)
APP.msg_plural("stats.charts_from", "The charts are drawn once {count} game is finished; {finished} so far.",
               "The charts are drawn once {count} games are finished; {finished} so far.")
APP.msg("stats.best", "Best game")
APP.msg("stats.worst", "Worst game")
# TRANSLATORS: a player's best or worst game: {result} says how they finished (e.g. "won by 23 points").
APP.msg("stats.game_result", "{result} in {game}, {date}")
APP.msg_plural("stats.won_by", "won by {count} point", "won by {count} points")
# TRANSLATORS: first place on equal points, decided by the game's tie-break (e.g. more exact bids).
APP.msg("stats.won_tie_break", "won on the tie-break")
APP.msg("stats.first_shared", "shared first place of {players}")
APP.msg("stats.place_of", "place {place} of {players}")
APP.msg("stats.place_of_shared", "shared place {place} of {players}")
# TRANSLATORS: {where} is "place 4 of 5" or "shared place 2 of 4".
APP.msg_plural("stats.behind_winner", "{where}, {count} point behind the winner",
               "{where}, {count} points behind the winner")
APP.msg_plural("stats.behind_ahead", "{where}, {count} point behind the player ahead",
               "{where}, {count} points behind the player ahead")
APP.msg("stats.level_winner", "{where}, level on points with the winner")
APP.msg("stats.level_ahead", "{where}, level on points with the player ahead")
APP.msg("stats.scores_chart", "Final scores, oldest game first")
APP.msg("stats.scores_chart_label", "Final scores of {name} in {count} finished games, oldest first: {scores}")
APP.msg("stats.places_chart", "Places")
APP.msg("stats.places_chart_label", "How often {name} finished in each place: {places}")
APP.msg("stats.place_count", "{place}. place: {count}")
# TRANSLATORS: a place (1st, 2nd, …) under its bar in the chart of places.
APP.msg("stats.place_axis", "{place}.")
APP.msg("stats.rivals", "Head to head")
APP.msg("stats.rival", "{name}: {games} together; ahead {ahead}, behind {behind}, level {level}")
APP.msg("stats.together", "Head to head: {games} all together")
APP.msg_plural("stats.unfinished_left_out", "Finished games only: {count} unfinished game left out.",
               "Finished games only: {count} unfinished games left out.")
APP.msg(
    "stats.pair",
    "{first} and {second}, {games} finished: {first} ahead {first_ahead}, {second} ahead {second_ahead}, level {level}",
)
APP.msg("stats.no_player", "{name} is not in the games chosen.")
# matches: a game and its rematches
APP.msg("match.line", "Match of {games}: {wins}")
APP.msg("match.finished", "{games}, {finished} finished")
# one game's charts
APP.msg("charts.title", "Charts")
APP.msg("charts.none_yet", "The charts come with the first hand scored.")
APP.msg("charts.totals", "Running totals")
APP.msg("charts.hands", "Hands")
APP.msg("charts.totals_label", "Running totals after each hand: {lines}")
APP.msg("charts.totals_line", "{name} {totals}")
APP.msg("charts.bids", "Bids against tricks")
APP.msg("charts.bids_total", "Bids")
APP.msg("charts.tricks_total", "Tricks")
APP.msg("charts.cards", "Cards each")
APP.msg("charts.bids_label", "Bids against tricks per hand: {hands}")
APP.msg("charts.bids_hand", "hand {number}, {cards} cards, bids {bids}, tricks {tricks}")
# notices
APP.msg("notice.storage", "Note: {text}")
APP.msg("notice.ok", "OK")
APP.msg("saved", "Saved {name} to your downloads.")
# printed sheets
APP.msg("sheet.blank_title", "{game}: score sheet")
APP.msg("sheet.filled_title", "{game}: scores")
APP.msg("sheet.continued", "{title} (continued)")
APP.msg_plural(
    "sheet.players",
    "{count} player",
    "{count} players",
)
APP.msg("sheet.seat", "Seat {number}")
APP.msg("sheet.hand", "Hand")
APP.msg("sheet.cards", "Cards")
APP.msg("sheet.dealer", "Dealer")
APP.msg("sheet.trump", "Trump")
APP.msg("sheet.standings_final", "Final standings")
APP.msg("sheet.standings_after", "Standings after hand {hand}")
APP.msg("sheet.place", "{place}.")
APP.msg("sheet.exact_bids", "Exact bids")
APP.msg("sheet.bid", "Bid")
APP.msg("sheet.tricks", "Tricks")
APP.msg("sheet.points", "Pts")
APP.msg("sheet.total", "Total")
# TRANSLATORS: the rules in words under the table of a printed sheet; {rules} are the rules.* sentences joined.
APP.msg("sheet.rules_line", "Scoring: {rules}.")
APP.msg("sheet.option", "{option}: {value}")
APP.msg("sheet.bid_short", "B")
APP.msg("sheet.tricks_short", "T")
APP.msg("sheet.points_short", "P")
APP.msg("sheet.total_short", "Σ")
APP.msg("sheet.legend", "B: bid, T: tricks, P: points, Σ: running total")
APP.msg("sheet.footer_winner", "Winner:")
APP.msg("sheet.footer_date", "Date:")
APP.msg("sheet.footer_place", "Place:")
APP.msg("sheet.footer_keeper", "Scorekeeper:")
APP.msg("sheet.made_mark", "{mark}: the bid was made")
APP.msg("sheet.in_progress", "In progress: hand {hand}")
# serving the app
APP.msg("serve.at", "Bidwell is at {url}")
# TRANSLATORS: said once after Bidwell is installed or upgraded, before it says its address.
APP.msg("serve.preparing",
        "Compressing the app for the phones' browsers, once after an install or an upgrade: about {seconds} s…")
APP.msg("serve.pin", "PIN: {pin}")
APP.msg("serve.new_pin", "The PIN was changed. New PIN: {pin}")
APP.msg("serve.this_computer", "On this computer, without the PIN: {url}")
APP.msg("serve.phone_app", "Bidwell for a phone of its own (its own games, no computer needed): {url}")
APP.msg(
    "serve.phone_app_online_only",
    "Over http a phone opens it only while this computer serves it; with --cert and --key (https, a "
    "certificate the phones trust) it installs and opens offline.",
)
APP.msg(
    "serve.tls_unusable",
    "cannot serve https with {cert} and {key_file}: {error}; give a certificate (PEM) and its private key, "
    "both readable",
)
APP.msg("serve.tls_half", "--cert and --key go together: give both (a certificate in PEM and its private key)")
APP.msg(
    "serve.no_desktop",
    "error: a window of its own needs Chromium, Chrome or Edge installed here (or Flet's desktop client: pip install "
    "'flet-desktop', then run once online); run 'bidwell' without --desktop to use the app in a browser",
)
# the history commands
APP.msg("cli.broken_game_file", "a game file is broken: {error}")
APP.msg("cli.file_reason", "{path}: {reason}")
APP.msg("phase.bidding", "bidding")
APP.msg("phase.playing", "playing")
APP.msg("cli.sheet_written", "Sheet written to {path}")
APP.msg("cli.no_games", "No games.")
# TRANSLATORS: bidwell games: one line per game; {id} is what --game takes.
APP.msg("games.game", "{id}: {name}, {min} to {max} players")
# TRANSLATORS: bidwell games: one option of a game, as --option {name}=VALUE takes it; {values} are its values.
APP.msg("games.option", "{label}: {name}={values}")
# TRANSLATORS: bidwell games: an option's value as --option takes it, and the words the app shows for it.
APP.msg("games.value_labelled", "{value} ({label})")
# TRANSLATORS: bidwell games: the value an option has unless another is chosen.
APP.msg("games.value_default", "{value} (default)")
APP.msg("games.value_labelled_default", "{value} ({label}; default)")
APP.msg("cli.no_games_page", "No games on page {page}.")
APP.msg("cli.more", "More on page {page} (--page {page}).")
APP.msg("cli.columns", "ID|STARTED|GAME|PLAYERS|STATUS")
APP.msg("cli.stats_columns", "PLAYER|GAMES|FINISHED|WINS|EXACT BIDS|EXACT ZEROS|AVG SCORE|AVG PLACE")
APP.msg("cli.stats_no_game", "there is no game '{game}'; the games are: {games}")
APP.msg("cli.stats_no_player", "no game chosen has a player named '{name}' (names are matched exactly, after trimming)")
APP.msg("cli.finished_one", "finished, winner {names}")
APP.msg("cli.finished_shared", "finished, shared by {names}")
APP.msg("cli.unfinished", "hand {hand}, {phase}")
APP.msg("cli.damaged", "damaged: {damage}")
# TRANSLATORS: {id} is a game's id; {text} is history.repaired (kept in English, as a damaged game's reason is).
APP.msg("cli.repaired", "{id}: {text}")
# TRANSLATORS: {at} is a date and time (UTC); {problem} is one of the storage.bad.* sentences ("… was empty");
# {moved} is a file name; {back_to} is one of history.repair.back_to_*.
APP.msg("history.repaired_moved", "repaired on {at} UTC: its file {problem}, so its last good copy was put back (the "
        "damaged file is kept as {moved}). Its last change is lost: {back_to}")
APP.msg("history.repaired", "repaired on {at} UTC: its file {problem}, so its last good copy was put back. Its last "
        "change is lost: {back_to}")
APP.msg("history.repair.back_to_hand", "the game is back at hand {hand}, {phase}")
APP.msg("history.repair.back_to_end", "the game is back at its end, as it stood before that change")
APP.msg("cli.export_partial", "note: game {id} is damaged ({damage}); it was exported up to its last good action")
APP.msg("cli.new", "new: {id}")
APP.msg("cli.existing", "already there: {id}")
APP.msg("cli.unreadable", "{path}: cannot read it: {detail}")
APP.msg("cli.cannot_write", "cannot write {path}: {detail}")
APP.msg("cli.note", "note: {text}")
APP.msg("cli.record_in", "{path}: record {number}")
APP.msg(
    "cli.sheet_blank_only",
    "--players, --names and --option go with --game (a blank sheet); --from and --record print the game as it "
    "was played",
)
APP.msg("cli.sheet_needs_players", 'a blank sheet needs --players N or --names "Anna,Béla,…"')
# the command line's help (bidwell --help, bidwell COMMAND --help)
APP.msg("help.bidwell", "Bidwell: the scorekeeper for Oh Hell and its family. Without a command, starts the app.")
APP.msg("help.command.app", "start the app (the default)")
APP.msg("help.command.schedule", "print every hand's cards, dealer and first bidder as JSON")
APP.msg("help.command.score", "score a game record and print the result as JSON")
APP.msg("help.command.games", "list the games, their player counts and their options")
APP.msg("help.games_json", "print the games as JSON")
APP.msg("help.command.history", "list the stored games, newest first")
APP.msg("help.command.stats", "print each player's figures: games, wins, bids made, average score and place")
APP.msg("help.command.export", "print or save the record of a stored game")
APP.msg("help.command.import", "keep the games in record files (records or arrays of them)")
APP.msg("help.command.sheet", "write a blank or filled score sheet as PDF")
APP.msg("help.command.publish", "write the app as a static web app that works offline (Python in the browser)")
APP.msg("help.game_id", "a game id, e.g. rage-n-glyphs")
APP.msg("help.players", "how many players")
APP.msg("help.option", "a game option, e.g. skip_up=true")
APP.msg("help.record", "a game record file, or - for standard input")
APP.msg("help.history_json", "print the list as JSON")
APP.msg("help.history_csv", "write every game the filters choose (not one page) as CSV, for a spreadsheet")
APP.msg("help.only_game", "only games of this game id")
APP.msg("help.only_player", "only games with this player (case and accents ignored)")
APP.msg("help.finished", "only finished games")
APP.msg("help.unfinished", "only unfinished games")
APP.msg("help.page", "page N (default 1)")
APP.msg("help.per_page", "games a page (default 50)")
APP.msg("help.stats_json", "print the figures as JSON")
APP.msg("help.only_game_example", "only games of this game id, e.g. rage-n-glyphs")
APP.msg("help.stats_player", "only this player's figures")
APP.msg("help.with", "only games this player sat in too (repeat for more)")
APP.msg("help.since", "only games started on or after this day (UTC)")
APP.msg("help.until", "only games started on or before this day (UTC)")
APP.msg("help.not_a_date", "'{text}' is not a date; give one as YYYY-MM-DD, e.g. 2026-11-23")
APP.msg("help.export_id", "the game's id, as 'bidwell history' shows it")
APP.msg("help.export_all", "every game, as a JSON array of records")
APP.msg("help.output", "write to FILE instead of standard output")
APP.msg("help.export_csv", "the game as CSV, a row per hand, for a spreadsheet (not with --all)")
APP.msg("cli.csv_one_game", "--csv writes one game; every game, a row each: bidwell history --csv")
APP.msg("help.record_files", "record files")
APP.msg("help.sheet_game", "a blank sheet of this game")
APP.msg("help.sheet_from", "the filled sheet of a stored game")
APP.msg("help.sheet_record", "the filled sheet of a game record")
APP.msg("help.sheet_players", "blank sheet: how many players")
APP.msg("help.sheet_names", 'blank sheet: the players, clockwise, e.g. "Anna,Béla,Csilla"')
APP.msg("help.sheet_option", "blank sheet: a game option")
APP.msg("help.paper", "paper size (default a4)")
APP.msg("help.sheet_output", "where to write the PDF")
APP.msg("help.data", "the data folder (default: $BIDWELL_DATA, else your data directory)")
APP.msg("help.lang", "the language to speak: {languages} (default: $BIDWELL_LANG, else the system's language)")
APP.msg("help.not_whole", "'{text}' is not a whole number")
APP.msg("help.less_than_one", "'{text}' is less than 1")
APP.msg("help.port", "the port to serve on (default 8550)")
APP.msg("help.no_browser", "do not open a browser")
APP.msg("help.lan", "serve on the local network, behind a PIN, for phones")
APP.msg("help.cert", "serve over https with this certificate (PEM); with --key")
APP.msg("help.key", "the certificate's private key (PEM); with --cert")
APP.msg("help.desktop", "open in a window of its own (Flet's desktop client, else Chromium, Chrome or Edge)")
APP.msg("help.publish_folder", "the folder to write the web app into (new, empty, or an earlier build)")
APP.msg(
    "help.publish_base",
    "the address path it is served at, when not the site's root (e.g. /bidwell/ for https://example.org/bidwell/)",
)
APP.msg(
    "help.publish_compression",
    "the brotli and gzip copies written beside each file, for a host that sends them as they are: best (the "
    "smallest; a minute or two the first time), fast (a few seconds), or none",
)
APP.msg("publish.compressing",
        "Compressing every file as small as it goes, once (the next build reuses it): about {seconds} s…")
APP.msg("help.see_help", "{message} (see '{prog} --help')")
# The argument parser's own sentences (Python's argparse). They keep argparse's %-placeholders: %(name)s, %s, %r.
APP.msg("argparse.usage", "usage: ")
APP.msg("argparse.argument", "argument %(argument_name)s: %(message)s")
APP.msg("argparse.cannot_open", "can't open '%(filename)s': %(error)s")
APP.msg("argparse.positionals", "positional arguments")
APP.msg("argparse.options", "options")
APP.msg("argparse.help", "show this help message and exit")
APP.msg("argparse.unrecognized", "unrecognized arguments: %s")
APP.msg("argparse.not_allowed_with", "not allowed with argument %s")
APP.msg("argparse.ignored_explicit", "ignored explicit argument %r")
APP.msg("argparse.required", "the following arguments are required: %s")
APP.msg("argparse.one_required", "one of the arguments %s is required")
APP.msg("argparse.expected_one", "expected one argument")
APP.msg("argparse.expected_at_most_one", "expected at most one argument")
APP.msg("argparse.expected_at_least_one", "expected at least one argument")
APP.msg_plural("argparse.expected_n", "expected %s argument", "expected %s arguments")
APP.msg("argparse.ambiguous", "ambiguous option: %(option)s could match %(matches)s")
APP.msg("argparse.unexpected_option", "unexpected option string: %s")
APP.msg("argparse.invalid_value", "invalid %(type)s value: %(value)r")
APP.msg("argparse.invalid_choice", "invalid choice: %(value)r (choose from %(choices)s)")
# the data folder and its files (storage)
APP.msg(
    "storage.folder_is_file",
    "the data folder {folder} is a file, not a folder; move the file away, or give another folder with --data DIR or "
    "BIDWELL_DATA",
)
APP.msg("storage.cannot_create_folder", "cannot create the data folder {folder}: {reason}")
APP.msg(
    "storage.locked",
    "another Bidwell has been writing to {folder} for {seconds} seconds; try again in a moment, or close the other "
    "Bidwell",
)
APP.msg("storage.cannot_write_folder", "cannot write to the data folder {folder}: {reason}")
APP.msg(
    "storage.read_only",
    "the data folder {folder} cannot be written ({reason}): its games are shown as they are, and nothing is saved",
)
# TRANSLATORS: {problem} is one of the storage.bad.* sentences, said of the file {path} ("… was empty").
APP.msg("storage.unrepairable", "{path} {problem} and could not be repaired: {reason}")
APP.msg("storage.moved_no_copy", "{path} {problem}; it was moved to {moved}, and there was no good copy to restore")
APP.msg("storage.moved_restored", "{path} {problem}; it was moved to {moved} and the last good copy was restored")
APP.msg("storage.restored", "{path} {problem}; the last good copy was restored")
APP.msg("storage.bad.missing", "was missing")
APP.msg("storage.bad.empty", "was empty")
APP.msg("storage.bad.not_utf8", "was not UTF-8 text")
APP.msg("storage.bad.not_json", "was not readable JSON (cut short, or damaged)")
APP.msg("storage.bad.too_deep", "was nested deeper than any Bidwell file")
APP.msg("storage.bad.long_number", "held a number longer than any Bidwell file has")
APP.msg("storage.bad.not_bidwell", "was not a Bidwell file")
APP.msg("storage.bad.table_shape", "had a table of the wrong shape")
APP.msg(
    "storage.newer",
    "{path} was written by a newer Bidwell (schema {schema}; this one reads up to {ours}); it was left as it is: "
    "update Bidwell to open it",
)
APP.msg("storage.cannot_save_data", "cannot save {name}: {detail}")
APP.msg("storage.too_deep", "it is nested too deeply")
APP.msg("storage.bad_unicode", "it holds text that is not valid Unicode")
APP.msg(
    "storage.could_not_save",
    "could not save {path}: {reason}; what was on disk is kept as it was, so the last action can be tried again",
)
APP.msg("storage.os.disk_full", "the disk is full; free some space")
APP.msg("storage.os.quota", "the disk quota is used up; free some space")
APP.msg("storage.os.read_only", "the folder is on a read-only disk; give another folder with --data DIR")
APP.msg("storage.os.permission", "permission denied; give a folder you may write to with --data DIR")
APP.msg("storage.os.too_big", "the file is larger than this system allows")
APP.msg("storage.os.not_a_folder", "a part of the path is a file, not a folder")
APP.msg("storage.os.is_a_folder", "a folder stands where the file should be")
# the games in the data folder (history)
APP.msg("storage.file_in_the_way", "{target} is a file, but Bidwell keeps a folder there; move the file away")
APP.msg("storage.cannot_create", "cannot create {target}: {reason}")
APP.msg("storage.no_game", "there is no game '{game}' in {folder}")
APP.msg("storage.cannot_open", "the game '{game}' cannot be opened: {damage}")
APP.msg(
    "storage.damaged_game",
    "this game is damaged on disk ({damage}); it can be looked at and exported as far as it goes, but not changed",
)
APP.msg("storage.could_not_delete", "could not delete {path}: {reason}")
APP.msg(
    "storage.unread_before_saving",
    "could not read {path} before saving: {reason}; nothing was changed, so the last action can be tried again",
)
APP.msg(
    "storage.conflict",
    "this game was changed on another screen meanwhile; it has been reloaded, so check it and try again",
)
APP.msg("storage.index_unreadable", "the history index {path} cannot be read: {reason}")
APP.msg_plural(
    "storage.index_added",
    "{count} game missing from the history index was added back from its file in {folder}",
    "{count} games missing from the history index were added back from their files in {folder}",
)
APP.msg("storage.index_rebuilt", "the history index of {month} was rebuilt from the game files in {folder}")
APP.msg("storage.folder_in_the_way", "{path} is a folder, not a file, and cannot be moved aside: {reason}")
APP.msg("storage.folder_moved", "{path} was a folder, not a file; it was moved to {target}")
APP.msg("storage.bad_id", "'{game}' is not a game id (ids look like 20261122-101500123-a1b2c3)")
# what is wrong with a game's file (its "damage")
APP.msg("storage.damage.folder", "a folder stands where its file should be")
APP.msg("storage.damage.unreadable", "its file cannot be read: {reason}")
APP.msg("storage.damage.moved", "its file could not be read and was moved to {path}")
APP.msg("storage.damage.file_missing", "its file is missing")
APP.msg(
    "storage.game_gone",
    "The game {id} ({players}) is gone: its file and its last good copy were deleted from {folder} outside "
    "Bidwell. It is no longer listed; to have it back, put its file back in that folder or import an export of it.",
)
APP.msg("storage.damage.no_actions", "it holds no actions")
APP.msg("storage.damage.bad_number", "an action's number is {number}, not a number")
APP.msg("storage.damage.not_action", "it is {kind}, not an action")
APP.msg("storage.damage.not_start", "the first action is not the start of a game")
APP.msg("storage.damage.replay", "action {position} cannot be replayed: {reason}")
APP.msg("storage.damage.and", "{first}; {second}")
APP.msg("storage.damage.key_missing", "{key} is missing or unknown")
APP.msg("storage.damage.a_key_missing", "a key is missing")
APP.msg("storage.kind.number", "a number")
APP.msg("storage.kind.text", "a text")
APP.msg("storage.kind.list", "a list")
APP.msg("storage.kind.object", "an object without an action")
# the players' own phones at the table (bidwell --lan): a player's phone
APP.msg("join.title", "Bidwell at the table")
APP.msg("join.explain", "Type the join code shown on the scorekeeper's game screen, or scan its QR code.")
APP.msg("join.code_label", "Join code")
APP.msg("join.code_hint", "6 letters and digits")
APP.msg("join.go", "Join")
APP.msg(
    "join.wrong",
    "That join code is not right; it has 6 letters and digits and is shown on the scorekeeper's game screen.",
)
APP.msg("join.wait", "Too many wrong join codes; try again in {wait}.")
APP.msg("join.wrong_wait", "That join code is not right. Too many wrong join codes; try again in {wait}.")
APP.msg("join.pick", "Which seat is yours?")
APP.msg("join.taken", "{name} (on another phone)")
APP.msg("join.seat_taken", "{name}'s seat is on another phone; the scorekeeper can free it.")
APP.msg("join.seat_bound", "This phone is {name}'s. To take another seat, ask the scorekeeper to free {name}'s "
                           "seat first.")
APP.msg("join.seat_under_way", "{name} bids on the scorekeeper's phone in this hand. Take this seat when the next "
                               "hand begins.")
APP.msg("join.you_are", "You are {name}")
APP.msg("join.leave", "Leave this seat")
APP.msg("seat.your_turn", "Your bid")
APP.msg("seat.your_bid_is", "Your bid: {value}")
APP.msg("seat.bid_elsewhere", "Your bid is in. It was made on the scorekeeper's phone, so this phone shows it "
                              "when the table sees the bids.")
APP.msg("seat.waiting", "Waiting for {name}'s bid")
APP.msg("seat.playing", "Play the hand; the scorekeeper enters the tricks.")
APP.msg("seat.not_your_turn", "It is not your turn to bid.")
# the players' own phones at the table: the scorekeeper's screen
APP.msg("phones.title", "Players' phones · join code {code}")
APP.msg_plural("phones.joined", "{count} of {players} on their own phone", "{count} of {players} on their own phones")
APP.msg("phones.scan", "Bid on your own phone")
APP.msg(
    "phones.explain",
    "Each player who scans this (or opens the address and types the join code) picks their seat and bids on their "
    "own phone; nobody else sees the bid. The others bid here.",
)
APP.msg("phones.seat_free", "{name}: bids here")
APP.msg("phones.seat_joined", "{name}: on their phone")
APP.msg("phones.seat_away", "{name}: phone away")
APP.msg("phones.free", "Free")
APP.msg("phones.free_seat", "Free {name}'s seat: they bid here, or join from another phone")
APP.msg("phone.bidding", "{name} bids on their phone")
APP.msg("phone.bidding_hint", "You see who has bid, not what.")
APP.msg("phone.take_over", "Enter {name}'s bid here")
APP.msg(
    "phone.take_over_question",
    "{name} has a phone of their own. Take {name}'s bid on this phone instead (pass it to {name})?",
)
APP.msg("phone.take_over_yes", "Take it here")
# languages
# TRANSLATORS: this language's own name, as its speakers write it ("Deutsch", "Magyar", "Polski", "日本語").
APP.msg("language.name", "English")

def t(key: str, **params: object) -> str:
    """The sentence ``key`` (the app's, else the engine's) with ``params`` filled in, in the language in use.

    >>> t("hand.cards", count=1)
    '1 card each'
    """
    catalog = APP if key in APP.messages else ENGINE
    return catalog.text(key, params)


def template(key: str, count: int | None = None) -> str:
    """The sentence ``key`` as the language in use words it, with its placeholders left in (for a library that
    fills them in itself, as argparse does with its %-placeholders)."""
    message = APP.messages[key]
    language = current()
    if message.other is None:
        return language.pgettext(APP.domain, key, message.one)
    return language.npgettext(APP.domain, key, message.one, message.other, count if count is not None else 0)


def known(key: str) -> bool:
    """Whether ``key`` is a sentence of the app's or the engine's."""
    return key in APP.messages or key in ENGINE.messages


def language_name(code: str) -> str:
    """The language ``code`` by its own name ("Deutsch", "日本語"), as a person looking for it would know it."""
    return APP.text("language.name", {}, language(code))


def languages() -> list[tuple[str, str]]:
    """Every language Bidwell speaks: (code, its own name), English first."""
    return [(code, language_name(code)) for code in available()]


def in_use() -> Language:
    """The language in use now."""
    return current()


def trump_label(value: str) -> str:
    """A suit as the screen names it ("Hearts", in the language in use), or "No trump"."""
    if value == NO_TRUMP:
        return t("trump.no_trump")
    shown = game_text(value)
    return shown[:1].upper() + shown[1:]


def trump_line(trumps: Sequence[str]) -> str:
    """A hand's trump as it went: the card turned up, then each joker's change ("Hearts → Clovers (2-dot joker)")."""
    if not trumps:
        return t("trump.not_recorded")
    parts = [trump_label(trumps[0])]
    for value in trumps[1:]:
        key = "trump.after_4dot" if value == NO_TRUMP else "trump.after_2dot"
        parts.append(t(key, suit=trump_label(value)))
    return t("trump.line", trumps=" → ".join(parts))
