"""The bots' defaults on the statements Prosperity and Dark Ages brought, on small positions:
an Action that must trash a card for nothing is held back when that loses (Rats), a card
played twice then trashed is weighed with the trash (Counterfeit), a choice of several
cards weighs every mix of them (Forge), a Victory card bought when greening (Feodum), and
Big Money with Platinum and Colony in a game that has them."""
from __future__ import annotations

from dsl.language.loader import load_shipped
from interpreter.bots import defaults
from interpreter.bots.worth import may_hurt, play_worth
from interpreter.core.state import TurnState
from interpreter.engine.game import Game
from interpreter.runs.simulation import run_games

from test_bots import bot, ids, play, table

CATALOG = load_shipped().catalog
RICH = ["gold"] * 6                 # money > 18: Big Money buys Provinces


def _first(game, cid):
    return next(c for c in game.players[0].hand.cards if c.id == cid)


# ---- an Action that must trash a card for nothing ------------------------------------------
def test_a_card_that_must_trash_for_nothing_is_known_by_its_effect():
    cards = CATALOG.cards
    assert may_hurt(cards["rats"]) and may_hurt(cards["trade_route"])
    assert not may_hurt(cards["remodel"])          # its trash pays for the gain
    assert not may_hurt(cards["chapel"])           # `up to`: it may trash nothing
    assert not may_hurt(cards["smithy"])
    # a card that gains a copy of itself to trash for nothing is no card worth gaining
    assert play_worth(cards["rats"]) < 0 < play_worth(cards["village"])


def test_rats_is_played_to_trash_junk_and_held_back_from_trashing_money():
    b = bot("bm:rats")
    junk = table(["rats"], ["rats", "estate", "silver", "gold"], deck=["copper"] * 5,
                 agents=[b, bot("bm")])
    assert b.action_to_play(junk, 0, [_first(junk, "rats")]) is not None
    play(junk, "rats")
    assert ids(junk.trash_zone) == ["estate"]
    money = table(["rats"], ["rats", "silver", "silver", "gold", "gold"],
                  deck=["copper"] * 5, agents=[b, bot("bm")])
    assert defaults.play_value(b, money, 0, _first(money, "rats")) < 0
    assert b.action_to_play(money, 0, [_first(money, "rats")]) is None


def test_trade_route_still_trashes_a_copper():
    b = bot("bm:trade_route")
    game = table(["trade_route"], ["trade_route", "silver", "copper", "copper", "copper"],
                 deck=["copper"] * 5, agents=[b, bot("bm")])
    assert b.action_to_play(game, 0, [_first(game, "trade_route")]) is not None


def test_the_bots_finish_rats_games_without_drowning_in_rats():
    res = run_games(CATALOG, ["rats"], ["bm:rats", "bm"], 30, seed=2, stats=True)
    assert res.unfinished == 0
    assert res.bots[0].wins > 30 * 0.05          # 0 of 2,000 when Rats trashed Golds
    assert res.stats.gained[0]["rats"] / 30 < 6  # 11 a game then (a pile is 20)


# ---- played twice, then trashed --------------------------------------------------------------
def test_counterfeit_doubles_a_copper_not_the_gold_it_would_trash():
    game = table(["counterfeit"], ["counterfeit", "copper", "gold", "silver"],
                 deck=["copper"] * 5, discard=RICH, agents=[bot("bm:counterfeit"), bot("bm")])
    game.turn.phase = "buy"
    play(game, "counterfeit")                    # $1 + $2 + $3 + $2 = a Province
    assert ids(game.trash_zone) == ["copper"]


def test_counterfeit_trashes_nothing_when_the_coins_buy_nothing_better():
    game = table(["counterfeit"], ["counterfeit", "gold", "gold", "silver"],
                 deck=["copper"] * 5, discard=RICH, agents=[bot("bm:counterfeit"), bot("bm")])
    game.turn.phase = "buy"
    play(game, "counterfeit")                    # $9 already buys the Province
    assert ids(game.trash_zone) == []


def test_counterfeit_gives_up_a_silver_for_a_province():
    game = table(["counterfeit"], ["counterfeit", "silver", "silver", "copper"],
                 deck=["copper"] * 5, discard=RICH, agents=[bot("bm:counterfeit"), bot("bm")])
    game.turn.phase = "buy"
    play(game, "counterfeit")                    # $6 (a Gold) or $8 (a Province)
    assert ids(game.trash_zone) == ["silver"]


# ---- a choice of several cards: every mix ----------------------------------------------------
def test_forge_trashes_the_mix_that_makes_a_province():
    # the best prefixes of the ranking (the Estates first) make $4 or $7 or $10, for which
    # nothing costs exactly that; an Estate and the two Silvers make $8
    game = table(["forge"], ["forge", "estate", "estate", "silver", "silver"],
                 deck=["copper"] * 5, discard=RICH, supply={"province": 3},
                 agents=[bot("bm:forge"), bot("bm")])
    play(game, "forge")
    assert ids(game.trash_zone) == ["estate", "silver", "silver"]
    assert "province" in ids(game.players[0].discard)


def test_forge_trashes_junk_for_a_card_early():
    game = table(["forge"], ["forge", "estate", "estate", "estate", "copper"],
                 deck=["copper"] * 5, agents=[bot("bm:forge"), bot("bm")])
    play(game, "forge")                          # three Estates: $6, a Gold
    assert ids(game.trash_zone) == ["estate"] * 3
    assert ids(game.players[0].discard) == ["gold"]


