"""What a loaded card, set and rule table are: plain frozen data handed to the engine."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from . import ast as A
from .errors import Pos
from .walk import nodes


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
    came_from: Optional[str] = None  # a gain only of a card gained from: supply | trash


@dataclass(frozen=True)
class Modifier:
    """A lasting change while the card is in play, once per copy in play: a cost change
    (Highway), or `unaffected` by other players' Attacks (Lighthouse). A cost change may be
    an expression (`amount`, read for the player whose turn it is), heard while the card's
    pile is in the game (`where: supply`, once, not per copy) and only in one phase of a
    turn (`phase: buy`); `what` is "this" for cards of the card's own name."""
    cost: int = 0
    what: Optional[object] = None
    unaffected: bool = False
    amount: Optional[object] = None    # a number expression instead of `cost`
    where: str = "in_play"             # in_play | supply
    phase: Optional[str] = None        # action | buy: only then

    @property
    def changes_cost(self) -> bool:
        return bool(self.cost) or self.amount is not None


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
    kingdom: bool = True               # false: not a kingdom card (a basic card of a set rule)
    buy_if: Optional[object] = None    # a condition: while false, this cannot be bought
    setup: tuple = ()                  # statements run once when a game with it is set up
    supply: bool = True                # false: its pile is beside the Supply (never bought)
    # a landscape (`landscape: event`): not a card; beside the Supply in no pile and no
    # zone, listed in a kingdom by id. An Event's `on_buy` (what buying it does, run for
    # the buyer) is kept in `on_play`: it is never played, and its text reads as the
    # printed one, plain instructions. `limit`: turn | game (once per turn / per game).
    landscape: Optional[str] = None
    limit: Optional[str] = None
    path: str = field(default="", compare=False)
    art: Optional[str] = field(default=None, compare=False)   # image file, resolved
    # Worked out once from the fields above, because the engine asks at every play:
    is_action: bool = field(init=False, compare=False, repr=False)
    is_treasure: bool = field(init=False, compare=False, repr=False)
    bonuses: Optional[tuple] = field(init=False, compare=False, repr=False)
    sweep: Optional[tuple] = field(init=False, compare=False, repr=False)
    sweep_coins: Optional[int] = field(init=False, compare=False, repr=False)
    plain_coins: int = field(init=False, compare=False, repr=False)
    fixed_vp: Optional[int] = field(init=False, compare=False, repr=False)
    changes_costs: bool = field(init=False, compare=False, repr=False)
    protects: bool = field(init=False, compare=False, repr=False)
    bans_buys: bool = field(init=False, compare=False, repr=False)
    plays_as: bool = field(init=False, compare=False, repr=False)
    turn_events: frozenset = field(init=False, compare=False, repr=False)
    reads_history: bool = field(init=False, compare=False, repr=False)
    gains_named: frozenset = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        every = list(_all_nodes(self))        # one walk for all the facts below
        kinds = {n.__class__ for n in every}
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
            # whether costs can change while it is in play or after it is played (Bridge)
            "changes_costs": any(m.changes_cost for m in self.modifiers) or
            A.TurnCost in kinds,
            "protects": any(m.unaffected for m in self.modifiers) or
            any(n.__class__ is A.Lasting and n.event == "unaffected" for n in every),
            # whether a play of it can forbid buying a card (`this turn can't buy X`)
            "bans_buys": A.TurnBan in kinds,
            # whether it plays as another card (`play this as if it were ...`): such a
            # card is never what another one plays as (no loop, Band of Misfits as itself)
            "plays_as": A.PlayAs in kinds,
            # the events its `this turn on EVENT` triggers listen to
            # (and its `rest of game on EVENT`, `until next turn on EVENT` ones)
            "turn_events": frozenset(n.event for n in every if n.__class__ is A.Later or
                                     (n.__class__ is A.Lasting and
                                      n.event not in ("turn_start", "unaffected"))),
            # whether it reads what was gained or bought this turn, or a last turn
            "reads_history": _reads_history(every),
            # the names its plain `gain X` statements give (a pile beside the Supply that
            # one of them, or an `exchange ... for X`, names joins the game)
            "gains_named": frozenset(n.kind for n in every
                                     if n.__class__ is A.GainSpec and n.kind is not None
                                     and n.relation is None and n.cond is None
                                     and n.copy_of is None) |
            frozenset(n.card for n in every if n.__class__ is A.Exchange),
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
    path: str = field(default="", compare=False)


