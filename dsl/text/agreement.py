"""Agreement as catalog data (docs/grammatical-case.md): a template chosen by the class of
what fills a placeholder, and a word spelt by the sound of its neighbour.

Why: a Hungarian verb takes one ending for a definite object and another for an indefinite
one ("kapsz egy lapot", "megkapod a lapot"), an article is "a" or "az" by the sound the next
word starts with, and a suffix after a number follows how the number is read ("1-gyel",
"3-mal"). None of this is known to the renderer; the language says it in its catalog:

- `msgctxt "phrase|class"`, msgid = a template, msgstr = the classes of the phrase it makes
  (words of 2 to 12 lowercase letters, e.g. "def"). A phrase without an entry has the
  classes of the value its translation starts with ("{what} a kezedből" is as definite as
  its {what}).
- `msgctxt "phrase|NAME=CLASS"`, msgid = a template: its translation when the value of
  placeholder {NAME} has class CLASS (the first such entry that applies wins);
  `"phrase|FORM|NAME=CLASS"` is the same for the phrase's form FORM.
- `msgctxt "before|TOKEN"`, msgid = how the next word starts, msgstr = what TOKEN is
  written as there; `msgctxt "after|TOKEN"`, msgid = how the previous word ends. In a
  msgid `#` is any digit, and `$` at the end (before) or `^` at the start (after) means
  the whole word; the longest match wins; msgid `*` is what TOKEN is otherwise (without
  one, TOKEN stays as it is written).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .forms import Phrase

CLASS = "phrase|class"
BEFORE, AFTER = "before|", "after|"
_NAME = re.compile(r"[A-Za-z_]\w*\Z")
_CLASS = re.compile(r"[a-z]{2,12}\Z")
_LEAD = re.compile(r"\{([A-Za-z_]\w*)(?::[a-z]*)?\}")
MAX_TOKEN = 20                  # characters of a TOKEN; longer ones are ignored


@dataclass
class Tables:
    """A locale's agreement entries, read once."""
    classes: dict = field(default_factory=dict)      # msgid -> frozenset of classes
    choices: dict = field(default_factory=dict)      # (msgid, form) -> [(name, class, ctx)]
    before: dict = field(default_factory=dict)       # token -> [(pattern, text)]
    after: dict = field(default_factory=dict)
    pattern: object = None                           # one regex of every token, or None


def tables(locale) -> Tables:
    """The agreement entries of a locale (cached on it)."""
    found = locale.__dict__.get("_agreement")
    if found is not None:
        return found
    t = Tables()
    for context, msgid in locale.translated:
        if not context or not isinstance(msgid, str):
            continue
        if context == CLASS:
            t.classes[msgid] = frozenset(
                w for w in locale.pgettext(context, msgid).split() if _CLASS.match(w))
        elif context.startswith("phrase|") and "=" in context:
            rest = context[len("phrase|"):]
            form, _, rest = rest.rpartition("|")      # "phrase|hat|what=def": a form's
            name, _, cls = rest.partition("=")
            if _NAME.match(name) and _CLASS.match(cls) and (not form or _CLASS.match(form)):
                t.choices.setdefault((msgid, form), []).append((name, cls, context))
        elif context.startswith((BEFORE, AFTER)):
            side = t.before if context.startswith(BEFORE) else t.after
            token = context.split("|", 1)[1]
            if token.strip() and len(token) <= MAX_TOKEN:
                side.setdefault(token, []).append((msgid, locale.pgettext(context, msgid)))
    for side in (t.before, t.after):
        for rules in side.values():
            rules.sort()                               # a stable order for equal matches
    tokens = sorted(set(t.before) | set(t.after), key=len, reverse=True)
    if tokens:
        t.pattern = re.compile("|".join(re.escape(x) for x in tokens), re.I)
    locale.__dict__["_agreement"] = t
    return t


def classes_of(value) -> frozenset:
    return getattr(value, "classes", frozenset()) if isinstance(value, Phrase) else frozenset()


def chosen(locale, msgid: str, values: dict, plural: str | None = None, n: int = 1,
           form: str = ""):
    """The translation of msgid for these values by the classes of its placeholders' values
    (a "phrase|NAME=CLASS" entry; of the phrase in a form, "phrase|FORM|NAME=CLASS"), or
    None."""
    rules = tables(locale).choices.get((msgid, form))
    for name, cls, context in rules or ():
        if cls in classes_of(values.get(name)):
            return locale.pgettext(context, msgid) if plural is None else \
                locale.npgettext(context, msgid, plural, n)
    return None


def classify(locale, phrase, msgid: str, template: str, values: dict):
    """Give a rendered phrase its classes: its template's "phrase|class" entry, else those
    of the value its translation starts with."""
    if not isinstance(phrase, Phrase):
        return phrase
    own = tables(locale).classes.get(msgid)
    if own is None:
        lead = _LEAD.match(template)
        own = classes_of(values.get(lead.group(1))) if lead else frozenset()
    if own:
        phrase.classes = own
    return phrase


def _score(pattern: str, word: str, at_start: bool):
    """How well `pattern` matches the word's start (or end): (length, whole) or None."""
    whole = pattern.endswith("$") if at_start else pattern.startswith("^")
    body = (pattern[:-1] if at_start else pattern[1:]) if whole else pattern
    if not body or len(body) > len(word) or whole and len(body) != len(word):
        return None
    part = word[:len(body)] if at_start else word[len(word) - len(body):]
    for p, c in zip(body, part.casefold()):
        if not (c == p.casefold() or p == "#" and c.isdigit()):
            return None
    return len(body), whole


def _pick(rules, word: str, at_start: bool):
    best, text, default = None, None, None
    for pattern, alt in rules:
        if pattern == "*":
            default = alt
            continue
        score = _score(pattern, word, at_start) if word else None
        if score is not None and (best is None or score > best):
            best, text = score, alt
    return text if text is not None else default


_WORD_BEFORE = re.compile(r"[^\W_]+\Z")
_WORD_AFTER = re.compile(r"[^\w(]*([^\W_]+)")


def sounds(locale, text: str) -> str:
    """The text with each TOKEN of the "before|" and "after|" entries written by its
    neighbour's sound: "a(z) Akció" -> "az Akció", "$3-val" -> "$3-mal"."""
    t = tables(locale)
    if t.pattern is None or not text:
        return text
    out, last = [], 0
    for m in t.pattern.finditer(text):
        token = next((k for k in (m.group(0), m.group(0)[:1].lower() + m.group(0)[1:])
                      if k in t.before or k in t.after), None)
        if token is None or m.start() < last:
            continue
        alt = None
        if token in t.before and (m.start() == 0 or not text[m.start() - 1].isalnum()):
            nxt = _WORD_AFTER.match(text, m.end())
            alt = _pick(t.before[token], nxt.group(1) if nxt else "", True)
        if alt is None and token in t.after and m.start() > 0 and \
                text[m.start() - 1].isalnum() and \
                (m.end() == len(text) or not text[m.end()].isalnum()):
            prev = _WORD_BEFORE.search(text, 0, m.start())
            alt = _pick(t.after[token], prev.group(0) if prev else "", False)
        if alt is None:
            continue
        if m.group(0)[:1].isupper():
            alt = alt[:1].upper() + alt[1:]
        out.append(text[last:m.start()] + alt)
        last = m.end()
    return "".join(out) + text[last:] if out else text
