"""Sharing a game: as a link that carries its record, and as its standings in a few lines for a chat.

A link is the app's own address with the game's record in its query, ``https://host/bidwell/?game=…``: the record
as compact JSON, deflated, in base64url (``A–Z a–z 0–9 - _``, nothing a browser or a chat app changes). The query,
not the fragment: Flet's web client drops a fragment before the app can read it. The app's first address (``/``)
rather than a screen's: a static host serves it whether or not it knows the app's screens. The app opens it as
``/shared?game=…`` (:func:`opened_route`).
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

from companion.store.files import StorageError
from companion.store.game_files import refusal_text
from companion.store.games import GameStore, ImportReport
from companion.texts import in_use, t
from companion.views.common import Message
from companion.views.play_views import BoardView, Ending
from companion.views.scoreboard import board_of, ending_of, is_day, standings_text
from scoring.errors import BidwellError
from scoring.game import Game
from scoring.i18n.language import game_text
from scoring.i18n.sentences import Listed
from scoring.record import game_from_record, parse_record

PARAMETER = "game"
"""The query parameter that carries a shared game's record."""
ROUTE = "/shared"
"""The screen that shows a shared game."""
_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")
_RAW_DEFLATE = -15  # zlib's window bits for deflate without zlib's header and checksum: six bytes shorter
_LOOPBACK = ("127.0.0.1", "localhost", "::1")

LINK_MAX_CHARACTERS = 16 * 1024
"""The longest game a link may carry, in the characters after ``?game=``: a 31-hand game of 6 players takes about
800, so twenty times that is room for any game a table plays, and a reader's work stays small however the link was
made (its record is bounded by :data:`LINK_RECORD_MAX_BYTES` and the engine's limits on hands and adjustments)."""

LINK_RECORD_MAX_BYTES = 1024 * 1024
"""The most a link's record may unpack to: a few bytes of a link can deflate to gigabytes."""


