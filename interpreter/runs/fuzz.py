"""Random-bot games of every recommended kingdom, checking after every decision and every
turn that each card is in exactly one place (used by the tests and tools/fuzz.py)."""
from __future__ import annotations

import random

from interpreter.bots.agents import RandomBot
from interpreter.engine.game import Game
from interpreter.engine.turns import play_game


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
    finished = play_game(game, check_invariants=True, max_turns=200 * players)
    return finished, game
