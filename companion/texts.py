"""Every word the app shows, in one catalog.

The app's own words are here; the engine's refusals come from
:mod:`scoring.messages`, and :func:`t` looks in both, so another language is
one more pair of dictionaries. Entries follow the engine's catalog: a
template, or ``one``/``other`` templates chosen by the ``count`` parameter.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.messages import ENGLISH as ENGINE_ENGLISH
from scoring.messages import render

APP_ENGLISH: Mapping[str, str | Mapping[str, str]] = {
    "app.title": "Bidwell",
    "app.tagline": "Scorekeeping for Oh Hell and its family",
    "app.not_found": "There is no such screen.",
    "app.broken": "This part of the screen could not be drawn: {error}. What was entered is kept; go back and "
                  "open it again.",
    # start
    "start.new": "New game",
    "start.continue": "Continue a game",
    "start.continue_line": "{game} · hand {hand} · {players}",
    "start.history": "Past games",
    "start.sheets": "Blank score sheets",
    "start.nothing_to_continue": "No unfinished games.",
    "start.continue_damaged": "{line} · damaged",
    # the app running in a browser (bidwell publish)
    "browser.kept": "Your games are kept in this browser, on this device, and work without a network. Clearing "
                    "the browser's data for this site deletes them: export a game to keep a copy elsewhere.",
    "browser.kept_online_only": "Your games are kept in this browser, on this device. This address is not secure "
                                "(http), so the browser cannot keep Bidwell itself to open without a network: "
                                "open it from an https address for that.",
    # bidwell publish
    "publish.done": "Bidwell is published in {folder}: {files} files, {size} MB (build {build}, {seconds} s). Serve "
                    "the folder from any web server (https, or http on this computer); a phone that opens it once "
                    "can add it to its home screen and use it without a network.",
    "publish.missing": "cannot publish: {what} is not installed; install Bidwell again (pip install -e .) and retry",
    "publish.compiled": "cannot publish: {name} is compiled ({file}) and has no build for Python in the browser",
    "publish.bad_base": "cannot publish for the address path '{base}': give one like / or /bidwell/ (folder names "
                        "of letters, digits and . _ ~ -)",
    "publish.target_is_file": "cannot publish into {path}: it is a file; give a folder",
    "publish.target_not_empty": "cannot publish into {path}: it holds files that are not a Bidwell build; give an "
                                "empty or new folder, or one an earlier 'bidwell publish' wrote",
    "browser.not_kept": "The last change could not be kept in this browser's storage ({error}); Bidwell tries "
                        "again with the next one. Export the game to keep a copy.",
    "browser.unreadable": "The games kept in this browser could not be read ({error}). Nothing was changed; "
                          "reload the page to try again.",
    # new game
    "setup.title": "New game",
    "setup.game": "Game",
    "setup.players_range": "{min} to {max} players",
    "setup.options": "Options",
    "setup.house_rules": "House rules",
    "setup.players": "Players, clockwise from any seat",
    "setup.add_label": "Player's name",
    "setup.add": "Add player",
    "setup.add_hint": "A name, then Enter",
    "setup.remove": "Remove {name}",
    "setup.up": "Move {name} up",
    "setup.down": "Move {name} down",
    "setup.first_dealer": "First dealer",
    "setup.draw_dealer": "Draw at random",
    "setup.dealer_is": "{name} deals first",
    "setup.start": "Start the game",
    "setup.blank_sheet": "Blank score sheet (PDF)",
    "setup.blank": "blank",
    "setup.need_players": {
        "one": "{game} needs {min} to {max} players; add {count} more",
        "other": "{game} needs {min} to {max} players; add {count} more",
    },
    "setup.too_many": "{game} is played by at most {max} players",
    "setup.on": "on",
    "setup.off": "off",
    # hand header
    "hand.of": "Hand {number} of {count}",
    "hand.open": "Hand {number} · race to {target}",
    "hand.race": "{leader} leads with {total}",
    "hand.race_tied": "{leaders} lead with {total}",
    "hand.cards": {"one": "{count} card each", "other": "{count} cards each"},
    "hand.deals": "{name} deals",
    "hand.first": "{name} bids first and leads",
    "options.bidding.open": "Bids said aloud",
    "options.bidding.hidden": "Hidden bids (shown when all are in)",
    "options.bidding.secret": "Secret bids (shown after the tricks)",
    "options.hook": "Hose the Dealer",
    "summary.title": "Hand {number} scored",
    "summary.made": "made",
    "summary.missed": "missed",
    "summary.line": "{bid}/{tricks} · {points:+d} → {total}",
    # bidding
    "bid.turn": "{name}'s bid",
    "bid.number": "Bid {value}",
    "bid.forbidden": "{value} is not allowed (Hose the Dealer)",
    "bid.forbidden_reason": "Not {value}: the bids would make {total}",
    "bid.running": "Bids so far: {bids} for {count}",
    "bid.private_count": "{done} of {count} have bid",
    "bid.summary_over": {
        "one": "Bids {bids} for {count} trick: overbid by {by}",
        "other": "Bids {bids} for {count} tricks: overbid by {by}",
    },
    "bid.summary_under": {
        "one": "Bids {bids} for {count} trick: underbid by {by}",
        "other": "Bids {bids} for {count} tricks: underbid by {by}",
    },
    "bid.summary_even": {"one": "Bids {bids} for {count} trick", "other": "Bids {bids} for {count} tricks"},
    "bid.cover": "Hand the phone to {name}",
    "bid.cover_hint": "Only {name} should look at the next screen.",
    "bid.i_am": "I am {name}",
    "bid.private": "{name}, your bid. Nobody else sees it.",
    "bid.hidden_done": "Everyone has bid. The bids:",
    "bid.secret_done": "Everyone has bid. The bids stay secret until the tricks are in.",
    "bid.secret_mark": "secret",
    "bid.waiting": "–",
    # playing and tricks
    "play.play": "Play the hand, then enter the tricks.",
    "play.enter_tricks": "Enter the tricks",
    "tricks.title": "Tricks in hand {number}",
    "tricks.less": "Less for {name}",
    "tricks.more": "More for {name}",
    "tricks.value": "{name} took {value}",
    "tricks.check_exact": "Tricks {total} of {cards}",
    "tricks.check_range": "Tricks {total}; between {low} and {cards} allowed",
    "tricks.made": "made",
    "tricks.missed": "missed",
    "tricks.points": {"one": "{count} point", "other": "{count} points"},
    "tricks.confirm": "Score the hand",
    "tricks.cancel": "Cancel",
    "tricks.choose": "{name}'s tricks",
    "tricks.pad": "{name} took {value}",
    "tricks.bid": "bid {bid}",
    "tricks.filled_in": "the rest",
    "tricks.not_yet": "–",
    "tricks.too_many": "{name} cannot have taken {value}: the others took {others} of the {cards} tricks",
    "tricks.key_too_many": "more than the tricks left",
    "tricks.missing": "Enter the tricks of {names} first",
    "tricks.change": "Change the tricks of {name}",
    "cards.of": "{label} of {name}",
    "cards.less": "One {label} less for {name}",
    "cards.more": "One {label} more for {name}",
    # scoreboard
    "board.title": "Scoreboard",
    "board.hand": "Hand",
    "board.total": "Total",
    "board.dealer_mark": "D",
    "board.legend": "bid/tricks, {made} made, {missed} missed; points → total; {mark}: the dealer. Tap a hand to correct it.",
    "board.correct": "Correct hand {number}",
    "board.leader": "Leader: {names}",
    "board.bid_tricks": "{bid}/{tricks}",
    "board.heading": {"one": "Hand {number} · {count} card", "other": "Hand {number} · {count} cards"},
    "board.made_mark": "✓",
    "board.missed_mark": "×",
    "board.leader_mark": "★",
    "board.leads": "{name} leads",
    # corrections
    "correct.title": "Correct hand {number}",
    "correct.bid": "{name}'s bid",
    "correct.tricks": "{name}'s tricks",
    "correct.bid_less": "Lower {name}'s bid",
    "correct.bid_more": "Raise {name}'s bid",
    "correct.save": "Save the correction",
    "correct.done": "Hand {number} corrected; every later total follows.",
    "correct.heading": "{cards} · {dealer}",
    "correct.set_bid": "{name} bid {value}",
    "correct.tricks_heading": "Tricks",
    "correct.not_scored": "Hand {number} has no score to correct yet.",
    # undo
    "undo": "Undo",
    "undo.done": "Undone.",
    "undo.nothing": "Nothing to undo.",
    "undo.bid": "Undone: {name}'s bid of {value}.",
    "undo.private_bid": "Undone: {name}'s bid; {name} bids again.",
    "undo.tricks": "Undone: the score of hand {number}; its tricks are back to change.",
    "undo.correction": "Undone: the correction of hand {number}.",
    "undo.coin_flip": "Undone: the coin flip.",
    "undo.trump": "Undone: the trump of hand {number}.",
    "trump.line": "Trump: {trumps}",
    "trump.not_recorded": "Trump: not recorded",
    "trump.no_trump": "No trump",
    "trump.after_2dot": "{suit} (2-dot joker)",
    "trump.after_4dot": "{suit} (4-dot joker)",
    "trump.record": "Record the trump",
    "trump.title": "Trump in hand {number}",
    "trump.hint": "First the suit turned up after the deal; then, after each joker, the new trump.",
    "trump.clear": "Clear",
    "trump.done": "Done",
    # end
    "end.title": "Game over",
    "end.flip": "Flip the coin",
    "end.standings": "Final standings",
    "end.place": "{place}. {name}: {total}",
    "end.exact_bids": {"one": "{count} exact bid", "other": "{count} exact bids"},
    "end.export": "Save the record (JSON)",
    "end.sheet": "Save the score sheet (PDF)",
    "end.rematch": "Rematch, same seats",
    "end.home": "Start screen",
    # history
    "history.title": "Past games",
    "history.filter_player": "Player",
    "history.filter_hint": "A name, then Enter",
    "history.filter_game": "Game",
    "history.all_games": "All games",
    "history.finished": "finished",
    "history.unfinished": "hand {hand}",
    "history.empty": "No games yet.",
    "history.more": "More",
    "history.open": "Open",
    "history.continue": "Continue",
    "history.delete": "Delete",
    "history.sheet": "Sheet",
    "history.delete_confirm": "Delete this game of {game} with {players}? This cannot be undone.",
    "history.deleted": "Deleted.",
    "history.read_only": "Finished game (read only)",
    "history.read_only_unfinished": "This game can only be looked at.",
    "history.damaged": "damaged",
    "history.damaged_open": "This game is damaged on disk: {damage}. It is shown up to its last good action "
                            "and cannot be changed; its record can still be saved.",
    "history.cancel": "Cancel",
    "history.won": "won by {names}",
    "history.coin_pending": "tied, coin flip to make",
    "history.settle": "Flip the coin",
    "history.export": "Record",
    "history.import": "Import records (JSON)",
    "history.imported": {"one": "1 game imported.", "other": "{count} games imported."},
    "history.import_known": {"one": "1 was already here.", "other": "{count} were already here."},
    # lan
    "lan.pin_title": "Enter the PIN shown on the host",
    "lan.pin_label": "PIN",
    "lan.pin_hint": "6 digits",
    "lan.pin_go": "Open",
    "lan.pin_wrong": "That PIN is not right; it has 6 digits and is shown where Bidwell was started.",
    "lan.pin_wait": "Too many wrong PINs; try again in {wait}.",
    "lan.pin_wrong_wait": "That PIN is not right. Too many wrong PINs; try again in {wait}.",
    "lan.seconds": {"one": "{count} second", "other": "{count} seconds"},
    "lan.minutes": {"one": "{count} minute", "other": "{count} minutes"},
    "lan.join": "Join from another phone",
    "lan.qr": "QR code of {url}",
    "lan.phone_app": "Bidwell on a phone of its own",
    "lan.phone_app_offline": "Scan to put Bidwell on a phone: it keeps its own games and opens with no network, "
                             "no computer needed.",
    "lan.phone_app_online_only": "Scan to open Bidwell on a phone, keeping its own games. Over http it opens "
                                 "only while this computer serves it; for a phone app that opens with no network, "
                                 "start Bidwell with --cert and --key (https).",
    # the phone app's build under --lan
    "phone_app.building": "Bidwell for this phone is being prepared; this page reloads in a moment.",
    "phone_app.failed": "Bidwell for phones could not be prepared on this computer: {error}",
    # notices
    "notice.storage": "Note: {text}",
    "notice.ok": "OK",
    "saved": "Saved {name} to your downloads.",
    # printed sheets
    "sheet.blank_title": "{game}: score sheet",
    "sheet.filled_title": "{game}: scores",
    "sheet.continued": "{title} (continued)",
    "sheet.players": {"one": "{count} player", "other": "{count} players"},
    "sheet.seat": "Seat {number}",
    "sheet.hand": "Hand",
    "sheet.cards": "Cards",
    "sheet.dealer": "Dealer",
    "sheet.bid": "Bid",
    "sheet.tricks": "Tricks",
    "sheet.points": "Pts",
    "sheet.total": "Total",
    "sheet.rules": "Scoring",
    "sheet.bid_short": "B",
    "sheet.tricks_short": "T",
    "sheet.points_short": "P",
    "sheet.total_short": "Σ",
    "sheet.legend": "B: bid, T: tricks, P: points, Σ: running total",
    "sheet.footer_winner": "Winner:",
    "sheet.footer_date": "Date:",
    "sheet.footer_place": "Place:",
    "sheet.footer_keeper": "Scorekeeper:",
    "sheet.made_mark": "{mark}: the bid was made",
    "sheet.in_progress": "In progress: hand {hand}",
    # serving the app
    "serve.at": "Bidwell is at {url}",
    "serve.pin": "PIN: {pin}",
    "serve.phone_app": "Bidwell for a phone of its own (its own games, no computer needed): {url}",
    "serve.phone_app_online_only": "Over http a phone opens it only while this computer serves it; with --cert and "
                                   "--key (https, a certificate the phones trust) it installs and opens offline.",
    "serve.tls_unusable": "cannot serve https with {cert} and {key_file}: {error}; give a certificate (PEM) and its "
                          "private key, both readable",
    "serve.tls_half": "--cert and --key go together: give both (a certificate in PEM and its private key)",
    "serve.no_desktop": "error: the Flet desktop client is not installed here (pip install 'flet-desktop'); "
                        "run 'bidwell' without --desktop to use the app in a browser",
    # the history commands
    "cli.no_games": "No games.",
    "cli.no_games_page": "No games on page {page}.",
    "cli.more": "More on page {page} (--page {page}).",
    "cli.columns": "ID|STARTED|GAME|PLAYERS|STATUS",
    "cli.finished_one": "finished, winner {names}",
    "cli.finished_shared": "finished, shared by {names}",
    "cli.unfinished": "hand {hand}, {phase}",
    "cli.damaged": "damaged: {damage}",
    "cli.export_partial": "note: game {id} is damaged ({damage}); it was exported up to its last good action",
    "cli.new": "new: {id}",
    "cli.existing": "already there: {id}",
    "cli.unreadable": "{path}: cannot read it: {detail}",
    "cli.cannot_write": "cannot write {path}: {detail}",
    "cli.note": "note: {text}",
    "cli.record_in": "{path}: record {number}",
    "cli.sheet_blank_only": "--players, --names and --option go with --game (a blank sheet); "
                            "--from and --record print the game as it was played",
    "cli.sheet_needs_players": "a blank sheet needs --players N or --names \"Anna,Béla,…\"",
    "back": "Back",
}

CATALOG: Mapping[str, str | Mapping[str, str]] = {**ENGINE_ENGLISH, **APP_ENGLISH}


def t(key: str, **params: object) -> str:
    """The text for ``key`` with ``params`` filled in.

    >>> t("hand.cards", count=1)
    '1 card each'
    """
    return render(key, params, CATALOG)
