"""What a compiled run has to know before its first game: the cards that can ever leave the
Supply (the starting deck, what the bots buy, what those cards gain), numbered as small
integers (Treasures first, then Actions, then the rest, so that a type test is a
comparison), each supply pile's slot and cost, the end of the game, and each bot. Anything
the compiler cannot fold in raises Unsupported with the reason: that run is played by the
generic engine."""
from __future__ import annotations

import re
from dataclasses import dataclass

from dsl.language import ast as A
from dsl.language.walk import nodes

from interpreter.core.setup import setup_plan


class Unsupported(Exception):
    """Why a run cannot be compiled (it is then played by the generic engine)."""


@dataclass(frozen=True)
class Bot:
    """One of the run's bots: a strategy (its buy list, its play list) or the random bot."""
    spec: str
    strategy: object = None          # dsl.language.strategy.Strategy; None: random

    @property
    def random(self) -> bool:
        return self.strategy is None


class Scope:
    """The cards, piles and bots of one compiled run (one kingdom, set rules, bots)."""

    def __init__(self, catalog, kingdom: list, bots: list, set_rules: tuple):
        self.catalog, self.kingdom, self.bots = catalog, list(kingdom), bots
        self.players = len(bots)
        self.set_rules = set_rules
        for rid in set_rules:
            if catalog.set_rules[rid].kingdom_pile is not None:
                raise Unsupported(f"set rule '{rid}' adds a kingdom pile drawn for each game "
                                  "(`kingdom_pile:`, the Bane): not compiled yet")
        self.plan = plan = setup_plan(catalog, kingdom, self.players, {}, set_rules)
        if plan.aside_mixed:
            raise Unsupported(f"the {plan.aside_mixed[0][0]} pile beside the Supply, of "
                              "different cards (`supply: false` in `piles:`): not compiled yet")
        self.rules = catalog.rules_for(kingdom)
        _kingdom_checks(plan)
        self.slot = {cid: slot for slot, (cid, _, _) in enumerate(plan.piles)}
        self.pile_defs = [d for _, d, _ in plan.piles]
        self.mixed_slots = {slot for slot, _, _ in plan.mixed}
        self.mixed_live: dict = {}   # slot -> its cards' definitions, of the mixed piles a
                                     # card can leave (mixed.py: their cards in the game)
        reach = self._reachable()
        for d in reach:
            _card_checks(d)
        for d, m in plan.pile_modifiers:
            if m.what != "this" or d.id in {x.id for x in reach}:
                raise Unsupported(f"{d.id}: a cost change heard from the Supply")
        order = sorted(reach, key=lambda d: (_group(d), self.slot.get(d.id, -1), d.id))
        self.cards = order                        # card number -> definition
        self.number = {d.id: i for i, d in enumerate(order)}
        self.treasures = sum(1 for d in order if _group(d) == 0)   # numbers below: Treasures
        self.actions_from = self.treasures
        self.actions_to = self.treasures + sum(1 for d in order if _group(d) == 1)
        end = self.rules.end_pile
        self.end_slots = tuple(([self.slot[end]] if end in self.slot else []) +
                               [s for s in plan.more_end_slots])
        self.end_piles = plan.end_piles
        self.discards: set = set()     # cards whose plays make another player discard
        self.next_draws = False        # a strategy bot weighs revealed cards (weighed.py)
        self.weighs = False            # a strategy bot weighs a play or a trash (weighing.py)
        self.pending_bodies: list = []  # the lines of each `at start of next turn` body
        self.durations = any(isinstance(n, A.NextTurn) for d in order for n in _all(d.on_play))
        # what each card in play adds to costs (card number -> change), when any does
        self.cost_cuts = {i: cost_cut(d) for i, d in enumerate(order) if d.modifiers}
        if self.cost_cuts and not all(bot.random for bot in bots):
            raise Unsupported("a card that changes costs, with a strategy bot")
        # a card plays cards: each card's play is a function (`play`), called from plays too
        self.plays_inside = any(isinstance(n, A.Play) for d in order for n in _all(d.on_play))
        # a card puts cards in the revealed or set-aside zones: the game keeps those lists
        self.side_zones = any(isinstance(n, (A.RevealTop, A.RevealUntil)) or
                              isinstance(n, A.Move) and n.verb == "set_aside"
                              for d in order for n in _all(d.on_play))

    def _reachable(self) -> list:
        """The definitions of every card that can leave the Supply in a game of these bots:
        the starting deck, what each bot may buy, and what their plays gain (closed)."""
        plan = self.plan
        found: dict = {}
        todo = list(plan.start)
        for bot in self.bots:
            if bot.random:
                todo += [self._pile_def(slot) for slot in range(len(self.pile_defs))]
            else:
                todo += [self._pile_def(self.slot[cid]) for cid, _ in bot.strategy.buy
                         if cid in self.slot]
        while todo:
            d = todo.pop()
            if d.id in found:
                continue
            found[d.id] = d
            for n in _all(d.on_play) + [n for t in d.triggers if own_gain(t)
                                        for n in _all(t.effect)]:
                if isinstance(n, A.Inherit):
                    raise Unsupported(f"{d.id}: `your {n.name} cards inherit ...` (one "
                                      "player's cards taking another card's abilities is "
                                      "not compiled)")
                if isinstance(n, A.GainSpec):
                    if n.kind not in self.slot or n.relation is not None or \
                            n.cond is not None or n.copy_of is not None:
                        raise Unsupported(f"{d.id}: a gain other than of one named Supply "
                                          "pile")
                    todo.append(self._pile_def(self.slot[n.kind]))
            for slot in self.mixed_live:
                todo += [x for x in self.mixed_live[slot] if x.id not in found]
        return list(found.values())

    def _pile_def(self, slot: int):
        """The card a pile gives; a mixed pile's: its first card (setup.py), its other cards
        reached too (they are in the game: mixed.py keeps the pile's order)."""
        if slot in self.mixed_slots and slot not in self.mixed_live:
            kinds = next(k for s, k, _ in self.plan.mixed if s == slot)
            if len({(d.cost.coins, d.cost.potion) for d, _ in kinds}) > 1:
                raise Unsupported(f"a mixed pile ({self.plan.piles[slot][0]}) of cards of "
                                  "different costs a card can leave")
            self.mixed_live[slot] = [d for d, _ in kinds]
        return self.pile_defs[slot]


