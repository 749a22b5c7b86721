"""Set files and rule tables: a set's names, locales, card types, recommended kingdoms, set
rules and mixed piles (set.yaml), and the rules of the game (rules.yaml: the basic set's,
or a fan set's house rules, for the games with its cards)."""
from __future__ import annotations

from pathlib import Path

from .documents import Source, kept_document, no_bidi, read_source
from .model import Catalog, Kingdom, MixedPile, PileRule, Rules, SetRule, SpendRule, TokenKind, TypeDef


def _by_players(table: dict) -> dict:
    return {int(k): int(v) for k, v in table.items()}


def load_rules(path: Path) -> tuple[Rules | None, Source]:
    src = read_source(path)
    data = None if src.diagnostics else kept_document(src, "rules")
    if data is None:
        return None, src
    rules = Rules(
        min_players=data["players"]["min"], max_players=data["players"]["max"],
        hand_size=data["hand_size"], starting_deck=dict(data["starting_deck"]),
        basic_piles=tuple(data["basic_piles"]),
        pile_sizes={k: _by_players(v) for k, v in data["pile_sizes"].items()},
        kingdom_pile=data["kingdom_pile"],
        victory_kingdom_pile=_by_players(data["victory_kingdom_pile"]),
        potion_card=data["potion_card"], end_pile=data["end"]["empty_pile"],
        end_empty_piles=_by_players(data["end"]["empty_piles"]),
        tie_break=data["tie_break"], victory_token=data.get("victory_token"))
    return rules, src


DEFAULT_LOCALES = ("en",)     # a set without `locales:` names its cards in English only


def _lint_ignore(src: Source, data: dict) -> tuple:
    """The warnings a set file's `lint: {ignore: [...]}` turns off for its cards: known
    warning codes only (an error cannot be ignored: the card could not be played)."""
    from .errors import CODES, severity_of
    out = []
    for i, code in enumerate((data.get("lint") or {}).get("ignore") or []):
        warnings = ", ".join(c for c in sorted(CODES) if severity_of(c) == "warning")
        if code not in CODES:
            src.error(("lint", "ignore", i), "E002", f"lint.ignore: unknown code '{code}' "
                      f"(warnings: {warnings}; see docs/lint.md)")
        elif severity_of(code) == "error":
            src.error(("lint", "ignore", i), "E002", f"lint.ignore: {code} is an error, and "
                      f"an error cannot be ignored; only warnings can ({warnings})")
        else:
            out.append(code)
    return tuple(out)


