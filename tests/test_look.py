"""Bidwell's colours keep WCAG 2.2 AA contrast in both looks: text 4.5:1 on every ground it is drawn on, the edges
of controls 3:1 (companion.look.CONTRAST_PAIRS names each pair the screens draw), and the theme Flet is given is
made of exactly these colours."""

from __future__ import annotations

import dataclasses

import pytest

from companion.look import COMPONENT_CONTRAST, CONTRAST_PAIRS, DARK, LIGHT, TEXT_CONTRAST, contrast
from companion.ui.theme import DARK_THEME, LIGHT_THEME


@pytest.mark.parametrize("look", [LIGHT, DARK], ids=["light", "dark"])
@pytest.mark.parametrize(("foreground", "background", "least"), CONTRAST_PAIRS,
                         ids=[f"{fg}-on-{bg}" for fg, bg, _ in CONTRAST_PAIRS])
def test_each_pair_the_screens_draw_is_readable(look, foreground, background, least):
    ratio = contrast(getattr(look, foreground), getattr(look, background))
    assert ratio >= least, f"{foreground} on {background}: {ratio:.2f}:1, AA needs {least}:1"


def test_the_pairs_cover_every_text_role_on_the_page_and_the_ratios_are_wcag_s():
    grounds = {background for _, background, _ in CONTRAST_PAIRS}
    assert {"surface", "primary", "primary_container", "error", "surface_container_highest"} <= grounds
    assert {least for _, _, least in CONTRAST_PAIRS} == {TEXT_CONTRAST, COMPONENT_CONTRAST} == {4.5, 3.0}


def test_the_check_tells_a_readable_pair_from_one_that_is_not():
    assert contrast("#FFFFFF", "#FFFFFF") == 1
    assert contrast("#767676", "#FFFFFF") >= TEXT_CONTRAST > contrast("#777777", "#FFFFFF")


@pytest.mark.parametrize(("theme", "look"), [(LIGHT_THEME, LIGHT), (DARK_THEME, DARK)], ids=["light", "dark"])
def test_the_theme_is_drawn_from_the_palette(theme, look):
    scheme = theme.color_scheme
    assert {role: getattr(scheme, role) for role in dataclasses.asdict(look)} == dataclasses.asdict(look)
    assert theme.scaffold_bgcolor == look.surface