def test_a_mix_is_counted_by_kinds_of_cards_and_bounded():
    ranked = [(0.0, 0.0, 0.0, c) for c in table(["forge"], ["estate", "estate", "silver"])
              .players[0].hand.cards]
    mixes = defaults._mixes(ranked, 0, 3)
    assert sorted(sorted(c.id for c in m[0]) for m in mixes) == sorted(
        [[], ["estate"], ["estate", "estate"], ["silver"], ["estate", "silver"],
         ["estate", "estate", "silver"]])
    assert len(defaults._mixes(ranked, 2, 2)) == 2
    many = table(["forge"], ["copper", "silver", "gold", "estate", "duchy", "province"])
    assert defaults._mixes([(0.0, 0.0, 0.0, c) for c in many.players[0].hand.cards],
                           0, 6) is None       # 64 mixes: the ranking's prefixes instead


# ---- Victory cards bought when greening -------------------------------------------------------
def _buy(game, b):
    return b.buy_choice(game, 0, game.buyable())


def test_feodum_is_bought_when_greening_with_silvers_not_before():
    b = bot("bm:feodum")
    late = table(["feodum"], [], discard=["silver"] * 7 + ["gold"] * 3,
                 supply={"province": 4}, coins=4)
    assert _buy(late, b) == "feodum"
    early = table(["feodum"], [], discard=["silver"] * 7 + ["gold"] * 3, coins=4)
    assert _buy(early, b) == "silver"
    few = table(["feodum"], [], discard=["silver"] * 2, supply={"province": 4}, coins=4)
    assert _buy(few, b) == "silver"


# ---- Big Money with Platinum and Colony --------------------------------------------------------
def _colony_game(coins, discard=()):
    game = Game(CATALOG, ["bank", "monument", "vault", "venture", "loan"], 2,
                [bot("bm"), bot("bm")], seed=1, deal=False, log=False)
    game.start_turn(TurnState(0, 0))
    for cid in discard:
        game.new_card(cid, game.players[0].discard, 0)
    game.turn.coins = coins
    return game


def test_big_money_buys_platinum_and_colony_in_a_game_that_has_them():
    assert _colony_game(0).set_rules == ("platinum_colony",)
    b = bot("bm")
    assert _buy(_colony_game(9), b) == "platinum"
    assert _buy(_colony_game(11), b) == "platinum"           # money not above 32 yet
    rich = ["platinum"] * 6 + ["gold"] * 2                    # money 30 + 6 = 36
    assert _buy(_colony_game(11, rich), b) == "colony"
    assert _buy(_colony_game(8, rich), b) == "province"
    assert _buy(_colony_game(6), b) == "gold"


def test_big_money_plays_a_colony_game_to_its_end():
    res = run_games(CATALOG, ["bank", "monument", "vault", "venture", "loan"], ["bm", "bm"],
                    6, seed=3, stats=True)
    assert res.unfinished == 0
    gained = res.stats.gained
    assert all(g["platinum"] > 0 and g["colony"] > 0 for g in gained)


# ---- a card chosen is worth what follows does with it ------------------------------------------
def test_scheme_puts_back_the_action_worth_drawing_again():
    # `choose up to 1 action from in_play as schemed` then `this turn on discard_from_play
    # of schemed { put it on deck }`: the choice is worth the card put back
    game = table(["scheme", "smithy"], ["scheme", "smithy", "copper"], deck=["copper"] * 8,
                 actions=2)
    play(game, "scheme")
    play(game, "smithy")
    game.end_turn()
    assert "smithy" in ids(game.players[0].hand)


# ---- a card played as another (Band of Misfits) --------------------------------------------
def test_band_of_misfits_is_played_as_the_card_worth_most_now():
    """With no Action to follow, the most cards (Smithy, not Village or Moat); its worth
    as a play is that card's."""
    b = bot("bm:band_of_misfits")
    game = table(["band_of_misfits", "smithy", "village", "moat"],
                 ["band_of_misfits", "copper", "copper", "estate", "estate"],
                 deck=["copper"] * 8, agents=[b, bot("bm")])
    assert defaults.play_value(b, game, 0, _first(game, "band_of_misfits")) > 0
    play(game, "band_of_misfits")
    assert ids(game.players[0].in_play) == ["smithy"]
    assert len(game.players[0].hand.cards) == 7
    alone = table(["band_of_misfits"], ["band_of_misfits", "copper", "copper", "estate",
                                        "estate"], deck=["copper"] * 5, agents=[b, bot("bm")])
    assert defaults.play_value(b, alone, 0, _first(alone, "band_of_misfits")) == 0


def test_a_bot_plays_a_fan_card_that_may_be_another_without_weighing_it_as_itself():
    """Understudy (a fan card) may be any Action costing up to $4, itself included by
    cost: it is never offered itself, so the bot's weighing ends (it once recursed)."""
    from pathlib import Path
    cat = load_shipped([Path(__file__).parent / "fixtures" / "fan" / "understudy.yaml"]).catalog
    res = run_games(cat, ["understudy", "smithy", "village"], ["bm:understudy", "bm"], 20, 1)
    assert res.games == 20 and res.unfinished == 0
