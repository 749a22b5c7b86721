"""Card faces (dsl render --format svg|png|generator-url): the layout keeps every text inside
its box for every shipped card in en, hu and cs, symbols are where the card needs them, the
formats are well-formed and safe, and the command writes whole files where it is told."""
import base64
import io
import json
import re
import struct
import subprocess
import sys
import zlib
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from PIL import Image as PILImage, ImageFont

from dsl.cli.main import main
from dsl.faces.art import FaceError
from dsl.faces.face import build_face, face_png, face_svg, face_url
from dsl.faces.layout import HEIGHT, NAME_BOX, TYPE_BOX, WIDTH
from dsl.faces.shapes import (Coin, Image, Line, Polygon, Potion, Shield, Text, font_path,
                              text_width)
from dsl.faces.text_box import ASCENT, DESCENT, blocks, typeset, wrap
from dsl.faces.typesetting import PLAIN, for_locale
from dsl.language.fansets import open_sets
from dsl.text.i18n import get_locale
from dsl.language.loader import load_paths, load_shipped
from dsl.text.phrases import DIVIDER
from dsl.text.render import render_card
from dsl.web.gallery import bounded_face

ROOT = Path(__file__).resolve().parent.parent
ART_SET = ROOT / "tests" / "fixtures" / "face_art"
LOCALES = ("en", "hu", "cs")
EPS = 1e-6


@pytest.fixture(scope="module")
def catalog():
    return load_shipped().catalog


@pytest.fixture(scope="module")
def faces(catalog):
    """Every shipped card's face in every shipped locale, laid out once."""
    out = {}
    for code in LOCALES:
        loc = get_locale(code)
        for card in catalog.cards.values():
            rendered = render_card(card, catalog, loc)
            out[card.id, code] = (build_face(card, catalog, loc, rendered), rendered)
    return out


def bounds(item) -> tuple:
    """(left, top, right, bottom) of a drawn item, text by its measured width and the
    font's ascent and descent."""
    if isinstance(item, Text):
        return (item.x, item.y - ASCENT * item.size, item.x + item.width,
                item.y + DESCENT * item.size)
    if isinstance(item, Line):
        return (min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2),
                max(item.y1, item.y2))
    r = item.r
    wide = 0.8 * r if isinstance(item, Shield) else r
    return (item.cx - wide, item.cy - r, item.cx + wide, item.cy + r)


def inside(item, box) -> bool:
    x, y, w, h = box
    left, top, right, bottom = bounds(item)
    return left >= x - EPS and top >= y - EPS and right <= x + w + EPS and \
        bottom <= y + h + EPS


def overlaps(a, b) -> bool:
    a, b = bounds(a), bounds(b)
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# ---- the layout -----------------------------------------------------------------------------
def test_every_text_of_every_shipped_card_stays_inside_its_text_box(faces, catalog):
    assert len(faces) == 3 * len(catalog.cards) >= 366
    for (cid, code), (face, rendered) in faces.items():
        assert face.text_items, (cid, code)
        for item in face.text_items:
            assert inside(item, face.text_box), (cid, code, item)
        # lines of the text box do not overlap one another
        runs = [i for i in face.text_items if not isinstance(i, Line)]
        for i, a in enumerate(runs):
            for b in runs[i + 1:]:
                same_line = isinstance(a, (Text, Coin, Potion, Shield)) and \
                    isinstance(b, (Text, Coin, Potion, Shield)) and abs(_mid(a) - _mid(b)) < 2
                if not same_line:
                    assert not overlaps(a, b), (cid, code, a, b)
        # and all of the text there is (a lone "2 VP" is a number and a shield)
        said = " ".join(i.text for i in face.text_items if isinstance(i, Text))
        written = [b.text for b in blocks(rendered.text, catalog.cards[cid].fixed_vp)
                   if b.kind in ("para", "bonus")]
        vp = for_locale(get_locale(code))
        for word in " ".join(written).split():
            plain = word[len(vp.vp_prefix(word)):].split("$")[0]    # VP: a shield
            assert plain in said, (cid, code, word)


