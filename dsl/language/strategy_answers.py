"""A strategy's answer rules: how a bot answers the decisions a card asks (yes or no to a
`may`, which option of a `choose one`, which cards to discard, trash, gain, keep...), per
card and with conditions in the card expression language, and the order to play Actions.
Parsed and checked here at load, with a position for every mistake; the bot compiles them
(interpreter.bots.rules). Kept apart from dsl/language/strategy.py, which finds and loads the file."""
from __future__ import annotations

import difflib
from dataclasses import dataclass

from . import ast as A
from .check import Checker, Scope
from .errors import Diagnostic, caret_excerpt
from .parser import ParseError, parse_answer_rule, parse_priority
from .walk import nodes

# The facts a strategy's conditions may read besides the card language's own (evaluated by
# interpreter.effects.expressions; documented in docs/language.md and docs/strategies.md).
STRATEGY_FACTS = ("coins", "coins_in_hand", "actions", "buys", "vp_lead", "turns")

# answer key -> what its entries are: yes/no, options (or cards), cards (ids or types),
# card ids
YES_NO, OPTIONS, CARDS, CARD_IDS = "yes/no", "options", "cards", "card ids"
ANSWER_KEYS = {
    "may": YES_NO, "play": YES_NO, "choose": OPTIONS,
    "discard": CARDS, "trash": CARDS, "gain": CARDS, "put": CARDS, "set_aside": CARDS,
    "reveal": CARDS, "return": CARDS, "keep": CARDS, "name": CARD_IDS, "buy": CARD_IDS,
}
# the purposes whose chosen cards the player gives up (what `keep` protects)
GIVE_UP = ("discard", "trash", "put", "set_aside", "return", "choose")
_HOW = {YES_NO: "`yes`, `no`, `yes if CONDITION` or `no if CONDITION`",
        OPTIONS: "`option N` or `option N if CONDITION` (N counts from 1, in printed "
                 "order), or `CARD [if CONDITION]` for a choice of cards",
        CARDS: "`CARD`, `TYPE` or either with `if CONDITION` (a card id, a card type, or "
               "`card` for any)",
        CARD_IDS: "`CARD` or `CARD if CONDITION` (a card id)"}


@dataclass(frozen=True)
class Rule:
    """One answer rule: the answer (True/False for yes/no, an option's index counted from
    0, a card id or type) and the condition under which it holds (None: always)."""
    answer: object
    cond: object = None


def strategy_scope(catalog) -> Scope:
    """What a strategy's conditions may name: the card language's names, the strategy
    facts, and `this` and `it` of the effect that asks."""
    return Scope(set(catalog.types), set(catalog.cards),
                 variables={n: "number" for n in STRATEGY_FACTS}, has_it=True)


def checker(src, key: tuple, catalog) -> Checker:
    def report(node, code, message):
        line, col = src.file_pos(key, node.pos.line, node.pos.col)
        src.diagnostics.append(Diagnostic(src.path, line, col, "error", code, message,
                                          caret_excerpt(src.text, line, col)))
    return Checker(strategy_scope(catalog), report)


def asked(d) -> dict:
    """The answer keys a card's effects ask (key -> the most options of its `choose`)."""
    keys: dict = {}
    programs = (d.on_play, tuple(t.effect for t in d.triggers))
    for n in nodes(programs):
        if isinstance(n, A.May):
            keys["may"] = 0
        elif isinstance(n, A.ChooseOne):
            keys["choose"] = max(keys.get("choose", 0), len(n.options))
        elif isinstance(n, (A.Move, A.Put)) and isinstance(n.target, A.Selection):
            keys.setdefault(n.verb if isinstance(n, A.Move) else "put", 0)
        elif isinstance(n, A.Gain) and not (isinstance(n.what, A.GainSpec) and
                                           n.what.relation is None and n.what.cond is None
                                           and n.what.copy_of is None):
            keys["gain"] = 0
        elif isinstance(n, A.NameCard):
            keys["name"] = 0
    if "choose" in keys or any(k in keys for k in GIVE_UP):
        keys["keep"] = 0
    if d.is_action:
        keys["play"] = 0
    keys["buy"] = 0
    return keys


def load_play(src, data, catalog) -> tuple:
    """The `play` list: ((card id, condition or None), ...), Actions to play first."""
    return load_card_entries(src, data.get("play", []), "play", catalog)


def load_card_entries(src, texts, field: str, catalog) -> tuple:
    """A list of `CARD [if CONDITION]` entries (`buy`, `play`): ((card id, condition or
    None), ...), each mistake reported in `src` at its position."""
    out = []
    for i, text in enumerate(texts):
        key = (field, i)
        try:
            cid, cond, _ = parse_priority(str(text))
        except ParseError as e:
            line, col = src.file_pos(key, e.line, e.col)
            src.error(key, "E003", f"syntax: {e.message}; write `CARD` or `CARD if CONDITION`",
                      line=line, col=col)
            continue
        if cid not in catalog.cards:
            src.error(key, "E004", f"unknown card '{cid}'" + _close(cid, catalog.cards))
            continue
        if cond is not None:
            checker(src, key, catalog).cond(cond)
        out.append((cid, cond))
    return tuple(out)


