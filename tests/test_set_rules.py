"""Set rules as data (set.yaml `rules:`): which games a rule is in force in (the rulebooks'
share of the kingdom, drawn from the game's seed), the names --with / --without take, a
card that is not a kingdom card, and records that replay them."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.language.fansets import open_sets
from dsl.lint.checks import lint
from interpreter.core.setup import GameError, set_rules_in_force
from interpreter.engine.game import Game

CATALOG = open_sets().catalog
RULES_FAN = Path(__file__).parent / "fixtures" / "rules_fan"
BASE = ["village", "smithy", "market", "moat", "cellar"]
PROSPERITY = ["bank", "monument", "vault", "venture", "loan"]


def _share(kingdom, games=2000) -> float:
    rng = random.Random(5)
    return sum(bool(set_rules_in_force(CATALOG, kingdom, rng)) for _ in range(games)) / games


def test_a_rule_is_in_force_by_the_share_of_the_kingdom():
    assert set_rules_in_force(CATALOG, PROSPERITY, random.Random(1)) == ("platinum_colony",)
    assert set_rules_in_force(CATALOG, BASE, random.Random(1)) == ()
    assert 0.45 < _share(BASE + PROSPERITY) < 0.55              # 5 of 10 from Prosperity
    assert 0.06 < _share(BASE + PROSPERITY[:1] + ["witch", "mine", "library", "festival"]) < 0.14


def test_a_kingdom_with_no_mixed_share_draws_nothing_from_the_generator():
    rng = random.Random(3)
    state = rng.getstate()
    set_rules_in_force(CATALOG, BASE, rng)
    set_rules_in_force(CATALOG, PROSPERITY, rng)
    assert rng.getstate() == state          # so every base, Intrigue... game is as before


def test_with_and_without_name_a_rule_or_a_pile_it_adds():
    assert set_rules_in_force(CATALOG, BASE, random.Random(1), ["colony"]) == ("platinum_colony",)
    assert set_rules_in_force(CATALOG, PROSPERITY, random.Random(1), (), ["platinum"]) == ()
    with pytest.raises(GameError, match="no set rule is named or adds 'mithril'.*platinum_colony"):
        set_rules_in_force(CATALOG, BASE, random.Random(1), ["mithril"])


def test_the_game_has_the_piles_and_the_colony_ends_it():
    game = Game(CATALOG, PROSPERITY, 2, [None, None], seed=1)
    assert game.set_rules == ("platinum_colony",)
    assert len(game.supply["platinum"]) == 12 and len(game.supply["colony"]) == 8
    assert game.end_pile_ids == {"province", "colony"}
    assert game.to_end == 8
    assert game.log[0] == "played with Platinum and Colony"
    plain = Game(CATALOG, BASE, 2, [None, None], seed=1)
    assert "platinum" not in plain.supply and plain.end_pile_ids == {"province"}


def test_a_card_that_is_not_a_kingdom_card_cannot_be_named_in_a_kingdom(tmp_path):
    fan = tmp_path / "bad_set"
    (fan / "cards").mkdir(parents=True)
    for f in (RULES_FAN / "cards").iterdir():
        (fan / "cards" / f.name).write_text(f.read_text())
    (fan / "set.yaml").write_text((RULES_FAN / "set.yaml").read_text().replace(
        "cards: [prospector, village]", "cards: [prospector, mithril]").replace(
        "rules: [mithril_and_keep]", "rules: [mithril_and_kep]"))
    messages = [f"{d.code} {d.message}" for d in lint([str(fan)])]
    assert any("E007 'mithril' is not a kingdom card" in m for m in messages)
    assert any("E007 unknown set rule 'mithril_and_kep'" in m for m in messages)


def test_random_kingdoms_and_balance_leave_out_cards_that_are_not_kingdom_cards():
    from interpreter.runs.balance import official_kingdom_cards
    official = official_kingdom_cards(CATALOG)
    assert "platinum" not in official and "colony" not in official and "bank" in official


def _dsl(*args):
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True, text=True,
                          timeout=300)


def test_simulate_with_a_rule_records_it_and_replays_it(tmp_path):
    record = tmp_path / "games.jsonl"
    run = _dsl("simulate", "--kingdom", "village,smithy", "--bots", "bm,bm", "--games", "3",
               "--seed", "2", "--with", "platinum,colony", "--record", str(record))
    assert run.returncode == 0, run.stderr
    header = json.loads(record.read_text().splitlines()[0])
    assert header["with"] == ["platinum", "colony"]
    replay = _dsl("replay", str(record))
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert "played with Platinum and Colony" in replay.stdout
    bad = _dsl("simulate", "--kingdom", "village", "--bots", "bm,bm", "--with", "mithril")
    assert bad.returncode == 2 and "no set rule is named or adds 'mithril'" in bad.stderr


def test_a_recommended_kingdom_is_played_with_the_rules_its_rulebook_says():
    run = _dsl("simulate", "--cards", str(RULES_FAN), "--kingdom", "Mithril Mine", "--bots",
               "bm,bm", "--games", "1", "--seed", "1", "--log")
    assert run.returncode == 0, run.stderr
    assert "played with Mithril and Keep" in run.stdout


DARK_AGES = ["armory", "sage", "storeroom", "junk_dealer", "altar"]


def test_shelters_and_platinum_colony_are_decided_by_different_random_cards():
    # a kingdom of 5 Prosperity and 5 Dark Ages cards: if one card decided both, a game
    # would never have both rules (nor neither); with two different cards it has both in
    # 5/10 * 5/9 of the games
    rng = random.Random(7)
    got = [set_rules_in_force(CATALOG, PROSPERITY + DARK_AGES, rng) for _ in range(3000)]
    both = sum(r == ("platinum_colony", "shelters") for r in got) / len(got)
    neither = sum(r == () for r in got) / len(got)
    assert 0.23 < both < 0.33 and 0.23 < neither < 0.33


def test_shelters_replace_the_estates_of_every_starting_deck():
    game = Game(CATALOG, DARK_AGES, 3, [None] * 3, seed=2)
    assert game.set_rules == ("shelters",)
    for pl in game.players:
        assert sorted(c.id for c in pl.all_cards()) == ["copper"] * 7 + [
            "hovel", "necropolis", "overgrown_estate"]
        assert pl.holdings.counts["hovel"] == 1 and "estate" not in pl.holdings.counts
    assert len(game.supply["estate"]) == 12 and "hovel" not in game.supply
    game.check_invariants()
    plain = Game(CATALOG, BASE, 2, [None, None], seed=2)
    assert sorted(c.id for c in plain.players[0].all_cards()).count("estate") == 3


def test_a_rule_on_a_kingdom_card_type_needs_a_known_type(tmp_path):
    fan = tmp_path / "bad_set"
    (fan / "cards").mkdir(parents=True)
    (fan / "set.yaml").write_text("id: bad_set\nnames: {en: Bad}\nrules:\n  - id: r\n"
                                  "    when: {kingdom_has_type: lootr}\n    piles: [gold]\n")
    messages = [f"{d.code} {d.message}" for d in lint([str(fan)])]
    assert any("E004 unknown card type 'lootr'" in m for m in messages), messages


def test_ruins_join_with_a_looter_without_drawing_and_hold_only_ruins():
    rng = random.Random(4)
    state = rng.getstate()
    # (without Shelters, which a mixed kingdom with a Dark Ages card draws for)
    assert set_rules_in_force(CATALOG, BASE + ["cultist"], rng, (), ["shelters"]) == ("ruins",)
    assert rng.getstate() == state           # a kingdom condition draws nothing
    assert "ruins" not in set_rules_in_force(CATALOG, BASE, rng)
    for n in range(2, 7):
        game = Game(CATALOG, BASE + ["marauder"], n, [None] * n, seed=n)
        pile = game.supply["ruins"]
        assert len(pile) == 10 * (n - 1) and pile.d is pile.cards[-1].d
        assert {c.d.id for c in pile.cards} <= {"abandoned_mine", "ruined_library",
                                                "ruined_market", "ruined_village", "survivors"}
        assert len(game.aside["spoils"]) == 15
        assert "spoils" not in game.supply and "ruins" not in game.aside
        game.check_invariants()


def test_random_kingdoms_never_draw_a_shelter_a_ruins_or_a_card_beside_the_supply():
    from interpreter.runs.balance import official_kingdom_cards
    official = official_kingdom_cards(CATALOG)
    for cid in ("hovel", "necropolis", "overgrown_estate", "abandoned_mine", "survivors",
                "spoils", "madman", "mercenary"):
        assert cid in CATALOG.cards and cid not in official
    assert {"cultist", "bandit_camp", "hermit"} <= set(official)
