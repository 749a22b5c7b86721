"""Player tokens players spend (set.yaml `spend:`), amounts, `overpay` and `pay`: what the
scenarios in tests/scenarios/language cannot reach (log lines, decisions, bots, the kingdom
compiler's reasons, random games)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from dsl.language.fansets import open_sets
from interpreter.bots.agents import Bot, RandomBot, ScriptedAgent
from interpreter.compiled.runner import compiled_run
from interpreter.compiled.scope import Unsupported
from interpreter.core.decisions import Decision, IllegalAnswer
from interpreter.core.state import TurnState
from interpreter.engine.game import Game, GameError
from interpreter.runs.fuzz import fuzz_game
from interpreter.runs.simulation import run_games

ROOT = Path(__file__).resolve().parent.parent
FAN = open_sets([ROOT / "tests/fixtures/token_fan"]).catalog
KINGDOM = ["chip_press", "gilded_statue", "pawnshop", "toll_gate", "crown_jewel", "census",
           "charter_house", "village", "smithy", "market"]


def game_with(answers=(), kingdom=("gilded_statue",), **turn) -> Game:
    agents = [ScriptedAgent("p1", list(answers)), ScriptedAgent("p2", [])]
    g = Game(FAN, list(kingdom), 2, agents, deal=False)
    g.start_turn(TurnState(0, 0))
    for k, v in turn.items():
        setattr(g.turn, k, v)
    return g


def test_the_set_declares_kinds_with_spend_rules():
    kinds = FAN.token_kinds
    assert kinds["chips"].spend.phase == "buy" and kinds["chips"].spend.before_buying
    assert kinds["chips"].spend.coins_each == 1
    assert kinds["loans"].spend.pays == 1 and kinds["loans"].spend.coins_each == -1
    assert kinds["coin"].spend is None                 # Seaside's: never spent
    assert set(FAN.spendable()) == {"chips", "helpers", "loans"}
    assert set(open_sets().catalog.spendable()) <= {"coffers", "villagers", "debt"}


def test_spend_logs_and_gives_per_token():
    g = game_with()
    g.players[0].tokens["chips"] = 3
    g.spend(0, "chips", 2)
    assert g.turn.coins == 2 and g.turn.phase == "buy"
    assert "p1 spends 2 chips" in g.log
    g.add_tokens(0, "chips", 1)
    assert "p1 takes 1 chips token(s)" in g.log


@pytest.mark.parametrize("setup, call, words", [
    ({}, lambda g: g.spend(1, "chips", 1), "only the player whose turn it is"),
    ({"phase": "cleanup"}, lambda g: g.spend(0, "chips", 1), "spent in the buy phase"),
    ({"phase": "buy"}, lambda g: g.spend(0, "helpers", 1), "spent in the action phase"),
    ({}, lambda g: g.spend(0, "chips", True), "spend at least 1"),
])
def test_spend_rules_are_game_errors(setup, call, words):
    g = game_with(**setup)
    for p in (0, 1):
        g.players[p].tokens.update(chips=2, helpers=2)
    with pytest.raises(GameError, match=words):
        call(g)
    assert g.players[0].tokens == {"chips": 2, "helpers": 2}


def test_an_amount_decision():
    d = Decision(0, "amount", "overpay", "overpay", (0, 3), 0, 3)
    assert d.distinct_answers() == 2 and d.check(3) == 3
    for bad in (4, -1, True, "2", None):
        with pytest.raises(IllegalAnswer):
            d.check(bad)
    one = Decision(0, "amount", "pay", "pay", (2, 2), 2, 2)
    assert one.distinct_answers() == 1 and one.only_answer() == 2
    assert d.only_answer() == 0                    # the built-in bots' answer: the lowest


def test_overpay_logs_the_tokens_it_spends():
    g = game_with([{"amount": 3}], coins=4)
    g.players[0].tokens["chips"] = 2
    g.buy(0, "gilded_statue")
    assert g.turn.coins == 0 and g.players[0].tokens["chips"] == 0
    assert [x for x in g.log if "spends" in x or "overpays" in x] == \
        ["p1 spends 2 chips", "p1 overpays $3"]
    assert [c.id for c in g.players[0].discard.cards].count("silver") == 3


def test_strategy_facts_still_read_the_turns_counters():
    from interpreter.effects.expressions import Frame, compiled_for_strategy
    from dsl.language.parser import parse_expr
    g = game_with(coins=5, actions=2)
    cond = compiled_for_strategy(parse_expr("coins >= 5 and actions = 2 and buys = 1"))
    assert cond(g, Frame(0, 0)) and not cond(g, Frame(1, 1))


def test_the_compiler_names_what_it_leaves_to_the_generic_engine():
    for card, words in (("gilded_statue", "overpays"), ("pawnshop", "pays tokens"),
                        ("crown_jewel", "turn's counter 'actions'"),
                        ("chip_press", "chips tokens, which players spend"),
                        ("charter_house", "setup")):
        kingdom = [card] + [c for c in KINGDOM[7:]]
        with pytest.raises(Unsupported, match=words):
            compiled_run(FAN, kingdom, ["random", "random"])


def test_bots_and_random_bots_play_the_fan_kingdom():
    results = run_games(FAN, KINGDOM, ["bm", "bm"], 6, 1, check_invariants=True)
    assert sum(b.wins for b in results.bots) >= 1
    for seed in range(6):
        finished, g = fuzz_game(FAN, KINGDOM, seed)
        g.check_invariants()


def test_random_bots_answer_amounts_in_range():
    bot = RandomBot(random.Random(3))
    d = Decision(0, "amount", "pay", "pay", (1, 4), 1, 4)
    assert {bot.decide(None, d) for _ in range(50)} == {1, 2, 3, 4}
    from dsl.language.strategy import find_strategy
    assert Bot(find_strategy("bm", FAN)).decide(None, d) == 1        # the lowest


def test_random_games_spend_tokens_and_never_go_below_none():
    spent = 0
    for seed in range(8):
        finished, g = fuzz_game(FAN, KINGDOM, seed)
        spent += sum(1 for line in g.log if " spends " in line)
        assert all(n >= 0 for pl in g.players for n in pl.tokens.values())
    assert spent == 0                          # fuzz games keep no log: counted below
    g = Game(FAN, KINGDOM, 2, [RandomBot(random.Random(1)), RandomBot(random.Random(2))],
             seed=5)
    from interpreter.runs.fuzz import _play_spending
    _play_spending(g, random.Random(3), 60)
    assert any(" spends " in line for line in g.log)
