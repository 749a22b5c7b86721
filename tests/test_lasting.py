"""Issue 31 C: exchanging a card (Travellers), abilities for the rest of the game and until
the next turn, off-turn bonuses, listeners on the Supply from piles beside it: what the
scenarios in tests/scenarios/language cannot reach (log lines, the kingdom compiler's
reasons, lint, random games with invariants, bots)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.language.fansets import open_sets
from dsl.lint.checks import lint
from interpreter.bots.agents import ScriptedAgent
from interpreter.compiled.runner import compiled_run
from interpreter.compiled.scope import Unsupported
from interpreter.core.state import TurnState
from interpreter.engine.game import Game
from interpreter.runs.fuzz import fuzz_game
from interpreter.runs.simulation import run_games

ROOT = Path(__file__).resolve().parent.parent
FANS = ["pilgrim_cart", "wayfarer", "road_warden", "night_watchman", "standard_bearer",
        "bog_witch", "road_guard"]
FAN = open_sets([ROOT / f"tests/fixtures/fan/{c}.yaml" for c in FANS]).catalog
KINGDOM = ["pilgrim_cart", "night_watchman", "standard_bearer", "bog_witch", "road_guard",
           "militia", "moat", "village", "smithy", "throne_room"]


def test_piles_a_card_exchanges_for_join_the_game_in_chains():
    g = Game(FAN, ["pilgrim_cart"] + KINGDOM[5:], 2, [ScriptedAgent("p1", []),
                                                      ScriptedAgent("p2", [])], log=False)
    assert {"wayfarer", "road_warden"} <= set(g.aside)


def test_the_log_says_every_exchange_and_lasting_ability():
    agents = [ScriptedAgent("p1", ["yes"]), ScriptedAgent("p2", [])]
    g = Game(FAN, KINGDOM, 2, agents, deal=False)
    g.start_turn(TurnState(0, 0))
    cart = g.new_card("pilgrim_cart", g.players[0].hand, 0)
    watch = g.new_card("night_watchman", g.players[0].hand, 0)
    g.turn.actions = 2
    g.play_from_hand(0, cart)
    g.play_from_hand(0, watch)
    g.end_turn()
    assert "p1's night_watchman lasts for the rest of the game" in g.log
    assert "p1 exchanges pilgrim_cart for wayfarer" in g.log


@pytest.mark.parametrize("card, words", [
    ("night_watchman", "starts an ability beyond its turn"),
    ("bog_witch", "starts an ability beyond its turn"),
    ("pilgrim_cart", "hears events from the Supply"),     # Road Warden's pile, first
])
def test_the_compiler_names_what_it_leaves_to_the_generic_engine(card, words):
    kingdom = [card] + ["village", "smithy", "market", "festival", "laboratory", "cellar",
                        "council_room", "moneylender", "witch"]
    with pytest.raises(Unsupported, match=words):
        compiled_run(FAN, kingdom, ["random", "random"])


def test_the_compiler_names_an_exchange():
    from interpreter.compiled.scope import _language_checks
    with pytest.raises(Unsupported, match="exchanges a card for another"):
        _language_checks(FAN.cards["pilgrim_cart"])


def test_who_on_a_supply_trigger_is_refused_where_no_owner_exists(tmp_path):
    p = tmp_path / "c.yaml"
    p.write_text("id: fan_x\nset: fan\ncost: 3\ntypes: [action]\nnames: {en: X}\n"
                 "on_play: '+1 card'\ntriggers:\n  - on: buy\n    who: other\n"
                 "    where: supply\n    effect: '+1 vp token'\n", encoding="utf-8")
    got = [d for d in lint([str(p)]) if d.severity == "error"]
    assert [(d.code, d.line) for d in got] == [("E002", 9)]
    assert "a pile has no owner" in got[0].message


def test_random_games_with_every_construct_keep_the_invariants():
    for seed in range(8):
        finished, g = fuzz_game(FAN, KINGDOM, seed)
        g.check_invariants()


def test_bots_play_the_fan_kingdom():
    results = run_games(FAN, KINGDOM, ["bm", "bm"], 4, 1, check_invariants=True)
    assert sum(b.wins for b in results.bots) >= 1


def test_a_bot_exchanges_a_traveller_for_a_better_card():
    from dsl.language.strategy import find_strategy
    from interpreter.bots.agents import Bot
    bots = [Bot(find_strategy("bm", FAN)), Bot(find_strategy("bm", FAN))]
    g = Game(FAN, KINGDOM, 2, bots, deal=False)
    g.start_turn(TurnState(0, 0))
    cart = g.new_card("pilgrim_cart", g.players[0].hand, 0)
    g.play_from_hand(0, cart)
    g.end_turn()
    assert "p1 exchanges pilgrim_cart for wayfarer" in g.log


def test_off_turn_plays_are_not_the_turn_players_plays():
    agents = [ScriptedAgent("p1", []), ScriptedAgent("p2", ["yes", []])]
    g = Game(FAN, KINGDOM, 2, agents, deal=False)
    g.start_turn(TurnState(0, 0))
    militia = g.new_card("militia", g.players[0].hand, 0)
    g.new_card("road_guard", g.players[1].hand, 1)
    g.play_from_hand(0, militia)
    assert [c.id for c in g.turn.played] == ["militia"]
    assert g.turn.actions == 0 and g.players[1].off_turn == {"actions": 1}


@pytest.mark.parametrize("program, code, words", [
    ("exchange this for silvr", "E004", "unknown card type or card id 'silvr'"),
    ("exchange this for action", "E005", "takes a card id"),
    ("exchange 3 for silver", "E005", "'exchange' needs a cards"),
])
def test_lint_checks_an_exchange(tmp_path, program, code, words):
    p = tmp_path / "c.yaml"
    p.write_text("id: fan_x\nset: fan\ncost: 3\ntypes: [action]\nnames: {en: X}\n"
                 f"on_play: '{program}'\n", encoding="utf-8")
    got = [d for d in lint([str(p)]) if d.severity == "error"]
    assert any(d.code == code and words in d.message for d in got), \
        [d.format() for d in got]
