"""What a loaded card, set and rule table are: plain frozen data handed to the engine."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .errors import Pos


@dataclass(frozen=True)
class Cost:
    coins: int
    potion: int = 0

    def __str__(self) -> str:
        return f"${self.coins}" + ("P" * self.potion if self.potion else "")


@dataclass(frozen=True)
class Trigger:
    """An event pattern (on what, by whom, about which card, while this card is where)
    plus an effect, as in fireplace."""
    on: str
    who: str                     # you | other | anyone (relative to this card's owner)
    what: Optional[object]       # None = any card; "this" = this card; else a condition AST
    where: str                   # self | hand | in_play | supply
    effect: tuple
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Modifier:
    """A lasting change while the card is in play, once per copy in play (Highway)."""
    cost: int
    what: Optional[object] = None


@dataclass(frozen=True)
class CardDef:
    id: str
    set: str
    cost: Cost
    types: tuple
    names: dict = field(compare=False, hash=False)
    texts: dict = field(compare=False, hash=False)
    on_play: tuple = ()
    triggers: tuple = ()
    modifiers: tuple = ()
    vp: Optional[object] = None
    pile: Optional[int] = None
    path: str = field(default="", compare=False)
    # the two types the turn's phases ask about at every card, looked up once
    is_action: bool = field(init=False, compare=False, repr=False)
    is_treasure: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "is_action", "action" in self.types)
        object.__setattr__(self, "is_treasure", "treasure" in self.types)

    def is_type(self, t: str) -> bool:
        return t in self.types


@dataclass(frozen=True)
class TypeDef:
    id: str
    names: dict = field(compare=False, hash=False)


@dataclass(frozen=True)
class Kingdom:
    id: str
    set: str
    names: dict = field(compare=False, hash=False)
    cards: tuple = ()


@dataclass(frozen=True)
class Rules:
    """The rules not printed on kingdom cards (sets/basic/rules.yaml)."""
    min_players: int
    max_players: int
    hand_size: int
    starting_deck: dict
    basic_piles: tuple                 # always in the supply
    pile_sizes: dict                   # card id -> {players: size}
    kingdom_pile: int
    victory_kingdom_pile: dict         # players -> size
    potion_card: str                   # in the supply when a card in the game costs a Potion
    end_pile: str                      # the game ends when this pile is empty...
    end_empty_piles: dict              # ...or when this many piles are empty (by players)
    tie_break: str                     # fewer_turns | none

    def pile_size(self, card: CardDef, players: int) -> int:
        sizes = self.pile_sizes.get(card.id)
        if sizes is not None:
            return sizes[players]
        if card.pile is not None:
            return card.pile
        if "victory" in card.types:
            return self.victory_kingdom_pile[players]
        return self.kingdom_pile


@dataclass
class Catalog:
    """Everything loaded: cards by id, types, sets, rules and recommended kingdoms."""
    cards: dict = field(default_factory=dict)
    types: dict = field(default_factory=dict)
    sets: dict = field(default_factory=dict)
    kingdoms: dict = field(default_factory=dict)
    rules: Optional[Rules] = None

    def kingdom_by_name(self, name: str) -> Optional[Kingdom]:
        key = name.strip().casefold()
        for k in self.kingdoms.values():
            if key == k.id or any(key == n.casefold() for n in k.names.values()):
                return k
        return None
