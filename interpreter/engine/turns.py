"""Whole turns and whole games driven by agents (bots, a human): which Action to play, which
Treasures, what to buy. Scenarios drive the engine step by step instead. An agent that
`answers_directly` (a bot) is asked these by a method call, with no Decision made: a
question it always answers and that nobody records needs no object."""
from __future__ import annotations

from interpreter.core.decisions import Decision

MAX_TURNS = 400       # a game of bots that stalls is stopped here (bounded work)


def play_turn(game, observer=None) -> None:
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


def play_game(game, check_invariants: bool = False, observer=None,
              max_turns: int = MAX_TURNS) -> bool:
    """Play to the end; returns False if the turn limit stopped it. An `observer` (a
    stats.GameWatch) hears of the buy phase and of each turn's end."""
    turns = 0
    while not game.over:
        t = game.turn
        play_turn(game, observer)
        if observer is not None:
            observer.turn_end(game, t)
        if check_invariants:
            game.check_invariants()
        turns += 1
        if turns >= max_turns:
            return False
    return True
