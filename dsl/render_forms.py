"""Grammatical forms of rendered phrases: a template asks for `{what:acc}` and gets the
phrase in that form (docs/grammatical-case.md).

Why phrases remember how they were made: one English card name or noun phrase serves
every grammatical role, but a Czech sentence needs "si vezme Kletbu" (accusative) where
the name alone is "Kletba". A Phrase is the plain filled text (a `str`, so every caller
that joins, compares or slices text keeps working) that can make itself again in a form:
a card or type name from its "card name|acc" / "card type|acc" entry, a template from its
"phrase|acc" entry or else from its plain translation with the form passed on to the
placeholders inside. A missing form is the plain text; an unknown spec is a ValueError,
which dsl.render_context turns into the English template.
"""
from __future__ import annotations

import re
import string

FORM = re.compile(r"[a-z]{2,12}\Z")       # a form name: acc, gen, dat, loc, ins, inf ...


class Phrase(str):
    """Rendered text that can render itself again in a grammatical form.

    `remake(form)` returns the text in that form, or None when the language has none (the
    plain text is then used)."""

    def __new__(cls, text: str, remake):
        self = super().__new__(cls, text)
        self._remake = remake
        return self

    def form(self, name: str) -> str:
        out = self._remake(name)
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


def template_phrase(text: str, template: str, values: dict, form_template) -> Phrase:
    """A filled template that remakes itself: `form_template(form)` is the language's
    template for the whole phrase in that form (a "phrase|form" entry) or None, in which
    case `template` (the plain translation) is filled with the form passed on."""
    def remake(form: str):
        own = form_template(form)
        try:
            return fill(own, values) if own is not None else fill(template, values, form)
        except (KeyError, IndexError, ValueError, RecursionError):
            return None                   # the plain text, never a crash
    return Phrase(text, remake)


def name_phrase(text: str, lookup) -> Phrase:
    """A card or type name whose forms come from `lookup(form)` (None: the plain name)."""
    return Phrase(text, lookup)


def in_form(value, form: str) -> str:
    """`value` in a grammatical form when it is a Phrase, else as it is."""
    return value.form(form) if isinstance(value, Phrase) else value


def joined(parts: list, render) -> str:
    """Text made of several phrases by `render(parts)` (a list joined with ", ", sentences
    joined with ". "): in a form, each part is put in that form and joined the same way.
    A single part is returned as it is."""
    if len(parts) == 1:
        return parts[0]
    return Phrase(render(list(parts)), lambda form: render([in_form(p, form) for p in parts]))
