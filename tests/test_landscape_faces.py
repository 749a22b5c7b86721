"""Landscapes (Events) on the table as printed: a wide face (91 x 59 mm) in SVG and PNG with
the name on top, the cost at the top left and the type line at the bottom; on pages of
their own in `dsl print`; as wide tiles under their own heading in `dsl gallery`; and their
text as printed: one paragraph of instructions, "Once per turn:" / "Once per game:"."""
from __future__ import annotations

import io
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image as PILImage

from dsl.cli.main import main
from dsl.faces import landscape
from dsl.faces.face import build_face, face_png, face_svg
from dsl.faces.sheet import BLEED, CARD_H, CARD_W, PAPERS, pages
from dsl.faces.shapes import Coin, Text
from dsl.language.fansets import open_sets
from dsl.text.i18n import get_locale
from dsl.text.render import render_card
from dsl.web import gallery

EVENTS = Path(__file__).parent / "fixtures" / "events_fan"
LOCALES = ("en", "hu", "cs")
EPS = 1e-6
PT = 72 / 25.4


@pytest.fixture(scope="module")
def catalog():
    return open_sets([EVENTS]).catalog


def _events(catalog) -> list:
    events = sorted((c for c in catalog.cards.values() if c.landscape), key=lambda c: c.id)
    assert len(events) >= 4
    return events


def _inside(t, box) -> bool:
    x, y, w, h = box
    if isinstance(t, Coin):
        return x - EPS <= t.cx - t.r and t.cx + t.r <= x + w + EPS and \
            y - EPS <= t.cy - t.r and t.cy + t.r <= y + h + EPS
    return x - EPS <= t.x and t.x + t.width <= x + w + EPS and \
        y - EPS <= t.y - 0.93 * t.size and t.y + 0.24 * t.size <= y + h + EPS


# ---- the face ----------------------------------------------------------------------------------
def test_an_event_face_is_wide_with_name_cost_text_and_type_line_where_printed(catalog):
    for card in _events(catalog):
        for code in LOCALES:
            loc = get_locale(code)
            rendered = render_card(card, catalog, loc)
            face = build_face(card, catalog, loc, rendered)
            assert (face.width, face.height) == (landscape.WIDTH, landscape.HEIGHT)
            assert face.width > face.height
            assert abs(face.width / face.height - 91 / 59) < 0.01      # a printed Event's
            texts = [i for i in face.items if isinstance(i, Text)]
            name = next(t for t in texts if t.text == rendered.name)
            assert _inside(name, landscape.NAME_BOX), (card.id, code)
            type_line = next(t for t in texts if t.text == rendered.types[0])
            assert _inside(type_line, landscape.TYPE_BOX), (card.id, code)
            assert type_line.y > max(i.y for i in face.text_items if isinstance(i, Text))
            cost = next(i for i in face.items if isinstance(i, Coin) and
                        i not in face.text_items)
            assert cost.label == str(card.cost.coins)
            assert cost.cx < landscape.NAME_BOX[0] and cost.cy < name.y     # the top left
            assert face.text_items and all(_inside(i, face.text_box) for i in face.text_items
                                           if isinstance(i, (Text, Coin))), (card.id, code)
            said = " ".join(i.text for i in face.text_items if isinstance(i, Text))
            first = rendered.text[0].split()[:2]
            assert all(w in said for w in first), (card.id, code, said)


def test_an_event_is_silver_grey_and_a_card_keeps_its_colours(catalog):
    loc = get_locale("en")
    event = build_face(catalog.cards["grand_feast"], catalog, loc)
    smithy = build_face(catalog.cards["smithy"], catalog, loc)
    assert event.items[1].fills != smithy.items[1].fills
    assert (smithy.width, smithy.height) == (600, 926)


def test_the_svg_of_an_event_is_wider_than_high(catalog):
    svg = face_svg(catalog.cards["poor_box"], catalog, get_locale("cs"))
    root = ET.fromstring(svg.encode("utf-8"))
    width, height = float(root.get("width")), float(root.get("height"))
    assert width > height and root.get("viewBox") == f"0 0 {landscape.WIDTH} {landscape.HEIGHT}"
    assert "Jednou za tah" in svg


