"""The kingdom compiler follows a strategy's `play` and `choose` answer rules (a `buy` rule
is never asked in a game), a card that trashes itself and repeats a gain, a revealed
Treasure chosen to trash (by the attacker or by its owner) and coin tokens: the balance
runs against bm:treasure_map and bm:pirate_ship, and a fan set's cards and strategies, play
the generic engine's games; the answer rules it does not follow are refused, saying why."""
from __future__ import annotations

import pytest

from interpreter.compiled.runner import compiled_run
from interpreter.compiled.scope import Unsupported
from test_compiled import CATALOG, FAN, balance_runs, compared, compiled_balance_runs

FAN_ANSWERS = ["twin_charts", "privateer", "coin_purse", "tax_collector", "town_crier",
               "manor", "village", "smithy", "market", "festival"]
PLUNDER = ["treasure_map", "pirate_ship", "village", "smithy", "market", "festival",
           "laboratory", "woodcutter", "witch", "council_room"]


def test_the_balance_runs_against_treasure_map_and_pirate_ship():
    """Treasure Map played only with a second one in hand, trashing both for four Golds on
    the deck; Pirate Ship's choice by its rules, the attacker's pick of the Treasure each
    victim trashes, and its coin tokens; no game left to the generic engine midway."""
    for rival in ("treasure_map", "pirate_ship"):
        # Treasure Map's ten kingdoms: one has Duchess (heard from the Supply), played generic
        assert compiled_balance_runs(rival, 40) == (9 if rival == "treasure_map" else 10)
        for r in balance_runs(rival):
            if "duchess" not in r.kingdom:
                assert compiled_run(CATALOG, r.kingdom, r.bots, r.rule_choice).replayed == 0


def test_a_fan_sets_play_and_choose_rules_tokens_and_its_victims_own_pick():
    """A fan card that trashes itself with a second copy (its strategy's `play` rule), and
    a fan attack whose victims each pick the Treasure they trash, with coin tokens spent
    by the `choose` rules; with random bots too, and the shipped cards in a kingdom of
    random bots."""
    for bots in (["bm:twin_charts", "bm:privateer"], ["random", "random"],
                 ["bm:privateer", "random", "bm:twin_charts"], ["bm:privateer", "bm", "bm"]):
        assert compared(FAN, FAN_ANSWERS, bots, 60)
    for bots in (["random", "random"], ["random", "bm:pirate_ship", "bm:treasure_map"],
                 ["bm:pirate_ship", "bm:treasure_map", "bm:witch"], ["random"] * 4):
        assert compared(CATALOG, PLUNDER, bots, 40)


def test_answer_rules_it_does_not_follow_are_refused_with_the_reason(tmp_path):
    """A rule key other than play, choose and buy; `choose` rules that may name no option
    (the defaults' ranking, a weighing, would decide); a condition on the card asking."""
    def strategy(name: str, answers: str) -> str:
        path = tmp_path / f"{name}.yaml"
        path.write_text(f"name: {name}\nbuy: [privateer, silver]\nanswers:\n  privateer:\n"
                        f"{answers}")
        return str(path)
    trash = strategy("picky", "    trash: [copper]\n")
    with pytest.raises(Unsupported, match="its `trash` answers for privateer"):
        compiled_run(FAN, FAN_ANSWERS, [trash, "bm"])
    maybe = strategy("unsure", "    choose: ['option 2 if tokens(coin) > 1']\n")
    with pytest.raises(Unsupported, match="may name no option"):
        compiled_run(FAN, FAN_ANSWERS, [maybe, "bm"])
    this = strategy("itself", "    play: ['no if count(hand where this) > 1']\n")
    with pytest.raises(Unsupported, match="its `play` answers for privateer read `this`"):
        compiled_run(FAN, FAN_ANSWERS, [this, "bm"])
