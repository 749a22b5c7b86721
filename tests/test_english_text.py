"""The rendered English of every shipped card reads as a sentence would: no raw identifier
(`empty_piles`), no "a" before a vowel, no clause run into another, no sentence without a
verb, no verb without its subject, no move undone by the next sentence, every sentence begun
with a capital; and the sentences the issues found wrong read right."""
from __future__ import annotations

import re

import pytest

from dsl.language.fansets import open_sets
from dsl.text.i18n import get_locale
from dsl.text.phrases import DIVIDER
from dsl.text.render import render_card

CATALOG = open_sets().catalog
EN = get_locale("en")
CHECKS = {
    "a raw identifier": r"\b[a-z]+_[a-z_]+\b",
    "'a' before a vowel": r"\ba (?:[AEIOaeio]|U(?!ni|s[aeu]))",
    "a clause run into another": r"[a-z,] (?:If|Each|Otherwise|Gain|Trash|Discard|Put|Reveal)\b",
    "a sentence begun in lower case": r"(?:^|\. )[a-z]",
    # "If you do, draws a card" (Vault): the verb of another player with no "he" before it
    "a verb without its subject": r"\b(?:[Ii]f (?:you|he) (?:do|does|don't|doesn't)|[Oo]therwise)"
                                  r",? (?:draws|gains|trashes|discards|reveals|puts|plays|takes)\b",
    # "put it into your hand. Put it back." (Wishing Well): the second undoes the first
    "a move undone by the next sentence": r"\b(?:put|puts|discard|discards|trash|trashes|gain|"
                                          r"gains) it\b[^.;]*\. Put it back\b",
}
# a sentence says what someone does (a verb), or is a bonus ("+1 Card", "$2", "2 VP")
VERB = re.compile(r"\b(?:gain|trash|discard|draw|reveal|put|play|choose|set|look|return|take|"
                  r"name|pass|pay|move|shuffle|get|cost|is|are|was|be|have|has|do|does|did|don't|"
                  r"doesn't|didn't|can|can't|may|make|buy|count|affect|worth|finish|would|turn)"
                  r"(?:s|es|ed|ing)?\b", re.I)
BONUS = re.compile(r"(?:^|\s)[+-]?\$\d|\+\d|\+\$|\d+ VP|\+\w+ tokens?|\+Cards")


def sentences_without_a_verb(line: str) -> list:
    parts = re.split(r"(?<=[.;])\s+(?=[A-Z(+$])|;\s+", line)
    return [p for p in parts if p and p != DIVIDER and not VERB.search(p) and
            not BONUS.search(p)]


def _lines(cid: str) -> tuple:
    return render_card(CATALOG.cards[cid], CATALOG, EN).text


@pytest.mark.parametrize("what, pattern", CHECKS.items())
def test_no_shipped_card_reads_wrong(what, pattern):
    bad = [f"{cid}: {line}" for cid in sorted(CATALOG.cards) for line in _lines(cid)
           if re.search(pattern, line)]
    assert not bad, f"{what}:\n" + "\n".join(bad)


def test_no_shipped_card_has_a_sentence_without_a_verb():
    bad = [f"{cid}: {part}" for cid in sorted(CATALOG.cards) for line in _lines(cid)
           for part in sentences_without_a_verb(line)]
    assert not bad, "a sentence without a verb:\n" + "\n".join(bad)


def test_the_checks_catch_what_they_are_for():
    """Each check finds the faults issue 21 quoted (City, the `if` inside `each other player`,
    Vault, Wishing Well, a new locale's "a Estate") and passes the sentences that read right."""
    samples = {"a raw identifier": "If empty_piles is at least 1, +1 Card.",
               "'a' before a vowel": "Gain a Estate.",
               "a clause run into another": "Each other player If the number of cards in your "
                                            "hand is at least 5, he discards a card.",
               "a sentence begun in lower case": "Trash a card. gain a Silver.",
               "a verb without its subject": "Each other player may discard 2 cards. If he "
                                             "does, draws a card.",
               "a move undone by the next sentence": "If it is the named card, put it into "
                                                     "your hand. Put it back."}
    for what, text in samples.items():
        assert re.search(CHECKS[what], text), what
    assert not re.search(CHECKS["'a' before a vowel"], "Gain a University.")
    assert not re.search(CHECKS["a verb without its subject"], "If he does, he draws a card.")
    assert not re.search(CHECKS["a move undone by the next sentence"],
                         "If it is the named card, put it into your hand; otherwise, put it "
                         "back.")
    assert sentences_without_a_verb("Each other player, a Copper card.") == \
        ["Each other player, a Copper card."]
    assert sentences_without_a_verb("+1 Card. If you do, +$2; otherwise, gain a Silver.") == []
    assert sentences_without_a_verb("Worth 1 VP for every 10 cards in your deck.") == []


@pytest.mark.parametrize("cid, line", [
    ("city", "If there are 1 or more empty Supply piles, +1 Card."),
    ("vault", "Each other player may discard 2 cards. If he does, he draws a card."),
    ("talisman", "While this is in play, when you buy a card costing up to $4 that is not a "
                 "Victory card, gain a copy of it."),
    ("wishing_well", "If it is the named card, put it into your hand; otherwise, put it back."),
    # worded as the printed cards word them (tools/render_compare.py)
    ("library", "Draw until you have 7 cards in hand. You may set aside any Action cards drawn "
                "this way, as you draw them; discard the set-aside cards after you finish "
                "drawing."),
    ("rogue", "If there are any cards costing from $3 to $6 in the trash, gain one of them; "
              "otherwise, each other player reveals the top 2 cards of his deck, trashes one of "
              "them costing from $3 to $6, and discards the rest."),
    ("hermit", "When you discard this from play, if you didn't buy any cards this turn, trash "
               "this card and gain a Madman from the Madman pile."),
    ("madman", "Return this to the Madman pile."),
    ("madman", "(This is not in the Supply.)"),
    ("monument", "+1 VP token"),
    ("bank", "When you play this, it's worth $1 per Treasure card you have in play (counting "
             "this)."),
    ("survivors", "Discard them or put them back on top of your deck in any order."),
    ("loan", "Discard it or trash it."),
    ("golem", "Discard the other cards."),
    ("mercenary", "If you do, +2 Cards, +$2, and each other player discards down to 3 cards "
                  "in hand."),
    ("counting_house", "Look through your discard pile and reveal any number of Copper cards "
                       "from it."),
    ("vagrant", "If it is a Curse, Ruins, Shelter or Victory card, put it into your hand; "
                "otherwise, put it back."),
    ("dame_anna", "If a Knight is trashed by this, trash this card."),
])
def test_the_sentences_found_wrong_read_right(cid, line):
    assert any(line in x for x in _lines(cid)), _lines(cid)


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
