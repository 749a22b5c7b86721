"""`dsl gallery OUT/`: a static site of every loaded card (shipped and fan sets) in each
locale, with filters by set, type and cost, and a page per card with its face in every
locale, its YAML and the scenarios that use it.

Why static: plain files open from file:// or any static host, need no server and no
network (no CDN); the filters are one small script (dsl/web/static/gallery.js). Every text is
HTML-escaped, and the site is written whole or not at all (built beside OUT, then renamed).
"""
from __future__ import annotations

import html
import os
import sys
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from dsl.language.data import _CHECKOUT, fan_subfolders, shipped_dir
from dsl.language.errors import DslError
from dsl.language.outputs import folder_done, new_folder_beside, remove_folder
from dsl.language.yamlpos import MAX_BYTES, load_yaml
from dsl.text import web_words as W

MARKER = ".dsl-gallery"            # names a folder as a gallery that may be rebuilt
ASSETS = ("gallery.css", "gallery.js")
MAX_SCENARIO_FILES = 5000
MAX_FACE_LINES, MAX_FACE_CHARS = 40, 2500    # of a rendered text that gets a face
CSP = ("default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
       "base-uri 'none'; form-action 'none'")


class GalleryError(Exception):
    """A gallery that cannot be written (the reason is the message)."""


@dataclass(frozen=True)
class Scenario:
    """A scenario file that uses a card: where it is shown from, its name and its text."""
    shown_path: str
    name: str
    text: str


def esc(text) -> str:
    return html.escape(str(text), quote=True)


# ---- scenarios ---------------------------------------------------------------------------------
def scenario_folders(catalog) -> list[tuple[Path, Path]]:
    """(folder, the folder paths are shown relative to): each fan set's tests/, and in a
    source checkout the shipped sets' tests/scenarios/ (an install ships none)."""
    out = [(f, f.parent.parent) for f in fan_subfolders(catalog, "tests")]
    shipped = _CHECKOUT / "tests" / "scenarios"
    if shipped_dir("sets") == _CHECKOUT / "sets" and shipped.is_dir():
        out.append((shipped, _CHECKOUT))
    return out


def _mentioned(data: dict) -> set:
    """The card ids a scenario's kingdom and steps name (play, buy, gain)."""
    ids = {k for k in data.get("kingdom") or () if isinstance(k, str)}
    for step in data.get("steps") or ():
        if not isinstance(step, dict):
            continue
        for verb in ("play", "buy", "gain"):
            arg = step.get(verb)
            arg = arg.get("card") if isinstance(arg, dict) else arg
            if isinstance(arg, str):
                ids.add(arg)
    return ids


def card_scenarios(catalog) -> dict[str, list[Scenario]]:
    """card id -> the scenarios naming it in their kingdom or steps, by file path. A file
    that is not a readable scenario is left out (`dsl test` reports it)."""
    found: dict[str, list[Scenario]] = {}
    count = 0
    for folder, base in scenario_folders(catalog):
        for path in sorted(folder.rglob("*.yaml")):
            count += 1
            if count > MAX_SCENARIO_FILES:
                return found
            try:
                if path.stat().st_size > MAX_BYTES:
                    continue
                text = path.read_text(encoding="utf-8")
                data, _ = load_yaml(text, str(path))
            except (OSError, UnicodeDecodeError, DslError):   # not a scenario: not shown
                continue
            if not isinstance(data, dict) or not isinstance(data.get("name"), str):
                continue
            try:
                shown = path.relative_to(base).as_posix()
            except ValueError:
                shown = path.name
            s = Scenario(shown, data["name"], text)
            for cid in sorted(_mentioned(data) & set(catalog.cards)):
                found.setdefault(cid, []).append(s)
    return found


# ---- pages -------------------------------------------------------------------------------------
def _t(loc, msgid: str, **kw) -> str:
    """A page word in the locale (its catalog, else English)."""
    text = loc.gettext(msgid)
    try:
        return text.format(**kw)
    except (KeyError, IndexError, ValueError):
        return msgid.format(**kw)


def _page(title: str, body: str, up: str = "", lang: str = "en") -> str:
    return (f'<!DOCTYPE html>\n<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{esc(title)}</title>\n<link rel="stylesheet" href="{up}gallery.css">\n'
            f'</head>\n<body>\n{body}\n</body>\n</html>\n')