def _all(block) -> list:
    return [n for s in block for n in nodes(s)]


def _group(d) -> int:
    """0: Treasures, 1: Actions, 2: the rest (numbered in that order)."""
    return 0 if d.is_treasure else 1 if d.is_action else 2


def comment(text: str) -> str:
    """Text put in the generated source's comments and docstring (a bot's spec may be a
    path a person typed): only characters that cannot end a comment or a string."""
    return re.sub(r"[^A-Za-z0-9_.,:/@+ -]", "?", str(text))


def cost_cut(d):
    """What a card in play adds to every card's cost (Highway: -1), when that is all its
    modifiers do and it cannot stay in play past its turn (no Duration, nothing it plays,
    no extra turn); None otherwise."""
    total = 0
    for m in d.modifiers:
        if m.where != "in_play" or m.what is not None or m.amount is not None or \
                m.phase is not None or m.unaffected:
            return None
        total += m.cost
    if any(isinstance(n, (A.NextTurn, A.Play, A.ExtraTurn, A.TurnCost)) for n in _all(d.on_play)):
        return None
    return total


def own_trash(t) -> bool:
    """A trigger heard only when its card is trashed."""
    return t.on == "trash" and t.where == "self" and t.what == "this" and t.came_from is None


def hand_buy_trash_self(t) -> bool:
    """`When you buy a TEST card, you may trash this from your hand.`"""
    if t.on != "buy" or t.where != "hand" or t.who != "you" or t.what in (None, "this") or \
            t.came_from is not None or len(t.effect) != 1:
        return False
    s = t.effect[0]
    return s.__class__ is A.May and not s.body and s.stmt.__class__ is A.Move and \
        s.stmt.verb == "trash" and s.stmt.target.__class__ is A.AllOf and \
        s.stmt.target.expr == A.Name("this") and s.stmt.target.bind is None


def in_play_buy_copy(t) -> bool:
    """`While this is in play, when you buy a TEST card, gain a copy of it.`"""
    return t.on == "buy" and t.where == "in_play" and t.who == "you" and \
        t.what not in (None, "this") and t.came_from is None and t.effect == (
            A.Gain(A.GainSpec(None, None, None, None, A.Name("it"), False), "discard", None),)


def own_gain(t) -> bool:
    """A trigger heard only when its card is gained (`on_gain`: mixed.py)."""
    return t.on == "gain" and t.where == "self" and t.what == "this" and t.who == "you" and \
        t.came_from is None


def compiled_trigger(t) -> bool:
    """Whether the compiler folds in this trigger (interpreter/compiled/triggers.py)."""
    return own_trash(t) or hand_buy_trash_self(t) or in_play_buy_copy(t) or own_gain(t)


def trash_heard(d) -> bool:
    """Whether trashing a card of this definition would run one of its triggers."""
    return any(t.on == "trash" for t in d.triggers)


def lost_tallies(scope, a: str, x) -> list:
    """Lines keeping player a's tallies true (counts, size, money, nact, as Game.move keeps
    them) when a card of his leaves his cards: `x` a card number (what it takes away folded
    in) or the Python name of one."""
    lines = [f"counts[{a}][{x}] -= 1", f"size[{a}] -= 1"]
    if isinstance(x, str):
        return lines + [f"money[{a}] -= PLAIN[{x}]", f"nact[{a}] -= IS_ACTION[{x}]"]
    d = scope.cards[x]
    if d.plain_coins:
        lines.append(f"money[{a}] -= {d.plain_coins}")
    if d.is_action:
        lines.append(f"nact[{a}] -= 1")
    return lines


