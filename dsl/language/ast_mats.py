"""AST nodes of mats and calls (issue 31), re-exported by dsl.language.ast: a card's
zone tested (`it is in play`) and a call from a mat (`call this`)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import Pos

_pos = field(default=Pos(), compare=False, repr=False)


@dataclass(frozen=True)
class InZone:
    """`it is in play`, `this is on tavern mat`, `it is not in hand`: whether a card is
    now in a zone of its owner (in_play, hand, deck, discard, set_aside, revealed, a mat
    as "NAME mat") or in the trash."""
    subject: object
    zone: str
    negated: bool
    pos: Pos = _pos


@dataclass(frozen=True)
class CallCard:
    """`call this`: move a card from its owner's mat into play (not a play: no Action used,
    no `play` event); it is discarded in that turn's Clean-up."""
    target: object
    pos: Pos = _pos