def _index_name(code: str, first: str) -> str:
    return "index.html" if code == first else f"index-{code}.html"


def _locale_links(codes: list, current: str, label: str = "", up: str = "") -> str:
    links = []
    for code in codes:
        if code == current:
            links.append(f'<strong>{esc(code)}</strong>')
        else:
            links.append(f'<a href="{up}{_index_name(code, codes[0])}" hreflang="{esc(code)}">'
                         f'{esc(code)}</a>')
    return f'<nav class="locales" aria-label="{esc(label)}">' + " · ".join(links) + "</nav>"


def _cost_key(cost) -> tuple:
    return cost.coins, cost.potion


def _options(select_id: str, label: str, items: list[tuple[str, str]], everything: str) -> str:
    opts = "".join(f'<option value="{esc(v)}">{esc(t)}</option>' for v, t in items)
    return (f'<label>{esc(label)} <select id="{select_id}"><option value="">{esc(everything)}'
            f'</option>{opts}</select></label>')


def _set_name(catalog, set_id: str, code: str) -> str:
    names = (catalog.sets.get(set_id) or {}).get("names", {})
    return names.get(code) or names.get(code.split("_")[0]) or names.get("en") or set_id


def card_page_name(card_id: str, code: str, first: str) -> str:
    """cards/ID.html in the first locale, cards/ID.LOCALE.html in the others."""
    return f"{card_id}.html" if code == first else f"{card_id}.{code}.html"


def _tiles(cards: list, loc, codes: list, wide: str = "") -> str:
    """A list of tiles (face and name); `wide`: of landscapes (Events), twice as wide."""
    if not cards:
        return ""
    code, cls = loc.code, f"tile {wide}".strip()
    tiles = [f'<li class="{cls}" data-id="{esc(c.id)}" data-set="{esc(c.set)}" '
             f'data-types="{esc(" ".join(c.types))}" data-cost="{esc(str(c.cost))}">'
             f'<a href="cards/{esc(card_page_name(c.id, code, codes[0]))}">'
             f'<img src="faces/{esc(c.id)}.{esc(code)}.svg" alt="{esc(loc.card_name(c)[0])}" '
             f'loading="lazy"><span class="name">{esc(loc.card_name(c)[0])}</span></a></li>'
             for c in cards]
    return f'<ul class="{f"tiles {wide}".strip()}">\n' + "\n".join(tiles) + "\n</ul>"


def index_page(cards: list, catalog, loc, codes: list) -> str:
    """The cards of one locale as tiles (face and name) under their sets' headings, by
    cost within a set, a set's landscapes (Events) as wide tiles under their own heading
    below its cards, with the three filters and the sort."""
    code = loc.code
    sets = sorted({c.set for c in cards})
    set_items = [(s, _set_name(catalog, s, code)) for s in sets]
    types = sorted({t for c in cards for t in c.types})
    type_items = [(t, loc.type_name(t, catalog)[0]) for t in types]
    costs = sorted({c.cost for c in cards}, key=_cost_key)
    cost_items = [(str(c), str(c)) for c in costs]
    sections = []
    for set_id, set_name in set_items:
        in_set = sorted((c for c in cards if c.set == set_id),
                        key=lambda c: (_cost_key(c.cost), loc.card_name(c)[0].casefold()))
        body = _tiles([c for c in in_set if not c.landscape], loc, codes)
        for kind in sorted({c.landscape for c in in_set if c.landscape}):
            heading = _t(loc, W.LANDSCAPES[kind]) if kind in W.LANDSCAPES else kind
            body += (f'<h3 class="landscapes">{esc(heading)}</h3>' +
                     _tiles([c for c in in_set if c.landscape == kind], loc, codes, "wide"))
        sections.append(f'<section class="set" data-set="{esc(set_id)}"><h2>{esc(set_name)}</h2>'
                        f'{body}</section>')
    shown = loc.ngettext(W.SHOWN[0], W.SHOWN[1], len(cards))     # "{shown} of {total} cards"
    parts = esc(shown).split("{shown}")
    count = (parts[0] + f'<span id="shown">{len(cards)}</span>' + "".join(parts[1:])) \
        if len(parts) == 2 else f'<span id="shown">{len(cards)}</span> / {len(cards)}'
    count = count.replace("{total}", str(len(cards)))
    everything = _t(loc, W.ALL)
    sort = (f'<label>{esc(_t(loc, W.SORT))} <select id="f-sort">'
            f'<option value="set">{esc(_t(loc, W.BY_SET))}</option>'
            f'<option value="cost">{esc(_t(loc, W.BY_COST))}</option></select></label>')
    body = (f'<header><h1>{esc(_t(loc, W.CARDS))}</h1>'
            f'{_locale_links(codes, code, _t(loc, W.LANGUAGES))}</header>\n'
            f'<form class="filters" id="filters">'
            f'{_options("f-set", _t(loc, W.SET), set_items, everything)} '
            f'{_options("f-type", _t(loc, W.TYPE), type_items, everything)} '
            f'{_options("f-cost", _t(loc, W.COST), cost_items, everything)} {sort} '
            f'<output id="count">{count}</output></form>\n'
            f'<div id="tiles">\n' + "\n".join(sections) + '\n</div>\n'
            '<script src="gallery.js"></script>')
    return _page(f"{_t(loc, W.CARDS)} ({code})", body, lang=code)