def load_set_file(path: Path, catalog: Catalog) -> Source:
    """A set file: the set, its card types and its recommended kingdoms. An id that another
    loaded file already defines is an error naming both files, never a silent replacement."""
    src = read_source(path)
    data = None if src.diagnostics else kept_document(src, "set")
    if data is None:
        return src
    other = catalog.sets.get(data["id"])
    if other is not None:
        src.error(("id",), "E006", f"duplicate set id '{data['id']}' (also in {other['path']}); "
                  "give this set another id")
        return src
    no_bidi(src, ("names",), data.get("names", {}))
    for i, k in enumerate(data.get("kingdoms", [])):
        no_bidi(src, ("kingdoms", i, "names"), k["names"])
    for i, t in enumerate(data.get("types", [])):
        no_bidi(src, ("types", i, "names"), t["names"])
    for i, t in enumerate(data.get("tokens", [])):
        no_bidi(src, ("tokens", i, "names"), t["names"])
        no_bidi(src, ("tokens", i, "text_names"), t.get("text_names") or {})
    for i, r in enumerate(data.get("rules", [])):
        no_bidi(src, ("rules", i, "names"), r.get("names") or {})
    catalog.sets[data["id"]] = {"id": data["id"], "names": data.get("names", {}), "path": str(path),
                                "locales": tuple(data.get("locales") or DEFAULT_LOCALES),
                                "lint_ignore": _lint_ignore(src, data),
                                "tokens": {t["id"]: dict(t["names"]) for t in data.get("tokens", [])},
                                # the word card texts print before "token", where not the name
                                "token_texts": {t["id"]: dict(t["text_names"])
                                                for t in data.get("tokens", []) if t.get("text_names")}}
    _token_kinds(src, data, catalog)
    for i, t in enumerate(data.get("types", [])):
        if t["id"] in catalog.types:
            src.error(("types", i, "id"), "E006", f"duplicate card type '{t['id']}' (also in "
                      f"{catalog.types[t['id']].path}); give it another id")
            continue
        catalog.types[t["id"]] = TypeDef(t["id"], dict(t["names"]), str(path))
    for i, k in enumerate(data.get("kingdoms", [])):
        known = catalog.kingdoms.get(k["id"])
        if known is not None:
            src.error(("kingdoms", i, "id"), "E006", f"duplicate kingdom id '{k['id']}' (also in "
                      f"{catalog.sets[known.set]['path']}); give it another id")
            continue
        catalog.kingdoms[k["id"]] = Kingdom(k["id"], data["id"], dict(k["names"]),
                                            tuple(k["cards"]), tuple(k.get("rules", ())),
                                            k.get("bane"))
        src.refs += [(cid, ("kingdoms", i, "cards", j)) for j, cid in enumerate(k["cards"])]
        if k.get("bane") in k["cards"]:
            src.error(("kingdoms", i, "bane"), "E007", f"bane '{k['bane']}' is one of the "
                      "kingdom's cards; the added pile is a kingdom card not in the kingdom")
        elif k.get("bane"):
            src.refs.append((k["bane"], ("kingdoms", i, "bane")))
        src.rule_refs += [(rid, ("kingdoms", i, "rules", j))
                          for j, rid in enumerate(k.get("rules", ()))]
    for i, m in enumerate(data.get("piles", [])):
        if m["id"] in catalog.piles or m["id"] in catalog.cards:
            src.error(("piles", i, "id"), "E006", f"duplicate pile id '{m['id']}'; give it "
                      "another id")
            continue
        size = m["size"]
        size = {int(k): v for k, v in size.items()} if isinstance(size, dict) else \
            {k: size for k in range(1, 7)}
        catalog.piles[m["id"]] = MixedPile(m["id"], data["id"], tuple(m["cards"].items()),
                                           size, dict(m.get("names", {})),
                                           kingdom=m.get("kingdom", False),
                                           shuffled=m.get("order", "shuffled") == "shuffled",
                                           supply=m.get("supply", True),
                                           take_any=m.get("take") == "any")
        if m.get("kingdom") and m.get("supply") is False:
            src.error(("piles", i, "supply"), "E002", f"pile '{m['id']}': a kingdom pile is "
                      "in the Supply; leave out `supply: false` or `kingdom: true`")
        src.pile_refs += [(cid, ("piles", i, "cards", cid)) for cid in m["cards"]]
    for i, r in enumerate(data.get("rules", [])):
        if r["id"] in catalog.set_rules:
            src.error(("rules", i, "id"), "E006", f"duplicate set rule id '{r['id']}' (also in "
                      f"{catalog.sets[catalog.set_rules[r['id']].set]['path']}); give it "
                      "another id")
            continue
        when = r["when"]
        if isinstance(when, dict):
            (kind, value), = when.items()
            when = (kind, value)
            if kind == "kingdom_has_type":
                src.type_refs.append((value, ("rules", i, "when", kind)))
            else:
                src.pile_refs.append((value, ("rules", i, "when", kind)))
        kingdom_pile = r.get("kingdom_pile")
        if kingdom_pile is not None:
            cond = src.parse(("rules", i, "kingdom_pile", "where"), kingdom_pile["where"],
                             expr=True, role="condition", kept=True)
            src.type_refs.append((kingdom_pile["mark"], ("rules", i, "kingdom_pile", "mark")))
            kingdom_pile = (cond, kingdom_pile["mark"], str(kingdom_pile["where"])) \
                if cond is not None else None
        replace = tuple((cid, tuple(new)) for cid, new in
                        (r.get("replace_starting") or {}).items())
        catalog.set_rules[r["id"]] = SetRule(r["id"], data["id"], when,
                                             tuple(r.get("piles", ())),
                                             tuple(r.get("end_piles", ())),
                                             dict(r.get("names", {})), replace,
                                             kingdom_pile)
        for field_name in ("piles", "end_piles"):
            src.pile_refs += [(cid, ("rules", i, field_name, j))
                              for j, cid in enumerate(r.get(field_name, ()))]
        for cid, new in replace:
            src.pile_refs += [(c, ("rules", i, "replace_starting", cid, j))
                              for j, c in enumerate((cid,) + new)]
    return src


