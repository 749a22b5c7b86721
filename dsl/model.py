"""What a loaded card, set and rule table are: plain frozen data handed to the engine."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from . import ast as A
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
    # Worked out once from the fields above, because the engine asks at every play:
    is_action: bool = field(init=False, compare=False, repr=False)
    is_treasure: bool = field(init=False, compare=False, repr=False)
    bonuses: Optional[tuple] = field(init=False, compare=False, repr=False)
    sweep: Optional[tuple] = field(init=False, compare=False, repr=False)
    sweep_coins: Optional[int] = field(init=False, compare=False, repr=False)
    plain_coins: int = field(init=False, compare=False, repr=False)
    fixed_vp: Optional[int] = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        derived = {
            "is_action": "action" in self.types,
            "is_treasure": "treasure" in self.types,
            # ((counter, amount), ...) when playing it only adds constant bonuses
            "bonuses": _bonus_only(self.on_play),
            # (coins, None or (potions, buys, actions)): a Treasure played in one sweep
            "sweep": _sweep(self),
            # the coins its plain top-level `+$N` lines surely give (a bot's `money`)
            "plain_coins": sum(s.amount.value for s in self.on_play
                               if isinstance(s, A.Bonus) and s.counter == "coins"
                               and isinstance(s.amount, A.Num)),
            "fixed_vp": _fixed_vp(self.vp),
        }
        sweep = derived["sweep"]          # ...and its coins when that is all it gives
        derived["sweep_coins"] = sweep[0] if sweep is not None and sweep[1] is None else None
        for name, value in derived.items():
            object.__setattr__(self, name, value)

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


_SWEEP_COUNTERS = ("coins", "potions", "buys", "actions")


def _bonus_only(on_play: tuple) -> Optional[tuple]:
    if on_play and all(isinstance(s, A.Bonus) and isinstance(s.amount, A.Num) for s in on_play):
        return tuple((s.counter, s.amount.value) for s in on_play)
    return None


def _sweep(d: CardDef) -> Optional[tuple]:
    bonuses = _bonus_only(d.on_play)
    if bonuses is None or "treasure" not in d.types or "action" in d.types \
            or "attack" in d.types or any(c not in _SWEEP_COUNTERS for c, _ in bonuses):
        return None
    totals = dict.fromkeys(_SWEEP_COUNTERS, 0)
    for counter, n in bonuses:
        totals[counter] += n
    others = (totals["potions"], totals["buys"], totals["actions"])
    return (totals["coins"], others if any(others) else None)


def _fixed_vp(vp) -> Optional[int]:
    """Victory points that are a constant (Estate, Curse), else None."""
    if isinstance(vp, A.Num):
        return vp.value
    if isinstance(vp, A.Arith) and vp.op == "-" and isinstance(vp.left, A.Num) \
            and isinstance(vp.right, A.Num):
        return vp.left.value - vp.right.value
    return None