def _mid(item) -> float:
    top, bottom = bounds(item)[1], bounds(item)[3]
    return item.y - 0.36 * item.size if isinstance(item, Text) else (top + bottom) / 2


def _boxes(face) -> tuple:
    """(NAME_BOX, TYPE_BOX) of the face's layout: a card's, or a landscape's (wide)."""
    from dsl.faces import landscape, layout
    m = landscape if face.width > face.height else layout
    return m.NAME_BOX, m.TYPE_BOX


def test_name_and_type_line_fit_their_banners_beside_the_cost_and_set(faces):
    for (cid, code), (face, rendered) in faces.items():
        NAME_BOX, TYPE_BOX = _boxes(face)
        texts = [i for i in face.items if isinstance(i, Text)]
        name = next(t for t in texts if t.text == rendered.name or t.text.endswith("…"))
        assert inside(name, NAME_BOX), (cid, code)
        type_line = next(t for t in texts if t.text == " \u2013 ".join(rendered.types) and
                         t.y > NAME_BOX[1] + NAME_BOX[3])
        assert inside(type_line, TYPE_BOX), (cid, code)
        symbols = [i for i in face.items if isinstance(i, (Coin, Potion)) and
                   i not in face.text_items]
        assert symbols and not any(overlaps(type_line, s) for s in symbols), (cid, code)
        for item in face.items:
            if isinstance(item, (Text, Coin, Potion, Shield)):
                assert inside(item, (0, 0, face.width, face.height)), (cid, code, item)


def test_the_measure_is_the_shipped_fonts_own():
    """metrics.json (tools/font_metrics.py) agrees with the font files it was made from."""
    sample = "Aá ŐőŰű Žž čř — +$2 Kovácsműhely Zbojník"
    for bold in (False, True):
        with font_path(bold).open("rb") as f:
            font = ImageFont.truetype(io.BytesIO(f.read()), 1000)
        for ch in sample:
            assert abs(text_width(ch, 1000, bold) - font.getlength(ch)) < 1, (ch, bold)


def test_long_texts_shrink_and_short_ones_stay_large(faces):
    longest = max(faces, key=lambda k: sum(map(len, faces[k][1].text)))
    # a long text (Trade Route's, Noble Brigand's, Possession's, ...), in a longer language
    assert sum(map(len, faces[longest][1].text)) > 300 and longest[1] != "en"
    assert faces[longest][0].text_size < faces["smithy", "en"][0].text_size
    assert faces["smithy", "en"][0].text_size == max(f.text_size for f, _ in faces.values())
    assert min(f.text_size for f, _ in faces.values()) >= 20        # still readable


def test_a_far_too_long_fan_text_is_cut_never_drawn_outside():
    box = (66, 478, 468, 316)
    lines = ["+1 Card", "word " * 9000, DIVIDER, "Unbreakable" * 80]
    items, _ = typeset(lines, box)
    assert items and all(inside(i, box) for i in items)
    assert any(isinstance(i, Text) and i.text.endswith("…") for i in items)


def test_bonus_lines_are_large_and_bold_other_lines_are_not(faces):
    face, _ = faces["village", "hu"]
    bonus = [i for i in face.text_items if isinstance(i, Text)]
    assert [t.text for t in bonus] == ["+1 lap", "+2 akció"]
    assert all(t.bold and t.size > face.text_size for t in bonus)
    face, _ = faces["chapel", "en"]
    assert all(not t.bold for t in face.text_items if isinstance(t, Text))


def test_a_divider_is_a_rule_exactly_where_the_text_has_one(faces, catalog):
    seen = 0
    for key, (face, rendered) in faces.items():
        rules = [i for i in face.text_items if isinstance(i, Line)]
        kinds = [b.kind for b in blocks(rendered.text, catalog.cards[key[0]].fixed_vp)]
        # a Victory card's VP goes last below a rule of its own (the divider under it moves)
        moved = "vp" in kinds and len(kinds) > 1 and rendered.text[1:2] != (DIVIDER,)
        assert len(rules) == rendered.text.count(DIVIDER) + moved, key
        seen += bool(rules)
    assert seen >= 20


