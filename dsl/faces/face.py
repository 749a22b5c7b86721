"""Card faces: the public entry points (`face_svg`, `face_png`, `face_url`).

Why thin wrappers: the text comes from dsl.text.render, the layout from dsl.faces.layout and the
drawing from dsl.faces.svg / dsl.faces.png / dsl.faces.generator_url, each its own concern; callers
(the `dsl render` command, a gallery) need only a card, its catalog and a locale.
"""
from __future__ import annotations

from .art import FaceError, read_art
from .shapes import Face

def set_name(card, catalog, locale) -> str:
    """The card's set in the locale (its English name, else its id)."""
    names = (catalog.sets.get(card.set) or {}).get("names") or {}
    return names.get(locale.code) or names.get(locale.language) or names.get("en") or card.set


def build_face(card, catalog, locale, rendered=None) -> Face:
    """The laid-out face of a card in a locale: a landscape (an Event) is wide."""
    from .landscape import landscape_layout
    from .layout import layout
    from .typesetting import for_locale
    from dsl.text.render import render_card
    rendered = rendered or render_card(card, catalog, locale)
    draw = landscape_layout if card.landscape else layout
    return draw(rendered, card, set_name(card, catalog, locale), read_art(card),
                for_locale(locale))


def face_svg(card, catalog, locale, embed_font: bool | None = None) -> str:
    """The card face as an SVG document, with a subset of its font embedded (None, when
    fontTools is installed), the whole fonts (True) or none (False)."""
    from .svg import to_svg
    return to_svg(build_face(card, catalog, locale), embed_font)


def face_png(card, catalog, locale, scale: float = 1.0) -> bytes:
    """The card face as PNG bytes (600 x 926 pixels at scale 1, a landscape's 926 x 600);
    needs Pillow (the png extra), else FaceError says how to install it."""
    from .png import pillow, to_png
    pillow()
    try:
        return to_png(build_face(card, catalog, locale), scale)
    except FaceError as e:
        raise FaceError(f"{card.art or card.path}: {e}") from None


def face_url(card, catalog, locale) -> str:
    """The community card generator's URL with this card filled in."""
    from .generator_url import generator_url
    from dsl.text.render import render_card
    rendered = render_card(card, catalog, locale)
    return generator_url(rendered, card, set_name(card, catalog, locale))