def test_the_png_of_an_event_has_the_printed_aspect(catalog, tmp_path):
    card = catalog.cards["pilgrims_road"]
    img = PILImage.open(io.BytesIO(face_png(card, catalog, get_locale("hu"))))
    assert img.format == "PNG" and img.size == (landscape.WIDTH, landscape.HEIGHT)
    small = PILImage.open(io.BytesIO(face_png(card, catalog, get_locale("en"), scale=0.5)))
    assert small.size == (landscape.WIDTH // 2, landscape.HEIGHT // 2)
    rgb = img.convert("RGB")                       # the cost coin's gold, at the top left
    cx, cy, r = landscape.COST_AT
    red, green, blue = rgb.getpixel((cx, round(cy - 0.8 * r)))
    assert red > 180 and green > 120 and blue < 120
    out = tmp_path / "feast.png"                   # and by the command
    assert main(["render", "grand_feast", "--cards", str(EVENTS), "--format", "png",
                 "--out", str(out)]) == 0
    assert PILImage.open(out).size == (landscape.WIDTH, landscape.HEIGHT)


def test_render_all_draws_events_with_the_cards(catalog, tmp_path):
    out = tmp_path / "all"
    assert main(["render", "--all", "--cards", str(EVENTS), "--format", "svg",
                 "--locale", "en", "--out", str(out)]) == 0
    root = ET.fromstring((out / "street_fair.en.svg").read_bytes())
    assert float(root.get("width")) > float(root.get("height"))
    root = ET.fromstring((out / "village.en.svg").read_bytes())
    assert float(root.get("width")) < float(root.get("height"))


# ---- the text ----------------------------------------------------------------------------------
@pytest.mark.parametrize("code,expected", [
    ("en", {"poor_box": "Once per turn: If you have no Treasure cards in play, gain a card "
                         "costing up to $4.",
            "grand_feast": "Once per game: Gain a Gold.",
            "street_fair": "+2 Buys."}),
    ("hu", {"poor_box": "Körönként egyszer: Ha nincs Kincs lap a játékban, ",
            "grand_feast": "Játékonként egyszer: "}),
    ("cs", {"poor_box": "Jednou za tah: Pokud nemáš ve hře žádné karty peněz, ",
            "grand_feast": "Jednou za hru: "}),
])
def test_an_events_text_is_plain_instructions_after_its_limit(catalog, code, expected):
    loc = get_locale(code)
    for cid, text in expected.items():
        rendered = render_card(catalog.cards[cid], catalog, loc)
        assert len(rendered.text) == 1, rendered.text            # one paragraph, as printed
        assert rendered.text[0].startswith(text), (cid, rendered.text)
        assert not [f for f in rendered.fallbacks if f.startswith("template")], rendered
    road = render_card(catalog.cards["pilgrims_road"], catalog, loc).text
    assert len(road) == 1 and road[0].startswith("+1 ") and road[0].count(".") >= 2
    assert "buy" not in road[0].split(".")[1].lower()           # not "When you buy this"


# ---- dsl print ---------------------------------------------------------------------------------
def test_landscape_pages_keep_the_real_size_the_bleed_and_the_marks_on_the_paper():
    for paper, (width, height) in PAPERS.items():
        (page,) = pages(8, paper, landscape=True)
        assert len(page.slots) == 8
        assert all((s.w, s.h) == (CARD_H, CARD_W) for s in page.slots)      # 91 x 59 mm
        x, y, w, h = page.bleed
        assert x >= 0 and y >= 0 and x + w <= width and y + h <= height
        assert w == 2 * CARD_H + 2 * BLEED and h == 4 * CARD_W + 2 * BLEED
        assert len(page.marks) == 2 * 3 + 2 * 5                  # every cut, on the paper
        assert all(0 <= v <= width for m in page.marks for v in (m[0], m[2]))
        assert all(0 <= v <= height for m in page.marks for v in (m[1], m[3]))
    assert [len(p.slots) for p in pages(9, landscape=True)] == [8, 1]


def test_dsl_print_puts_events_on_a_page_of_their_own(tmp_path, catalog):
    import pypdf
    out = tmp_path / "events.pdf"
    events = [c.id for c in _events(catalog) if c.set == "events_fan"]   # one page of them
    run = subprocess.run([sys.executable, "-m", "dsl", "print", "--cards", str(EVENTS),
                          "smithy", *events, "village", "--locale", "cs", "--out", str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert f"{len(events) + 2} card(s) on 2 a4 page(s)" in run.stdout
    reader = pypdf.PdfReader(str(out))
    assert len(reader.pages) == 2
    sizes = []
    for page in reader.pages:
        data = page.get_contents().get_data().decode("latin-1")
        sizes.append([(round(float(m[0]) / PT), round(float(m[1]) / PT)) for m in re.findall(
            r"q ([\d.]+) [\d.]+ [\d.]+ ([\d.]+) [\d.]+ [\d.]+ cm /I\d+ Do Q", data)])
    assert sizes == [[(59, 91)] * 2, [(91, 59)] * len(events)]      # the cards, then them


# ---- dsl gallery -------------------------------------------------------------------------------
def test_the_gallery_shows_events_as_wide_tiles_in_their_own_section(catalog):
    locales = [get_locale(c) for c in LOCALES]
    site = gallery.site_files(catalog, locales)
    for loc in locales:
        index = site[gallery._index_name(loc.code, "en")]
        section = re.search(r'<section class="set" data-set="events_fan">(.*?)</section>',
                            index, re.S).group(1)
        heading = {"en": "Events", "hu": "Események", "cs": "Události"}[loc.code]
        assert f'<h3 class="landscapes">{heading}</h3><ul class="tiles wide">' in section
        wide = re.findall(r'<li class="tile wide" data-id="([a-z_]+)"', index)
        assert sorted(wide) == [c.id for c in _events(catalog)]
        assert 'data-id="village"' not in section                  # a card: its own set's
        for cid in wide:
            face = ET.fromstring(site[f"faces/{cid}.{loc.code}.svg"].encode("utf-8"))
            assert float(face.get("width")) > float(face.get("height"))
    page = site["cards/poor_box.html"]
    assert 'class="face wide"' in page and 'class="face wide"' not in site["cards/village.html"]
    assert ".tile.wide" in site["gallery.css"]


def test_the_generator_url_of_an_event_asks_for_a_landscape(catalog):
    from urllib.parse import parse_qs, urlparse
    from dsl.faces.face import face_url
    query = parse_qs(urlparse(face_url(catalog.cards["poor_box"], catalog,
                                       get_locale("en"))).query)
    assert query["size"] == ["1"] and query["color0"] == ["0"] and query["type"] == ["Event"]
    assert query["description"][0].startswith("Once per turn: ")
    village = parse_qs(urlparse(face_url(catalog.cards["village"], catalog,
                                         get_locale("en"))).query)
    assert village["size"] == ["0"]


@pytest.mark.parametrize("code", LOCALES)
def test_a_card_beside_the_supply_says_so_last_in_every_locale(catalog, code):
    """Madman, Spoils (and the Travellers' upgrades): "(This is not in the Supply.)", from
    `supply: false`, as printed; an Event, beside the Supply too, does not say it."""
    from dsl.text.phrases import NOT_IN_SUPPLY
    loc = get_locale(code)
    said = loc.gettext(NOT_IN_SUPPLY)
    for cid in ("madman", "spoils"):
        assert render_card(catalog.cards[cid], catalog, loc).text[-1] == said, (cid, code)
    for card in _events(catalog):
        assert said not in render_card(card, catalog, loc).text


def test_a_potion_cost_sits_beside_the_coin_before_the_name(catalog):
    import dataclasses
    from dsl.faces.shapes import Potion, Rect
    card = catalog.cards["grand_feast"]
    card = dataclasses.replace(card, cost=dataclasses.replace(card.cost, potion=1))
    face = build_face(card, catalog, get_locale("en"))
    potion = next(i for i in face.items if isinstance(i, Potion))
    banner = next(i for i in face.items if isinstance(i, Rect) and i.y == landscape.NAME_BOX[1])
    coin = next(i for i in face.items if isinstance(i, Coin))
    assert coin.cx + coin.r < potion.cx - 0.64 * potion.r
    assert potion.cx + 0.64 * potion.r < banner.x
    assert potion.cy + potion.r < landscape.ART_BOX[1]
