"""Card text of clauses the Cornucopia, Guilds and Adventures cards read wrongly: another
player's `reveal until`, "either he ... or you do", identical gains at a cost merged, a block
done twice or for each card, "gain a Silver per ...", a card's cost and two kinds in an `if`,
the first buy of a turn, a `may` then "if you do", "if no one else did", a cost change "on
your turn", "pay all of your $", "3 of them"; each as a rule of the renderer, shown on the
cards that need it and on programs that are no card."""
from __future__ import annotations

import dataclasses

import pytest

from dsl.language.fansets import open_sets
from dsl.language.parser import parse_program
from dsl.text.i18n import get_locale
from dsl.text.render import render_card

CATALOG = open_sets().catalog


def text(card, lang: str = "en") -> tuple:
    return render_card(card, CATALOG, get_locale(lang)).text


def program(src: str, lang: str = "en") -> str:
    card = dataclasses.replace(CATALOG.cards["village"], on_play=parse_program(src))
    return " ".join(text(card, lang))


@pytest.mark.parametrize("cid, line", [
    ("fortune_teller", "Each other player reveals cards from the top of his deck until he "
                       "reveals a Victory or Curse card, puts it on top of his deck, and "
                       "discards the rest."),
    ("jester", "otherwise, either he gains a copy of it or you do, your choice."),
    ("stonemason", "Gain 2 cards each costing less than the trashed card."),
    ("stonemason", "If you do, gain 2 Action cards each costing exactly the amount you "
                   "overpaid."),
    ("ball", "Gain 2 cards each costing up to $4."),
    ("remake", "Do this twice: trash a card from your hand."),
    ("warrior", "For each Traveller card you have in play (counting this), each other player "
                "discards the top card of his deck. If it costs from $3 to $4, he trashes "
                "it."),
    ("magpie", "If it is an Action or Victory card, gain a Magpie."),
    ("messenger", "When you buy this, if this is your first buy this turn, gain a card"),
    ("raid", "Gain a Silver card per Silver card you have in play."),
    ("trade", "Gain a Silver card per card trashed."),
    ("tournament", "If you do, discard it and gain a Prize card or a Duchy, putting it on top "
                   "of your deck."),
    ("tournament", "If no one else did, +1 Card and +$1."),
    ("taxman", "costing up to $3 more than the trashed card,"),
    ("bridge_troll", "While this is in play, cards cost $1 less on your turn, but not less "
                     "than $0."),
    ("storyteller", "Pay all of your $. +1 Card per $1 paid."),
    ("scouting_party", "Discard 3 of them."),
])
def test_the_texts_found_wrong_read_right(cid, line):
    lines = text(CATALOG.cards[cid])
    assert any(line in x for x in lines), lines


@pytest.mark.parametrize("src, words", [
    ("gain card costing up to $5\ngain card costing up to $5",
     "Gain 2 cards each costing up to $5."),
    ("repeat 3 { +1 card }", "Do this 3 times: +1 Card."),
    ("repeat count(hand where treasure) { gain copper }",
     "Gain a Copper card per Treasure card in your hand."),
    ("repeat count(hand) { +$1 }", "For each card in your hand, +$1."),
    ("reveal top 1 as x\nif cost(x) >= $5 { trash x }", "If it costs $5 or more, trash it."),
    ("reveal top 1 as x\nif x is action or x is treasure { put x into hand }",
     "If it is an Action or Treasure card, put it into your hand."),
    ("may trash 1 card from hand as t\nif t { gain card costing up to cost(t) + 2 }",
     "If you do, gain a card costing up to $2 more than the trashed card."),
    ("each other player { reveal until count(revealed where treasure) >= 2 }",
     "reveals cards from the top of his deck until he reveals 2 Treasure cards"),
])
def test_the_rules_hold_beyond_the_cards(src, words):
    assert words in program(src)


def test_a_variable_bound_before_the_other_players_stays_singular():
    """Another player's block makes the variables bound in it plural (every player's cards),
    not those bound before it: Tournament's own revealed Province is "it"."""
    lines = text(CATALOG.cards["tournament"])
    assert not any("Discard them" in x for x in lines), lines


@pytest.mark.parametrize("cid, lang, line", [
    ("fortune_teller", "cs", "dokud neotočí kartu vítězných bodů nebo kletby"),
    ("farming_village", "cs", "dokud neotočíš kartu akce nebo peněz"),
    ("magpie", "cs", "za kartu akce nebo vítězných bodů"),
    ("ball", "cs", "Vezmi si 2 karty, z nichž každá stojí nejvýše $4."),
    ("tournament", "cs", "Pokud tak nikdo jiný neučinil, +1 karta a +$1."),
    ("remake", "hu", "Tedd meg kétszer:"),
    ("messenger", "hu", "ha ez az első vásárlásod ebben a körben"),
    ("fortune_teller", "hu", "amíg fel nem fed egy Győzelmi pont vagy Átok lapot"),
])
def test_the_new_clauses_are_translated(cid, lang, line):
    lines = text(CATALOG.cards[cid], lang)
    assert any(line in x for x in lines), lines
