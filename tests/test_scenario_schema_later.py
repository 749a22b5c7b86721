"""The scenario contract's fields for the sets after Adventures (Empires' Debt, split piles,
Castles, Landmarks; Renaissance's Villagers, Coffers, Projects, Artifacts) pass
dsl/language/scenario.schema.json as the project reads it (documents.load_document: YAML
with positions, then the schema), and a malformed one is refused with its line and column.
The cards are not shipped yet: only the schema is asked here."""
import pytest

from dsl.language.documents import Source, load_document

EMPIRES = """
name: a split pile, the Castles, Debt and a Landmark
kingdom: [encampment_plunder, castles, aqueduct, triumph, farmers_market]
supply: {encampment: 0, castles: 7}
setup:
  p1:
    hand: [gold, engineer]
    tokens: {debt: 2, vp: 1}
  pile_tokens: {aqueduct: {vp: 3}, farmers_market: {vp: 2}, silver: {debt: 1}}
turn: {phase: buy, coins: 5}
steps:
  - spend: {debt: 2}
  - buy: plunder
  - buy: triumph
expect:
  p1: {vp: 12, tokens: {debt: 5}}
  supply: {encampment: 0, plunder: 4, castles: 7}
  pile_tokens: {aqueduct: {vp: 3}}
"""

RENAISSANCE = """
name: Villagers, Coffers, a Project and an Artifact
kingdom: [flag_bearer, cathedral, silk_merchant, lackeys]
setup:
  p1:
    hand: [flag_bearer, silver]
    tokens: {villagers: 1, coffers: 1}
    artifacts: [flag]
    projects: [cathedral]
answers:
  p1: [silver]
steps:
  - spend: {villagers: 1}
  - play: flag_bearer
  - spend: {coffers: 1}
  - buy: cathedral
expect:
  p1: {artifacts: [flag], projects: [cathedral], tokens: {villagers: 0, coffers: 0}}
  p2: {artifacts: [], projects: []}
"""


def read(tmp_path, text):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    src = Source(str(path), text)
    return load_document(src, "scenario"), src


@pytest.mark.parametrize("text", [EMPIRES, RENAISSANCE], ids=["empires", "renaissance"])
def test_the_schema_accepts_the_later_sets_fields(tmp_path, text):
    data, src = read(tmp_path, text)
    assert not src.diagnostics, [d.format() for d in src.diagnostics]
    assert data is not None and data["name"]


@pytest.mark.parametrize("text, where, words", [
    (EMPIRES.replace("{debt: 2, vp: 1}", "{debt: -2, vp: 1}"), ":8:20:", "minimum"),
    (EMPIRES.replace("aqueduct: {vp: 3}, farmers", "aqueduct: {vp: three}, farmers"),
     ":9:32:", "integer"),
    (EMPIRES.replace("spend: {debt: 2}", "spend: {debt: all}"), ":12:5:", "steps/0"),
    (EMPIRES.replace("castles: 7}\nsetup", "castles: many}\nsetup"), ":4:34:", "integer"),
    (RENAISSANCE.replace("artifacts: [flag]\n    projects", "artifacts: flag\n    projects"),
     ":8:16:", "not of type 'array'"),
    (RENAISSANCE.replace("p2: {artifacts: []", "p2: {artefacts: []"), ":19:8:",
     "unknown field 'artefacts'; did you mean 'artifacts'"),
    (RENAISSANCE.replace("spend: {villagers: 1}", "spend: {Villagers: 1}"), ":13:5:",
     "steps/0"),
])
def test_a_malformed_later_field_is_refused_with_its_position(tmp_path, text, where, words):
    data, src = read(tmp_path, text)
    assert data is None
    message = "\n".join(d.format() for d in src.diagnostics)
    assert f"s.yaml{where}" in message and words in message, message