@dataclass(frozen=True)
class Kingdom:
    id: str
    set: str
    names: dict = field(compare=False, hash=False)
    cards: tuple = ()
    rules: tuple = ()          # set rules its rulebook plays it with
    bane: Optional[str] = None  # the card of its set rule's added kingdom pile (`bane:`)


@dataclass(frozen=True)
class SetRule:
    """A rule a set adds to the game (set.yaml `rules:`): basic piles, piles that end the
    game, starting cards that replace others, in force by `when` (kingdom_share: the
    rulebooks' share of the kingdom; always; or a condition on the kingdom such as
    ("kingdom_has_type", "looter"))."""
    id: str
    set: str
    when: object
    piles: tuple = ()
    end_piles: tuple = ()
    names: dict = field(default_factory=dict, compare=False, hash=False)
    replace_starting: tuple = ()   # ((card id, (replacement ids...)), ...)
    # (condition on a card's printed cost, type, its text) of `kingdom_pile: {where:
    # COND, mark: TYPE}`: one more kingdom pile, a kingdom card the condition holds of,
    # its cards of that type in that game (the Bane); None for most rules
    kingdom_pile: Optional[tuple] = None


@dataclass(frozen=True)
class MixedPile:
    """A Supply pile of different cards (set.yaml `piles:`): `cards` ((card id, copies),
    ...) shuffled at setup (or kept in the order listed, the first on top), `size` of them
    counted out (players -> size), only the top one seen, bought or gained; the pile's id
    names it (`gain ruins`). A `kingdom` pile is dealt as one kingdom card (the Knights).
    A pile with `supply: false, take: any` lies beside the Supply and any of its cards
    may be gained by an effect that names it or its type (the Prizes)."""
    id: str
    set: str
    cards: tuple
    size: dict
    names: dict = field(default_factory=dict, compare=False, hash=False)
    kingdom: bool = False
    shuffled: bool = True
    supply: bool = True       # false: beside the Supply (never bought, not an end pile)
    take_any: bool = False    # `take: any`: any card of it may be gained, not the top only


@dataclass(frozen=True)
class SpendRule:
    """How a player spends tokens of a kind (set.yaml `tokens: [{spend: ...}]`): in which
    phase (`buy`: spending ends the action phase, as playing a Treasure does; `action`),
    whether only before the turn's first buy, the coins each token costs (`pays`, Debt)
    and what each token spent gives (`gives`, a program run once per token)."""
    phase: str
    before_buying: bool = False
    pays: int = 0
    gives: tuple = ()

    @property
    def coins_each(self) -> int:
        """The coins one token spent surely gives (its plain `+$N` lines), less `pays`."""
        return sum(s.amount.value for s in self.gives
                   if isinstance(s, A.Bonus) and s.counter == "coins"
                   and isinstance(s.amount, A.Num)) - self.pays


