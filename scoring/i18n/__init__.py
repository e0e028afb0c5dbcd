"""Bidwell in the players' languages, in five modules that import only the ones above them in this list.

- :mod:`~scoring.i18n.locales`: which languages Bidwell has, where their catalogs are.
- :mod:`~scoring.i18n.language`: a :class:`~scoring.i18n.language.Language` (its words from gettext catalogs,
  its numbers and dates from Babel) and which one is in use now.
- :mod:`~scoring.i18n.sentences`: a catalog of sentences declared in English, and the parts put into a
  sentence (a game's text, a list, another sentence), made in the language in use when shown.
- :mod:`~scoring.i18n.engine`: the engine's own sentences (refusals, ends of games, rules in words).
- :mod:`~scoring.i18n.choice`: the language a person or the environment asks for, refused (with
  :mod:`scoring.errors`, which says its refusals with :mod:`~scoring.i18n.engine`) if Bidwell has none of it.

Every sentence is declared once, in English, under a key: ``msg("bid.too_high",
"…")``, or ``msg_plural(key, one, other)`` for one whose words follow the
``count`` it holds. Each part of Bidwell keeps its sentences in a gettext
domain of its own, the engine's (``scoring``) and the app's (``companion``),
with the key as the message's context. Babel extracts the calls
(``tools/catalogs.py``), translators fill in
``<part>/locale/<language>/LC_MESSAGES/<domain>.po``, and Babel compiles them to
the ``.mo`` files the standard library's :mod:`gettext` reads. Plural forms
follow each language's own rule (its catalog's ``Plural-Forms``): Polish has
three, Japanese one.

Nothing is imported here, so a module that needs the bottom of the package
loads no more of it than that.
"""
