"""`dsl lint`: every check on card files, set files and the rule table, as diagnostics."""
from __future__ import annotations

import re
from pathlib import Path

from dsl.language import ast as A
from dsl.language.card_checks import check_programs
from dsl.language.errors import CODES, Diagnostic, DslError, severity_of
from dsl.language.inputs import resolved
from dsl.language.loader import Loaded, default_sets_dir, load_paths, load_shipped
from dsl.language.set_files import DEFAULT_LOCALES
from dsl.language.strategy import load_strategy, strategies_dir

def set_locales(catalog, set_id: str) -> tuple:
    """The locales a set names its cards in (its set.yaml `locales:`; English when it says
    none, or when the card's set file is not loaded): W001 is given for these only."""
    info = catalog.sets.get(set_id) or {}
    return tuple(info.get("locales") or DEFAULT_LOCALES)


def ignore_codes(text_items) -> list[str]:
    """`--ignore W001,W020 --ignore W011` -> the codes, checked against the one list of
    codes (errors.CODES). Raises ValueError with the reason for an unknown or error code."""
    out = []
    for item in text_items:
        for code in (c.strip().upper() for c in str(item).split(",")):
            if not code:
                continue
            warnings = ", ".join(c for c in sorted(CODES) if severity_of(c) == "warning")
            if code not in CODES:
                raise ValueError(f"--ignore {code}: not a lint code (warnings: {warnings}; "
                                 "see docs/lint.md)")
            if severity_of(code) == "error":
                raise ValueError(f"--ignore {code}: an error cannot be ignored, the cards could "
                                 f"not be played; only warnings can ({warnings})")
            out.append(code)
    return out


def check_source(src, catalog, card=None) -> None:
    """Every check of one source file: the language's own (dsl.language.card_checks), then
    the names in the set's locales (W001) and the printed text (W020)."""
    check_programs(src, catalog, card)
    if card is not None:
        locales = set_locales(catalog, card.set)
        for loc in (loc for loc in locales if loc not in card.names):
            src.error(("names",), "W001", f"no '{loc}' name for {card.id}; add names.{loc} "
                      f"(set '{card.set}' lists the locales {', '.join(locales)} in its "
                      "set.yaml `locales:`)", severity="warning")
        # an effect cut short by a syntax error does less
        if not any(d.code == "E003" for d in src.diagnostics):
            check_printed_text(src, card, _rule_numbers(catalog, card.id))
        ignored = (catalog.sets.get(card.set) or {}).get("lint_ignore") or ()
        src.diagnostics[:] = [d for d in src.diagnostics if d.code not in ignored]


def _inside(path: Path, folder: Path) -> bool:
    try:
        resolved(path).relative_to(resolved(folder))
        return True
    except ValueError:
        return False


def lint(paths: list[str] | None, context=()) -> list[Diagnostic]:
    """Diagnostics for the given files/folders (default: all shipped sets). Fan cards are
    checked against the shipped sets and the fan sets of `context` (--cards, DSL_CARDS),
    so they may name any of their cards."""
    sets_dir = default_sets_dir()
    shipped = load_shipped()
    targets = [Path(p) for p in (paths or [])]
    strategy_files = _strategy_files(targets)
    targets = [p for p in targets if p not in strategy_files and p.name != "strategies"]
    extra = [Path(p) for p in context]
    for p in targets + strategy_files:   # a card, set or strategy file: with the rest of its set
        home = set_folder_of(p)
        if not _inside(home or p, sets_dir) and \
                resolved(home or p) not in {resolved(e) for e in extra}:
            extra.append(home or p)
    loaded = load_paths(extra, Loaded(shipped.catalog, list(shipped.sources),
                                      dict(shipped.card_sources))) if extra else shipped
    if shipped.catalog.rules is None:
        loaded.sources[0].error((), "E008", f"no rules.yaml found under {sets_dir}")
    by_path = {s.path: s for s in loaded.sources}

    def wanted(src, t) -> bool:
        return resolved(src.path) == resolved(t) or (t.is_dir() and
                                                          _inside(Path(src.path), t))
    if not targets:
        chosen = [s for s in by_path.values() if not paths and _inside(Path(s.path), sets_dir)]
    else:
        chosen = [s for s in by_path.values() if any(wanted(s, t) for t in targets)]
    cards_by_path = {c.path: c for c in loaded.catalog.cards.values()}
    for src in chosen:                    # only the files asked about are checked
        check_source(src, loaded.catalog, cards_by_path.get(src.path))
    out = [d for s in chosen for d in s.diagnostics]
    for f in strategy_files:
        out += load_strategy(f, loaded.catalog)[1].diagnostics
    return out


