"""Grammatical forms of rendered phrases: a template asks for `{what:acc}` and gets the
phrase in that form (docs/grammatical-case.md).

Why phrases remember how they were made: one English card name or noun phrase serves
every grammatical role, but a Czech sentence needs "si vezme Kletbu" (accusative) where
the name alone is "Kletba". A Phrase is the plain filled text (a `str`, so every caller
that joins, compares or slices text keeps working) that can make itself again in a form:
a card or type name from its "card name|acc" / "card type|acc" entry, a template from its
"phrase|acc" entry or else from its plain translation with the form passed on to the
placeholders inside. A missing form is the plain text; an unknown spec is a ValueError,
which dsl.text.context turns into the English template.
"""
from __future__ import annotations

import re
import string

FORM = re.compile(r"[a-z]{2,12}\Z")       # a form name: acc, gen, dat, loc, ins, inf ...


class Phrase(str):
    """Rendered text that can render itself again in a grammatical form.

    `reform(form)` returns the text in that form, or None when the language has none (the
    plain text is then used)."""

    def __new__(cls, text: str, reform, variant=None):
        self = super().__new__(cls, text)
        self._reform = reform
        self._variant = variant
        return self

    def variant(self, name: str) -> "Phrase":
        """The phrase as its variant `name` (a pronoun object, a card named again) where the
        language has entries for it, else itself: see `template_phrase`."""
        out = self._variant(name) if self._variant is not None else self
        if out is not self and "classes" in self.__dict__ and "classes" not in out.__dict__:
            out.classes = self.classes    # a variant is of its phrase's classes (agreement)
        return out

    def form(self, name: str) -> str:
        out = self._reform(name)
        return str(self) if out is None else out

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if FORM.match(spec):
            return self.form(spec)
        raise ValueError(f"unknown format spec '{spec}'")

    def __reduce__(self):                 # a pickled phrase is its plain text
        return str, (str(self),)


class _Filler(string.Formatter):
    """str.format where `{x:form}` asks a Phrase for a form (plain values ignore it) and an
    unmarked placeholder gets `default` (the form asked of the whole phrase)."""

    def __init__(self, default: str = ""):
        self.default = default

    def format_field(self, value, spec: str) -> str:
        spec = spec or self.default
        if not spec:
            return format(value, "")
        if not FORM.match(spec):
            raise ValueError(f"unknown format spec '{spec}'")
        return value.form(spec) if isinstance(value, Phrase) else format(value, "")


_PLAIN = _Filler()


def fill(template: str, values: dict, default: str = "") -> str:
    """The template filled; raises KeyError, IndexError or ValueError like str.format."""
    return (_PLAIN if not default else _Filler(default)).vformat(template, (), values)


_LEADING = re.compile(r"\{([A-Za-z_]\w*)(?::[a-z]*)?\}")     # a template that starts with {x}


def _filled(template: str, values: dict, form: str = "") -> str | None:
    try:
        return fill(template, values, form)
    except (KeyError, IndexError, ValueError, RecursionError):
        return None


def template_phrase(text: str, template: str, values: dict, form_template) -> Phrase:
    """A filled template that re-forms itself: `form_template(form)` is the language's
    template for the whole phrase in that form (a "phrase|form" entry) or None, in which
    case `template` (the plain translation) is filled with the form passed on."""
    def reform(form: str):
        own = form_template(form)
        try:
            return fill(own, values) if own is not None else fill(template, values, form)
        except (KeyError, IndexError, ValueError, RecursionError):
            return None                   # the plain text, never a crash

    def entry(keys, form: str = ""):
        """The first of the "phrase|KEY+form" entries, or None."""
        return next((e for e in (form_template(k + form) for k in keys) if e is not None), None)

    def variant(names: tuple) -> Phrase:
        """The phrase as a variant: its text is the "phrase|NAME" entry of the variant (of a
        variant of a variant, "pro" then "co": "proco", else "co"); without one, the
        template with the variant passed to a placeholder it starts with ("{x} in any
        order"). A form F is the variant's "NAMEF" entry, else the ordinary F entry, else
        the variant's text made in F. Without entries it reads as the phrase (English)."""
        keys = ["".join(names[i:]) for i in range(len(names))]
        own = entry(keys)
        vals = values
        lead = _LEADING.match(template) if own is None else None
        if lead is not None and isinstance(values.get(lead.group(1)), Phrase):
            inner = values[lead.group(1)]
            for name in names:
                inner = inner.variant(name)
            vals = {**values, lead.group(1): inner}

        def reform_variant(form: str):
            for found in (entry(keys, form), form_template(form)):
                if found is not None:
                    return _filled(found, vals)
            return _filled(own if own is not None else template, vals, form)
        plain = _filled(own if own is not None else template, vals)
        return phrase if plain is None else \
            Phrase(plain, reform_variant, lambda name: variant(names + (name,)))
    phrase = Phrase(text, reform, lambda name: variant((name,)))
    return phrase


def name_phrase(text: str, lookup) -> Phrase:
    """A card or type name whose forms come from `lookup(form)` (None: the plain name)."""
    return Phrase(text, lookup)


def variant(value, name: str) -> str:
    """`value` as its variant `name` when it is a Phrase, else as it is."""
    return value.variant(name) if isinstance(value, Phrase) else value


def in_form(value, form: str) -> str:
    """`value` in a grammatical form when it is a Phrase, else as it is."""
    return value.form(form) if isinstance(value, Phrase) else value


def joined(parts: list, render) -> str:
    """Text made of several phrases by `render(parts)` (a list joined with ", ", sentences
    joined with ". "): in a form, each part is put in that form and joined the same way.
    A single part is returned as it is; a variant is the first part's."""
    if len(parts) == 1:
        return parts[0]
    return Phrase(render(list(parts)), lambda form: render([in_form(p, form) for p in parts]),
                  lambda name: joined([variant(parts[0], name), *parts[1:]], render))


def english_articles(text: str) -> str:
    """English only: "a Action card" -> "an Action card" (the templates say "a")."""
    return re.sub(r"\b([Aa]) (?=[AEIOUaeiou])", lambda m: m.group(1) + "n ", text)
