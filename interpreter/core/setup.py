"""What every game of one kingdom shares, worked out once: the supply's piles in order and
their sizes, the event kinds anything listens to, whether costs can change, the starting
deck and its tally, and what can be bought with how much. A simulation sets up thousands
of games of one kingdom; each copies this plan instead of working it out again."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from dsl.language.walk import token_kinds


class GameError(Exception):
    """A step that the rules do not allow (playing a card not in hand, an unaffordable buy)."""


@dataclass(frozen=True)
class SetupPlan:
    piles: tuple             # (card id, definition, size) in supply order; a pile's slot
    listened: frozenset      # event kinds a supply or starting card listens to, or starts
                             # a trigger for the rest of a turn on
    supply_listeners: tuple  # (definition, trigger) of triggers that work from the supply
    held_listeners: dict     # event kind -> ids of the cards that hear it from a hand or
                             # from play (looked for only while someone holds one)
    has_modifiers: bool      # whether any card here can change costs
    pile_modifiers: tuple    # (definition, modifier) of cost changes heard from the supply
    setup_cards: tuple       # definitions of the piles whose cards ask for setup steps
    buy_limits: bool         # whether a pile here can be unbuyable by a condition (`buy_if`)
                             # or a play can forbid buying a card (`this turn can't buy`)
    protection: bool         # whether any card here protects from Attacks while in play
    keeps_history: bool      # whether any card here reads gains, buys or last turns
    end_slot: Optional[int]  # the slot of the pile that ends the game when empty
    more_end_slots: tuple    # the slots of other such piles (a set rule's)
    end_piles: int           # ...or this many empty piles
    by_cost: tuple           # (card id, slot, coins, potions): what buyable() walks
    start: tuple             # the starting deck's definitions, one per card
    start_counts: tuple      # (card id, copies) of the starting deck
    start_money: int
    start_actions: int       # Action cards in the starting deck
    buyable: dict            # empty slots -> (coins, potions) -> Game.buyable()
    aside: tuple = ()        # (card id, definition, size) of the piles beside the Supply
    mixed: tuple = ()        # (slot, ((definition, copies), ...)) of the mixed piles
    aside_mixed: tuple = ()  # (pile id, ((definition, copies), ...), shuffled, size, take
                             # any) of the mixed piles beside the Supply (the Prizes)
    named_by: dict = None    # card id of a `take: any` pile beside the Supply -> the names
                             # a gain must give to look at it (`pile_names`)
    landscapes: tuple = ()   # definitions of the landscapes (Events) in the game, in the
                             # kingdom's order: no pile, no zone (usually none)
    listen_zones: tuple = ("hand", "in_play")   # the zones cards listen from: hand, play
                             # and the mats some card listens from (`where: tavern mat`)
    token_kinds: frozenset = frozenset()   # the kinds of tokens any card here gives or
                             # takes (`+1 coffers token`): a spendable one asks the turns
                             # to spend them (engine/hooks.py)


_PLANS: dict = {}
_MAX_PLANS = 512             # bounded memory for a fuzzer's many random kingdoms


def setup_plan(catalog, kingdom: list, players: int, overrides: dict,
               set_rules: tuple = ()) -> SetupPlan:
    """The plan for a kingdom, number of players and the set rules in force (cached per
    catalog)."""
    key = (id(catalog), tuple(kingdom), players, tuple(sorted(overrides.items())), set_rules)
    hit = _PLANS.get(key)
    if hit is not None and hit[0] is catalog:
        return hit[1]
    plan = _make_plan(catalog, kingdom, players, overrides,
                      [catalog.set_rules[r] for r in set_rules])
    if len(_PLANS) >= _MAX_PLANS:
        _PLANS.clear()
    _PLANS[key] = (catalog, plan)
    return plan


def _make_plan(catalog, kingdom: list, n: int, overrides: dict, set_rules: list) -> SetupPlan:
    cards, rules = catalog.cards, catalog.rules_for(kingdom)
    if not rules.min_players <= n <= rules.max_players:
        raise GameError(f"{n} players: the rules allow {rules.min_players} to "
                        f"{rules.max_players}")
    mixed = catalog.piles
    unknown = [c for c in kingdom if c not in cards and not catalog.is_kingdom(c)]
    if unknown:
        raise GameError(f"unknown card(s) in the kingdom: {', '.join(unknown)}")
    ids = list(rules.basic_piles)
    if any(d.cost.potion for c in kingdom for d in catalog.defs_of(c)) and \
            rules.potion_card not in ids:
        ids.append(rules.potion_card)
    ids += [c for r in set_rules for c in r.piles if c not in ids]
    beside = [c for c in ids if c in mixed and not mixed[c].supply]   # usually none
    aside_named = [c for c in kingdom if c in cards and not cards[c].supply]
    if aside_named:
        raise GameError(f"{', '.join(aside_named)}: not in the Supply (`supply: false`), "
                        "never a kingdom pile; a card that gains it brings its pile")
    landscapes = tuple(cards[c] for c in kingdom if c in cards and
                       cards[c].landscape is not None)
    if landscapes:                               # beside the Supply, never a pile
        kingdom = [c for c in kingdom if c not in cards or cards[c].landscape is None]
    ids += [c for c in kingdom if c not in ids]
    members = {c: pid for pid, m in mixed.items() for c, _ in m.cards}
    contents = {pid: m.cards for pid, m in mixed.items()}    # (card id, copies) of each
    for cid in overrides:
        if cid not in cards and cid not in mixed:
            raise GameError(f"unknown card '{cid}' in supply")
        if cid in cards and cards[cid].landscape is not None:
            raise GameError(f"{cid} is a landscape ({cards[cid].landscape}): no pile, "
                            "never in the supply; list it in the kingdom")
        if cid in members and cid not in ids:     # a card of a mixed pile: its copies
            pid = members[cid]
            contents[pid] = tuple((c, overrides[cid] if c == cid else k)
                                  for c, k in contents[pid])
            cid = pid                             # and the pile is in the game
        if cid not in ids and (cid in mixed or cards[cid].supply):
            ids.append(cid)
            if cid in mixed and not mixed[cid].supply and cid not in beside:
                beside.append(cid)
    if beside:
        ids = [c for c in ids if c not in beside]
    piles = tuple((cid, cards[cid], overrides.get(cid, rules.pile_size(cards[cid], n)))
                  if cid in cards else _mixed_pile(cid, mixed[cid], contents[cid], cards, n,
                                                   overrides)
                  for cid in ids)
    mixed_slots = tuple((slot, tuple((cards[c], k) for c, k in contents[cid]),
                         mixed[cid].shuffled)
                        for slot, cid in enumerate(ids) if cid not in cards)
    starting = starting_deck(rules.starting_deck, set_rules)
    start = tuple(cards[cid] for cid, k in starting.items() for _ in range(k))
    defs = [d for _, d, _ in piles] + [d for _, kinds, _ in mixed_slots for d, _ in kinds]
    aside_mixed = tuple(_aside_mixed(c, mixed[c], contents[c], cards, n, overrides)
                        for c in beside)
    defs += [d for _, kinds, _, _, _ in aside_mixed for d, _ in kinds]
    aside = aside_piles(cards, defs + list(start) + list(landscapes),
                        {c: k for c, k in overrides.items() if c not in members})
    aside = tuple((cid, cards[cid], overrides.get(cid, rules.pile_size(cards[cid], n)))
                  for cid in aside)
    defs += [d for _, d, _ in aside]
    # an Event's effect may start triggers for the rest of the turn, change costs, forbid
    # buys or read the turn's history: heard as a card's are (it has no triggers, no pile)
    every = defs + list(start) + list(landscapes)
    return SetupPlan(
        piles=piles,
        listened=frozenset(t.on for d in every for t in d.triggers) |
        frozenset(e for d in every for e in d.turn_events),
        # (any card in the game: a Supply pile's, one beside it, a starting card's)
        supply_listeners=tuple((d, t) for d in _each_id(defs + list(start))
                               for t in d.triggers if t.where == "supply"),
        held_listeners=held_listeners(every),
        listen_zones=listen_zones(every),
        token_kinds=given_tokens(every),
        has_modifiers=any(d.changes_costs for d in every),
        setup_cards=tuple(d for d in defs if d.setup),
        pile_modifiers=tuple((d, m) for d in defs for m in d.modifiers
                             if m.where == "supply" and m.changes_cost),
        buy_limits=any(d.buy_if is not None or d.bans_buys for d in every),
        protection=any(d.protects for d in every),
        keeps_history=any(d.reads_history for d in every),
        end_slot=ids.index(rules.end_pile) if rules.end_pile in ids else None,
        more_end_slots=tuple(ids.index(c) for r in set_rules for c in r.end_piles
                             if c in ids and c != rules.end_pile),
        end_piles=rules.end_empty_piles[n],
        by_cost=tuple((cid, slot, d.cost.coins, d.cost.potion)
                      for slot, (cid, d, _) in enumerate(piles)),
        start=start,
        landscapes=landscapes,
        start_counts=tuple((cid, k) for cid, k in starting.items() if k),
        start_money=sum(d.plain_coins for d in start),
        start_actions=sum(d.is_action for d in start),
        buyable={},
        aside=aside,
        mixed=mixed_slots,
        aside_mixed=aside_mixed,
        named_by=pile_names(catalog, aside_mixed),
    )


def pile_names(catalog, aside_mixed: tuple) -> dict:
    """Card id -> the names that name it specifically, for each card of a `take: any`
    pile beside the Supply: its id, the pile's id, and each of its types that no card
    outside that pile has (the Prizes' `prize`, not `action` or `treasure`). A gain of a
    card by kind, cost or condition takes from the Supply only; it looks at such a pile
    only when its kind or condition gives one of these names (Tournament's `gain card
    where prize or duchy`), so `gain treasure` never offers a Prize."""
    out: dict = {}
    for pid, kinds, _, _, take_any in aside_mixed:
        if not take_any:
            continue
        ids = {d.id for d, _ in kinds}
        elsewhere = {t for cid, d in catalog.cards.items() if cid not in ids
                     for t in d.types}
        own = {t for d, _ in kinds for t in d.types} - elsewhere
        for d, _ in kinds:
            out[d.id] = frozenset({d.id, pid} | (set(d.types) & own))
    return out


def _each_id(defs: list) -> list:
    """The definitions, one per card id, in order."""
    seen: dict = {}
    for d in defs:
        seen.setdefault(d.id, d)
    return list(seen.values())


def _aside_mixed(pid: str, m, held: tuple, cards: dict, n: int, overrides: dict) -> tuple:
    """A mixed pile beside the Supply: (id, ((definition, copies), ...), shuffled, its
    size for n players or a scenario's, at most the cards it has (`held`: (card id,
    copies), a scenario's count of a card in place of the set's), take any)."""
    size = min(overrides.get(pid, m.size.get(n, 0)), sum(k for _, k in held))
    return pid, tuple((cards[c], k) for c, k in held), m.shuffled, size, m.take_any


def _mixed_pile(pid: str, m, held: tuple, cards: dict, n: int, overrides: dict) -> tuple:
    """(pile id, its first card's definition, its size) of a mixed pile: its size for n
    players (or a scenario's), at most the cards it has (`held`)."""
    size = overrides.get(pid, m.size.get(n, 0))
    return pid, cards[m.cards[0][0]], min(size, sum(k for _, k in held))


def aside_piles(cards: dict, defs: list, overrides: dict = {}) -> list:
    """The ids of the piles beside the Supply (cards with `supply: false`) a game of these
    cards has: each one a card of the game gains by name (`gain X`: in its play, a trigger,
    `on_gain`), and so on for what those cards gain; and any a scenario sizes."""
    out, todo = [], list(defs)
    while todo:
        d = todo.pop(0)
        for cid in sorted(d.gains_named):
            c = cards.get(cid)
            if c is not None and not c.supply and cid not in out:
                out.append(cid)
                todo.append(c)
    out += [cid for cid in overrides if cid in cards and not cards[cid].supply
            and cid not in out]
    return out


def starting_deck(deck: dict, set_rules: list) -> dict:
    """Card id -> copies in each player's starting deck: the rules', with what the set rules
    in force replace (every copy of a card taken out, one of each replacement put in)."""
    if not any(r.replace_starting for r in set_rules):
        return deck
    out = dict(deck)
    for r in set_rules:
        for cid, new in r.replace_starting:
            if out.pop(cid, 0):
                for c in new:
                    out[c] = out.get(c, 0) + 1
    return out


def held_listeners(defs, known: dict | None = None) -> dict:
    """Event kind -> ids of the cards of `defs` (and of `known`) whose abilities hear it
    while the card is in a hand or in play."""
    out = {kind: list(ids) for kind, ids in (known or {}).items()}
    for d in defs:
        for t in d.triggers:
            if (t.where in ("hand", "in_play") or t.where.endswith(" mat")) and \
                    d.id not in out.setdefault(t.on, []):
                out[t.on].append(d.id)
    return {kind: tuple(ids) for kind, ids in out.items()}


def given_tokens(defs) -> frozenset:
    """The kinds of tokens the cards' effects, triggers and setup steps give or take."""
    return frozenset(k for d in defs for k in token_kinds((d.on_play, d.triggers, d.setup)))


def listen_zones(defs, known: tuple = ("hand", "in_play")) -> tuple:
    """The zones of a player whose cards hear events: hand and play, and the mats some card
    of `defs` listens from (`where: tavern mat`)."""
    mats = sorted({t.where for d in defs for t in d.triggers if t.where.endswith(" mat")}
                  - set(known))
    return tuple(known) + tuple(mats)


def set_rules_in_force(catalog, kingdom: list, rng, with_rules=(), without_rules=()) -> tuple:
    """The ids of the set rules a game of `kingdom` is played with: those `with_rules`
    names (a rule's id or a card of its piles), never those `without_rules` names, and the
    others by their `when`: `always` when a card of the rule's set is in the kingdom;
    ("kingdom_has_type", T) when a card of the kingdom has type T; ("kingdom_has_card",
    ID) when the kingdom has that card;
    `kingdom_share` when every kingdom card is of its set, and with a mixed kingdom when one
    kingdom card picked at random is (a different card for each rule, as the rulebooks
    ask). The generator is drawn from only for a mixed kingdom; all else is worked out once
    per kingdom."""
    if not catalog.set_rules:
        return ()
    key = (id(catalog), tuple(kingdom), tuple(with_rules), tuple(without_rules))
    hit = _RULE_PLANS.get(key)
    if hit is None or hit[0] is not catalog:
        if len(_RULE_PLANS) >= _MAX_PLANS:
            _RULE_PLANS.clear()
        hit = _RULE_PLANS[key] = (catalog, _rules_by_kingdom(catalog, kingdom, with_rules,
                                                             without_rules))
    chosen, undecided, sets_dealt = hit[1]
    if not undecided:
        return chosen
    picks = rng.sample(range(len(sets_dealt)), min(len(undecided), len(sets_dealt)))
    drawn = [rid for i, rid in enumerate(undecided)
             if sets_dealt[picks[i % len(picks)]] == catalog.set_rules[rid].set]
    return tuple(sorted(chosen + tuple(drawn)))


_RULE_PLANS: dict = {}


def _rules_by_kingdom(catalog, kingdom, with_rules, without_rules) -> tuple:
    """(the rules in force whatever the draw, the rules a mixed kingdom draws for, the set
    of each kingdom card dealt) of a kingdom."""
    on, off = _named_rules(catalog, with_rules), _named_rules(catalog, without_rules)
    dealt = [c for c in kingdom if catalog.is_kingdom(c)]
    sets_dealt = tuple(catalog.face_of(c).set for c in dealt)
    chosen, undecided = [], []
    for rid, rule in catalog.set_rules.items():
        if rid in off:
            continue
        when = rule.when
        if when.__class__ is tuple:              # a condition on the kingdom, no draw
            if rid in on or kingdom_meets(catalog, when, kingdom):
                chosen.append(rid)
            continue
        own = sets_dealt.count(rule.set)
        if rid in on or rule.when == "always" and own or \
                rule.when == "kingdom_share" and dealt and own == len(dealt):
            chosen.append(rid)
        elif rule.when == "kingdom_share" and own:
            undecided.append(rid)
    return tuple(sorted(chosen)), tuple(undecided), sets_dealt


def kingdom_meets(catalog, when: tuple, kingdom) -> bool:
    """Whether a kingdom meets a rule's condition: ("kingdom_has_type", T), a card of it
    has type T; ("kingdom_has_card", ID), it has that card (or kingdom pile)."""
    if when[0] == "kingdom_has_card":
        return when[1] in kingdom
    return any(when[1] in d.types for c in kingdom for d in catalog.defs_of(c))


def _named_rules(catalog, names) -> set:
    out = set()
    for name in names:
        hits = {rid for rid, r in catalog.set_rules.items()
                if name == rid or name in r.piles or name in r.end_piles or
                any(name in new for _, new in r.replace_starting)}
        if not hits:
            known = ", ".join(f"{rid} ({', '.join(r.piles)})" if r.piles else rid
                              for rid, r in sorted(catalog.set_rules.items())) or "none"
            raise GameError(f"no set rule is named or adds '{name}' (set rules: {known})")
        out |= hits
    return out
