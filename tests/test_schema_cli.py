"""`dsl schema`: the JSON Schemas an editor's YAML language server uses, with a description
on every field (the hover text), and valid for the files the project ships."""
import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from dsl.language.yamlpos import load_yaml

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("card", "set", "strategy", "scenario", "rules")


def run_dsl(*args):
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def undescribed(node, path="") -> list:
    """Every property (at any depth) without a description, unless it only refers to a
    definition (the definition carries it)."""
    out = []
    if isinstance(node, dict):
        for k, v in node.get("properties", {}).items():
            if isinstance(v, dict) and "description" not in v and "$ref" not in v:
                out.append(f"{path}.{k}")
        for k, v in node.items():
            if k == "properties":
                out += [p for name, sub in v.items() for p in undescribed(sub, f"{path}.{name}")]
            elif isinstance(v, (dict, list)):
                out += undescribed(v, f"{path}/{k}")
    elif isinstance(node, list):
        out += [p for i, sub in enumerate(node) for p in undescribed(sub, f"{path}[{i}]")]
    return out


@pytest.mark.parametrize("name", NAMES)
def test_schema_printed_with_a_description_on_every_field(name):
    r = run_dsl("schema", name)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    jsonschema.Draft7Validator.check_schema(doc)        # what the YAML language server reads
    assert doc["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert "$defs" not in json.dumps(doc) and "dependentRequired" not in json.dumps(doc)
    assert doc["description"] and doc["$id"].endswith(f"/{name}.schema.json")
    assert undescribed(doc) == []


@pytest.mark.parametrize("name,files", [
    ("card", sorted((ROOT / "sets").glob("*/cards/*.yaml"))[::10]),
    ("set", sorted((ROOT / "sets").glob("*/set.yaml"))),
    ("strategy", sorted((ROOT / "strategies").glob("*.yaml"))[:5]),
    ("scenario", sorted((ROOT / "tests/scenarios/base").glob("*.yaml"))[:5]),
    ("rules", [ROOT / "sets/basic/rules.yaml"]),
])
def test_shipped_files_validate_against_the_printed_schema(name, files):
    doc = json.loads(run_dsl("schema", name).stdout)
    assert files
    for path in files:
        data, _ = load_yaml(path.read_text(encoding="utf-8"), str(path))   # YAML 1.2 keys,
        jsonschema.Draft7Validator(doc).validate(data)  # as an editor's language server reads


def test_a_misspelt_field_is_refused_by_the_printed_schema():
    doc = json.loads(run_dsl("schema", "card").stdout)
    card = {"id": "x", "set": "fan", "cost": 2, "types": ["action"], "names": {"en": "X"},
            "on_pley": "+1 card"}
    with pytest.raises(jsonschema.ValidationError, match="on_pley"):
        jsonschema.Draft7Validator(doc).validate(card)


def test_the_editor_schema_keeps_the_dependent_fields():
    """`what` without `cost` in a modifier is refused in draft 7 too (`dependencies`)."""
    doc = json.loads(run_dsl("schema", "card").stdout)
    card = {"id": "x", "set": "fan", "cost": 2, "types": ["action"], "names": {"en": "X"},
            "modifiers": [{"what": "action"}]}
    with pytest.raises(jsonschema.ValidationError, match="cost"):
        jsonschema.Draft7Validator(doc).validate(card)


def test_schema_out_writes_every_schema(tmp_path):
    r = run_dsl("schema", "--out", str(tmp_path / "schemas"))
    assert r.returncode == 0, r.stderr
    written = sorted(p.name for p in (tmp_path / "schemas").iterdir())
    assert written == sorted(f"{n}.schema.json" for n in NAMES)
    assert json.loads((tmp_path / "schemas" / "card.schema.json").read_text())["title"]


def test_schema_without_a_name_or_folder_says_what_to_give():
    r = run_dsl("schema")
    assert r.returncode == 2 and "card, set, strategy, scenario, rules" in r.stderr
    assert "Traceback" not in r.stderr


def test_schema_out_into_a_file_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = run_dsl("schema", "--out", str(blocker))
    assert r.returncode == 1 and "cannot write into" in r.stderr and "Traceback" not in r.stderr
