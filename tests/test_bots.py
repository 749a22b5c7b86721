"""Bots that can play any card: answer rules in strategy files (parsed, checked with a
position, followed in a game), the defaults weighed from what each answer does (on the
cards whose first defaults were poor), and never ending the game when that loses it."""
from __future__ import annotations

import textwrap

import pytest

from dsl.language.errors import DslError
from dsl.language.loader import load_shipped
from dsl.language.strategy import find_strategy, load_strategy
from interpreter.bots.agents import Bot
from interpreter.bots.endgame import loses_by_ending
from interpreter.engine.game import Game
from interpreter.runs.simulation import run_games
from interpreter.core.state import TurnState

CATALOG = load_shipped().catalog


# ---- helpers -------------------------------------------------------------------------------
def strategy_file(tmp_path, text: str, name: str = "mine"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def load(tmp_path, text: str):
    strategy, src = load_strategy(strategy_file(tmp_path, text), CATALOG)
    return strategy, [d for d in src.diagnostics if d.severity == "error"]


BUY = "buy: [province, gold, silver]\n"


def bot(spec_or_strategy):
    s = spec_or_strategy if not isinstance(spec_or_strategy, str) else \
        find_strategy(spec_or_strategy, CATALOG)
    return Bot(s)


def table(kingdom, hand, deck=(), discard=(), agents=None, other_hand=(), coins=0,
          actions=1, supply=None):
    """A game at the start of player 1's turn with these cards (nothing dealt)."""
    agents = agents or [bot("bm"), bot("bm")]
    game = Game(CATALOG, list(kingdom), 2, agents, seed=1, deal=False, log=False,
                supply_overrides=supply or {})
    game.start_turn(TurnState(0, 0))
    p1, p2 = game.players
    for cid in deck:
        game.new_card(cid, p1.deck, 0)
    for cid in discard:
        game.new_card(cid, p1.discard, 0)
    for cid in hand:
        game.new_card(cid, p1.hand, 0)
    for cid in other_hand:
        game.new_card(cid, p2.hand, 1)
    for _ in range(5):
        game.new_card("copper", p2.deck, 1)
    game.turn.coins, game.turn.actions = coins, actions
    return game


def play(game, cid, p=0):
    card = next(c for c in game.players[p].hand.cards if c.id == cid)
    game.play_from_hand(p, card)
    return game


def ids(zone) -> list:
    return sorted(c.id for c in zone.cards)


# ---- answer rules: parsed and checked --------------------------------------------------------
def test_every_kind_of_rule_loads(tmp_path):
    strategy, errors = load(tmp_path, """
        name: mine
        buy: [province, "gold if coins_in_hand >= 6", silver]
        play: [village, "smithy if actions = 1"]
        answers:
          mining_village: {may: ["yes if coins_in_hand = 4 or coins_in_hand = 6", no]}
          steward: {choose: ["option 3 if count(hand where curse or estate) >= 2",
                             "option 2 if coins_in_hand >= 4", option 1]}
          cellar: {discard: [curse, "estate", "copper if vp_lead > 10"]}
          chapel: {trash: [curse, "estate if gains_to_end > 4"]}
          workshop: {gain: ["gardens if turns > 10", silver]}
          militia: {keep: [gold, silver]}
          courtyard: {put: [action]}
          haven: {set_aside: [victory]}
          wishing_well: {name: [copper]}
          treasure_map: {play: ["no if count(hand where treasure_map) < 2"],
                         buy: ["treasure_map if owned(treasure_map) < 4"]}
        """)
    assert errors == []
    rules = {(cid, key): r for cid, key, r in strategy.answers}
    assert rules["mining_village", "may"][0].answer is True
    assert rules["mining_village", "may"][1].answer is False
    assert [r.answer for r in rules["steward", "choose"]] == [2, 1, 0]
    assert [r.answer for r in rules["cellar", "discard"]] == ["curse", "estate", "copper"]
    assert rules["wishing_well", "name"][0].answer == "copper"
    assert strategy.play[0] == ("village", None) and strategy.play[1][1] is not None


@pytest.mark.parametrize("answers, line, col, words", [
    ('steward: {choose: ["option 4"]}', 5, 30, "steward's choice has 3 options"),
    ('steward: {choose: ["option two"]}', 5, 30, "syntax"),
    ('baron: {trash: [estate]}', 5, 11, "baron asks no 'trash' decision"),
    ('barn: {may: [yes]}', 5, 3, "unknown card 'barn'; did you mean 'baron'"),
    ('baron: {may: [maybe]}', 5, 17, "'maybe' is not yes or no"),
    ('baron: {discard: [estat]}', 5, 21, "unknown card or type 'estat'"),
    ('baron: {may: ["yes if coins_in_hnd > 3"]}', 5, 25, "unknown name 'coins_in_hnd'"),
    ('baron: {may: ["yes if coins_in_hand > $3"]}', 5, 25, "cannot compare a number"),
    ('baron: {mayy: [yes]}', 5, 11, "unknown field 'mayy'"),
    ('wishing_well: {name: [action]}', 5, 25, "unknown card 'action'"),
])
def test_a_bad_rule_is_an_error_with_its_position(tmp_path, answers, line, col, words):
    text = f"name: mine\n{BUY}play: []\nanswers:\n  {answers}\n"
    path = strategy_file(tmp_path, text)
    strategy, src = load_strategy(path, CATALOG)
    errors = [d for d in src.diagnostics if d.severity == "error"]
    assert strategy is None and errors, src.diagnostics
    e = errors[0]
    assert words in e.message, e.message
    assert (e.line, e.col) == (line, col), (e.line, e.col, e.format())
    assert e.format().startswith(f"{path}:{line}:{col}: error")


def test_a_bad_play_entry_says_where(tmp_path):
    _, errors = load(tmp_path, f"name: mine\n{BUY}play: [vilage]\n")
    assert len(errors) == 1 and "unknown card 'vilage'; did you mean 'village'" in \
        errors[0].message and errors[0].line == 3


def test_find_strategy_raises_the_diagnostics_of_a_bad_file(tmp_path):
    path = strategy_file(tmp_path, f"name: mine\n{BUY}answers:\n  steward: {{may: [yes]}}\n")
    with pytest.raises(DslError) as e:
        find_strategy(str(path), CATALOG)
    assert "steward asks no 'may' decision" in str(e.value)
    assert f"{path}:4:" in str(e.value)


# ---- answer rules: followed ------------------------------------------------------------------
def mine_bot(tmp_path, answers: str, buy: str = BUY):
    text = f"name: mine\n{buy}answers:\n" + textwrap.indent(textwrap.dedent(answers), "  ")
    strategy, errors = load(tmp_path, text)
    assert errors == []
    return Bot(strategy)


def test_a_may_rule_changes_the_answer(tmp_path):
    # $3 in hand: trashing Mining Village for $5 makes no better buy, so by default not
    game = table(["mining_village"], ["mining_village", "silver", "copper"], deck=["estate"])
    play(game, "mining_village")
    assert ids(game.trash_zone) == []
    always = mine_bot(tmp_path, "mining_village: {may: [yes]}")
    game = table(["mining_village"], ["mining_village", "silver", "copper"], deck=["estate"],
                 agents=[always, bot("bm")])
    play(game, "mining_village")
    assert ids(game.trash_zone) == ["mining_village"] and game.turn.coins == 2


def test_a_may_rule_with_a_condition(tmp_path):
    b = mine_bot(tmp_path, 'mining_village: {may: ["yes if coins_in_hand >= 10", no]}')
    game = table(["mining_village"], ["mining_village", "gold", "gold"], deck=["gold"],
                 agents=[b, bot("bm")])
    play(game, "mining_village")                       # 9 in hand: the rule says no
    assert ids(game.trash_zone) == []
    game = table(["mining_village"], ["mining_village", "gold", "gold", "gold"],
                 deck=["gold"], agents=[b, bot("bm")])
    play(game, "mining_village")                       # 12: yes
    assert ids(game.trash_zone) == ["mining_village"]


def test_a_choose_rule_changes_the_option(tmp_path):
    hand = ["steward", "copper", "copper", "copper"]
    game = table(["steward"], hand, deck=["copper"] * 3)
    play(game, "steward")
    default = (game.turn.coins, len(game.players[0].hand.cards))
    b = mine_bot(tmp_path, 'steward: {choose: ["option 1 if coins_in_hand < 0", '
                           '"option 3 if count(hand where copper) >= 2"]}')
    game = table(["steward"], hand, deck=["copper"] * 3, agents=[b, bot("bm")])
    play(game, "steward")
    assert ids(game.trash_zone) == ["copper", "copper"] and default != (0, 1)


def test_a_choose_two_rule_gives_the_order_of_preference(tmp_path):
    b = mine_bot(tmp_path, 'pawn: {choose: [option 3, option 2]}')
    game = table(["pawn"], ["pawn", "copper"], deck=["copper"], agents=[b, bot("bm")])
    play(game, "pawn")
    assert (game.turn.buys, game.turn.actions, game.turn.coins) == (2, 1, 0)


def test_a_discard_rule_names_the_cards(tmp_path):
    hand = ["cellar", "estate", "copper", "silver"]
    deck = ["copper", "estate", "estate"]
    game = table(["cellar"], hand, deck=deck)
    play(game, "cellar")
    assert ids(game.players[0].discard) == ["estate"]        # the default: junk only
    b = mine_bot(tmp_path, 'cellar: {discard: [estate, copper]}')
    game = table(["cellar"], hand, deck=deck, agents=[b, bot("bm")])
    play(game, "cellar")
    assert ids(game.players[0].discard) == ["copper", "estate"]


def test_a_trash_rule_and_a_gain_rule(tmp_path):
    b = mine_bot(tmp_path, """
        remodel: {trash: [gold], gain: [gardens]}
        """)
    game = table(["remodel", "gardens"], ["remodel", "gold", "estate"], agents=[b, bot("bm")])
    play(game, "remodel")
    assert ids(game.trash_zone) == ["gold"] and ids(game.players[0].discard) == ["gardens"]


def test_a_keep_rule_protects_cards_from_an_attack(tmp_path):
    keeper = mine_bot(tmp_path, "militia: {keep: [estate]}")
    for victim, kept in ((bot("bm"), ["copper", "silver", "silver"]),
                         (keeper, ["estate", "silver", "silver"])):
        game = table(["militia"], ["militia"], agents=[bot("bm"), victim],
                     other_hand=["estate", "copper", "silver", "silver", "curse"])
        play(game, "militia")
        assert ids(game.players[1].hand) == sorted(kept)


def test_a_put_rule(tmp_path):
    b = mine_bot(tmp_path, "courtyard: {put: [gold]}")
    game = table(["courtyard"], ["courtyard", "gold", "estate"], deck=["copper"] * 3,
                 agents=[b, bot("bm")])
    play(game, "courtyard")
    assert game.players[0].deck.cards[-1].id == "gold"


def test_a_name_rule(tmp_path):
    b = mine_bot(tmp_path, "wishing_well: {name: [gold]}")
    game = table(["wishing_well"], ["wishing_well"], deck=["gold", "copper"],
                 agents=[b, bot("bm")])
    play(game, "wishing_well")                 # draws copper, names gold: gold into hand
    assert ids(game.players[0].hand) == ["copper", "gold"]


def test_a_play_rule_holds_an_action_back(tmp_path):
    b = mine_bot(tmp_path, 'treasure_map: {play: ["no if count(hand where treasure_map) '
                           '< 2"]}')
    one = table(["treasure_map"], ["treasure_map", "copper"], agents=[b, bot("bm")])
    assert b.decide(one, _play_decision(one)) == []
    two = table(["treasure_map"], ["treasure_map", "treasure_map"], agents=[b, bot("bm")])
    assert [c.id for c in b.decide(two, _play_decision(two))] == ["treasure_map"]


def _play_decision(game):
    from interpreter.core.decisions import Decision
    actions = tuple(c for c in game.players[0].hand.cards if c.d.is_action)
    return Decision(0, "cards", "play_action", "play an Action card", actions, 0, 1)


def test_the_play_list_orders_actions(tmp_path):
    strategy, errors = load(tmp_path, f"name: mine\n{BUY}play: [smithy]\n")
    b = Bot(strategy)
    game = table(["smithy", "village"], ["village", "smithy"], agents=[b, bot("bm")])
    assert [c.id for c in b.decide(game, _play_decision(game))] == ["smithy"]
    game = table(["smithy", "village"], ["village", "smithy"])
    assert [c.id for c in bot("bm").decide(game, _play_decision(game))] == ["village"]


def test_bm_card_takes_the_shipped_rules_for_the_card():
    s = find_strategy("bm:treasure_map", CATALOG)
    assert any(cid == "treasure_map" and key == "play" for cid, key, _ in s.answers)
    assert any(cid == "treasure_map" and cond is not None and "3" in repr(cond)
               for cid, cond in s.buy)
    potion = find_strategy("bm:familiar", CATALOG)
    assert [c for c, _ in potion.buy][:5] == ["colony", "platinum", "province", "familiar", "potion"]


# ---- the defaults, on the cards whose first defaults were poor --------------------------------
def test_baron_discards_an_estate_when_it_has_one():
    game = table(["baron"], ["baron", "estate", "copper"])
    play(game, "baron")
    assert ids(game.players[0].discard) == ["estate"] and game.turn.coins == 4


def test_mining_village_is_trashed_when_it_makes_a_gold():
    game = table(["mining_village"], ["mining_village", "silver", "copper", "copper"],
                 deck=["estate"])
    play(game, "mining_village")                 # $4 -> $6: Silver becomes Gold
    assert ids(game.trash_zone) == ["mining_village"]


def test_steward_trashes_junk_draws_or_takes_coins_as_the_hand_needs():
    junk = table(["steward"], ["steward", "curse", "curse", "copper"], deck=["copper"] * 3)
    play(junk, "steward")
    assert ids(junk.trash_zone) == ["curse", "curse"]
    rich = table(["steward"], ["steward", "gold", "silver", "copper"], deck=["copper"] * 3,
                 discard=["gold"] * 5)           # money > 18: Big Money buys Provinces
    play(rich, "steward")                        # $6 + $2 = a Province
    assert rich.turn.coins == 2 and ids(rich.trash_zone) == []


def test_nobles_takes_actions_when_holding_actions_it_cannot_play():
    game = table(["nobles", "smithy"], ["nobles", "smithy", "copper"], deck=["copper"] * 5)
    play(game, "nobles")
    assert game.turn.actions == 2
    game = table(["nobles"], ["nobles", "copper"], deck=["copper"] * 5)
    play(game, "nobles")
    assert game.turn.actions == 0 and len(game.players[0].hand.cards) == 4


def test_torturer_victim_discards_rather_than_take_a_curse():
    game = table(["torturer"], ["torturer"], deck=["copper"] * 3,
                 other_hand=["estate", "copper", "copper", "silver", "estate"])
    play(game, "torturer")
    assert ids(game.players[1].hand) == ["copper", "copper", "silver"]


def test_courtyard_puts_back_a_card_it_cannot_use_now():
    game = table(["courtyard", "smithy"], ["courtyard", "silver", "silver"],
                 deck=["smithy", "copper", "copper"], actions=1)
    play(game, "courtyard")                      # no Action left: Smithy goes back
    assert game.players[0].deck.cards[-1].id == "smithy"


def test_masquerade_passes_the_worst_card():
    game = table(["masquerade"], ["masquerade", "curse", "gold"], deck=["copper"] * 2,
                 other_hand=["silver", "copper"])
    play(game, "masquerade")
    assert "curse" in ids(game.players[1].hand) and "gold" in ids(game.players[0].hand)


def test_trader_replaces_a_curse_by_a_silver_not_a_province():
    game = table(["trader", "witch"], ["witch"], deck=["copper"] * 2,
                 other_hand=["trader", "copper"])
    play(game, "witch")
    assert "silver" in ids(game.players[1].discard)
    assert "curse" not in ids(game.players[1].discard)
    game = table(["trader"], [], other_hand=["trader"])
    for _ in range(7):                           # money > 18: Big Money wants Provinces
        game.new_card("gold", game.players[1].discard, 1)
    game.gain_from_supply(1, "province")
    assert ids(game.players[1].discard) == ["gold"] * 7 + ["province"]


def test_a_gain_takes_what_the_buy_plan_wants():
    game = table(["workshop", "smithy"], ["workshop"])
    play(game, "workshop")                       # bm buys Silver, never a Smithy
    assert ids(game.players[0].discard) == ["silver"]


def test_the_spy_keeps_its_own_good_card_and_discards_the_others():
    game = table(["spy"], ["spy"], deck=["gold", "copper"])
    p2 = game.players[1]
    p2.deck.cards.clear()
    game.new_card("gold", p2.deck, 1)
    play(game, "spy")
    assert game.players[0].deck.cards[-1].id == "gold"
    assert ids(p2.discard) == ["gold"]


# ---- never end the game when that loses it ----------------------------------------------------
def test_the_last_province_is_not_bought_when_that_loses():
    game = table(["smithy"], [], discard=["gold"] * 7, supply={"province": 1})
    game.new_card("province", game.players[1].discard, 1)
    game.new_card("province", game.players[1].discard, 1)       # p2 is 12 VP ahead
    game.turn.coins = 8
    assert loses_by_ending(game, 0, "province")
    from interpreter.core.decisions import Decision
    d = Decision(0, "pile", "buy", "buy a card", game.buyable(), 0, 1)
    assert bot("bm").decide(game, d) == "duchy"         # the next entry of its plan
    ahead = table(["smithy"], [], discard=["gold"] * 7, supply={"province": 1})
    ahead.turn.coins = 8
    ahead.new_card("duchy", ahead.players[0].discard, 0)
    assert not loses_by_ending(ahead, 0, "province")
    assert bot("bm").decide(ahead, Decision(0, "pile", "buy", "buy a card",
                                            ahead.buyable(), 0, 1)) == "province"


def test_a_tie_on_points_is_broken_by_turns():
    game = table(["smithy"], [], supply={"province": 1})
    game.new_card("province", game.players[1].discard, 1)        # 6 VP behind: a tie
    game.players[0].turns, game.players[1].turns = 5, 4
    assert loses_by_ending(game, 0, "province")                  # more turns: he loses
    game.players[1].turns = 5
    assert loses_by_ending(game, 0, "province")                  # a shared win
    game.players[0].turns = 4
    assert not loses_by_ending(game, 0, "province")


def test_the_pile_that_would_make_the_empty_piles_end_the_game():
    game = table(["smithy", "village", "moat"], [],
                 supply={"smithy": 0, "village": 0, "moat": 1})
    game.new_card("duchy", game.players[1].discard, 1)
    assert game.gains_to_end() == 1
    assert loses_by_ending(game, 0, "moat")
    assert not loses_by_ending(game, 0, "silver")


def test_the_bots_still_finish_their_games():
    res = run_games(CATALOG, ["baron"], ["bm:baron", "bm"], 40, seed=3)
    assert res.unfinished == 0
    assert res.bots[0].wins > 40 * 0.45          # 5% before the defaults weighed Baron


def test_ambassador_returns_junk_and_never_gives_away_a_good_card():
    game = table(["ambassador"], ["ambassador", "estate", "estate", "gold"])
    play(game, "ambassador")
    assert ids(game.players[0].hand) == ["gold"]
    assert ids(game.players[1].discard) == ["estate"]


def test_a_set_aside_rule(tmp_path):
    b = mine_bot(tmp_path, "haven: {set_aside: [estate]}")
    game = table(["haven"], ["haven", "estate", "silver"], deck=["copper"],
                 agents=[b, bot("bm")])
    play(game, "haven")
    assert ids(game.players[0].set_aside) == ["estate"]
    game = table(["haven"], ["haven", "estate", "silver"], deck=["copper"])
    play(game, "haven")                          # by default: what is worth more tomorrow
    assert ids(game.players[0].set_aside) == ["silver"]


def test_a_may_rule_answers_a_may_choice_of_cards(tmp_path):
    b = mine_bot(tmp_path, "baron: {may: [no]}")
    game = table(["baron"], ["baron", "estate"], agents=[b, bot("bm")])
    play(game, "baron")                          # no discard: it gains an Estate
    assert ids(game.players[0].discard) == ["estate"] and game.turn.coins == 0
    assert ids(game.players[0].hand) == ["estate"]
