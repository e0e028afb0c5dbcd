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
    # start
    "start.new": "New game",
    "start.continue": "Continue a game",
    "start.continue_line": "{game} · hand {hand} · {players}",
    "start.history": "Past games",
    "start.sheets": "Blank score sheets",
    "start.nothing_to_continue": "No unfinished games.",
    "start.continue_damaged": "{line} · damaged",
    # new game
    "setup.title": "New game",
    "setup.game": "Game",
    "setup.players_range": "{min} to {max} players",
    "setup.options": "Options",
    "setup.house_rules": "House rules",
    "setup.players": "Players, clockwise from any seat",
    "setup.add_label": "Player's name",
    "setup.add": "Add player",
    "setup.remove": "Remove {name}",
    "setup.up": "Move {name} up",
    "setup.down": "Move {name} down",
    "setup.first_dealer": "First dealer",
    "setup.draw_dealer": "Draw at random",
    "setup.dealer_is": "{name} deals first",
    "setup.start": "Start the game",
    "setup.blank_sheet": "Blank score sheet (PDF)",
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
    # bidding
    "bid.turn": "{name}'s bid",
    "bid.number": "Bid {value}",
    "bid.forbidden": "{value} is not allowed (Hose the Dealer)",
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
    "cards.of": "{label} of {name}",
    "cards.less": "One {label} less for {name}",
    "cards.more": "One {label} more for {name}",
    # scoreboard
    "board.title": "Scoreboard",
    "board.hand": "Hand",
    "board.total": "Total",
    "board.dealer_mark": "D",
    "board.legend": "bid/tricks points; {mark}: the dealer; tap a hand to correct it",
    "board.correct": "Correct hand {number}",
    "board.leader": "Leader: {names}",
    "board.bid_tricks": "{bid}/{tricks}",
    # corrections
    "correct.title": "Correct hand {number}",
    "correct.bid": "{name}'s bid",
    "correct.tricks": "{name}'s tricks",
    "correct.bid_less": "Lower {name}'s bid",
    "correct.bid_more": "Raise {name}'s bid",
    "correct.save": "Save the correction",
    "correct.done": "Hand {number} corrected; every later total follows.",
    # undo
    "undo": "Undo",
    "undo.done": "Undone.",
    "undo.nothing": "Nothing to undo.",
    # end
    "end.title": "Game over",
    "end.winner": "{name} wins!",
    "end.shared": "Shared win: {names}",
    "end.by_final_hand": "Tied on total; decided by the points in the final hand.",
    "end.by_exact_bids": "Tied on total; decided by more exact bids.",
    "end.by_coin_flip": "Tied after the final hand too; decided by the coin flip.",
    "end.tie_shared": "Tied; the game shares the win.",
    "end.coin_needed": "Still tied after the final hand: {names}. Flip a coin.",
    "end.flip": "Flip the coin",
    "end.standings": "Final standings",
    "end.place": "{place}. {name}: {total}",
    "end.export": "Save the record (JSON)",
    "end.sheet": "Save the score sheet (PDF)",
    "end.rematch": "Rematch, same seats",
    "end.home": "Start screen",
    # history
    "history.title": "Past games",
    "history.filter_player": "Player",
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
    "history.damaged": "damaged",
    "history.damaged_open": "This game is damaged on disk: {damage}. It is shown up to its last good action "
                            "and cannot be changed; its record can still be saved.",
    "history.cancel": "Cancel",
    # lan
    "lan.pin_title": "Enter the PIN shown on the host",
    "lan.pin_label": "PIN",
    "lan.pin_go": "Open",
    "lan.pin_wrong": "That PIN is not right; it has 6 digits and is shown where Bidwell was started.",
    "lan.pin_wait": "Too many wrong PINs; try again in {wait}.",
    "lan.pin_wrong_wait": "That PIN is not right. Too many wrong PINs; try again in {wait}.",
    "lan.seconds": {"one": "{count} second", "other": "{count} seconds"},
    "lan.minutes": {"one": "{count} minute", "other": "{count} minutes"},
    "lan.join": "Join from another phone",
    "lan.qr": "QR code of {url}",
    # notices
    "notice.storage": "Note: {text}",
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
    "sheet.coin_pending": "Tied: {names}; the coin flip is still to be made",
    "sheet.winner": "Winner: {names}",
    "sheet.shared": "Shared win: {names}",
    "sheet.by_final_hand": "decided by the points in the final hand",
    "sheet.by_exact_bids": "decided by more exact bids",
    "sheet.by_coin_flip": "decided by a coin flip",
    # serving the app
    "serve.at": "Bidwell is at {url}",
    "serve.pin": "PIN: {pin}",
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
