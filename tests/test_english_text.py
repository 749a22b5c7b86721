"""The rendered English of every shipped card reads as a sentence would: no raw identifier
(`empty_piles`), no "a" before a vowel, no clause run into another, every sentence begun
with a capital; and the sentences the issues found wrong read right."""
from __future__ import annotations

import re

import pytest

from dsl.language.fansets import open_sets
from dsl.text.i18n import get_locale
from dsl.text.render import render_card

CATALOG = open_sets().catalog
EN = get_locale("en")
CHECKS = {
    "a raw identifier": r"\b[a-z]+_[a-z_]+\b",
    "'a' before a vowel": r"\ba (?:[AEIOaeio]|U(?!ni|s[aeu]))",
    "a clause run into another": r"[a-z,] (?:If|Each|Otherwise|Gain|Trash|Discard|Put|Reveal)\b",
    "a sentence begun in lower case": r"(?:^|\. )[a-z]",
}


def _lines(cid: str) -> tuple:
    return render_card(CATALOG.cards[cid], CATALOG, EN).text


@pytest.mark.parametrize("what, pattern", CHECKS.items())
def test_no_shipped_card_reads_wrong(what, pattern):
    bad = [f"{cid}: {line}" for cid in sorted(CATALOG.cards) for line in _lines(cid)
           if re.search(pattern, line)]
    assert not bad, f"{what}:\n" + "\n".join(bad)


def test_the_checks_catch_what_they_are_for():
    samples = {"a raw identifier": "If empty_piles is at least 1, +1 Card.",
               "'a' before a vowel": "Gain a Estate.",
               "a clause run into another": "Each other player If the number is 5, he discards.",
               "a sentence begun in lower case": "Trash a card. gain a Silver."}
    for what, text in samples.items():
        assert re.search(CHECKS[what], text), what
    assert not re.search(CHECKS["'a' before a vowel"], "Gain a University.")


@pytest.mark.parametrize("cid, line", [
    ("city", "If the number of empty Supply piles is at least 1, +1 Card."),
    ("vault", "Each other player may discard 2 cards. If he does, he draws a card."),
    ("talisman", "While this is in play, when you buy a non-Victory card costing up to $4, "
                 "gain a copy of it."),
    ("wishing_well", "If it is the named card, put it into your hand; otherwise, put it back."),
])
def test_the_sentences_found_wrong_read_right(cid, line):
    assert line in _lines(cid)


def test_a_new_locale_falling_back_on_english_says_an_before_a_vowel(tmp_path):
    """A catalog just made with `dsl locale init de` translates nothing yet: its English
    fallback reads "an Estate", not "a Estate"."""
    import subprocess
    import sys

    def dsl(*args):
        return subprocess.run([sys.executable, "-m", "dsl", *args], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)
    assert dsl("locale", "init", "de").returncode == 0
    run = dsl("render", "baron", "--locale", "de")
    assert run.returncode == 0, run.stderr
    assert "discard an Estate card" in run.stdout and "gain an Estate" in run.stdout
    assert " a Estate" not in run.stdout
