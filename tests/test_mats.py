"""Mats and calls (issue 31): what the scenarios in tests/scenarios/language cannot reach:
the log of a call, the bots' answers to calls, a game with no mat listener looking at no
mat, the kingdom compiler's reasons, random games with Reserve cards."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.language.parser import parse_program
from dsl.language.loader import load_shipped
from dsl.language.strategy import find_strategy
from interpreter.bots.agents import Bot, ScriptedAgent
from interpreter.bots.calls import call_answer
from interpreter.compiled.runner import compiled_run
from interpreter.compiled.scope import Unsupported
from interpreter.core.decisions import Decision
from interpreter.core.state import TurnState
from interpreter.effects.expressions import Frame
from interpreter.engine.game import Game
from interpreter.runs.fuzz import fuzz_game

FAN = Path(__file__).parent / "fixtures" / "fan"
MAT_CARDS = ["tavern_coin", "dawn_patrol", "closing_time", "copy_clerk", "encore_wagon",
             "long_march", "stash_box", "quiet_day", "far_shore"]
CAT = load_shipped([FAN / f"{c}.yaml" for c in MAT_CARDS]).catalog
KINGDOM = MAT_CARDS + ["village"]


def game(kingdom, agents=None, **turn) -> Game:
    agents = agents or [ScriptedAgent("p1", []), ScriptedAgent("p2", [])]
    g = Game(CAT, list(kingdom), 2, agents, deal=False)
    g.start_turn(TurnState(0, 0), abilities=False)
    for k, v in turn.items():
        setattr(g.turn, k, v)
    return g


def put(g, p, zone, ids):
    z = g.players[p].mat(zone[:-4]) if zone.endswith(" mat") else g.players[p].zones[zone]
    return [g.new_card(cid, z, p) for cid in ids]


def test_a_game_without_mat_listeners_looks_at_no_mat():
    g = game(["village", "smithy"])
    assert g.listen_zones == ("hand", "in_play")
    assert not {"turn_start", "action_resolved", "buy_end", "cleanup_end"} & g.listened
    g = game(KINGDOM)
    assert g.listen_zones == ("hand", "in_play", "tavern mat")


def test_a_call_is_logged_and_is_not_a_play():
    g = game(KINGDOM, [ScriptedAgent("p1", [True]), ScriptedAgent("p2", [])])
    put(g, 0, "tavern mat", ["tavern_coin"])
    village, = put(g, 0, "hand", ["village"])
    g.play_from_hand(0, village)
    assert "p1 calls tavern_coin" in g.log
    assert [c.id for c in g.turn.played] == ["village"]
    assert g.turn.actions == 3


def bot(kingdom):
    return Bot(find_strategy("bm", CAT))


def may_call(g, card, body: str):
    s = parse_program(f"may call this {{ {body} }}")[0]
    f = Frame(0, 0, this=[(card, card.zone)], source=card.id)
    return Decision(0, "yesno", "may", "may call", source=card.id, effect=s, frame=f)


def test_bots_call_for_actions_only_when_out_of_actions_with_an_action_in_hand():
    b = bot(KINGDOM)
    plus2 = "+2 actions"
    g = game(KINGDOM, actions=0)
    coin, = put(g, 0, "tavern mat", ["tavern_coin"])
    put(g, 0, "hand", ["copper", "estate"])
    assert not call_answer(b, g, may_call(g, coin, plus2))
    put(g, 0, "hand", ["smithy"])
    assert call_answer(b, g, may_call(g, coin, plus2))
    g.turn.actions = 1
    assert not call_answer(b, g, may_call(g, coin, plus2))


def test_bots_copy_a_good_gain_not_a_copper():
    b = bot(KINGDOM)
    g = game(KINGDOM, phase="buy")
    clerk, = put(g, 0, "tavern mat", ["copy_clerk"])
    body = "gain copy of it"
    for cid, yes in (("silver", True), ("copper", False)):
        gained, = put(g, 0, "discard", [cid])
        d = may_call(g, clerk, body)
        d.frame.it = [(gained, gained.zone)]
        assert call_answer(b, g, d) is yes, cid


def test_bots_trash_junk_by_a_call_only_with_junk_in_hand():
    b = bot(KINGDOM)
    g = game(KINGDOM)
    card, = put(g, 0, "tavern mat", ["dawn_patrol"])
    body = "trash 1 card from hand"
    put(g, 0, "hand", ["gold", "silver", "gold"])
    assert not call_answer(b, g, may_call(g, card, body))
    put(g, 0, "hand", ["curse"])
    assert call_answer(b, g, may_call(g, card, body))


@pytest.mark.parametrize("card, words", [
    ("tavern_coin", "ability heard from a mat"),
    ("long_march", "cleanup draws N more"),
    ("stash_box", "cleanup_end"),
    ("quiet_day", "turns_in_a_row"),
])
def test_the_compiler_names_what_it_leaves_to_the_generic_engine(card, words):
    with pytest.raises(Unsupported, match=words):
        compiled_run(CAT, [card, "village", "smithy"], ["random", "random"])


def test_random_games_with_mats_keep_every_card_in_one_place():
    for seed in range(8):
        finished, g = fuzz_game(CAT, KINGDOM, seed)
        g.check_invariants()


@pytest.mark.parametrize("hand, body, yes", [
    (["estate"] * 5, "discard all cards from hand; +5 cards", True),
    (["copper", "copper", "estate", "estate", "copper"], "discard all cards from hand; +5 cards",
     True),
    (["gold", "gold", "gold", "silver", "silver"], "discard all cards from hand; +5 cards", False),
    (["silver", "estate", "silver", "silver", "gold"], "trash 1 card from hand", True),
    (["curse", "gold", "gold", "gold", "silver"], "trash 1 card from hand", True),
    (["gold", "gold", "gold", "silver", "silver"], "trash 1 card from hand", False),
])
def test_bots_call_to_replace_a_weak_hand_or_trash_junk(hand, body, yes):
    b = bot(KINGDOM)
    g = game(KINGDOM)
    card, = put(g, 0, "tavern mat", ["dawn_patrol"])
    put(g, 0, "hand", hand)
    put(g, 0, "deck", ["copper"] * 7 + ["silver"] * 3 + ["estate"] * 3 + ["gold"])
    assert call_answer(b, g, may_call(g, card, body)) is yes


def test_an_extra_turn_without_buying_cards_is_logged_and_offers_no_card():
    g = game(KINGDOM)
    qd, = put(g, 0, "hand", ["quiet_day"])
    put(g, 0, "deck", ["gold"] * 6)
    g.play_from_hand(0, qd)
    g.end_turn()
    assert g.turn.player == 0 and g.turn.no_card_buys
    assert "-- turn of p1 (no card can be bought)" in g.log
    g.play_all_treasures(0)
    assert g.turn.coins == 15 and g.buyable() == ()


def test_a_person_at_the_terminal_sees_the_cards_on_his_mats():
    import io
    from interpreter.bots.human import HumanAgent
    out = io.StringIO()
    human = HumanAgent(0, inp=io.StringIO("y\n"), out=out, catalog=CAT)
    g = game(KINGDOM, [human, ScriptedAgent("p2", [])])
    put(g, 0, "tavern mat", ["tavern_coin"])
    village, = put(g, 0, "hand", ["village"])
    g.play_from_hand(0, village)
    shown = out.getvalue()
    assert "tavern mat: Tavern Coin" in shown and "you may: call this (+1 action)" in shown
    assert g.turn.actions == 3