def test_cost_potion_and_vp_symbols(faces, catalog):
    for (cid, code), (face, rendered) in faces.items():
        card = catalog.cards[cid]
        cost = [i for i in face.items if isinstance(i, Coin) and i not in face.text_items]
        assert [c.label for c in cost] == [str(card.cost.coins)], cid
        potions = [i for i in face.items if isinstance(i, Potion) and i not in face.text_items]
        assert len(potions) == card.cost.potion, cid
        shields = [i for i in face.text_items if isinstance(i, Shield)]
        lone = card.fixed_vp is not None and card.vp is not None      # "2 VP": one shield
        said = sum(line.split().count("VP") for line in rendered.text if not
                   line.endswith(" VP"))                                # "worth 1 VP per"
        assert len(shields) >= lone + bool(said), cid
    harem, _ = faces["harem", "cs"]
    assert [i.label for i in harem.text_items if isinstance(i, Coin)] == ["2"]
    assert any(isinstance(i, Text) and i.text == "2" for i in harem.text_items)
    lighthouse, _ = faces["lighthouse", "en"]          # "+$1" inside a sentence: a coin
    assert [i.label for i in lighthouse.text_items if isinstance(i, Coin)] == ["1"]


def test_colours_follow_the_types(faces):
    def frame(cid):
        return faces[cid, "en"][0].items[1].fills
    assert frame("smithy") == frame("militia")               # an Attack is an Action
    assert frame("moat") != frame("smithy") and len(frame("moat")) == 1
    assert frame("lighthouse") != frame("smithy")
    assert len(frame("harem")) == 2 and frame("harem")[0] == frame("copper")[0]
    assert frame("harem")[1] == frame("estate")[0]
    assert len({frame(c) for c in ("smithy", "copper", "estate", "curse", "moat",
                                   "lighthouse")}) == 6


# ---- the formats ------------------------------------------------------------------------------
def test_svg_is_well_formed_and_names_its_font(catalog):
    for cid in ("smithy", "possession", "harem", "alchemist"):
        svg = face_svg(catalog.cards[cid], catalog, get_locale("hu"))
        root = ET.fromstring(svg.encode("utf-8"))
        assert root.tag.endswith("svg") and "DejaVu Sans" in root.get("font-family")
        texts = [t for t in root.iter() if t.tag.endswith("text")]
        assert texts and all(t.get("textLength") for t in texts)


def _one_card_set(folder: Path, set_yaml: str, card_file: str, card_yaml: str) -> Path:
    """A set folder of one card (written again when it exists)."""
    (folder / "cards").mkdir(parents=True, exist_ok=True)
    (folder / "set.yaml").write_text(set_yaml)
    (folder / "cards" / card_file).write_text(card_yaml)
    return folder


def _hostile_set(tmp_path: Path, name: str) -> Path:
    return _one_card_set(tmp_path / "hostile", "id: hostile\nnames: {en: \"<b>Set</b>\"}\n",
                         "evil.yaml", "id: evil\nset: hostile\ncost: 3\ntypes: [action]\n"
                         f"names: {{en: {json.dumps(name)}}}\non_play: |\n  +1 card\n")


def test_svg_escapes_a_hostile_card_name(tmp_path):
    name = "<script>alert(1)</script> & \"x\" ]]>"
    cat = open_sets([_hostile_set(tmp_path, name)]).catalog
    svg = face_svg(cat.cards["evil"], cat, get_locale("en"))
    assert "<script" not in svg and "<b>" not in svg
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.find("{http://www.w3.org/2000/svg}title").text == name
    assert name in ["".join(t.itertext()) for t in root.iter() if t.tag.endswith("text")]