def card_page(card, catalog, locales: list, yaml_text: str, scenarios: list, page_loc=None) -> str:
    """One card in one locale's words: its face in every locale (each a link to the face at
    full size), its YAML, its scenarios."""
    codes = [loc.code for loc in locales]
    first = page_loc or locales[0]
    name = first.card_name(card)[0]
    set_name = _set_name(catalog, card.set, first.code)
    types = " – ".join(first.type_name(t, catalog)[0] for t in card.types)
    full = _t(first, W.FULL_SIZE)
    wide = ' wide' if card.landscape else ''
    faces = "".join(
        f'<figure class="face{wide}"><a href="../faces/{esc(card.id)}.{esc(loc.code)}.svg" '
        f'title="{esc(full)}"><img src="../faces/{esc(card.id)}.{esc(loc.code)}.svg" '
        f'alt="{esc(loc.card_name(card)[0])} ({esc(loc.code)})"></a>'
        f'<figcaption lang="{esc(loc.code)}">{esc(loc.code)}: {esc(loc.card_name(card)[0])}'
        f' · <a href="../faces/{esc(card.id)}.{esc(loc.code)}.svg">{esc(full)}</a>'
        f'</figcaption></figure>' for loc in locales)
    if scenarios:
        items = "".join(
            f'<li class="scenario"><details><summary>{esc(s.name)} '
            f'<code>{esc(s.shown_path)}</code></summary><pre>{esc(s.text)}</pre></details></li>'
            for s in scenarios)
        scen = f'<ul class="scenarios" id="scenarios">{items}</ul>'
    else:
        scen = f'<p class="scenarios none" id="scenarios">{esc(_t(first, W.NO_SCENARIOS))}</p>'
    others = " · ".join(
        f'<strong>{esc(c)}</strong>' if c == first.code else
        f'<a href="{esc(card_page_name(card.id, c, codes[0]))}" hreflang="{esc(c)}">{esc(c)}</a>'
        for c in codes)
    body = (f'<header><a href="../{_index_name(first.code, codes[0])}">'
            f'{esc(_t(first, W.ALL_CARDS))}</a>'
            f'<nav class="locales">{others}</nav>'
            f'<h1>{esc(name)}</h1><p class="meta"><code>{esc(card.id)}</code> · '
            f'{esc(set_name)} · {esc(types)} · {esc(str(card.cost))}</p></header>\n'
            f'<section class="faces" id="faces">{faces}</section>\n'
            f'<h2>{esc(_t(first, W.YAML))}</h2>\n<pre class="yaml" id="yaml">{esc(yaml_text)}</pre>\n'
            f'<h2>{esc(_t(first, W.SCENARIOS, n=len(scenarios)))}</h2>\n{scen}')
    return _page(f"{name} ({card.id})", body, up="../", lang=first.code)