def _token_kinds(src: Source, data: dict, catalog: Catalog) -> None:
    """The set's token kinds (`tokens:`), with their spend rules; `gives` is parsed (and
    later checked) as any effect. Two sets may name the same kind, but only one may say
    how it is spent."""
    for i, t in enumerate(data.get("tokens", [])):
        rule = t.get("spend")
        spend = None
        if rule is not None:
            gives = ()
            if "gives" in rule:
                gives = src.parse(("tokens", i, "spend", "gives"), rule["gives"],
                                  kept=True) or ()
            spend = SpendRule(rule["phase"], bool(rule.get("before_buying", False)),
                              int(rule.get("pays", 0)), tuple(gives))
        own = _own_token(src, i, t)
        known = catalog.token_kinds.get(t["id"])
        if known is not None and known.own and own:
            src.error(("tokens", i), "E006", f"token kind '{t['id']}' is already a player's "
                      f"own token of set '{known.set}'; give one set's kind another id")
            continue
        if known is not None and known.spend is not None and spend is not None:
            src.error(("tokens", i, "spend"), "E006", f"token kind '{t['id']}' already has a "
                      f"spend rule (set '{known.set}'); give one set's kind another id")
            continue
        if known is None or spend is not None or own:
            catalog.token_kinds[t["id"]] = TokenKind(t["id"], data["id"], dict(t["names"]),
                                                     spend, **own)


def _own_token(src: Source, i: int, t: dict) -> dict:
    """A player's own token's rules (`on_pile`, `next`, `two_sided`), their effects parsed
    (and later checked) as any effect; {} for a kind players count."""
    own = {}
    rule = t.get("on_pile")
    if rule is not None:
        parsed = {k: tuple(src.parse(("tokens", i, "on_pile", k), rule[k], kept=True) or ())
                  for k in ("on_play", "on_buy") if k in rule}     # (kept: as `gives`)
        own["on_pile"] = PileRule(cost=int(rule.get("cost", 0)), **parsed)
    nxt = t.get("next")
    if nxt is not None:
        what, change = next(iter(nxt.items()))
        own["next"] = (what, int(change))
    if t.get("two_sided"):
        own["two_sided"] = True
    return own


def take_rules(cat: Catalog, rules: Rules | None, set_id: str | None, src: Source) -> None:
    """A rules.yaml: the rules of every game when it is the first one (the basic set's), else
    the house rules of its set, for the games that use that set's cards only; two sets whose
    house rules disagree are a warning (a game with cards of both takes the first's)."""
    if rules is None:
        return
    if cat.rules is None or set_id in (None, "basic"):
        cat.rules = rules
        return
    for other, theirs in cat.house_rules.items():
        if theirs != rules:
            src.error((), "W016", f"the rules of set '{set_id}' differ from those of set "
                      f"'{other}' ({cat.sets[other]['path']}); a game with cards of both is "
                      f"played with '{other}''s; make them agree or keep the sets apart",
                      severity="warning")
            break
    cat.house_rules[set_id] = rules
