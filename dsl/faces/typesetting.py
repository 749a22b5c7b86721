"""A locale's typesetting rules for the text box (dsl.faces.text_box), read from its
catalog: the words that may not end a line, and the word for victory points that a face
draws as the VP shield.

Why from the catalog: both are facts of a language that its translator knows and writes
(dsl.text.web_words.NO_LINE_END, the VP templates of dsl.text.phrases); the code knows
no word of any language."""
from __future__ import annotations

from dataclasses import dataclass

from dsl.text.web_words import NO_LINE_END
from dsl.text.phrases import VP, VP_TOKEN_KIND

MAX_WORDS = 200                    # a catalog's list, read within bounds
MAX_WORD = 12


@dataclass(frozen=True)
class Typesetting:
    vp_words: tuple = ("VP",)            # longest first
    no_line_end: frozenset = frozenset()

    def vp_prefix(self, word: str) -> str:
        """The VP word `word` starts with (then only a suffix or punctuation), or ""."""
        for vp in self.vp_words:
            if word.startswith(vp) and (len(word) == len(vp) or not word[len(vp)].isalnum()):
                return vp
        return ""

    def binds(self, word: str) -> bool:
        """Whether `word` stays on the line of the word after it."""
        return word in self.no_line_end


PLAIN = Typesetting()


def for_locale(locale) -> Typesetting:
    """The typesetting of a locale (dsl.text.i18n.Locale; None: English's)."""
    if locale is None:
        return PLAIN
    words = set()
    for n in (1, 2, 5):
        form = locale.ngettext(VP[0], VP[1], n).replace("{n}", "").strip()
        if form and " " not in form and "{" not in form:
            words.add(form)
    token = locale.gettext(VP_TOKEN_KIND).strip()
    if token and " " not in token:
        words.add(token)
    rule = locale.gettext(NO_LINE_END)
    no_end = frozenset() if rule == NO_LINE_END else \
        frozenset(w for w in rule.split()[:MAX_WORDS] if len(w) <= MAX_WORD)
    return Typesetting(tuple(sorted(words or {"VP"}, key=len, reverse=True)), no_end)
