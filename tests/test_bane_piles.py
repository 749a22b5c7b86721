"""Piles a set rule brings by a kingdom card (issue 30, the fan set tests/fixtures/bane_fan):
an added kingdom pile drawn by the game's seed and marked with a type (`kingdom_pile:`, the
Bane), and a pile beside the Supply any card of which may be taken (`take: any`, the Prizes);
random kingdoms, the command line, records and replays, the kingdom compiler's refusal, and
the set file's checks."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.language import ast as A
from dsl.language.fansets import open_sets
from dsl.lint.checks import lint
from interpreter.compiled.runner import compiled_run
from interpreter.compiled.scope import Unsupported
from interpreter.core.setup import GameError, set_rules_in_force
from interpreter.effects.interpret import names_in
from interpreter.engine.game import Game
from interpreter.runs.fuzz import fuzz_game

FAN = Path(__file__).parent / "fixtures" / "bane_fan"
CATALOG = open_sets([FAN]).catalog


def _game(kingdom, seed=0, players=2, **kw):
    return Game(CATALOG, kingdom, players, [None] * players, seed=seed, deal=False, **kw)


def test_the_rules_are_in_force_by_a_kingdom_card_without_drawing():
    rng = random.Random(3)
    state = rng.getstate()
    assert set_rules_in_force(CATALOG, ["hexer", "village"], rng) == ("charm",)
    assert set_rules_in_force(CATALOG, ["joust", "village"], rng) == ("medals",)
    assert set_rules_in_force(CATALOG, ["village", "smithy"], rng) == ()
    assert rng.getstate() == state


def test_random_kingdoms_with_the_rule_draw_a_cheap_kingdom_card_outside_the_kingdom():
    # (not Young Witch: the shipped Bane rule would add a second cheap pile of its own)
    pool = [k for k in CATALOG.kingdom_ids() if k not in ("hexer", "young_witch")]
    seen = set()
    for seed in range(60):
        kingdom = ["hexer"] + random.Random(seed).sample(pool, 9)
        game = _game(kingdom, seed)
        bane = game.bane
        assert bane not in kingdom and CATALOG.is_kingdom(bane)
        assert 2 <= CATALOG.face_of(bane).cost.coins <= 3 and not CATALOG.face_of(bane).cost.potion
        assert set(kingdom) | {bane} <= set(game.supply)
        assert len(game.supply[bane]) == game.rules.pile_size(CATALOG.cards[bane], 2)
        assert _game(kingdom, seed).bane == bane            # the seed decides: the same again
        for d in game.catalog.defs_of(bane):
            assert "charm" in d.types and "charm" not in CATALOG.cards[d.id].types
        assert game.log[1] == f"Charm: {bane}"
        game.check_invariants()
        seen.add(bane)
    assert len(seen) > 10


def test_a_game_without_the_rule_keeps_the_catalog_and_draws_nothing_more():
    game = _game(["village", "smithy"], 4)
    assert game.catalog is CATALOG and game.bane is None and game.added_piles == ()
    assert game.take_any == {}


def test_a_named_bane_is_checked():
    assert _game(["hexer"], bane="trinket").bane == "trinket"
    with pytest.raises(GameError, match="no set rule in force adds a kingdom pile"):
        _game(["village"], bane="trinket")
    with pytest.raises(GameError, match="already in the kingdom"):
        _game(["hexer", "trinket"], bane="trinket")
    with pytest.raises(GameError, match=r"does not meet the rule's condition \(cost >= \$2"):
        _game(["hexer"], bane="market")
    with pytest.raises(GameError, match="not a kingdom card"):
        _game(["hexer"], bane="copper")
    with pytest.raises(GameError, match="an unknown card"):
        _game(["hexer"], bane="nothing_such")


def test_a_named_bane_draws_as_a_drawn_one_does_so_a_replay_is_the_same_game():
    drawn = Game(CATALOG, ["hexer", "village"], 2, [None, None], seed=9)
    named = Game(CATALOG, ["hexer", "village"], 2, [None, None], seed=9, bane=drawn.bane)
    assert [c.id for c in drawn.players[0].hand.cards] == \
        [c.id for c in named.players[0].hand.cards]
    assert drawn.rng.getstate() == named.rng.getstate()


def test_the_mark_is_a_type_in_that_game_only():
    game = _game(["hexer"], bane="trinket")
    card = game.new_card("trinket", game.players[1].hand, 1)
    assert card.d.is_type("charm") and not CATALOG.cards["trinket"].is_type("charm")
    assert game.interp.holds(A.Name("charm"), card.d)
    assert game.supply["trinket"].d is card.d


def test_the_medals_lie_beside_the_supply_and_a_gain_must_name_them():
    game = _game(["joust", "workshop"], 1)
    pile = game.aside["medals"]
    assert "medals" not in game.supply and len(pile) == 3
    assert set(game.take_any) == {"crown_medal", "star_medal", "shield_medal"}
    assert "medals" not in game.card_names() and "crown_medal" in game.card_names()
    joust = CATALOG.cards["joust"].on_play[1].what
    assert names_in(joust) >= {"medal", "duchy"}
    from interpreter.effects.expressions import Frame
    f = Frame(0, 0)
    assert sorted(game.interp.gain_candidates(joust, f)) == \
        ["crown_medal", "duchy", "shield_medal", "star_medal"]
    workshop = CATALOG.cards["workshop"].on_play[0].what
    assert not set(game.interp.gain_candidates(workshop, f)) & set(game.take_any)
    from interpreter.bots.defaults import play_value      # a bot weighs the gain too
    from interpreter.core.state import TurnState
    game.start_turn(TurnState(0, 0))
    assert play_value(None, game, 0, game.new_card("joust", game.players[0].hand, 0)) > 0
    game.gain_from_supply(0, "crown_medal")
    assert "crown_medal" not in game.interp.gain_candidates(joust, f)
    assert game.gain_from_supply(0, "crown_medal") is None
    assert game.empty_count == 0 and not game.game_over()
    game.check_invariants()


def test_the_invariant_sees_a_card_of_the_medals_that_went_astray():
    game = _game(["joust"], 1)
    card = game.aside["medals"].cards[0]
    game.aside["medals"].cards.remove(card)
    with pytest.raises(AssertionError, match="lost"):
        game.check_invariants()


def test_random_bot_games_with_both_rules_keep_every_card_in_one_place():
    kingdom = list(CATALOG.kingdoms["charmed_joust"].cards)
    taken = 0
    for seed in range(12):
        finished, game = fuzz_game(CATALOG, kingdom, seed)
        assert game.bane and "medals" in game.aside
        taken += 3 - len(game.aside["medals"])
    assert taken > 0


def test_the_kingdom_compiler_refuses_both_with_the_reason():
    with pytest.raises(Unsupported, match="adds a kingdom pile"):
        compiled_run(CATALOG, ["hexer", "village"], ["bm", "bm"])
    with pytest.raises(Unsupported, match="medals pile beside the Supply"):
        compiled_run(CATALOG, ["joust", "village"], ["bm", "bm"])
    with pytest.raises(Unsupported, match="named card"):
        compiled_run(CATALOG, ["village"], ["bm", "bm"], ((), (), "trinket"))


def _dsl(*args):
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True, text=True,
                          timeout=300)


def test_simulate_takes_bane_records_it_and_replays(tmp_path):
    record = tmp_path / "games.jsonl"
    run = _dsl("simulate", "--cards", str(FAN), "--kingdom", "hexer,joust,village", "--bots",
               "bm:hexer,bm:joust", "--games", "3", "--seed", "2", "--bane", "cellar",
               "--record", str(record), "--log")
    assert run.returncode == 0, run.stderr
    assert "Charm: cellar" in run.stdout
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    assert lines[0]["bane"] == "cellar"
    assert [x["bane"] for x in lines if x["type"] == "end"] == ["cellar"] * 3
    replay = _dsl("replay", "--cards", str(FAN), str(record))
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert "Charm: cellar" in replay.stdout
    compiled = _dsl("simulate", "--cards", str(FAN), "--kingdom", "hexer,village", "--bots",
                    "bm,bm", "--games", "1", "--engine", "compiled")
    assert compiled.returncode != 0 and "adds a kingdom pile" in compiled.stderr
    bad = _dsl("simulate", "--cards", str(FAN), "--kingdom", "hexer,village", "--bots",
               "bm,bm", "--games", "1", "--bane", "market")
    assert bad.returncode != 0 and "does not meet the rule's condition" in bad.stderr


def test_a_drawn_bane_replays_from_the_seed_and_a_recommended_kingdom_names_its_own(tmp_path):
    record = tmp_path / "games.jsonl"
    run = _dsl("simulate", "--cards", str(FAN), "--kingdom", "hexer,joust,village", "--bots",
               "random,bm:joust", "--games", "4", "--record", str(record))
    assert run.returncode == 0, run.stderr
    ends = [json.loads(x) for x in record.read_text().splitlines()]
    assert all("bane" not in x for x in ends if x["type"] == "game")
    assert all(x.get("bane") for x in ends if x["type"] == "end")
    replay = _dsl("replay", "--cards", str(FAN), str(record))
    assert replay.returncode == 0, replay.stdout + replay.stderr
    named = _dsl("simulate", "--cards", str(FAN), "--kingdom", "Charmed Joust", "--bots",
                 "bm,bm", "--games", "1", "--log")
    assert named.returncode == 0, named.stderr
    assert "Charm: trinket" in named.stdout


def test_set_file_errors_have_positions(tmp_path):
    fan = tmp_path / "bad_set"
    (fan / "cards").mkdir(parents=True)
    (fan / "set.yaml").write_text(
        "id: bad_set\nnames: {en: Bad}\nrules:\n"
        "  - id: r\n    when: {kingdom_has_card: hexr}\n"
        "    kingdom_pile: {where: \"cost >= $2 and\", mark: charmm}\n"
        "  - id: s\n    when: {kingdom_has_card: village}\n"
        "    kingdom_pile: {where: \"cost >= $2 and blah\", mark: action}\n"
        "kingdoms:\n  - id: k\n    names: {en: K}\n    cards: [village, smithy]\n"
        "    bane: village\n")
    found = [(d.line, d.code, d.message) for d in lint([str(fan)])]
    assert any(line == 5 and code == "E007" and "unknown card 'hexr'" in m
               for line, code, m in found), found
    assert any(line == 6 and code == "E003" for line, code, m in found), found
    assert any(line == 6 and code == "E004" and "charmm" in m for line, code, m in found), found
    assert any(line == 9 and "blah" in m for line, code, m in found), found
    assert any(line == 14 and "bane 'village' is one of the kingdom's cards" in m
               for line, code, m in found), found


def test_an_added_card_brings_the_rules_its_own_kingdom_condition_asks_for():
    from interpreter.engine.added_piles import _rules_brought
    assert _rules_brought(CATALOG, ["marauder"], ("charm",), ()) == ("charm", "ruins")
    assert _rules_brought(CATALOG, ["marauder"], ("charm",), ("ruins",)) == ("charm",)
    assert _rules_brought(CATALOG, ["village"], ("charm",), ()) == ("charm",)


def _two_adders(tmp_path):
    """The fan set with two more rules of one set file adding a pile each: Hexer also adds
    a pile costing $9 (only the fan Hexling costs that) marked Hex, and a Hexling in the
    kingdom (added so) brings a rule adding a third pile marked Omen."""
    import shutil
    fan = tmp_path / "bane_fan"
    shutil.copytree(FAN, fan)
    text = (fan / "set.yaml").read_text(encoding="utf-8")
    text = text.replace("  - {id: medal, names: {en: Medal}}\n",
                        "  - {id: medal, names: {en: Medal}}\n"
                        "  - {id: hex, names: {en: Hex}}\n  - {id: omen, names: {en: Omen}}\n")
    text = text.replace("  - id: medals\n    names: {en: \"Medals\"}\n    when",
                        "  - id: hex\n    names: {en: \"Hex\"}\n"
                        "    when: {kingdom_has_card: hexer}\n"
                        "    kingdom_pile: {where: \"cost >= $9 and cost <= $9\", mark: hex}\n"
                        "  - id: omen\n    names: {en: \"Omen\"}\n"
                        "    when: {kingdom_has_card: hexling}\n"
                        "    kingdom_pile: {where: \"cost >= $2 and cost <= $3\", mark: omen}\n"
                        "  - id: medals\n    names: {en: \"Medals\"}\n    when")
    (fan / "set.yaml").write_text(text, encoding="utf-8")
    (fan / "cards" / "hexling.yaml").write_text(
        "id: hexling\nset: bane_fan\ncost: 9\ntypes: [action]\nnames: {en: Hexling}\n"
        "text: {en: \"+3 Cards.\"}\non_play: |\n  +3 cards\n", encoding="utf-8")
    return open_sets([fan]).catalog


def test_each_rule_adding_a_pile_adds_and_marks_its_own(tmp_path):
    catalog = _two_adders(tmp_path)
    kingdom = ["hexer", "village", "smithy", "market", "festival", "laboratory", "militia",
               "moat", "workshop", "cellar"]
    for seed in range(5):
        game = Game(catalog, kingdom, 2, [None, None], seed=seed, deal=False, log=True)
        added = dict(game.added_piles)
        assert list(added) == ["charm", "hex", "omen"]      # the third brought by Hexling
        assert added["hex"] == "hexling"
        assert set(game.set_rules) >= {"charm", "hex", "omen"}
        assert len(set(added.values())) == 3 and not set(added.values()) & set(kingdom)
        for rid, cid in added.items():
            mark = catalog.set_rules[rid].kingdom_pile[1]
            assert len(game.supply[cid]) == game.rules.pile_size(catalog.cards[cid], 2)
            others = {"charm", "hex", "omen"} - {mark}
            for d in game.catalog.defs_of(cid):
                assert mark in d.types and not others & set(d.types), (cid, d.types)
        assert game.log[1:4] == [f"Charm: {added['charm']}", "Hex: hexling",
                                 f"Omen: {added['omen']}"]
        game.check_invariants()
