"""The card cache (dsl/language/file_cache.py): what it gives back equals a fresh load, a changed
file or changed code misses it, and an entry someone else wrote can never run code or break
a load (it is JSON, decoded into the project's own dataclasses only)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.language import file_cache as cc
from dsl.language import loader

ROOT = Path(__file__).resolve().parent.parent
CARD = """id: tinker
set: fan
cost: 3
types: [action]
names: {en: Tinker}
on_play: |
  +1 card
  +1 action
"""


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("DSL_CACHE_DIR", str(folder))
    monkeypatch.delenv("DSL_NO_CACHE", raising=False)
    return folder


def card_file(tmp_path, text=CARD) -> Path:
    path = tmp_path / "tinker.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_shipped_card_round_trips_with_its_positions():
    loaded = loader.load_shipped()
    for cid, card in loaded.catalog.cards.items():
        src = loaded.card_sources[cid]
        value = {"card": card, "positions": src.positions, "programs": src.programs}
        back = cc.decode(json.loads(json.dumps(cc.encode(value))))
        assert back == value, cid
        assert cc.encode(back) == cc.encode(value), cid   # positions (left out of ==) too
        assert back["card"].bonuses == card.bonuses and back["card"].turn_events == \
            card.turn_events


def test_a_second_load_comes_from_the_cache_and_equals_the_first(cache, tmp_path):
    path = card_file(tmp_path)
    first, src1 = loader.load_card(path)
    assert len(list(cache.glob("*.json"))) == 1
    hit = cc.get(src1.path, src1.text)
    assert hit is not None and hit["card"] == first
    second, src2 = loader.load_card(path)
    assert second == first and src2 == src1


def test_a_changed_file_misses_the_cache(cache, tmp_path):
    path = card_file(tmp_path)
    loader.load_card(path)
    path.write_text(CARD.replace("+1 action", "+2 actions"), encoding="utf-8")
    card, _ = loader.load_card(path)
    assert "2" in repr(card.on_play[1]) and len(list(cache.glob("*.json"))) == 2


def test_a_file_with_errors_keeps_its_diagnostics_from_the_cache(cache, tmp_path):
    path = card_file(tmp_path, CARD.replace("+1 action", "+1 actoin"))
    _, src1 = loader.load_card(path)
    _, src2 = loader.load_card(path)
    assert src1.diagnostics and [d.format() for d in src2.diagnostics] == \
        [d.format() for d in src1.diagnostics]


@pytest.mark.parametrize("entry", [
    {"c": "os.system", "v": ["touch /tmp/pwned"]},                 # not one of ours
    {"c": "model.CardDef", "v": [1, 2]},                           # wrong field count
    {"c": "ast.Num", "v": [1, {"c": "builtins.eval", "v": []}]},
    {"__reduce__": "os.system"},
    {"d": [[["unhashable"], 1]]},
    {"c": "model.Cost", "v": [{"t": [1]}, []]},                    # fields of the wrong types
    {"c": "model.CardDef", "v": ["x", "s", {"c": "model.Cost", "v": [1, 0]}, 5, {"d": []},
                                 {"d": []}, {"t": [7]}, {"t": []}, {"t": []}, None, None,
                                 "p", None]},
    json.loads("[" * 500 + "]" * 500),                            # nested too deep
])
def test_a_hostile_entry_is_never_used(cache, tmp_path, entry):
    """Even signed with the user's own key (so past the integrity check), a hostile entry
    decodes into nothing but the project's own dataclasses."""
    path = card_file(tmp_path)
    src = loader.read_source(path)
    cache.mkdir(parents=True)
    file = cache / f"{cc.entry_key(src.path, src.text)}.json"
    file.write_text(json.dumps(entry))
    assert cc.get(src.path, src.text) is None
    _sign(file, src, json.dumps(entry).encode())
    assert cc.get(src.path, src.text) is None
    card, _ = loader.load_card(path)                 # parsed afresh, and right
    assert card.id == "tinker" and card.names == {"en": "Tinker"}
    assert not Path("/tmp/pwned").exists()


def _sign(file: Path, src, body: bytes) -> None:
    source = cc._source_hash(src.path, src.text)
    key = cc.secret_key(str(file.parent), create=True)
    head = json.dumps({"source": source, "mac": cc._mac(key, source, body)}).encode()
    file.write_bytes(head + b"\n" + body)


