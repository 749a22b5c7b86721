"""The words of the gallery pages (dsl.web.gallery) and the typesetting rules of a card
face (dsl.faces.typesetting), as catalog templates, like the terminal game's words
(dsl.text.terminal): a translator gives them in the locale's catalog.

Why the typesetting rule is a template: which short words may not end a line is a rule of
a language (Czech typesetting keeps a one-letter preposition or conjunction with the word
after it), so it is data its translator writes, not code."""
from __future__ import annotations

from .phrases import N_, ngettext

# typesetting (dsl.faces.typesetting): the translation is the list of words, separated by
# spaces; a catalog that leaves it untranslated (or English) has none
NO_LINE_END = N_("(words that may not end a line, separated by spaces)")

# the gallery (dsl gallery)
CARDS = N_("Card gallery")
ALL_CARDS = N_("All cards")
SET, TYPE, COST, SORT = N_("Set"), N_("Type"), N_("Cost"), N_("Sort")
ALL = N_("all")
BY_SET, BY_COST = N_("by set"), N_("by cost")
SHOWN = ngettext("{shown} of {total} card", "{shown} of {total} cards")
LANGUAGES = N_("Languages")
FULL_SIZE = N_("full size")
FACES = N_("Faces")
YAML = N_("The card file")
SCENARIOS = N_("Scenarios ({n})")
NO_SCENARIOS = N_("none")
# the heading of a set's landscapes on its gallery page, by kind (`landscape: event`)
LANDSCAPES = {"event": N_("Events"), "landmark": N_("Landmarks"), "project": N_("Projects")}
