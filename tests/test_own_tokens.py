"""A player's own tokens (set.yaml `tokens: [{on_pile | next | two_sided}]`) and Inheritance:
what the scenarios in tests/scenarios/language cannot reach (the set file's checks, log
lines, bots, the kingdom compiler's reasons, random games with the invariants, a scenario
setup error, the flag that keeps other games free of it)."""
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
from interpreter.runs.scenario import run_file
from interpreter.runs.simulation import run_games

ROOT = Path(__file__).resolve().parent.parent
FAN_DIR = ROOT / "tests/fixtures/ptokens_fan"
FAN = open_sets([FAN_DIR]).catalog
KINGDOM = ["signpost", "tutor", "ferryman", "raider", "toll_bridge", "wayfarer", "heirloom",
           "village", "smithy", "market"]


def game_with(answers=(), kingdom=("signpost", "village", "smithy")) -> Game:
    agents = [ScriptedAgent("p1", list(answers)), ScriptedAgent("p2", [])]
    g = Game(FAN, list(kingdom), 2, agents, deal=False)
    g.start_turn(TurnState(0, 0))
    return g


def test_the_set_declares_own_kinds_with_their_rules():
    kinds = FAN.token_kinds
    assert kinds["fan_card"].own and kinds["fan_card"].on_pile.on_play
    assert kinds["fan_cost"].on_pile.cost == -2
    assert kinds["fan_trash"].on_pile.on_buy
    assert kinds["fan_minus_card"].next == ("draw", -1)
    assert kinds["fan_minus_coin"].next == ("coins", -1)
    assert kinds["fan_journey"].two_sided and not kinds["fan_journey"].next


def test_fan_set_lints_clean():
    assert [d.format() for d in lint([str(FAN_DIR)])] == []


def test_an_own_token_kind_declared_twice_is_an_error(tmp_path):
    folder = tmp_path / "twice"
    (folder / "cards").mkdir(parents=True)
    (folder / "set.yaml").write_text(
        "id: twice\nnames: {en: Twice}\ntokens:\n"
        "  - {id: fan_card, names: {en: X}, on_pile: {on_play: \"+1 card\"}}\n",
        encoding="utf-8")
    diags = [d for d in lint([str(FAN_DIR), str(folder)]) if d.severity == "error"]
    assert any(d.code == "E006" and "already a player's own token" in d.message
               for d in diags), [d.format() for d in diags]


def test_a_bad_effect_in_a_token_rule_has_a_position(tmp_path):
    folder = tmp_path / "bad"
    (folder / "cards").mkdir(parents=True)
    (folder / "set.yaml").write_text(
        "id: bad\nnames: {en: Bad}\ntokens:\n"
        "  - {id: zap, names: {en: Zap}, on_pile: {on_play: \"+1 crad\"}}\n",
        encoding="utf-8")
    diags = [d for d in lint([str(folder)]) if d.severity == "error"]
    assert diags and all(d.line == 4 for d in diags), [d.format() for d in diags]


def test_unknown_token_kind_in_a_statement_is_reported(tmp_path):
    p = tmp_path / "c.yaml"
    p.write_text("id: c\nset: ptokens_fan\ncost: 2\ntypes: [action]\nnames: {en: C}\n"
                 "text: {en: x}\non_play: |\n  move your fan_crad token to a pile\n",
                 encoding="utf-8")
    diags = [d for d in lint([str(FAN_DIR), str(p)]) if d.severity == "error"]
    assert any(d.code == "E004" and "fan_crad" in d.message for d in diags)


def test_moves_and_places_are_logged_and_every_token_is_in_one_place():
    g = game_with()
    assert g.place_token(0, "fan_card", "village") and g.token_place(0, "fan_card") == "village"
    assert not g.place_token(0, "fan_card", "village")          # already there: nothing
    assert g.place_token(0, "fan_card", "smithy") and g.own_tokens_on(0, "village") == 0
    assert g.place_token(1, "fan_minus_card", "deck")
    assert not g.place_token(1, "fan_minus_card", "deck")
    assert g.turn_token(0, "fan_journey") and not g.face_up(0, "fan_journey")
    assert "p1 moves his fan_card token to the smithy pile" in g.log
    assert "p2 puts his fan_minus_card token on his deck" in g.log
    assert "p1 turns his fan_journey token face down" in g.log
    g.check_invariants()
    g.own_places[(0, "fan_card")] = "nowhere_pile"
    with pytest.raises(AssertionError, match="fan_card token"):
        g.check_invariants()