def test_svg_embeds_a_subset_of_its_font_with_the_licence(catalog):
    from fontTools.ttLib import TTFont
    svg = face_svg(catalog.cards["noble_brigand"], catalog, get_locale("cs"))
    ET.fromstring(svg.encode("utf-8"))
    fonts = re.findall(r"font-weight:(\w+);src:url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\)", svg)
    assert [w for w, _ in fonts] == ["normal", "bold"]
    assert len(svg) < 60_000 and "Bitstream Vera Fonts licence" in svg
    face = build_face(catalog.cards["noble_brigand"], catalog, get_locale("cs"))
    regular = "".join(t.text for t in face.items if isinstance(t, Text) and not t.bold)
    font = TTFont(io.BytesIO(base64.b64decode(fonts[0][1])))
    cmap = font.getBestCmap()
    assert all(ord(ch) in cmap for ch in set(regular))          # ř, ů, ě ... are there
    assert len(cmap) < 100                                      # and little else
    assert "Bitstream" in font["name"].getDebugName(13)         # the licence, in the font
    assert "@font-face" not in face_svg(catalog.cards["smithy"], catalog, get_locale("en"),
                                        embed_font=False)


def test_svg_can_carry_the_shipped_font(catalog):
    svg = face_svg(catalog.cards["smithy"], catalog, get_locale("en"), embed_font=True)
    head = base64.b64encode(font_path(True).read_bytes()[:300]).decode("ascii")[:200]
    assert "@font-face" in svg and head in svg
    ET.fromstring(svg.encode("utf-8"))


