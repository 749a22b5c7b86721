"""Whole turns and whole games driven by agents (bots, a human): which Action to play, which
Treasures, what to buy. Scenarios drive the engine step by step instead. An agent that
`answers_directly` (a bot) is asked these by a method call, with no Decision made: a
question it always answers and that nobody records needs no object."""
from __future__ import annotations

from interpreter.core.decisions import Decision

MAX_TURNS = 400       # a game of bots that stalls is stopped here (bounded work)


def play_turn(game, observer=None) -> None:
    """One turn of the player whose turn it is: plain_turn, or spending_turn in a game in
    which a player got tokens he may spend."""
    game.turn_loop(game, observer)


def plain_turn(game, observer=None) -> None:
    """One turn of the player whose turn it is; `observer.buy_phase(game)` is called when
    the buy phase starts (interpreter/runs/stats.py)."""
    t = game.turn
    p = t.player
    pl = game.players[p]
    hand = pl.hand
    agent = game.agents[t.controller]
    direct = getattr(agent, "answers_directly", False)    # a bot: no Decision to make
    while t.actions > 0 and t.phase == "action" and pl.holdings.actions:
        actions = [c for c in hand.cards if c.d.is_action]
        if not actions:
            break
        if direct:
            card = agent.action_to_play(game, t.controller, actions)
        else:
            choice = game.decide(Decision(p, "cards", "play_action", "play an Action card",
                                          tuple(actions), 0, 1))
            card = choice[0] if choice else None
        if card is None:
            break
        game.play_from_hand(p, card)
        if game.over:
            return
    if getattr(agent, "plays_all_treasures", False):
        game.play_all_treasures(p)       # the agent's standing answer: all, in hand order
    else:
        treasures = tuple([c for c in hand.cards if c.d.is_treasure])
        if treasures:
            game.play_treasures(p, agent.treasures_to_play(game, t.controller, treasures)
                                if direct else
                                game.decide(Decision(p, "cards", "play_treasures",
                                                     "play Treasures", treasures, 0,
                                                     len(treasures))))
    t.phase = "buy"
    if observer is not None:
        observer.buy_phase(game)
    while t.buys > 0:
        options = game.buyable()
        if not options:
            break
        cid = agent.buy_choice(game, t.controller, options) if direct else \
            game.decide(Decision(p, "pile", "buy", "buy a card", options, 0, 1))
        if cid is None:
            break
        game.buy(p, cid)
    game.end_turn()


def spending_turn(game, observer=None) -> None:
    """plain_turn in a game in which a player got tokens he may spend (Game.add_tokens
    installs it): out of Actions, tokens that give more (Villagers); in the Buy phase,
    before the first buy, tokens that give coins (Coffers); `observer.buy_phase(game)`
    after those."""
    t = game.turn
    p = t.player
    pl = game.players[p]
    hand = pl.hand
    agent = game.agents[t.controller]
    direct = getattr(agent, "answers_directly", False)    # a bot: no Decision to make
    while True:
        while t.actions > 0 and t.phase == "action" and pl.holdings.actions:
            actions = [c for c in hand.cards if c.d.is_action]
            if not actions:
                break
            if direct:
                card = agent.action_to_play(game, t.controller, actions)
            else:
                choice = game.decide(Decision(p, "cards", "play_action",
                                              "play an Action card", tuple(actions), 0, 1))
                card = choice[0] if choice else None
            if card is None:
                break
            game.play_from_hand(p, card)
            if game.over:
                return
        # out of Actions with tokens (Villagers) that give more: spent, the loop goes on
        if not pl.tokens or t.actions > 0 or t.phase != "action" or \
                not spend_for_actions(game, agent, direct, p):
            break
    if getattr(agent, "plays_all_treasures", False):
        game.play_all_treasures(p)       # the agent's standing answer: all, in hand order
    else:
        treasures = tuple([c for c in hand.cards if c.d.is_treasure])
        if treasures:
            game.play_treasures(p, agent.treasures_to_play(game, t.controller, treasures)
                                if direct else
                                game.decide(Decision(p, "cards", "play_treasures",
                                                     "play Treasures", treasures, 0,
                                                     len(treasures))))
    t.phase = "buy"
    if pl.tokens:                 # he holds tokens: some he may spend before buying?
        spend_before_buying(game, agent, direct, p)
    if observer is not None:
        observer.buy_phase(game)
    while t.buys > 0:
        options = game.buyable()
        if not options:
            break
        cid = agent.buy_choice(game, t.controller, options) if direct else \
            game.decide(Decision(p, "pile", "buy", "buy a card", options, 0, 1))
        if cid is None:
            break
        game.buy(p, cid)
    game.end_turn()