def bounded_face(card, catalog, locale) -> tuple[str | None, str | None]:
    """(the face SVG, None), or (None, why there is none). A text longer than a card
    holds gets no face but a note saying so: drawn, it would be cut and unreadable."""
    from dsl.faces.art import FaceError
    from dsl.faces.face import face_svg
    from dsl.text.render import render_card
    text = render_card(card, catalog, locale).text
    size = sum(map(len, text))
    if len(text) > MAX_FACE_LINES or size > MAX_FACE_CHARS:
        return None, (f"no face: the card's text is {len(text)} lines, {size} characters; "
                      f"a face holds at most {MAX_FACE_LINES} lines, {MAX_FACE_CHARS} characters")
    try:
        return face_svg(card, catalog, locale), None
    except FaceError as e:
        return None, f"no face: {e}"


def _placeholder(note: str, wide: bool = False) -> str:
    """An SVG in a face's place that says why there is no face (wide: a landscape's)."""
    words, lines = note.split(), [""]
    for w in words:
        lines[-1:] = [lines[-1] + " " + w] if len(lines[-1]) + len(w) < 34 else [lines[-1], w]
    rows = "".join(f'<text x="40" y="{120 + 40 * i}" font-size="26">{esc(t.strip())}</text>'
                   for i, t in enumerate(lines))
    w, h = (926, 600) if wide else (600, 926)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
            f'height="{h}"><rect width="{w}" height="{h}" fill="#ddd"/>{rows}</svg>')


def _card_text(card) -> str:
    try:
        with open(card.path, encoding="utf-8", errors="replace") as f:
            return f.read(MAX_BYTES)
    except (OSError, TypeError):
        return "(the card file cannot be read)"


# ---- the site ----------------------------------------------------------------------------------
def site_files(catalog, locales: list) -> dict[str, str]:
    """Every file of the gallery: relative path -> text."""
    cards = sorted(catalog.cards.values(), key=lambda c: (c.set, _cost_key(c.cost), c.id))
    codes = [loc.code for loc in locales]
    scenarios = card_scenarios(catalog)
    out = {MARKER: "a gallery written by `dsl gallery`; it may be rebuilt over\n"}
    for name in ASSETS:
        out[name] = files("dsl.web").joinpath("static", name).read_text(encoding="utf-8")
    for loc in locales:
        out[_index_name(loc.code, codes[0])] = index_page(cards, catalog, loc, codes)
        for c in cards:
            face, note = bounded_face(c, catalog, loc)
            if note:
                print(f"dsl gallery: {c.path}: {note}", file=sys.stderr)
            out[f"faces/{c.id}.{loc.code}.svg"] = face or _placeholder(note, bool(c.landscape))
    for c in cards:
        text = _card_text(c)
        for loc in locales:
            out[f"cards/{card_page_name(c.id, loc.code, codes[0])}"] = card_page(
                c, catalog, locales, text, scenarios.get(c.id, []), loc)
    return out


def check_target(out: Path) -> None:
    """Refuse a file, or a non-empty folder that is not an earlier gallery."""
    if out.is_symlink() or out.exists() and not out.is_dir():
        raise GalleryError(f"{out}: not a folder; give a new or empty folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise GalleryError(f"{out}: the folder is not empty and is not a gallery (no {MARKER}); "
                           "give a new or empty folder, nothing was written")


def write_site(out: Path, content: dict[str, str]) -> None:
    """Write the files into OUT.part-XXXXXXXX beside OUT, then put it in OUT's place: OUT is
    the old gallery or the new one, never half of one. Each run's folders have names of
    their own (dsl.language.outputs), so that runs at once do not meet; those of a killed
    run are removed by a later one."""
    out = Path(os.path.abspath(out))
    check_target(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    part = new_folder_beside(out, "part")
    old = None
    try:
        os.chmod(part, 0o755)
        for rel, text in content.items():
            target = part / rel
            target.parent.mkdir(exist_ok=True)
            target.write_text(text, encoding="utf-8")
        if out.exists():
            old = new_folder_beside(out, "old")
            out.rename(old / out.name)
        part.rename(out)
        folder_done(part)
    except BaseException:
        if old is not None and not out.exists() and (old / out.name).exists():
            (old / out.name).rename(out)
        remove_folder(part)
        raise
    finally:
        if old is not None:
            remove_folder(old)


def build(out: Path, catalog, locales: list) -> int:
    """Build the gallery of every card of `catalog` in `locales` (Locale objects, the first
    one the index.html's) into `out`; returns the number of cards."""
    check_target(Path(os.path.abspath(out)))
    write_site(out, site_files(catalog, locales))
    return len(catalog.cards)
