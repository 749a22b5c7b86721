"""A fan set's rules.yaml (house rules) applies only to the games that use that set's
cards, and two sets whose house rules disagree are a warning."""
from __future__ import annotations

from pathlib import Path

from dsl.language.data import shipped_dir
from dsl.language.fansets import open_sets
from dsl.lint.checks import lint
from interpreter.engine.game import Game



def _house_set(tmp_path, name: str, hand: int) -> Path:
    """A fan set of one card whose rules.yaml is the basic rules with another hand size."""
    folder = tmp_path / name
    (folder / "cards").mkdir(parents=True)
    (folder / "set.yaml").write_text(f"id: {name}\nnames: {{en: {name}}}\n", encoding="utf-8")
    (folder / "cards" / f"{name}_lab.yaml").write_text(
        f"id: {name}_lab\nset: {name}\ncost: 5\ntypes: [action]\nnames: {{en: {name} Lab}}\n"
        "on_play: |\n  +2 cards\n  +1 action\n", encoding="utf-8")
    rules = (shipped_dir("sets") / "basic" / "rules.yaml").read_text(encoding="utf-8")
    assert "hand_size: 5" in rules
    (folder / "rules.yaml").write_text(rules.replace("hand_size: 5", f"hand_size: {hand}"),
                                       encoding="utf-8")
    return folder


def test_house_rules_apply_only_to_games_with_the_sets_cards(tmp_path):
    folder = _house_set(tmp_path, "big_hands", 6)
    cat = open_sets([folder]).catalog
    card = "big_hands_lab"
    mine = Game(cat, [card, "village"], 2, [None, None], seed=1)
    plain = Game(cat, ["village", "smithy"], 2, [None, None], seed=1)
    assert len(mine.players[0].hand) == 6 and mine.rules.hand_size == 6
    assert len(plain.players[0].hand) == 5 and plain.rules is cat.rules


def test_two_sets_whose_house_rules_disagree_are_a_warning(tmp_path):
    one, two = _house_set(tmp_path, "big_hands", 6), _house_set(tmp_path, "small_hands", 4)
    diags = [d for d in lint([str(one), str(two)]) if d.code == "W016"]
    assert len(diags) == 1 and "small_hands" in diags[0].message and \
        "big_hands" in diags[0].message and diags[0].severity == "warning"
    same = _house_set(tmp_path, "big_hands_too", 6)
    assert not [d for d in lint([str(one), str(same)]) if d.code == "W016"]
