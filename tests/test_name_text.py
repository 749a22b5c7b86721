"""Card text of cards' names compared and of numbers of cards said by an expression:
`distinct` (differently named cards) always leaves a trace in the text of every locale (a
part of a program that changes what the card does reaches its text), duplicates in a zone,
the named card, "a number of cards equal to ...", and a set's shared mat."""
from __future__ import annotations

import dataclasses

import pytest

from dsl.language import ast as A
from dsl.language.fansets import open_sets
from dsl.language.parser import parse_program
from dsl.language.walk import nodes
from dsl.text.i18n import get_locale
from dsl.text.render import render_card

CATALOG = open_sets().catalog
LOCALES = ("en", "cs", "hu")
PROGRAM_FIELDS = ("on_play", "triggers", "modifiers", "vp", "buy_if", "setup")


def without_distinct(node):
    """The same program with every `distinct(X)` replaced by X."""
    if isinstance(node, A.Call) and node.func == "distinct":
        return without_distinct(node.args[0])
    if isinstance(node, tuple):
        return tuple(without_distinct(x) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return dataclasses.replace(node, **{f.name: without_distinct(getattr(node, f.name))
                                            for f in dataclasses.fields(node) if f.init})
    return node


def has_distinct(card) -> bool:
    return any(isinstance(n, A.Call) and n.func == "distinct"
               for f in PROGRAM_FIELDS for n in nodes(getattr(card, f)))


def text(card, lang: str) -> tuple:
    return render_card(card, CATALOG, get_locale(lang)).text


def plain(card):
    return dataclasses.replace(card, **{f: without_distinct(getattr(card, f))
                                        for f in PROGRAM_FIELDS})


DISTINCT_CARDS = sorted(cid for cid, card in CATALOG.cards.items() if has_distinct(card))


def test_the_shipped_cards_with_distinct_are_found():
    assert {"harvest", "horn_of_plenty", "fairgrounds", "menagerie", "pilgrimage",
            "forager", "tribute"} <= set(DISTINCT_CARDS)


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("cid", DISTINCT_CARDS)
def test_distinct_in_a_shipped_card_changes_its_text(cid, lang):
    card = CATALOG.cards[cid]
    assert text(card, lang) != text(plain(card), lang)


# `distinct` wherever an expression of cards can stand: a rate, an amount, a condition, a
# choice, a loop, a variable's cards, a quotient
PROGRAMS = [
    "+$(count(distinct(hand)))",
    "reveal top 3 as shown\n+$(count(distinct(shown)))",
    "gain card costing up to $(count(distinct(discard where treasure)))",
    "if count(distinct(in_play)) >= 3 { +1 card }",
    "if count(distinct(hand)) < count(hand) { +1 card }",
    "if count(distinct(hand)) = count(hand) { +1 card }",
    "choose up to 2 cards from distinct(hand) as picked\neach card in picked { gain copy of it }",
    "each card in distinct(in_play) { +$1 }",
    "+$(count(distinct(trash)) / 2)",
    "reveal top 4 as shown\neach card in distinct(shown) { +1 action }",
    "repeat count(distinct(hand)) { gain silver }",
]


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("src", PROGRAMS)
def test_distinct_anywhere_leaves_a_trace_in_every_locale(src, lang):
    card = dataclasses.replace(CATALOG.cards["village"], on_play=parse_program(src))
    assert has_distinct(card)
    with_it, without_it = text(card, lang), text(plain(card), lang)
    assert with_it != without_it
    assert all("{" not in line for line in with_it)


@pytest.mark.parametrize("cid, line", [
    ("harvest", "+$1 per differently named card revealed"),
    ("horn_of_plenty", "Gain a card costing up to $1 per differently named card you have in "
                       "play."),
    ("fairgrounds", "Worth 2 VP for every 5 differently named cards in your deck (rounded "
                    "down)."),
    ("menagerie", "If there are no duplicates among the cards in your hand, +3 Cards; "
                  "otherwise, +1 Card."),
    ("pilgrimage", "choose up to 3 cards you have in play with different names and gain a "
                   "copy of each of them."),
    ("forager", "+$1 per differently named Treasure card in the trash"),
    ("journeyman", "Reveal cards from your deck until you reveal 3 cards that are not the "
                   "named card."),
    ("journeyman", "Put them into your hand."),
    ("raze", "Look at a number of cards from the top of your deck equal to the cost in $ of "
             "the trashed card."),
    ("raze", "Put one of them into your hand."),
    ("hunting_party", "Reveal cards from your deck until you reveal a card that isn't a "
                      "duplicate of one of the cards in your hand."),
    ("hunting_party", "Put it into your hand."),
    ("hunting_party", "Discard the rest."),
    ("miser", "Choose one: put a Copper card from your hand onto your Tavern mat; or +$1 per "
              "Copper card on your Tavern mat."),
])
def test_the_texts_found_wrong_read_right(cid, line):
    lines = text(CATALOG.cards[cid], "en")
    assert any(line in x for x in lines), lines


def test_journeyman_keeps_the_cards_that_are_not_the_named_card():
    """`put revealed where name != named into hand`: not "the revealed copies of the named
    card", which says the opposite."""
    assert not any("copies of the named card" in x for x in text(CATALOG.cards["journeyman"],
                                                                 "en"))


def test_a_shared_mat_has_no_reminder_a_cards_own_mat_has():
    """The end-of-game reminder is for a card's own mat (Island, Native Village); the Tavern
    mat, shared by the Reserve cards, is explained by the rulebook."""
    end = "at the end of the game"
    assert not any(end in x for x in text(CATALOG.cards["miser"], "en"))
    for cid in ("island", "native_village"):
        assert any(end in x for x in text(CATALOG.cards[cid], "en")), cid


@pytest.mark.parametrize("cid, lang, line", [
    ("fairgrounds", "cs", "Má hodnotu 2 VP za každých 5 různě pojmenovaných karet ve tvém "
                          "balíčku (zaokrouhleno dolů)."),
    ("horn_of_plenty", "cs", "za každou různě pojmenovanou kartu, kterou máš ve hře"),
    ("horn_of_plenty", "hu", "a játékban lévő minden különböző nevű lap után"),
    ("raze", "cs", "Podívej se na tolik karet z vršku svého dobíracího balíčku, kolik činí "
                   "cena zahozené karty v mincích."),
    ("menagerie", "cs", "Pokud žádné dvě karty v ruce nemají stejný název, +3 karty"),
    ("journeyman", "hu", "amíg fel nem fedsz 3 olyan lapot, amely nem a megnevezett lap"),
])
def test_the_new_phrases_are_translated(cid, lang, line):
    lines = text(CATALOG.cards[cid], lang)
    assert any(line in x for x in lines), lines
