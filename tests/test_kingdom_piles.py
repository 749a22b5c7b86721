"""Kingdom piles of different cards (set.yaml `piles:` with `kingdom: true`): the Knights,
and the fan set's Crew (in the order listed). A kingdom names the pile, random kingdoms
and the tables deal it as one card, its cards are never dealt alone, a strategy buys it,
and `owned(PILE)` counts its cards."""
from __future__ import annotations

import shutil
from pathlib import Path

from dsl.language.fansets import open_sets
from dsl.language.loader import load_shipped
from dsl.language.strategy import find_strategy
from dsl.lint.checks import lint
from interpreter.engine.game import Game
from interpreter.engine.turns import play_game
from interpreter.runs.simulation import make_bot

CATALOG = open_sets().catalog
PILES_FAN = Path(__file__).parent / "fixtures" / "piles_fan"


def test_a_kingdom_pile_is_one_kingdom_card_and_its_cards_are_none():
    ids = CATALOG.kingdom_ids()
    assert "knights" in ids and "band_of_misfits" in ids
    assert not {"dame_anna", "sir_martin", "ruins", "abandoned_mine"} & set(ids)
    assert CATALOG.face_of("knights").id == "dame_anna"
    assert [d.id for d in CATALOG.defs_of("knights")][-1] == "sir_vander"
    assert CATALOG.name_of("knights", "cs") == "Rytíři"


def test_the_knights_pile_is_ten_different_cards_whatever_the_players():
    for n in (2, 4, 6):
        game = Game(CATALOG, ["knights", "smithy"], n, [None] * n, seed=n)
        pile = game.supply["knights"]
        assert len(pile) == 10 and len({c.d.id for c in pile.cards}) == 10
        assert pile.d is pile.cards[-1].d                    # it offers its top card
    # shuffled by the seed: not the order listed, and another seed another order
    orders = {tuple(c.d.id for c in Game(CATALOG, ["knights"], 2, [None] * 2, seed=s)
                    .supply["knights"].cards) for s in range(5)}
    assert len(orders) == 5


def test_a_pile_in_the_order_listed_keeps_it(tmp_path):
    cat = load_shipped([PILES_FAN]).catalog
    for seed in range(3):
        pile = Game(cat, ["crew", "tinker"], 2, [None] * 2, seed=seed).supply["crew"]
        assert [c.d.id for c in reversed(pile.cards)] == ["captain", "deckhand", "deckhand"]


def test_a_kingdom_may_name_a_kingdom_pile_but_not_a_basic_pile_nor_a_pile_card(tmp_path):
    fan = shutil.copytree(PILES_FAN, tmp_path / "piles_fan")
    text = (fan / "set.yaml").read_text()
    (fan / "set.yaml").write_text(text + "kingdoms:\n  - id: k1\n    names: {en: K1}\n"
                                  "    cards: [crew, rubble, captain, tinker]\n")
    messages = [f"{d.code} {d.message}" for d in lint([str(fan)])]
    assert any("E007 'rubble' is a basic pile" in m for m in messages)
    assert any("E007 'captain' is not a kingdom card" in m for m in messages)
    assert not any("'crew'" in m for m in messages)


def test_big_money_with_a_kingdom_pile_buys_from_it_and_plays_its_cards():
    bot = find_strategy("bm:knights", CATALOG)
    knights = {d.id for d in CATALOG.defs_of("knights")}
    assert {cid for cid, _ in bot.play[:10]} == knights
    bought = 0
    for seed in range(10):
        game = Game(CATALOG, ["knights"], 2, [make_bot("bm:knights", CATALOG, None),
                                             make_bot("bm", CATALOG, None)], seed=seed)
        play_game(game)
        mine = {c.d.id for c in game.players[0].all_cards()} | \
            {c.d.id for c in game.trash_zone.cards}
        bought += bool(mine & knights)
        theirs = {c.d.id for c in game.players[1].all_cards()}
        assert not theirs & knights                 # plain Big Money never buys one
    assert bought >= 8


def test_owned_counts_the_cards_of_a_mixed_pile():
    from dsl.language.parser import parse_expr
    from interpreter.effects.compiler import compiled
    from interpreter.effects.expressions import Frame
    game = Game(CATALOG, ["knights"], 2, [None, None], seed=1)
    owned = compiled(parse_expr("owned(knights)"))
    assert owned(game, Frame(0, 0)) == 0
    for _ in range(3):
        game.gain_from_supply(0, "knights")
    assert owned(game, Frame(0, 0)) == 3
    assert compiled(parse_expr("owned(copper)"))(game, Frame(0, 0)) == 7


def test_a_person_at_the_terminal_sees_a_kingdom_pile_by_its_name_and_top_card():
    import io
    from interpreter.bots.human import HumanAgent
    from interpreter.core.decisions import Decision
    out = io.StringIO()
    human = HumanAgent(0, inp=io.StringIO("1\n"), out=out, catalog=CATALOG)
    game = Game(CATALOG, ["knights"], 2, [human, None], seed=1)
    top = CATALOG.name_of(game.supply["knights"].d.id)
    d = Decision(0, "pile", "buy", "buy a card", ("knights", "silver"), 0, 1)
    assert human.decide(game, d) == "knights"
    shown = out.getvalue()
    assert f"Knights: {top} $5 (10)" in shown and f"1. Knights: {top}" in shown
