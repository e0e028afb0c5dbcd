"""A tab's language: found from what its browser remembers and says, chosen on the start screen, and spoken by
every sentence drawn for the tab (and by Flutter's own words)."""

from __future__ import annotations

import asyncio
import logging

import flet as ft

from companion.texts import t
from companion.ui.fonts import draw_far_east
from companion.ui.session import Session
from scoring.i18n.language import Language
from scoring.i18n.locales import ENGLISH, available, match

log = logging.getLogger(__name__)

SESSION_KEY = "bidwell.session"
"""Where a tab's :class:`Session` is kept in Flet's session store (read for the tab's language)."""
LANGUAGE_PREFERENCE = "bidwell.language"
"""The language chosen on a phone, as its browser keeps it (Flet's SharedPreferences)."""
LINK_LOST_PREFERENCE = "bidwell.link_lost"
"""What the page says when its connection is lost, in the tab's language, kept by its browser for companion/
link_watch.js to read (Flet's SharedPreferences keep it under "flutter." + this key)."""
ASK_SECONDS = 5
"""How long a phone is given to say its remembered and its browser's languages before it is spoken to in English."""


def tab_language() -> Language | None:
    """The language of the tab being served now (what :mod:`scoring.i18n` asks, for every sentence it makes)."""
    try:
        session = ft.context.page.session.store.get(SESSION_KEY)
    except RuntimeError:  # not inside a tab: the command line's own language
        return None
    return None if session is None else session.speech.language


def ask_language(page: ft.Page, session: Session) -> None:
    """Find the tab's language in the background (see :func:`find_language`)."""
    page.run_task(find_language, page, session)


async def find_language(page: ft.Page, session: Session) -> None:
    """The tab's language: the one chosen on this phone before (remembered in its browser), else the first of its
    browser's languages Bidwell has, else English; and its paper (Letter in the US and Canada, A4 elsewhere)."""
    # Both asked at once: the start screen waits for the answers, and a phone loading the app's font answers late.
    remembered, info = await asyncio.gather(asyncio.wait_for(session.preferences.get(LANGUAGE_PREFERENCE), ASK_SECONDS),
                                            asyncio.wait_for(page.get_device_info(), ASK_SECONDS),
                                            return_exceptions=True)
    if isinstance(remembered, BaseException):  # a phone that cannot say is spoken to in its browser's language
        log.info("the remembered language could not be read: %s", remembered)
        remembered = None
    locales = []
    if isinstance(info, BaseException):  # nor can it say its languages: English
        log.info("the phone's languages could not be read: %s", info)
    else:
        locales = list(getattr(info, "locales", None) or [])
    if locales and (locales[0].country_code or "") in ("US", "CA"):
        session.paper = "letter"
    wanted = [remembered] if isinstance(remembered, str) else []
    wanted += ["_".join(part for part in (locale.language_code, locale.country_code) if part) for locale in locales]
    code = next((found for found in map(match, wanted) if found is not None), ENGLISH)
    if not _connected(page):  # the tab left while its browser was asked; it is asked again if it comes back
        return
    speak(page, session, code)


def _connected(page: ft.Page) -> bool:
    """Whether the tab is there to be drawn: Flet raises for a session it has destroyed (the server lets go of a
    tab without the PIN), and a session whose tab left has no connection until it comes back."""
    try:
        return page.session.connection is not None
    except RuntimeError:
        return False


def speak(page: ft.Page, session: Session, code: str) -> None:
    """Have the tab speak ``code`` from now on; Flutter's own words (a field's menu, a button's tooltip) too, and
    the page's notice of a lost connection, which shows when the server cannot be asked for it."""
    session.speech.choose(code)
    # Every screen is drawn anew in the language: the moment the far-east glyphs can come, if it needs them (the
    # names are looked at as the screens open, once the tab may see them).
    draw_far_east(page, session.speech.code, tuple)
    page.locale_configuration = ft.LocaleConfiguration(
        supported_locales=[_flutter_locale(known) for known in available()],
        current_locale=_flutter_locale(session.speech.code),
    )
    page.update()
    page.run_task(_keep_link_words, session, t("link.lost"))


async def _keep_link_words(session: Session, words: str) -> None:
    try:
        await session.preferences.set(LINK_LOST_PREFERENCE, words)
    except Exception as error:  # noqa: BLE001 - the notice is then said in the server's language
        log.info("the words for a lost connection could not be kept: %s", error)


async def remember_language(page: ft.Page, session: Session, code: str) -> None:
    """The language picked on the start screen: spoken at once, and remembered by this phone's browser."""
    speak(page, session, code)
    try:
        await session.preferences.set(LANGUAGE_PREFERENCE, code)
    except Exception as error:  # noqa: BLE001 - spoken now all the same; only the next visit will not know it
        log.warning("the language could not be remembered: %s", error)


def _flutter_locale(code: str) -> ft.Locale:
    language_code, _, country = code.partition("_")
    return ft.Locale(language_code, country or None)