def _kingdom_checks(plan) -> None:
    """What the kingdom's piles do from the Supply, which the compiled game leaves out."""
    if plan.setup_cards:
        raise Unsupported(f"{plan.setup_cards[0].id}: a card with setup steps")
    if plan.supply_listeners:
        d, t = plan.supply_listeners[0]
        raise Unsupported(f"{d.id}: a card that hears events from the Supply (on {t.on})")
    if plan.landscapes:
        d = plan.landscapes[0]
        raise Unsupported(f"{d.id}: a landscape ({d.landscape}) in the kingdom, bought "
                          "without a pile: not compiled yet")


_NOT_COMPILED = {A.Overpay: "overpays (`overpay`)",
                 A.PayTokens: "pays tokens (`pay ... tokens`), an amount decision",
                 A.CallCard: "calls a card from a mat (`call`)",
                 A.InZone: "tests where a card is (`it is in play`)",
                 A.Lasting: "starts an ability beyond its turn (`rest of game ...`, `until "
                 "next turn on ...`)",
                 A.Exchange: "exchanges a card for another (`exchange ... for`)"}
_MAT_EVENTS = ("turn_start", "action_resolved", "buy_end")
_TURN_FACTS = ("actions", "buys", "coins")


def _language_checks(d) -> None:
    """The constructs of the language the compiled game leaves to the generic engine, each
    named (issue 30's: overpay, pay, the turn's counters read by a card)."""
    programs = (d.on_play, tuple(t.effect for t in d.triggers), d.setup)
    _mat_checks(d)
    measures = set()                   # `sum(x, coins)`: a measure, not the fact
    for n in nodes(programs):
        why = _NOT_COMPILED.get(n.__class__)
        if why is not None:
            raise Unsupported(f"{d.id}: a card that {why}")
        if n.__class__ is A.ExtraTurn and n.no_card_buys:
            raise Unsupported(f"{d.id}: an extra turn without buying cards")
        if n.__class__ is A.TurnDraw and n.more:
            raise Unsupported(f"{d.id}: more cards drawn in Clean-up (`cleanup draws N more`)")
        if n.__class__ is A.Later and n.event == "cleanup_end":
            raise Unsupported(f"{d.id}: an ability after Clean-up (`this turn on "
                              "cleanup_end`)")
        if n.__class__ is A.Name and n.name == "turns_in_a_row":
            raise Unsupported(f"{d.id}: a card that reads the fact 'turns_in_a_row'")
        if n.__class__ is A.Call and n.func == "sum" and len(n.args) == 2:
            measures.add(id(n.args[1]))
        if n.__class__ is A.Name and n.name in _TURN_FACTS and id(n) not in measures:
            raise Unsupported(f"{d.id}: a card that reads the turn's counter '{n.name}'")


def _mat_checks(d) -> None:
    """Issue 31's mats and moments: abilities heard from a mat, at the start of a turn,
    directly after an Action resolved, at the end of the Buy phase."""
    for t in d.triggers:
        if t.where.endswith(" mat"):
            raise Unsupported(f"{d.id}: an ability heard from a mat (`where: {t.where}`)")
        if t.on in _MAT_EVENTS:
            raise Unsupported(f"{d.id}: an ability on `{t.on}`")


def _card_checks(d) -> None:
    """A card that can be in a player's deck: what the compiled game knows how to play."""
    _language_checks(d)
    if d.reads_history:
        raise Unsupported(f"{d.id}: a card that reads this turn's or the last turn's history")
    if not all(compiled_trigger(t) for t in d.triggers) or d.turn_events or \
            d.modifiers and cost_cut(d) is None:
        raise Unsupported(f"{d.id}: a card with triggers or cost changes")
    if d.changes_costs and cost_cut(d) is None or d.bans_buys or d.buy_if is not None or \
            d.protects or d.plays_as:
        raise Unsupported(f"{d.id}: a card that changes what can be bought or played")
    if any(n.__class__ is A.Selection and n.by_side is not None
           for n in _all(d.on_play) + [x for t in d.triggers for x in _all(t.effect)]):
        raise Unsupported(f"{d.id}: a choice of cards made by another player")
    if d.vp is not None and d.fixed_vp is None:
        raise Unsupported(f"{d.id}: victory points that vary")
    if d.is_treasure and (d.is_action or d.sweep is None):
        raise Unsupported(f"{d.id}: a Treasure that does more than add coins, Potions, "
                          "Buys or Actions")
    if not d.is_action and not d.is_treasure and d.on_play:
        raise Unsupported(f"{d.id}: a card that is played but is no Action or Treasure")