def test_an_edited_entry_is_refused_and_the_file_parsed_again(cache, tmp_path):
    """A cache entry edited by hand (or restored from elsewhere) could make a card do what
    its file does not say: its HMAC no longer matches, so the file is parsed again."""
    path = card_file(tmp_path)
    first, src = loader.load_card(path)
    (entry,) = cache.glob("*.json")
    text = entry.read_text()
    assert text.count('{"c":"ast.Num","v":[1') >= 1          # +1 card, +1 action
    entry.write_text(text.replace('{"c":"ast.Num","v":[1', '{"c":"ast.Num","v":[30')
                     .replace('"Tinker"', '"Tampered"'))
    assert cc.get(src.path, src.text) is None
    card, _ = loader.load_card(path)
    assert card == first and card.names == {"en": "Tinker"} and "30" not in repr(card.on_play)
    assert cc.get(src.path, src.text)["card"] == first        # and the entry written again
    # an honest entry of another file, copied under this file's name, is refused too
    other = tmp_path / "other.yaml"
    other.write_text(CARD.replace("+1 card", "+3 cards"), encoding="utf-8")
    loader.load_card(other)
    other_entry = cache / f"{cc.entry_key(str(other), other.read_text())}.json"
    entry.write_bytes(other_entry.read_bytes())
    assert cc.get(src.path, src.text) is None
    assert loader.load_card(path)[0] == first


def test_the_secret_key_is_private_and_a_shared_one_turns_the_cache_off(cache, tmp_path):
    path = card_file(tmp_path)
    loader.load_card(path)
    key = cache / cc.KEY_FILE
    assert key.stat().st_mode & 0o777 == 0o600 and len(key.read_text()) == 64
    src = loader.read_source(path)
    assert cc.get(src.path, src.text) is not None
    key.chmod(0o644)
    cc.secret_key.cache_clear()
    assert cc.get(src.path, src.text) is None
    key.chmod(0o600)
    key.write_text("not hex")
    cc.secret_key.cache_clear()
    assert cc.get(src.path, src.text) is None and loader.load_card(path)[0].id == "tinker"


def test_an_entry_that_is_not_json_is_ignored(cache, tmp_path):
    path = card_file(tmp_path)
    src = loader.read_source(path)
    cache.mkdir(parents=True)
    (cache / f"{cc.entry_key(src.path, src.text)}.json").write_bytes(b"\x80\x04pickle")
    card, _ = loader.load_card(path)
    assert card.id == "tinker"


def test_no_cache_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("DSL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("DSL_NO_CACHE", "1")
    loader.load_card(card_file(tmp_path))
    assert not (tmp_path / "cache").exists()


def test_an_unwritable_cache_folder_changes_nothing(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("DSL_CACHE_DIR", str(blocker / "cache"))
    card, src = loader.load_card(card_file(tmp_path))
    assert card.id == "tinker" and not src.diagnostics


def test_the_key_covers_path_text_and_code():
    k = cc.entry_key("a.yaml", "x")
    assert k != cc.entry_key("b.yaml", "x") and k != cc.entry_key("a.yaml", "y")
    assert len(cc.code_key()) == 64


def test_commands_give_the_same_output_cold_and_warm(tmp_path):
    env = dict(os.environ, DSL_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("DSL_NO_CACHE", None)

    def run(*args):
        return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True,
                              text=True, cwd=ROOT, env=env, timeout=120)
    fan = str(ROOT / "tests/fixtures/fan_set")
    for args in (("cards", "--cards", fan), ("lint", fan), ("render", "smithy", "--locale", "hu")):
        cold, warm = run(*args), run(*args)
        assert cold.returncode == warm.returncode == 0, cold.stderr
        assert cold.stdout == warm.stdout and cold.stderr == warm.stderr
    assert len(list((tmp_path / "cache").glob("*.json"))) >= 122


def test_strategies_and_set_files_come_from_the_cache_without_the_parser(cache):
    """`dsl simulate` loads the sets and strategies at every start: from the cache, neither
    YAML, the schema check nor the parser is needed, and the strategies are the same."""
    from dsl.language import lark_parse
    from dsl.language.strategy import find_strategy, shipped_answers

    def load():
        cat = loader.load_shipped().catalog
        shipped_answers(cat)
        return cat, find_strategy("bm:smithy", cat), find_strategy("double-witch", cat)
    cat1, *first = load()
    lark_parse._lark.cache_clear()
    cat2, *second = load()
    assert lark_parse._lark.cache_info().misses == 0   # the parser was never built
    assert second == first
    assert cat2.sets == cat1.sets and cat2.kingdoms == cat1.kingdoms and \
        cat2.rules == cat1.rules and cat2.types == cat1.types


def test_a_warm_simulation_never_imports_lark(tmp_path):
    """A command whose files all come from the cache parses nothing, so it does not even
    import Lark (slow to import, under PyPy most of all)."""
    env = dict(os.environ, DSL_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("DSL_NO_CACHE", None)
    code = ("import sys\nfrom dsl.cli.main import main\ntry:\n    main(['simulate', '--kingdom', "
            "'First Game', '--bots', 'bm:smithy,bm', '--games', '2'])\nexcept SystemExit:\n"
            "    pass\nprint('lark' in sys.modules, 'yaml' in sys.modules, file=sys.stderr)")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           cwd=ROOT, env=env, timeout=120) for _ in range(2)]
    assert runs[0].stderr.split()[-2:] == ["True", "True"]     # cold: every file parsed
    assert runs[1].stderr.split()[-2] == "False", runs[1].stderr
    assert runs[0].stdout.splitlines()[1:] == runs[1].stdout.splitlines()[1:]   # no timing