def set_folder_of(path: Path) -> Path | None:
    """The set folder a file belongs to (`my_set/cards/x.yaml`, `my_set/strategies/x.yaml`
    or `my_set/set.yaml` itself, with `my_set/set.yaml`), so that it is read as the set
    reads it and may name the other cards of its set."""
    if not path.is_file():
        return None
    if path.name == "set.yaml":
        return path.parent
    if path.parent.name in ("cards", "strategies") and \
            (path.parent.parent / "set.yaml").is_file():
        return path.parent.parent
    return None


def _strategy_files(targets: list[Path]) -> list[Path]:
    """Bot strategies among the paths (default: the shipped strategies, linted with the
    shipped sets): files in a `strategies` folder (also a fan set's), and any file that is
    a strategy by its content (a `buy` list and no card `id`)."""
    if not targets:
        return sorted(strategies_dir().glob("*.yaml"))
    out = []
    for t in targets:
        if t.is_dir():
            folder = t if t.name == "strategies" else t / "strategies"
            if folder.is_dir():
                out += sorted(folder.glob("*.yaml"))
        elif t.parent.name == "strategies" and t.suffix == ".yaml" or _is_strategy(t):
            out.append(t)
    return out


def _is_strategy(path: Path) -> bool:
    """A strategy by its content. A file over 100 KB (up to the loader's limit) is judged
    by its top-level keys as written, without YAML: parsing it twice would be slow."""
    from dsl.language.inputs import InputError, read_bounded
    from dsl.language.yamlpos import MAX_BYTES, load_yaml
    try:
        if not path.is_file():
            return False
        raw = read_bounded(path, MAX_BYTES)
        text = raw.decode("utf-8")
        if len(raw) > 100_000:
            return bool(re.search(r"^buy\s*:", text, re.M)) and \
                not re.search(r"^id\s*:", text, re.M)
        data, _ = load_yaml(text, str(path))
    except (OSError, InputError, UnicodeDecodeError, DslError):
        return False
    return isinstance(data, dict) and "buy" in data and "id" not in data


# ---- printed texts against the effect -------------------------------------------------------
def _bonus_words(lang: str) -> dict:
    """Counter words of a locale (`karta`, `karty`, `karet` -> cards), taken from its own
    translation of the bonus templates, so a new catalog brings its words with it."""
    from dsl.text.i18n import LocaleError, get_locale
    from dsl.text.render import BONUS
    try:
        loc = get_locale(lang)
    except LocaleError:
        loc = get_locale("en")
    words = {}
    for counter, pair in BONUS.items():
        for locale in (loc, get_locale("en")):
            for n in (1, 2, 3, 5, 21):
                form = locale.ngettext(pair[0], pair[1], n)
                word = form.replace("+{n}", "").strip().casefold()
                if word and "{" not in word:
                    words[word] = counter
    return words


def _rule_numbers(catalog, cid: str) -> set:
    """The numbers of the set rules the card's presence puts in force (`when:
    {kingdom_has_card: ID}`): its printed Setup says them (Young Witch's "costing $2 or $3")."""
    from dsl.language import ast as A
    out = set()
    for rule in catalog.set_rules.values():
        if rule.when == ("kingdom_has_card", cid) and rule.kingdom_pile is not None:
            stack = [rule.kingdom_pile[0]]
            while stack:
                node = stack.pop()
                if isinstance(node, A.CostLit):
                    out.add(node.coins)
                elif isinstance(node, A.Num):
                    out.add(node.value)
                elif hasattr(node, "__dataclass_fields__") and not isinstance(node, str):
                    stack.extend(getattr(node, f) for f in node.__dataclass_fields__ if f != "pos")
    return out