def load_answers(src, data, catalog) -> tuple:
    """The `answers` mapping: ((card id, key, (Rule, ...)), ...), every mistake reported
    in `src` with its position."""
    out = []
    for cid, section in (data.get("answers") or {}).items():
        where = ("answers", cid)
        d = catalog.cards.get(cid)
        if d is None:
            src.error(where + ("__key__",), "E004", f"unknown card '{cid}'" +
                      _close(cid, catalog.cards) + "; `answers` is keyed by card id")
            continue
        keys = asked(d)
        for key, entries in section.items():
            at = where + (key,)
            if key not in keys:
                asks = ", ".join(k for k in keys if k != "buy")
                src.error(at + ("__key__",), "E004",
                          f"{cid} asks no '{key}' decision, so this rule would never be used"
                          f" ({cid} asks: {asks or 'nothing'})")
                continue
            rules = [r for i, text in enumerate(entries)
                     if (r := _rule(src, at + (i,), _text(text), key, cid, keys[key],
                                    catalog)) is not None]
            out.append((cid, key, tuple(rules)))
    return tuple(out)


SPEND_ANSWERS = {"yes": True, "no": False, "all": "all"}
_SPEND_HOW = ("`yes` (the fewest that make a better buy, as by default), `no` (keep them) "
              "or `all`, each with or without `if CONDITION`")


def load_spend(src, data, catalog) -> tuple:
    """The `spend` mapping: ((token kind, (Rule, ...)), ...), per kind a set declares with
    a spend rule (Coffers), when the bot spends them; every mistake reported in `src`."""
    out = []
    spendable = catalog.spendable() if hasattr(catalog, "spendable") else {}
    for kind, entries in (data.get("spend") or {}).items():
        where = ("spend", kind)
        if kind not in spendable:
            known = ", ".join(sorted(spendable)) or "no set declares one"
            src.error(where + ("__key__",), "E004", f"'{kind}' is not a kind of token a "
                      f"player may spend ({known}); `spend` is keyed by token kind" +
                      _close(kind, spendable))
            continue
        rules = []
        for i, entry in enumerate(entries):
            key, text = where + (i,), _text(entry)
            try:
                word, number, cond, (line, col) = parse_answer_rule(text)
            except ParseError as e:
                line, col = src.file_pos(key, e.line, e.col)
                src.error(key, "E003", f"syntax: {e.message}; a 'spend' rule is {_SPEND_HOW}",
                          line=line, col=col)
                continue
            if word not in SPEND_ANSWERS or number is not None:
                line, col = src.file_pos(key, line, col)
                src.error(key, "E005", f"'{text}' is not yes, no or all; a 'spend' rule is "
                          f"{_SPEND_HOW}", line=line, col=col)
                continue
            if cond is not None:
                checker(src, key, catalog).cond(cond)
            rules.append(Rule(SPEND_ANSWERS[word], cond))
        out.append((kind, tuple(rules)))
    return tuple(out)


def _text(entry) -> str:
    """An entry as written: YAML reads a bare `yes` or `no` as true or false."""
    if isinstance(entry, bool):
        return "yes" if entry else "no"
    return str(entry)


def _rule(src, key: tuple, text: str, answer_key: str, cid: str, options: int,
          catalog) -> Rule | None:
    kind = ANSWER_KEYS[answer_key]
    try:
        word, number, cond, (line, col) = parse_answer_rule(text)
    except ParseError as e:
        line, col = src.file_pos(key, e.line, e.col)
        src.error(key, "E003", f"syntax: {e.message}; a '{answer_key}' rule is {_HOW[kind]}",
                  line=line, col=col)
        return None
    line, col = src.file_pos(key, line, col)

    def wrong(message: str) -> None:
        src.error(key, "E005", f"{message}; a '{answer_key}' rule is {_HOW[kind]}",
                  line=line, col=col)

    if kind == YES_NO:
        if word not in ("yes", "no") or number is not None:
            return wrong(f"'{text}' is not yes or no")
        answer = word == "yes"
    elif kind == OPTIONS and word == "option":
        if number is None:
            return wrong("`option` needs the option's number")
        if not 1 <= number <= options:
            src.error(key, "E005", f"option {number}: {cid}'s choice has {options} option"
                      f"{'s' if options != 1 else ''}; write option 1 to {options}",
                      line=line, col=col)
            return None
        answer = number - 1
    else:
        if number is not None:
            return wrong(f"a number after '{word}'")
        if word in catalog.cards or (kind != CARD_IDS and
                                     (word in catalog.types or word == "card")):
            answer = word
        else:
            known = catalog.cards if kind == CARD_IDS else \
                list(catalog.cards) + list(catalog.types)
            return wrong(f"unknown card{'' if kind == CARD_IDS else ' or type'} '{word}'"
                         + _close(word, known))
    if cond is not None:
        checker(src, key, catalog).cond(cond)
    return Rule(answer, cond)


def _close(word: str, pool) -> str:
    close = difflib.get_close_matches(word, sorted(pool), n=1)
    return f"; did you mean '{close[0]}'?" if close else ""
