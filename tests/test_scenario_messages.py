"""What a failing scenario tells its writer: the questions asked with the answers they took
when a scripted answer does not fit or the answers run out, and (dsl test -v) the game's
log up to the step that failed."""
from __future__ import annotations

import subprocess
import sys

from interpreter.runs.scenario import run_file

SHIFTED = """name: answers that shifted
kingdom: [militia, moat]
setup:
  p1: {hand: [militia]}
  p2: {hand: [moat, copper, copper, estate, estate]}
answers:
  p2: [no, %s]
steps:
  - play: militia
expect:
  p2: {hand_count: 3}
"""


def test_an_answer_that_does_not_fit_names_the_questions_asked_before(tmp_path):
    path = tmp_path / "shift.yaml"
    path.write_text(SHIFTED % "yes", encoding="utf-8")
    (message,) = run_file(path).failures
    assert "illegal answer" in message and "answer 2 of p2" in message
    assert "'discard 2 cards'" in message
    assert "1. 'may reveal this' (yesno, asked by moat) -> False" in message


def test_answers_that_run_out_name_what_was_asked(tmp_path):
    path = tmp_path / "short.yaml"
    path.write_text(SHIFTED.replace("[no, %s]", "[no]"), encoding="utf-8")
    (message,) = run_file(path).failures
    assert "p2 has no answer left for the decision 'discard 2 cards'" in message
    assert "p2 was asked before: 1. 'may reveal this'" in message


def test_dsl_test_verbose_prints_the_log_up_to_the_failed_step(tmp_path):
    path = tmp_path / "shift.yaml"
    path.write_text(SHIFTED % "yes", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "dsl", "test", "-v", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert "the game's log up to there:" in run.stdout and "p1 plays militia" in run.stdout
