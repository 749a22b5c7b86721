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