def _effect_numbers(card):
    """(literal bonuses anywhere, literal top-level bonuses, counters with computed amounts,
    every number the effect mentions) of a card."""
    from dsl.language import ast as A
    anywhere, computed, numbers = [], set(), {0}
    stack = [card.on_play, [(t.effect, t.what) for t in card.triggers], card.setup,
             [(m.amount, m.what) for m in card.modifiers]]   # a `what` test's cost too
    while stack:
        node = stack.pop()
        if isinstance(node, A.Bonus):
            if isinstance(node.amount, A.Num):
                anywhere.append((node.counter, node.amount.value))
            else:
                computed.add(node.counter)
        if isinstance(node, A.Num):
            numbers.add(node.value)
        elif isinstance(node, A.CostLit):
            numbers.add(node.coins)
        if isinstance(node, A.Arith) and node.op == "+" and isinstance(node.left, A.CostLit) \
                and node.left.coins == 0 and not isinstance(node.right, A.Num):
            numbers.add(1)          # `$(count(x))`: "$1 per ..." (Horn of Plenty)
        if isinstance(node, (tuple, list)):
            stack.extend(node)
        elif hasattr(node, "__dataclass_fields__") and not isinstance(node, str):
            stack.extend(getattr(node, f) for f in node.__dataclass_fields__ if f != "pos")
    top = [(s.counter, s.amount.value) for s in card.on_play
           if isinstance(s, A.Bonus) and isinstance(s.amount, A.Num)]
    numbers |= {abs(m.cost) for m in card.modifiers}
    numbers |= {card.cost.coins}
    return anywhere, top, computed, numbers


def check_printed_text(src, card, setup_numbers=frozenset()) -> None:
    """W020: a bonus, VP amount or cost in a printed text that the effect does not do, or a
    top-level bonus the text does not state. Each mismatch is a warning at the text field:
    usually the card file or the text is wrong. `setup_numbers`: those of the set rules the
    card brings (its printed Setup)."""
    import re
    from dsl.language import ast as A
    anywhere, top, computed, numbers = _effect_numbers(card)
    numbers |= set(setup_numbers)
    treasure = "treasure" in card.types
    vp = card.vp.value if isinstance(card.vp, A.Num) else None
    if isinstance(card.vp, A.Arith) and card.vp.op == "-" and isinstance(card.vp.left, A.Num) \
            and card.vp.left.value == 0 and isinstance(card.vp.right, A.Num):
        vp = -card.vp.right.value
    for lang, text in sorted(card.texts.items()):
        if not isinstance(text, str):
            continue
        key = ("text", lang)

        def warn(message):
            src.error(key, "W020", f"printed text ({lang}) {message}", severity="warning")
        words = _bonus_words(lang)
        alternatives = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
        stated = []
        if alternatives:
            for m in re.finditer(rf"\+\s*(\d+)\s+({alternatives})(?!\w)", text, re.I):
                stated.append((words[m.group(2).casefold()], int(m.group(1))))
        coins = [int(m.group(1)) for m in re.finditer(r"\+\s*\$(\d+)", text)]
        stated += [("coins", n) for n in coins]
        plain_coins = [int(m.group(1)) for m in re.finditer(r"(?<![+\d])\$(\d+)", text)]
        for counter, n in stated:
            if (counter, n) not in anywhere and counter not in computed:
                warn(f"says +{n} {counter}, the effect does not give it")
        for counter, n in top:
            ok = (counter, n) in stated or (treasure and counter == "coins" and n in plain_coins) \
                or (treasure and counter == "potions" and "(P)" in text)   # the Potion icon
            if not ok:
                warn(f"does not say the +{n} {counter} the effect gives")
        for n in plain_coins:
            if n not in numbers and "coins" not in computed and \
                    not any(c == "coins" and v == n for c, v in anywhere):
                warn(f"says ${n}, a cost or amount the effect never uses")
        said_vp = [int(m.group(1))
                   for m in re.finditer(r"(-?\d+)\s*VP\b(?!\s*tokens?\b)", text)]
        if vp is not None and vp not in said_vp:
            warn(f"does not say the {vp} VP the card is worth")
        if card.vp is None and said_vp:
            warn(f"says {said_vp[0]} VP, the card has no victory points")