def link_payload(record: dict[str, Any]) -> str:
    """``record`` as a link carries it: compact JSON, deflated, base64url without padding.

    >>> payload = link_payload({"game": "rage", "players": ["Anna", "Béla"]})
    >>> read_payload(payload)
    {'game': 'rage', 'players': ['Anna', 'Béla']}
    """
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    squeezer = zlib.compressobj(9, zlib.DEFLATED, _RAW_DEFLATE)
    packed = squeezer.compress(text.encode("utf-8")) + squeezer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def read_payload(payload: str) -> Any:
    """The record a link's payload carries; :class:`LinkError` saying what is wrong with a damaged or cut link
    (the engine's refusal where it is the record that is wrong)."""
    payload = payload.strip()
    if not payload:
        raise LinkError(t("share.link_empty"))
    if len(payload) > LINK_MAX_CHARACTERS:
        raise LinkError(t("share.link_too_long", length=len(payload), limit=LINK_MAX_CHARACTERS))
    if not _BASE64URL.fullmatch(payload):
        raise LinkError(t("share.link_characters"))
    if len(payload) % 4 == 1:  # no run of bytes is written so: characters are missing
        raise LinkError(t("share.link_cut"))
    packed = base64.b64decode(payload + "=" * (-len(payload) % 4), altchars=b"-_", validate=True)
    unpacker = zlib.decompressobj(_RAW_DEFLATE)
    try:
        text = unpacker.decompress(packed, LINK_RECORD_MAX_BYTES + 1)
    except zlib.error:
        raise LinkError(t("share.link_damaged")) from None
    if len(text) > LINK_RECORD_MAX_BYTES or unpacker.unconsumed_tail:
        raise LinkError(t("share.link_too_big", limit=LINK_RECORD_MAX_BYTES // (1024 * 1024)))
    if not unpacker.eof:
        raise LinkError(t("share.link_cut"))
    try:
        return parse_record(text)
    except BidwellError as refusal:
        raise LinkError(t("share.link_refused", reason=refusal)) from None


class LinkError(Exception):
    """A link that does not carry a game Bidwell can show; ``str()`` says what is wrong, for a person."""


def shareable_record(record: dict[str, Any], game: Game) -> tuple[dict[str, Any], bool]:
    """``record`` (the game's, as export writes it) as a link may carry it, and whether the hand in progress was
    left out: it is, where the table may not see one of its bids yet (hidden or secret bids), so a link never
    carries a bid its player has not shown."""
    hand = game.state.current
    if hand is None or hand.scored or hand.shown_bids == hand.bids:
        return record, False
    return {**record, "hands": record["hands"][:len(game.state.scored_hands)]}, True


def share_link(address: str | None, record: dict[str, Any]) -> str:
    """The link that opens ``record`` on a Bidwell at ``address`` (the app's address, as :func:`app_address`
    gives it); with no address known, the part of the link after it, which any Bidwell's address can take.

    >>> share_link("https://example.org/bidwell", {"format": 1}).startswith("https://example.org/bidwell/?game=")
    True
    """
    return f"{(address or '').rstrip('/')}/?{PARAMETER}={link_payload(record)}"


def app_address(page_url: str | None, route: str, lan_address: str | None = None) -> str | None:
    """The address a link to this app starts with, from what Flet says of the tab: the server's address
    (``ws://host:port``) for the app ``bidwell`` serves, the page's own address for the published app (whose
    ``route`` the page's address ends with); None where the app has no address (a desktop window). The computer's
    own address (127.0.0.1) is nobody else's: under --lan, the address the phones use instead.

    >>> app_address("ws://127.0.0.1:8550", "/game/x")
    'http://127.0.0.1:8550'
    >>> app_address("ws://127.0.0.1:8550", "/", "http://192.168.1.5:8550")
    'http://192.168.1.5:8550'
    >>> app_address("https://example.org/bidwell/history/abc?x=1", "/history/abc?x=1")
    'https://example.org/bidwell'
    >>> app_address("https://example.org/bidwell/", "/"), app_address("tcp://127.0.0.1:5000", "/")
    ('https://example.org/bidwell', None)
    """
    if not page_url:
        return None
    parts = urlsplit(page_url)
    scheme = {"ws": "http", "wss": "https", "http": "http", "https": "https"}.get(parts.scheme)
    if scheme is None:
        return None
    if parts.hostname in _LOOPBACK and lan_address:
        return lan_address.rstrip("/")
    path = parts.path
    screen = urlsplit(route).path.rstrip("/")
    if screen and path.rstrip("/").endswith(screen):
        path = path.rstrip("/")[: -len(screen)]
    return urlunsplit((scheme, parts.netloc, path.rstrip("/"), "", ""))


def only_here(address: str | None) -> bool:
    """Whether a link starting with ``address`` opens on this computer only (Bidwell served without --lan).

    >>> only_here("http://127.0.0.1:8550"), only_here("http://192.168.1.5:8550"), only_here(None)
    (True, False, False)
    """
    return address is not None and urlsplit(address).hostname in _LOOPBACK


def link_of(route: str) -> str | None:
    """The payload of a shared game's link opened at ``route`` (``/?game=…``, or ``/shared?game=…``), or None.

    >>> link_of("/?game=abc"), link_of("/shared?game=abc"), link_of("/history?game=abc"), link_of("/")
    ('abc', 'abc', None, None)
    """
    parts = urlsplit(route)
    if parts.path.rstrip("/") not in ("", ROUTE):
        return None
    found = parse_qs(parts.query).get(PARAMETER)
    return found[0] if found else None


def opened_route(route: str) -> str:
    """Where the app opens at ``route``: a shared game's link (at the app's first address) on its own screen, over
    the start screen; any other address as it is.

    >>> opened_route("/?game=abc"), opened_route("/history")
    ('/shared?game=abc', '/history')
    """
    payload = link_of(route)
    if payload is None or urlsplit(route).path.rstrip("/") == ROUTE:
        return route
    return f"{ROUTE}?{PARAMETER}={payload}"


@dataclass(frozen=True)
class SharedView:
    """A shared game as its screen shows it: what it is, whether it is kept here, the end, the scoreboard."""

    title: str
    about: str
    kept_id: str | None
    """The id of this game in this Bidwell's Past games, or None while it is not kept."""
    ending: Ending | None
    board: BoardView
    message: Message | None


class SharedGame:
    """A game opened from a link: looked at, read-only, and kept in this Bidwell's Past games on request."""

    def __init__(self, store: GameStore, payload: str):
        """Read the link's ``payload``; :class:`LinkError` saying what is wrong if it holds no game."""
        self.store = store
        self.record = read_payload(payload)
        try:
            self.game = game_from_record(self.record)
        except (BidwellError, RecursionError, ValueError) as refusal:
            raise LinkError(t("share.link_refused", reason=refusal_text(refusal))) from None
        self.message: Message | None = None

    def kept_id(self) -> str | None:
        """The id of this game in the store, if it is kept there already."""
        return self.store.kept_id(self.record)

    def view(self) -> SharedView:
        """The shared game's screen as it stands."""
        game = self.game
        created = self.record.get("created")
        day = created[:10] if isinstance(created, str) and is_day(created[:10]) else ""
        names = Listed(game.players, joined="and")
        about = t("share.about_dated", players=names, date=in_use().date(day)) if day else t("share.about",
                                                                                            players=names)
        return SharedView(game_text(game.rules.game.name), about, self.kept_id(),
                          ending_of(game, None) if game.state.finished else None,
                          board_of(game, read_only=True, played_on=day), self.message)

    def keep(self) -> str | None:
        """Import the game into the store; returns its id there. An already kept game is said so, not kept twice."""
        try:
            report: ImportReport = self.store.import_records([(t("share.the_link"), self.record)])
        except StorageError as error:
            self.message = Message(str(error), error=True)
            return None
        if report.refused:
            self.message = Message(t("share.link_refused", reason=report.refused[0][1]), error=True)
            return None
        if report.new:
            self.message = Message(t("share.kept"))
            return report.new[0]
        self.message = Message(t("share.already_kept"))
        return report.existing[0] if report.existing else None


def game_link(address: str | None, saved_record: dict[str, Any], game: Game) -> tuple[str, bool]:
    """The link that shares a stored game (its record as export writes it), and whether the hand in progress was
    left out for its private bids (see :func:`shareable_record`)."""
    record, left_out = shareable_record(saved_record, game)
    return share_link(address, record), left_out


__all__ = ["LinkError", "SharedGame", "app_address", "game_link", "link_of", "link_payload", "opened_route",
           "read_payload", "share_link", "shareable_record", "standings_text"]