@dataclass(frozen=True)
class TokenKind:
    """A kind of player token a set declares (`tokens:`): its names and, if players may
    spend such tokens, how (Guilds' `coffers`); another set's kind is another kind."""
    id: str
    set: str
    names: dict = field(default_factory=dict, compare=False, hash=False)
    spend: Optional[SpendRule] = None


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
    victory_token: Optional[str] = None    # the token kind worth 1 VP each (`vp`)

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
    set_rules: dict = field(default_factory=dict)     # rule id -> SetRule
    house_rules: dict = field(default_factory=dict)   # set id -> Rules of its rules.yaml
    piles: dict = field(default_factory=dict)         # mixed pile id -> MixedPile
    token_kinds: dict = field(default_factory=dict)   # token kind id -> TokenKind

    def copy(self) -> "Catalog":
        """A catalog to add cards and sets to, sharing the loaded objects (frozen) only."""
        return Catalog(dict(self.cards), dict(self.types), dict(self.sets),
                       dict(self.kingdoms), self.rules, dict(self.set_rules),
                       dict(self.house_rules), dict(self.piles), dict(self.token_kinds))

    def spendable(self) -> dict:
        """Token kind id -> SpendRule of the kinds players may spend (empty in most games:
        then nothing about spending is ever looked at)."""
        return {k: t.spend for k, t in self.token_kinds.items() if t.spend is not None}

    def rules_for(self, kingdom) -> Optional[Rules]:
        """The rules a game of `kingdom` is played with: the house rules of the first set
        (in load order) that has a rules.yaml and a card in the kingdom, else the rules."""
        if self.house_rules:
            sets = {d.set for c in kingdom for d in self.defs_of(c)}
            for set_id, rules in self.house_rules.items():
                if set_id in sets:
                    return rules
        return self.rules

    def given_names(self) -> tuple[set, set]:
        """(token kinds, mat names) that some card gives or puts cards on, and the rules'
        victory token: what an effect may read (remembered until a card is added)."""
        key = (len(self.cards), len(self.token_kinds))
        if getattr(self, "_given", (None,))[0] != key:
            tokens, mats = set(), set()
            for n in (n for d in self.cards.values() for n in _all_nodes(d)):
                if isinstance(n, A.Tokens):
                    tokens.add(n.kind)
                elif isinstance(n, A.Put) and n.mat is not None:
                    mats.add(n.mat)
            if self.rules is not None and self.rules.victory_token:
                tokens.add(self.rules.victory_token)
            tokens |= set(self.token_kinds)          # the kinds a set declares
            self._given = (key, (tokens, mats))
        return self._given[1]

    def is_kingdom(self, kid: str) -> bool:
        """Whether a kingdom may deal `kid`: a card that is a kingdom card (not one of the
        rules' basic piles, the Potion or a starting card, nor `kingdom: false`), or a mixed
        pile marked `kingdom: true`."""
        pile = self.piles.get(kid)
        if pile is not None:
            return pile.kingdom
        d, rules = self.cards.get(kid), self.rules
        return d is not None and d.kingdom and (rules is None or (
            kid not in rules.basic_piles and kid != rules.potion_card and
            kid not in rules.starting_deck))

    def is_landscape(self, kid: str) -> bool:
        """Whether `kid` is a landscape (an Event): listed in a kingdom, never a pile."""
        d = self.cards.get(kid)
        return d is not None and d.landscape is not None

    def landscape_ids(self, kind: str | None = None) -> list:
        """Every landscape's id (of one kind: `event`), sorted."""
        return sorted(c for c, d in self.cards.items() if d.landscape is not None and
                      (kind is None or d.landscape == kind))

    def kingdom_ids(self) -> list:
        """Every id a kingdom may deal (cards and kingdom piles), sorted."""
        return sorted([c for c in self.cards if self.is_kingdom(c)] +
                      [p for p, m in self.piles.items() if m.kingdom])

    def defs_of(self, kid: str) -> tuple:
        """The card definitions an id brings into a game: a card's own, a mixed pile's
        cards (in the order listed)."""
        pile = self.piles.get(kid)
        if pile is not None:
            return tuple(self.cards[c] for c, _ in pile.cards if c in self.cards)
        return (self.cards[kid],) if kid in self.cards else ()

    def face_of(self, kid: str):
        """The card that stands for an id where one card is shown or costed (a table row,
        a rival of the same cost, Big Money's buy): its own, a mixed pile's first listed."""
        defs = self.defs_of(kid)
        return defs[0] if defs else None

    def name_of(self, kid: str, locale: str = "en") -> str:
        """An id's name in a locale (English, else the id): a card's or a pile's."""
        d = self.piles.get(kid) or self.cards.get(kid)
        names = d.names if d is not None else {}
        return names.get(locale) or names.get("en") or kid

    def kingdom_by_name(self, name: str) -> Optional[Kingdom]:
        key = name.strip().casefold()
        for k in self.kingdoms.values():
            if key == k.id or any(key == n.casefold() for n in k.names.values()):
                return k
        return None


_SWEEP_COUNTERS = ("coins", "potions", "buys", "actions")


# the history kept only for the cards that read it (this turn's plays are always kept)
_KEPT_HISTORY = ("gained", "bought", "played_last_turn", "gained_last_turn", "bought_last_turn",
                 "buys_made")


def reads_history(tree) -> bool:
    """Whether an effect or condition reads the history a game keeps only when asked."""
    return _reads_history(nodes(tree))


def _reads_history(every) -> bool:
    return any(isinstance(n, (A.Name, A.OfPlayer)) and n.name in _KEPT_HISTORY
               for n in every)


def _programs(d) -> tuple:
    """Every program and condition of a card: play, triggers and their `what`, modifiers'
    `what`, victory points."""
    return (d.on_play, d.setup, tuple(t.effect for t in d.triggers),
            tuple(t.what for t in d.triggers if t.what not in (None, "this")),
            tuple(m.what for m in d.modifiers if m.what not in (None, "this")),
            tuple(m.amount for m in d.modifiers if m.amount is not None), d.vp,
            d.buy_if)


def _all_nodes(d):
    """Every node of a card's programs and conditions."""
    return nodes(_programs(d))


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