def buy_phase_kinds(game) -> tuple:
    """(kind, spend rule) of the token kinds spent in the Buy phase, worked out once per
    game (none in most games)."""
    kinds = game.__dict__.get("_buy_phase_kinds")
    if kinds is None:
        kinds = game._buy_phase_kinds = tuple(
            (k, r) for k, r in sorted(spendable_kinds(game).items()) if r.phase == "buy")
    return kinds


def spendable_kinds(game) -> dict:
    """Token kind -> spend rule of the kinds players may spend, once per game (empty in
    most games)."""
    kinds = game.__dict__.get("_spendable")
    if kinds is None:
        spendable = getattr(game.catalog, "spendable", None)
        kinds = game._spendable = spendable() if spendable is not None else {}
    return kinds


def spend_for_actions(game, agent, direct: bool, p: int) -> bool:
    """Out of Actions, with Action cards in hand: tokens of a kind spent in the Action
    phase (a `spend: {phase: action}` rule: Villagers), if the agent says so (asked as
    spend_before_buying asks). Whether any were spent."""
    held = game.players[p].tokens
    if not any(c.d.is_action for c in game.players[p].hand.cards):
        return False
    for kind, rule in sorted(spendable_kinds(game).items()):
        have = held.get(kind, 0)
        if rule.phase != "action" or not have:
            continue
        if _ask_spend(game, agent, direct, p, kind, have):
            return True
    return False


def _ask_spend(game, agent, direct: bool, p: int, kind: str, have: int) -> int:
    """Ask the agent how many of his `have` tokens of `kind` to spend (no more than his
    coins pay for, of a kind that costs coins: Debt), and spend them."""
    t = game.turn
    pays = spendable_kinds(game)[kind].pays
    if pays:
        have = min(have, t.coins // pays)
        if have <= 0:
            return 0
    if direct:
        n = agent.tokens_to_spend(game, t.controller, kind, have)
    else:
        n = game.decide(Decision(p, "amount", "spend", f"spend {kind} tokens", (0, have), 0,
                                 have, source=kind))
    if n:
        game.spend(p, kind, n)
    return n


def spend_before_buying(game, agent, direct: bool, p: int) -> None:
    """Tokens of a kind spent in the Buy phase (a set's `spend:` rule: Coffers), spent
    before the first buy if the agent says so: a bot by `tokens_to_spend(game, decider,
    kind, held)`, anyone else by an `amount` decision (purpose `spend`, the kind as its
    source), so that records replay it. No kind declared spendable: nothing is asked."""
    t = game.turn
    held = game.players[p].tokens
    for kind, _ in buy_phase_kinds(game):
        have = held.get(kind, 0)
        if have and t.buys > 0:
            _ask_spend(game, agent, direct, p, kind, have)


def play_game(game, check_invariants: bool = False, observer=None,
              max_turns: int = MAX_TURNS) -> bool:
    """Play to the end; returns False if the turn limit stopped it. An `observer` (a
    stats.GameWatch) hears of the buy phase and of each turn's end."""
    turns = 0
    while not game.over:
        t = game.turn
        game.turn_loop(game, observer)           # play_turn, without its call
        if observer is not None:
            observer.turn_end(game, t)
        if check_invariants:
            game.check_invariants()
        turns += 1
        if turns >= max_turns:
            return False
    return True
