"""Scenario files are untrusted input too: every mistake is a failure with a position."""
import pytest

from interpreter.runs.scenario import run_file


@pytest.mark.parametrize("text, where, words", [
    ("name: x\nsteps: [{play: }]\n", ":2:9:", "steps/0"),
    ("name: x\nanswers: {p1: yes}\n", ":2:15:", "not of type 'array'"),
    ("name: x\nsetup: {p1: {hand: village}}\n", ":2:20:", "not of type 'array'"),
    ("name: x\nplayers: 9\n", ":2:10:", "2 to 6"),
    ("name: x\nsteps: [{gain: {player: p7, card: silver}}]\n", ":2:9:", "unknown player 'p7'"),
    ("name: x\nsetup: {p3: {hand: [copper]}}\n", ":2:9:", "unknown player 'p3'"),
    ("name: x\nsupply: {silver: -3}\n", ":2:18:", "minimum"),
    ("name: x\nkingdom: [tournament]\nsupply: {bag_of_gol: 0}\n", ":3:9:",
     "unknown card 'bag_of_gol'"),
    ("name: x\nseed: abc\n", ":2:7:", "integer"),
    ("name: x\nkingdom: [vilage]\n", ":2:11:", "unknown card 'vilage'"),
    ("name: x\nexpct: {}\n", ":2:1:", "unknown field 'expct'; did you mean 'expect'"),
    ("steps: []\n", ":1:1:", "'name' is a required property"),
    ("name: x\nsteps: [{dance: village}]\n", ":2:9:", "steps/0"),
    ("name: [unclosed\n", ":2:1:", "invalid YAML"),
    ("name: x\nsetup: {p1: {mats: {island: estate}}}\n", ":2:29:", "not of type 'array'"),
    ("name: x\nsetup: {p1: {tokens: {vp: -1}}}\n", ":2:27:", "minimum"),
    ("name: x\nsetup: {pile_tokens: {harem: {embargo: 1}}}\n", ":2:23:",
     "'harem' is not a pile in the supply"),
    ("name: x\nexpect: {turn_of: player2}\n", ":2:19:", "does not match"),
    ("name: x\nsetup: {p1: {mats: {Island: [estate]}}}\n", ":2:20:", "does not match"),
])
def test_bad_scenarios_fail_with_a_position(tmp_path, text, where, words):
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    result = run_file(p)
    assert not result.ok
    message = "\n".join(result.failures)
    assert f"s.yaml{where}" in message and words in message, message
    assert "internal error" not in message


# Every field of the scenario contract (docs/scenarios.md, all its sections), in one file:
# the schema accepts each of them (the engine may still say a field is not supported yet).
CONTRACT = """
name: every field of the contract
players: 3
cards: [../my_set/]
kingdom: [village, throne_room, page, amulet, alms, pathfinding, encampment_plunder, castles,
          aqueduct, triumph, flag_bearer, cathedral]
supply: {curse: 0, silver: 5, treasure_hunter: 4, encampment: 0, castles: 7}
seed: 7
deal: false
with: [platinum]
without: [colony]
bane: wishing_well
setup:
  p1:
    hand: [throne_room, village, copper]
    deck: [estate, silver, gold, copper]
    discard: [copper]
    in_play: []
    set_aside: [haven]
    revealed: []
    mats: {island: [estate], native_village: [], tavern: [coin_of_the_realm]}
    tokens: {vp: 3, coin: 1, coffers: 2, debt: 2, villagers: 1}
    artifacts: [flag]
    projects: [cathedral]
  p2: {hand: [moat, copper, copper, estate, estate]}
  trash: []
  pile_tokens: {silver: {embargo: 1, debt: 1}, aqueduct: {vp: 3}}
turn: {phase: action, actions: 1, buys: 1, coins: 0, potions: 0}
answers:
  p1: [village, [copper, estate], yes, no, 'yes', 2, [1, 3], {amount: 2}]
  p2: []
steps:
  - play: throne_room
  - buy: silver
  - gain: {player: p2, card: silver}
  - gain: silver
  - spend: {coffers: 2}
  - spend: {debt: 2}
  - spend: {villagers: 1}
  - spend: {coffers: 1, villagers: 1}
  - end_turn
expect:
  p1:
    hand: [copper, estate, silver]
    deck: [gold, copper]
    deck_top: [gold]
    discard: []
    in_play: [throne_room, village]
    set_aside: []
    revealed: []
    all_cards: [copper]
    hand_count: 3
    deck_count: 2
    discard_count: 0
    in_play_count: 2
    actions: 4
    buys: 1
    coins: 0
    potions: 0
    vp: 12
    mats: {island: [estate]}
    tokens: {vp: 3, coffers: 0}
    artifacts: [flag]
    projects: [cathedral]
  p2: {actions: 0, buys: 1, coins: 0}
  trash: []
  supply: {silver: 40, prizes: 4, bag_of_gold: 0, encampment: 0, castles: 7}
  pile_tokens: {silver: {embargo: 1}, aqueduct: {vp: 3}}
  turn_of: p2
  game_over: false
"""


def test_the_schema_accepts_every_field_of_the_contract():
    import json
    from pathlib import Path

    import jsonschema
    import yaml

    import dsl.language
    schema = json.loads((Path(dsl.language.__file__).parent / "scenario.schema.json")
                        .read_text(encoding="utf-8"))
    data = yaml.safe_load(CONTRACT)
    jsonschema.validate(data, schema)
    error_form = dict(data, expect={"error": "text"})
    jsonschema.validate(error_form, schema)


@pytest.mark.parametrize("text, where, words", [
    ("name: x\nsetup: {p1: {artifacts: [flag]}}\n", ":2:25:", "artifacts: not supported yet"),
    ("name: x\nexpect: {p1: {projects: [cathedral]}}\n", ":2:25:",
     "projects: not supported yet"),
    ("name: x\nsteps: [{spend: {coffers: -1}}]\n", ":2:9:", "steps/0"),
    ("name: x\nsteps: [{spend: 2}]\n", ":2:9:", "steps/0"),
    ("name: x\nsteps: [{spend: {coin: 1}}]\n", ":2:9:", "'coin' tokens cannot be spent"),
])
def test_fields_not_supported_yet_and_bad_spends_fail_with_a_position(tmp_path, text, where,
                                                                      words):
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    message = "\n".join(run_file(p).failures)
    assert f"s.yaml{where}" in message and words in message, message
    assert "internal error" not in message