def locale_diagnostics(lang: str, loaded) -> list:
    """`dsl lint --locale L`: every card name, type name and phrase template missing in L,
    and card names a catalog gives differently from the card file."""
    from dsl.text.i18n import CARD_NAME, catalog_path, locale_folders, locale_for
    from dsl.text.render import template_ids
    loc = locale_for(lang, loaded.catalog)
    po = next((p for p in (catalog_path(lang, f) for f in locale_folders(loaded.catalog))
               if p.is_file()), catalog_path(lang))      # the catalog read first
    out = []

    def po_line(msgid, context=None) -> int:
        m = loc.po.get(msgid, context=context) if loc.po is not None else None
        return m.lineno if m is not None and m.lineno else 1
    for cid, card in sorted(loaded.catalog.cards.items()):
        src = loaded.card_sources.get(cid)
        if src is None:
            continue
        english = card.names.get("en", cid)
        in_po = (CARD_NAME, english) in loc.translated
        if lang not in card.names and not in_po and loc.language != "en":
            src.error(("names",), "W010", f"no '{lang}' name for {cid}: add names.{lang} if a "
                      f"rulebook gives one, or translate msgctxt \"card name\" \"{english}\" in "
                      f"{po}", severity="warning")
        elif lang in card.names and in_po and loc.pgettext(CARD_NAME, english) != card.names[lang]:
            src.error(("names",), "W012", f"the catalog names {cid} "
                      f"'{loc.pgettext(CARD_NAME, english)}' but the card file says "
                      f"'{card.names[lang]}'; the card file wins", severity="warning")
        ignored = (loaded.catalog.sets.get(card.set) or {}).get("lint_ignore") or ()
        out += [d for d in src.diagnostics if d.code in ("W010", "W012") and
                d.code not in ignored]
    for tid in sorted(loaded.catalog.types):
        _, fell_back = loc.type_name(tid, loaded.catalog)
        if fell_back:
            out.append(Diagnostic(str(po), 1, 1, "warning", "W013",
                                  f"no '{lang}' name for the card type '{tid}'"))
    checked = catalog_diagnostics(lang, loaded)
    out += checked
    if loc.language != "en":
        for t in template_ids():
            msgid = t if isinstance(t, str) else t[0]
            if not loc.has(msgid) and not any(d.code == "W014" and repr(msgid) in d.message
                                              for d in checked):
                out.append(Diagnostic(str(po), po_line(msgid), 1, "warning", "W011",
                                      f"phrase template not translated: {msgid!r}"))
    return out


def catalog_diagnostics(lang: str, loaded) -> list:
    """What a translation platform (and GNU msgfmt --check) would flag in L's catalogs, the
    shipped one and the fan sets': placeholders with the offending brace's position,
    Plural-Forms against CLDR, fuzzy entries (dsl.text.catalog_check)."""
    from dsl.text.catalog_check import check_text
    from dsl.language.errors import caret_excerpt
    from dsl.text.i18n import MAX_CATALOG_BYTES, catalog_path, locale_folders, read_catalog
    out = []
    for folder in [*locale_folders(loaded.catalog), None]:
        path = catalog_path(lang, folder)
        try:
            raw = path.read_bytes() if path.is_file() else b""
            text = raw.decode("utf-8") if len(raw) <= MAX_CATALOG_BYTES else ""
        except (OSError, UnicodeDecodeError):
            continue                       # get_locale has said why it cannot be read
        for f in check_text(text, lang).findings if text else ():
            out.append(Diagnostic(str(path), f.line, f.col, f.severity, f.code, f.message,
                                  caret_excerpt(text, f.line, f.col)))
        try:
            skipped = read_catalog(raw)[1] if text else ()
        except Exception:          # noqa: BLE001 (babel raises several kinds; said elsewhere)
            skipped = ()
        out += [Diagnostic(str(path), line, 1, "warning", "W015", "a line the catalog reader "
                           f"cannot understand is skipped: {what}", caret_excerpt(text, line, 1))
                for line, what in skipped]
    return out