def test_the_draw_hook_is_there_only_while_a_draw_token_is_out():
    g = game_with()
    assert "draw" not in g.__dict__
    g.place_token(0, "fan_minus_card", "deck")
    assert "draw" in g.__dict__
    g.place_token(0, "fan_minus_card", None)
    assert "draw" not in g.__dict__


def test_a_game_without_own_tokens_has_none_of_the_hooks():
    g = Game(FAN, ["village", "smithy", "market"], 2,
             [ScriptedAgent("p1", []), ScriptedAgent("p2", [])])
    assert g.own_places is None and g.own_costs is None and g.next_coins == 0
    assert g.inherited is None and "draw" not in g.__dict__ and "move" not in g.__dict__


def test_inheritance_retallies_and_passes_back(tmp_path):
    g = game_with(kingdom=("heirloom", "village"))
    estate = g.new_card("estate", g.players[0].hand, 0)
    other = g.new_card("estate", g.players[1].hand, 1)
    assert g.inherit(0, "estate", "village")
    assert estate.d.is_action and "victory" in estate.d.types and estate.d.id == "estate"
    assert not other.d.is_action
    g.check_invariants()
    g.move(estate, g.players[1].discard)            # given to another player: plain again
    assert not estate.d.is_action
    g.move(other, g.players[0].discard)             # and his becomes the inheriting one
    assert other.d.is_action
    g.check_invariants()


def test_the_compiler_names_what_it_leaves_to_the_generic_engine():
    for card, words in (("signpost", "own fan_card token"), ("heirloom", "inherit"),
                        ("wayfarer", "own fan_journey token")):
        with pytest.raises(Unsupported, match=words):
            compiled_run(FAN, [card, "village", "smithy", "market"], ["random", "random"])


def test_bots_put_their_token_on_the_action_pile_they_own_most():
    from dsl.language.strategy import find_strategy
    from interpreter.bots.agents import Bot
    g = Game(FAN, ["signpost", "village", "smithy"], 2,
             [Bot(find_strategy("bm", FAN)), Bot(find_strategy("bm", FAN))], deal=False)
    g.start_turn(TurnState(0, 0))
    for _ in range(2):
        g.new_card("smithy", g.players[0].discard, 0)
    card = g.new_card("signpost", g.players[0].hand, 0)
    g.play_from_hand(0, card)
    assert g.token_place(0, "fan_card") == "smithy"


def test_bots_and_random_bots_play_the_fan_kingdom():
    results = run_games(FAN, KINGDOM, ["bm:signpost", "bm:heirloom"], 4, 1,
                        check_invariants=True)
    assert sum(b.wins for b in results.bots) >= 1
    for seed in range(8):
        _, g = fuzz_game(FAN, KINGDOM, seed)
        g.check_invariants()


def test_a_scenario_setup_of_a_kind_that_is_no_own_token_fails_with_a_position(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text(f"name: x\ncards: [{FAN_DIR}]\nkingdom: [signpost]\n"
                 "setup:\n  p1: {own_tokens: {embargo: deck}}\n", encoding="utf-8")
    message = "\n".join(run_file(p).failures)
    assert "'embargo' is not a player's own token kind" in message and "internal" not in \
        message, message


def test_the_terminal_shows_where_the_players_own_tokens_are():
    import io
    from interpreter.bots.human import HumanAgent
    from interpreter.core.decisions import Decision
    out = io.StringIO()
    human = HumanAgent(0, inp=io.StringIO(""), out=out, catalog=FAN)
    g = Game(FAN, ["signpost", "village", "smithy"], 2, [human, ScriptedAgent("p2", [])])
    g.place_token(0, "fan_card", "village")
    g.place_token(0, "fan_minus_card", "deck")
    g.turn_token(0, "fan_journey")
    human.show_state(g, Decision(0, "cards", "play", "play", (), 0, 1))
    assert "+1 Card on Village, -1 Card on your deck, Journey face down" in out.getvalue()