def test_png_is_a_png_of_the_face_size(catalog):
    data = face_png(catalog.cards["harem"], catalog, get_locale("cs"))
    img = PILImage.open(io.BytesIO(data))
    assert img.format == "PNG" and img.size == (WIDTH, HEIGHT)
    small = PILImage.open(io.BytesIO(face_png(catalog.cards["smithy"], catalog,
                                              get_locale("en"), scale=0.5)))
    assert small.size == (WIDTH // 2, HEIGHT // 2)
    # the cost coin is gold, the text box parchment
    rgb = img.convert("RGB")
    r, g, b = rgb.getpixel((TYPE_BOX[0] + 32, TYPE_BOX[1] + 4))     # the coin's gold ring
    assert r > 200 and g > 150 and b < 150


def test_generator_url_fills_the_generators_fields(catalog):
    url = face_url(catalog.cards["alchemist"], catalog, get_locale("hu"))
    parts = urlparse(url)
    assert parts.scheme == "https" and parts.netloc == "shardofhonor.github.io"
    q = parse_qs(parts.query)
    rendered = render_card(catalog.cards["alchemist"], catalog, get_locale("hu"))
    assert q["title"] == [rendered.name] and q["price"] == ["$3^"]
    assert q["type"] == [" - ".join(rendered.types)]
    assert "-" in q["description"][0].split("\n") and q["color0"] == ["0"]
    q = parse_qs(urlparse(face_url(catalog.cards["harem"], catalog, get_locale("en"))).query)
    assert q["color0"] == ["1"] and q["color1"] == ["3"] and q["description"] == ["$2\n2%"]


# ---- art ------------------------------------------------------------------------------------------
def test_art_is_embedded_in_the_svg_and_drawn_in_the_png():
    cat = open_sets([ART_SET]).catalog
    card = cat.cards["painted_smith"]
    raw = (ART_SET / "cards" / "art" / "painted_smith.png").read_bytes()
    svg = face_svg(card, cat, get_locale("en"))
    assert "data:image/png;base64," + base64.b64encode(raw).decode("ascii") in svg
    face = build_face(card, cat, get_locale("en"))
    art = next(i for i in face.items if isinstance(i, Image))
    png = PILImage.open(io.BytesIO(face_png(card, cat, get_locale("en")))).convert("RGB")
    sky = png.getpixel((int(art.x + 20), int(art.y + 20)))
    assert sky[2] > 130 and sky[0] < 80                     # the picture's blue sky
    svg = face_svg(cat.cards["sketched_well"], cat, get_locale("en"))
    assert "data:image/svg+xml;base64," in svg


def _art_card(tmp_path: Path, art: str) -> Path:
    return _one_card_set(tmp_path / "painted", "id: painted\nnames: {en: Painted}\n", "c.yaml",
                         "id: c\nset: painted\ncost: 2\ntypes: [action]\nnames: {en: C}\n"
                         f"art: {art}\non_play: |\n  +1 card\n")


def test_an_art_path_out_of_the_set_folder_is_an_error(tmp_path):
    (tmp_path / "secret.png").write_bytes(b"\x89PNG")
    folder = _art_card(tmp_path, "art/../../../secret.png")
    diags = load_paths([folder]).diagnostics
    assert [(d.code, d.line) for d in diags] == [("E002", 6)]
    assert "outside the set folder" in diags[0].message
    folder = _art_card(tmp_path, "art/missing.png")
    diags = load_paths([folder]).diagnostics
    assert [d.code for d in diags] == ["E001"] and "no image file" in diags[0].message


# ---- the command --------------------------------------------------------------------------------
def test_all_faces_in_three_locales_come_from_one_command(tmp_path, catalog, capsys):
    out = tmp_path / "faces"
    assert main(["render", "--all", "--locale", "en,hu,cs", "--format", "svg",
                 "--out", str(out)]) == 0
    files = sorted(p.name for p in out.iterdir())
    assert len(files) == 3 * len(catalog.cards)
    assert "noble_brigand.hu.svg" in files and not any(f.endswith(".part") for f in files)
    ET.fromstring((out / "possession.cs.svg").read_bytes())
    assert f"wrote {len(files)} faces" in capsys.readouterr().out


def test_png_faces_to_a_folder_and_one_face_to_a_file(tmp_path):
    assert main(["render", "smithy", "painted_smith", "--cards", str(ART_SET), "--locale",
                 "en,hu", "--format", "png", "--out", str(tmp_path / "f")]) == 0
    names = sorted(p.name for p in (tmp_path / "f").iterdir())
    assert names == ["painted_smith.en.png", "painted_smith.hu.png", "smithy.en.png",
                     "smithy.hu.png"]
    one = tmp_path / "one.png"
    assert main(["render", "copper", "--format", "png", "--out", str(one)]) == 0
    assert PILImage.open(one).size == (WIDTH, HEIGHT)


def test_one_svg_goes_to_stdout_several_need_a_folder(capsys, tmp_path):
    assert main(["render", "smithy", "--format", "svg"]) == 0
    assert capsys.readouterr().out.startswith("<?xml")
    with pytest.raises(SystemExit) as e:
        main(["render", "smithy", "village", "--format", "svg"])
    assert e.value.code == 2 and "--out FOLDER" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["render", "--format", "svg"])
    assert e.value.code == 2
    assert main(["render", "smithy", "moat", "--format", "generator-url"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert [r.split("\t")[:2] for r in rows] == [["smithy", "en"], ["moat", "en"]]


def test_text_and_json_keep_their_output(capsys):
    assert main(["render", "smithy", "--locale", "hu"]) == 0
    assert capsys.readouterr().out == "Kovácsműhely — Akció — $4\n  +3 lap\n"
    assert main(["render", "smithy", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["text"] == ["+3 Cards"]


def test_png_without_pillow_says_how_to_install_it(tmp_path):
    code = ("import sys; sys.modules['PIL'] = None\n"
            "from dsl.cli.main import main\n"
            f"sys.exit(main(['render', 'smithy', '--format', 'png', '--out', "
            f"{str(tmp_path / 'x.png')!r}]))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=tmp_path, check=False)
    assert p.returncode == 1, p.stderr
    assert "pip install 'dominion-card-language[png]'" in p.stderr
    assert "Traceback" not in p.stderr and not (tmp_path / "x.png").exists()


def test_unreadable_or_huge_art_is_a_clear_error(tmp_path, capsys):
    folder = _art_card(tmp_path, "art/c.png")
    (folder / "cards" / "art").mkdir()
    art = folder / "cards" / "art" / "c.png"
    art.write_bytes(b"\x89PNG not really")
    out = tmp_path / "c.png"
    assert main(["render", "c", "--cards", str(folder), "--format", "png", "--out",
                 str(out)]) == 1
    assert "not a PNG, JPEG or SVG image" in capsys.readouterr().err and not out.exists()
    PILImage.new("L", (8000, 6000)).save(art)          # 46 kB, 48 million pixels
    assert main(["render", "c", "--cards", str(folder), "--format", "png", "--out",
                 str(out)]) == 1
    assert "8000 x 6000 pixels" in capsys.readouterr().err and not out.exists()


def _png_header(width: int, height: int) -> bytes:
    """A PNG that states a size and holds next to nothing (a decompression bomb's header)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) +
            chunk(b"IDAT", zlib.compress(b"\0" * 100_000)) + chunk(b"IEND", b""))


@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_every_face_checks_its_art_by_its_bytes_and_stated_size(tmp_path, capsys, fmt):
    """SVG faces and the gallery embed art as it is: they check it as PNG faces do."""
    folder = _art_card(tmp_path, "art/c.png")
    (folder / "cards" / "art").mkdir()
    art = folder / "cards" / "art" / "c.png"
    out = tmp_path / f"c.{fmt}"
    for content, words in [(b"just some text, named .png\n", "not a PNG, JPEG or SVG image"),
                           (_png_header(30000, 30000), "30000 x 30000 pixels"),
                           (_png_header(0, 10), "states no image size")]:
        art.write_bytes(content)
        assert main(["render", "c", "--cards", str(folder), "--format", fmt, "--out",
                     str(out)]) == 1
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err and not out.exists()
    art.write_bytes(_png_header(30000, 30000))
    cat = open_sets([folder]).catalog
    svg, note = bounded_face(cat.cards["c"], cat, get_locale("en"))
    assert svg is None and "30000 x 30000 pixels" in note


def test_the_art_check_reads_png_and_jpeg_sizes_without_pillow():
    from dsl.faces.art import checked_image
    jpeg = io.BytesIO()
    PILImage.new("RGB", (321, 123)).save(jpeg, "JPEG")
    assert checked_image(jpeg.getvalue()) == "image/jpeg"
    stated = bytearray(jpeg.getvalue())
    at = stated.index(b"\xff\xc0")                    # the frame's height and width
    stated[at + 5:at + 9] = struct.pack(">HH", 9000, 9000)
    with pytest.raises(FaceError, match="9000 x 9000 pixels"):
        checked_image(bytes(stated))
    assert checked_image(_png_header(100, 100)) == "image/png"
    assert checked_image(b'<?xml version="1.0"?>\n<svg xmlns="x"/>') == "image/svg+xml"
    with pytest.raises(FaceError, match="not a PNG, JPEG or SVG"):
        checked_image(b"<html><svg></svg></html>")


def test_a_huge_text_is_cut_and_only_what_could_show_is_laid_out():
    """2,000 bonus lines: only the blocks that could ever show at the smallest size are
    laid out (so the work is bounded by the box, not the text), and the cut face says so."""
    from dsl.faces import text_box as face_text
    box = (40, 500, 520, 330)
    reach = face_text._within_reach(face_text.blocks(["+1 Card"] * 2000), box,
                                    face_text.SIZES[-1])
    rows = box[3] / ((face_text.ASCENT + face_text.DESCENT) * face_text.SIZES[-1])
    assert len(reach) <= rows + 1 < 2000
    long_para = face_text._within_reach(face_text.blocks(["word " * 100000]), box,
                                        face_text.SIZES[-1])
    assert len(long_para[0].text) < 40_000      # of 500,000
    items, size = face_text.typeset(["+1 Card"] * 2000, box)
    assert size == face_text.SIZES[-1]
    assert any(getattr(i, "text", "").endswith("…") for i in items)


# ---- as printed -----------------------------------------------------------------------------
def _lines(face) -> list[str]:
    """The text box's lines as read (text runs joined by baseline, left to right)."""
    rows: dict = {}
    for t in face.text_items:
        if isinstance(t, Text):
            rows.setdefault(round(t.y, 1), []).append(t)
    return ["".join(t.text for t in sorted(r, key=lambda t: t.x)) for _, r in sorted(rows.items())]


def test_a_number_stays_with_its_word_and_czech_keeps_one_letter_words(faces):
    width = text_width("Choose one: +3", 20) + 1
    assert [len(line) for line in wrap("Choose one: +3 Cards", 20, False, width)] == [2, 1]
    assert wrap("Choose one: +3 Cards", 20, False, width)[1][0][-1] == ("t", "Cards")
    cs = for_locale(get_locale("cs"))
    assert cs.binds("z") and not PLAIN.binds("z") and not for_locale(get_locale("en")).binds("a")
    width = text_width("karty z", 20) + 1
    assert len(wrap("karty z ruky", 20, False, width, cs)) == 2
    assert wrap("karty z ruky", 20, False, width, cs)[0] == [[("t", "karty")]]
    for (cid, code), (face, _) in faces.items():
        words = for_locale(get_locale(code)).no_line_end
        for line in _lines(face)[:-1]:
            last = line.split()[-1] if line.split() else ""
            assert not re.fullmatch(r"[+-]\d+", last), (cid, code, line)
            assert last not in words, (cid, code, line)


def test_the_vp_of_a_victory_card_with_text_is_last_below_a_rule(faces):
    for cid in ("great_hall", "nobles", "island", "harem"):
        face = faces[cid, "cs"][0]
        shield = next(i for i in face.text_items if isinstance(i, Shield))
        rule = max(i.y1 for i in face.text_items if isinstance(i, Line))
        assert rule < shield.cy - shield.r, cid
        assert all(i.y < shield.cy for i in face.text_items if isinstance(i, Text) and
                   i.size < 40), cid
    estate = faces["estate", "en"][0]
    assert not any(isinstance(i, Line) for i in estate.text_items)     # VP alone: no rule
    vineyard = faces["vineyard", "hu"][0]                               # "1 VP" inside a text
    assert any(isinstance(i, Shield) for i in vineyard.text_items)
    assert not any("VP" in t.text for t in vineyard.text_items if isinstance(t, Text))


def test_cost_symbols_sit_on_the_type_line_as_printed(faces):
    x, y, w, h = TYPE_BOX
    for (cid, code), (face, _) in faces.items():
        if face.width > face.height:       # a landscape: its cost at the top left
            continue                       # (tests/test_landscape_faces.py)
        coin = next(i for i in face.items if isinstance(i, Coin) and i not in face.text_items)
        assert coin.cx - coin.r <= x, cid           # over the banner's end: no sliver beside it
        for p in (i for i in face.items if isinstance(i, Potion) and i not in face.text_items):
            assert inside(p, (x, y + 3, w, h - 6)), cid       # inside the banner's border
            assert p.cx - 0.64 * p.r >= coin.cx + coin.r, cid
    market = faces["market", "en"][0]
    coin = next(i for i in market.text_items if isinstance(i, Coin))
    buy = next(t for t in market.text_items if isinstance(t, Text) and "Buy" in t.text)
    assert coin.label_size >= 0.9 * buy.size            # "+$1" as large as "+1 Buy"


def test_badge_and_art_placeholder_draw_the_sets_emblem(faces):
    from dsl.faces.emblem import emblem_spec
    from dsl.faces.layout import ART_BOX
    smithy, moat = faces["smithy", "en"][0], faces["moat", "en"][0]
    emblems = [i for i in smithy.items if isinstance(i, Polygon)]
    assert len(emblems) == 2                              # the art area's and the badge's
    assert emblems[1].fill == emblem_spec("base")["colour"]
    assert all(ART_BOX[1] <= py <= ART_BOX[1] + ART_BOX[3] for _, py in emblems[0].points)
    assert [len(p.points) for p in smithy.items if isinstance(p, Polygon)] != \
        [len(p.points) for p in faces["lighthouse", "en"][0].items if isinstance(p, Polygon)]
    assert emblem_spec("my_fan_set") == emblem_spec("my_fan_set")   # a fan set's: from its id
    assert moat.items != smithy.items
