"""The phrase templates of landscapes' text (Adventures' Events; docs/language.md,
"Landscapes"): an Event's limit before what buying it does. Marked with `N_` as the card
phrases are (dsl.text.phrases), so `pybabel extract` and `dsl locale update` find them."""
from __future__ import annotations

from .phrases import FACT_NAMES, N_

# `limit: turn | game`, before the Event's `on_buy` said as plain instructions
ONCE_PER = {"turn": N_("Once per turn: {x}"), "game": N_("Once per game: {x}")}
# a condition first needed by an Event ("If you have no Treasures in play, ..."); read by
# dsl.text.words with the other conditions
HAVE_NONE_IN_PLAY = N_("you have no {kind} cards in play")
# the fact `buys_made` (this turn's buys, Events included), as the other facts are named
# (dsl.text.phrases FACT_NAMES; read by dsl.text.words once this module is loaded)
FACT_NAMES["buys_made"] = N_("the number of things you bought this turn")
