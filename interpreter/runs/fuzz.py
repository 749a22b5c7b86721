"""Random-bot games of every recommended kingdom, checking after every decision and every
turn that each card is in exactly one place (used by the tests and tools/fuzz.py)."""
from __future__ import annotations

import random

from interpreter.bots.agents import RandomBot
from interpreter.engine.game import Game, GameError
from interpreter.engine.turns import play_game, play_turn


class CheckingAgent:
    """Checks the invariants each time a decision is asked, then lets the agent answer."""

    def __init__(self, agent):
        self.agent = agent

    def decide(self, game, decision):
        game.check_invariants()
        return self.agent.decide(game, decision)


def fuzz_game(catalog, kingdom: list[str], seed: int) -> tuple[bool, Game]:
    """One seeded game of 2 to 6 random bots; returns (finished, game)."""
    rng = random.Random(seed)
    players = 2 + seed % (catalog.rules.max_players - 1)
    agents = [CheckingAgent(RandomBot(random.Random(rng.getrandbits(64))))
              for _ in range(players)]
    game = Game(catalog, kingdom, players, agents, seed=seed, log=False)
    # random bots of 5 or 6 players with a set rule's piles may need more than 400 turns in
    # all (a stall is still stopped)
    if catalog.spendable():      # tokens players spend: spent at random too
        return _play_spending(game, random.Random(rng.getrandbits(64)), 200 * players), game
    finished = play_game(game, check_invariants=True, max_turns=200 * players)
    return finished, game


def _play_spending(game, rng, max_turns: int) -> bool:
    """play_game's turns, each begun by spending a random number of each kind of token the
    player may spend (a spend the rules refuse now is not made): the invariants then also
    see spent tokens (never fewer than none)."""
    for _ in range(max_turns):
        if game.over:
            return True
        p = game.turn.player
        for kind in game.catalog.spendable():
            have = game.players[p].tokens.get(kind, 0)
            if have and rng.random() < 0.5:
                try:
                    game.spend(p, kind, rng.randint(1, have))
                except GameError:
                    pass
        game.check_invariants()
        play_turn(game)
        game.check_invariants()
    return game.over
