"""The parse tree -> AST rules of mats and calls (issue 31), a part of the transformer
(dsl.language.transform's _ToAst inherits them): a card's zone tested (`it is in play`),
`call this`, `cleanup draws N more cards`, `without buying cards`."""
from __future__ import annotations

from lark import v_args

from . import ast as A
from .errors import ParseError, Pos

ZONES_A_CARD_IS_IN = ("hand", "deck", "discard", "set_aside", "revealed", "trash")


def _pos(meta) -> Pos:
    return Pos(getattr(meta, "line", 0), getattr(meta, "column", 0))


class MatsRules:
    """Rules of dsl/language/grammar.lark, each with the node's position (`meta`)."""

    @v_args(meta=True)
    def is_in_play(self, meta, c):
        return A.InZone(c[0], "in_play", len(c) == 2, _pos(meta))

    @v_args(meta=True)
    def is_in_zone(self, meta, c):
        zone = str(c[-1])
        if zone not in ZONES_A_CARD_IS_IN:
            raise ParseError(f"'is in {zone}': a card is in play, in hand, deck, discard, "
                             "set_aside, revealed or trash, or on NAME mat",
                             c[-1].line, c[-1].column)
        return A.InZone(c[0], zone, len(c) == 3, _pos(meta))

    @v_args(meta=True)
    def is_on_mat(self, meta, c):
        return A.InZone(c[0], f"{c[-1]} mat", len(c) == 3, _pos(meta))

    @v_args(meta=True)
    def turn_draw_more(self, meta, c):
        return A.TurnDraw(c[0], _pos(meta), more=True)

    @v_args(meta=True)
    def call_stmt(self, meta, c):
        return A.CallCard(c[0], _pos(meta))

    @v_args(meta=True)
    def without_buying_cards(self, meta, c):
        return "no_buys"
