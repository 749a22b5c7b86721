"""Word-order rules a translator writes in the catalog: a pattern of words and the order
they take instead (docs/grammatical-case.md, "Word order").

Why: some orders depend on what stands before a phrase, not on the phrase. A Czech clitic
("si", "se", "ji") stands second in its clause, so "vezmi si Statek" after the adverb
"jinak" becomes "jinak si vezmi Statek", and "můžeš si vybrat" after an adverbial becomes
"si můžeš vybrat". No template can know which word will stand before it, but the language
can say it once for every card:

    msgctxt "word order|rule"
    msgid "jinak {verb} si"
    msgstr "jinak si {verb}"

A pattern (the msgid) is words separated by spaces; a word is matched whole, and `{name}`
is a slot that matches any one word. The msgstr is the words in their new order, using the
same slots. A pattern that starts with a lowercase letter also matches the capitalized
word at a sentence's start, and the replacement keeps the capital. Rules are applied in
catalog order to each rendered line, each rule once to the whole line.
"""
from __future__ import annotations

import re
import string

RULE_CONTEXT = "word order|rule"     # msgctxt of a rule (a language's own entry)
MAX_RULES = 200
_SLOT = re.compile(r"\{([A-Za-z_]\w*)\}\Z")
_WORD = r"[^\W\d_][^\W_]*"           # one word: letters (and digits after the first)


class RuleError(ValueError):
    """A word-order rule that cannot be used (reported by `dsl lint --locale`)."""


def compile_rule(pattern: str, order: str) -> tuple:
    """(regex, replacement template) of one rule; RuleError when it is not one."""
    words = pattern.split()
    if not words:
        raise RuleError("a word-order rule needs at least one word")
    slots = []
    parts = []
    for i, w in enumerate(words):
        slot = _SLOT.match(w)
        if slot:
            if slot.group(1) in slots:
                raise RuleError(f"slot {{{slot.group(1)}}} is used twice in the pattern")
            slots.append(slot.group(1))
            parts.append(f"(?P<{slot.group(1)}>{_WORD})")
        elif "{" in w or "}" in w:
            raise RuleError(f"'{w}' is neither a word nor a slot like {{verb}}")
        elif i == 0 and w[:1].islower():
            parts.append(f"[{re.escape(w[0])}{re.escape(w[0].upper())}]{re.escape(w[1:])}")
        else:
            parts.append(re.escape(w))
    try:
        fields = [(f, spec, conv) for _, f, spec, conv in string.Formatter().parse(order)
                  if f is not None]
    except ValueError as e:
        raise RuleError(f"the order is not a format string ({e})") from None
    for f, spec, conv in fields:
        if spec or conv or f not in slots:
            raise RuleError(f"{{{f}}} in the order is not one of the pattern's slots "
                            f"({', '.join('{' + s + '}' for s in slots) or 'none'})")
    if sorted(f for f, _, _ in fields) != sorted(slots):
        raise RuleError("the order must use each of the pattern's slots once")
    return re.compile(r"(?<!\w)" + r"\s+".join(parts) + r"(?!\w)"), order


def read_rules(po) -> tuple:
    """The compiled rules of a babel catalog, in catalog order; a broken rule is left out
    (`rule_problems` says why)."""
    out = []
    for m in po or ():
        if m.context != RULE_CONTEXT or not m.id or not m.string or m.fuzzy or \
                isinstance(m.id, (tuple, list)):
            continue
        try:
            out.append(compile_rule(m.id, m.string))
        except RuleError:
            continue
        if len(out) >= MAX_RULES:
            break
    return tuple(out)


def rule_problems(po) -> list:
    """(line, msgid, problem) of each rule that cannot be used."""
    found = []
    for m in po or ():
        if m.context == RULE_CONTEXT and m.id and m.string and not m.fuzzy:
            try:
                compile_rule(m.id if isinstance(m.id, str) else m.id[0],
                             m.string if isinstance(m.string, str) else m.string[0])
            except RuleError as e:
                found.append((m.lineno or 1, m.id, str(e)))
    return found


def apply_rules(rules, text: str) -> str:
    """The text with each rule applied, in order."""
    for regex, order in rules:
        def put(m, order=order):
            out = order.format(**m.groupdict())
            return out[:1].upper() + out[1:] if m.group(0)[:1].isupper() else out
        text = regex.sub(put, text)
    return text
