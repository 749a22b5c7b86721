"""Bots and the terminal player with tokens players spend (a set's `spend:` rule, as Guilds'
Coffers) and amounts (`overpay as NAME`, `pay up to N KIND tokens as NAME`), on the fan set
tests/fixtures/token_fan (its `chips` are spent in the Buy phase before buying, +$1 each):
a strategy bot spends the fewest that make a better buy and keeps the rest, its `spend`
rules say otherwise, it overpays the coins it cannot use and pays tokens when that is
worth it; the random bot spends and pays random amounts; recorded games replay the spends;
the terminal shows tokens and asks amounts; games with no such kind never look."""
from __future__ import annotations

import io
import random
import textwrap
from pathlib import Path

import pytest

from dsl.language.fansets import open_sets
from dsl.language.strategy import find_strategy, load_strategy
from interpreter.bots.agents import Bot, RandomBot
from interpreter.bots.human import HumanAgent
from interpreter.bots.spending import amount, better_buy
from interpreter.core.decisions import Decision
from interpreter.core.state import TurnState
from interpreter.engine import turns
from interpreter.engine.game import Game
from interpreter.engine.turns import play_game, play_turn
from interpreter.runs.record import Recorder, read_records, replay

FAN = Path(__file__).parent / "fixtures" / "token_fan"
CATALOG = open_sets([FAN]).catalog


def bot(spec: str = "bm") -> Bot:
    return Bot(find_strategy(spec, CATALOG))


def table(kingdom, hand=(), deck=(), chips=0, coins=0, buys=1, agents=None, owned=()):
    """Player 1's turn, in the buy phase when `coins` are given, with these cards."""
    agents = agents or [bot(), bot()]
    game = Game(CATALOG, list(kingdom), 2, agents, seed=1, deal=False, log=True)
    game.start_turn(TurnState(0, 0))
    p1 = game.players[0]
    for cid in deck:
        game.new_card(cid, p1.deck, 0)
    for cid in owned:
        game.new_card(cid, p1.discard, 0)
    for cid in hand:
        game.new_card(cid, p1.hand, 0)
    for _ in range(5):
        game.new_card("copper", game.players[1].deck, 1)
    if chips:
        game.add_tokens(0, "chips", chips)     # his turn may spend them
    game.turn.coins, game.turn.buys = coins, buys
    return game


RICH = ["gold"] * 7            # money > 18: Big Money buys a Province with $8


# ---- spending before buying ----------------------------------------------------------------
@pytest.mark.parametrize("coins, chips, owned, spent", [
    (6, 2, RICH, 2),           # $6 + 2: a Province instead of a Gold
    (6, 3, RICH, 2),           # the fewest that do it; the third is kept
    (5, 1, (), 1),             # $5 + 1: a Gold instead of a Silver
    (8, 3, RICH, 0),           # a Province already: none spent
    (6, 1, RICH, 0),           # $7 buys what $6 does: kept
])
def test_a_strategy_bot_spends_the_fewest_tokens_that_buy_better(coins, chips, owned, spent):
    b = bot()
    game = table(["chip_press"], coins=coins, chips=chips, owned=owned, agents=[b, bot()])
    game.turn.phase = "buy"
    assert better_buy(b, game, 0, "chips", chips) == spent
    assert game.turn.coins == coins            # the turn is left as it was


def test_the_turn_spends_them_before_buying_and_logs_it():
    b = bot()
    game = table(["chip_press"], hand=["silver", "silver", "copper"], chips=3,
                 agents=[b, bot()])
    play_turn(game)
    assert game.players[0].tokens["chips"] == 2
    assert "p1 spends 1 chips" in game.log and "p1 buys gold" in game.log


def _strategy(tmp_path, spend: str):
    path = tmp_path / "mine.yaml"
    path.write_text(textwrap.dedent(f"""\
        name: mine
        buy: [province, gold, silver]
        spend:
        {textwrap.indent(spend, '  ')}
        """), encoding="utf-8")
    strategy, src = load_strategy(path, CATALOG)
    return strategy, [d for d in src.diagnostics if d.severity == "error"]


@pytest.mark.parametrize("rules, spent", [
    ('chips: ["no if coins_in_hand >= 5", yes]', 0),
    ('chips: ["no if coins_in_hand >= 9", yes]', 3),     # $8: a Province
    ("chips: [all]", 3),
])
def test_a_strategys_spend_rules(tmp_path, rules, spent):
    strategy, errors = _strategy(tmp_path, rules)
    assert not errors, errors
    b = Bot(strategy)
    game = table(["chip_press"], hand=["silver", "silver", "copper"], chips=3,
                 agents=[b, bot()])
    play_turn(game)
    assert game.players[0].tokens["chips"] == 3 - spent


@pytest.mark.parametrize("rules, words", [
    ("coin: [yes]", "'coin' is not a kind of token a player may spend"),
    ("chips: [maybe]", "'maybe' is not yes, no or all"),
    ("chips: [\"yes if nonsense_fact > 1\"]", "nonsense_fact"),
])
def test_a_bad_spend_rule_is_an_error_with_its_position(tmp_path, rules, words):
    strategy, errors = _strategy(tmp_path, rules)
    assert strategy is None and errors
    assert any(words in e.message for e in errors), [e.message for e in errors]
    assert all(e.line >= 3 for e in errors)


# ---- amounts -------------------------------------------------------------------------------
def _buy_asking(game, cid):
    """Buy `cid` for player 1, answering every decision by his agent; the amounts asked."""
    asked = []
    agent = game.agents[0]

    class Watch:
        def decide(self, g, d):
            a = agent.decide(g, d)
            asked.append((d.kind, d.purpose, d.options, a))
            return a
    game.agents[0] = Watch()
    game.turn.phase = "buy"
    game.buy(0, cid)
    game.agents[0] = agent
    return asked


def test_an_overpay_takes_the_coins_no_buy_is_left_to_use():
    game = table(["gilded_statue"], coins=7, chips=2)
    asked = _buy_asking(game, "gilded_statue")
    assert asked == [("amount", "overpay", (0, 6), 4)]     # $4 left, the Chips kept
    assert sorted(c.id for c in game.players[0].discard.cards).count("silver") == 4
    assert game.players[0].tokens["chips"] == 2


def test_an_overpay_keeps_what_another_buy_makes_better():
    b = bot()
    game = table(["gilded_statue"], coins=9, buys=2, agents=[b, bot()], owned=RICH)
    game.turn.phase = "buy"
    game.turn.buys = 2
    game.turn.coins = 9
    # the overpay is asked after the card is paid for: $6 left and a Buy: a Gold, so
    # nothing is overpaid; with $7 left, $1 is
    asked = _buy_asking(game, "gilded_statue")
    assert asked[0][1] == "overpay" and asked[0][3] == 0
    game.turn.coins, game.turn.buys = 10, 2
    asked = _buy_asking(game, "gilded_statue")
    assert asked[0][1] == "overpay" and asked[0][3] == 1


def test_nothing_after_an_amount_reads_it_then_the_least_is_paid():
    from dsl.language import ast as A
    game = table(["pawnshop"], coins=0)
    d = Decision(0, "amount", "pay", "pay", (0, 3), 0, 3, "pawnshop",
                 effect=A.PayTokens("chips", A.Num(3), True, None), frame=None)
    assert amount(game.agents[0], game, d) == 0


def test_tokens_are_paid_when_what_they_give_makes_a_better_buy():
    # Pawnshop: +1 Chips, pay up to 3 of them, +1 Card and +$1 each; the hand's $4 and the
    # deck's Coppers: paying 2 makes $6 (and two cards) for a Gold
    game = table(["pawnshop"], hand=["pawnshop", "silver", "silver"], deck=["estate"] * 5,
                 chips=1)
    card = game.players[0].hand.cards[0]
    game.play_from_hand(0, card)
    assert any(line.startswith("p1 pays") for line in game.log), game.log
    assert game.players[0].tokens["chips"] < 2


def test_the_random_bot_spends_and_pays_random_legal_amounts():
    for seed in range(4):
        agents = [RandomBot(random.Random(seed)), RandomBot(random.Random(seed + 9))]
        game = Game(CATALOG, ["chip_press", "gilded_statue", "pawnshop", "charter_house"], 2,
                    agents, seed=seed)
        assert play_game(game, check_invariants=True, max_turns=200) in (True, False)
        assert all(n >= 0 for p in game.players for n in p.tokens.values())


# ---- records ---------------------------------------------------------------------------------
@pytest.mark.parametrize("specs", [("bm:chip_press", "bm:gilded_statue"), ("random", "bm")])
def test_a_recorded_game_with_spends_replays(specs):
    out = io.StringIO()
    rec = Recorder(out)
    kingdom = ["chip_press", "gilded_statue", "pawnshop", "charter_house"]
    agents = [RandomBot(random.Random(5)) if s == "random" else bot(s) for s in specs]
    agents = rec.wrap(agents, {"players": 2, "seed": 7, "kingdom": kingdom})
    game = Game(CATALOG, kingdom, 2, agents, seed=7)
    play_game(game)
    rec.finish(game)
    assert any("spends" in line for line in game.log)
    header, decisions, end = read_records(out.getvalue().splitlines())[0]
    assert any(d["purpose"] == "spend" for d in decisions)
    again = replay(CATALOG, header, decisions, end)
    assert again.scores() == game.scores()


# ---- games without spendable tokens -----------------------------------------------------------
def test_a_game_without_tokens_never_looks_at_spending(monkeypatch):
    def boom(*a, **k):
        raise AssertionError("looked at spending")
    monkeypatch.setattr(turns, "spend_before_buying", boom)
    game = Game(CATALOG, ["smithy", "village"], 2, [bot(), bot("bm:smithy")], seed=3)
    play_game(game)
    assert game.over


# ---- the terminal player ---------------------------------------------------------------------
def test_the_terminal_shows_tokens_and_asks_an_amount_within_its_bounds():
    out = io.StringIO()
    human = HumanAgent(0, inp=io.StringIO("9\nx\n2\n"), out=out, catalog=CATALOG)
    game = table(["chip_press"], hand=["copper"], chips=3, agents=[human, bot()])
    game.add_tokens(1, "chips", 1)
    play_turn_until_spend = Decision(0, "amount", "spend", "spend chips tokens", (0, 3), 0, 3,
                                     source="chips")
    assert human.decide(game, play_turn_until_spend) == 2
    screen = out.getvalue()
    assert "tokens:" in screen and "p1: 3 Chips" in screen and "p2: 1 Chips" in screen
    assert "spend Chips before buying" in screen and "a number from 0 to 3" in screen
    assert screen.count("choose a number from 0 to 3; try again") == 2


def test_the_terminal_offers_spending_before_buying_and_enter_keeps_them():
    out = io.StringIO()
    human = HumanAgent(0, inp=io.StringIO("\n\n0\n"), out=out, catalog=CATALOG)
    game = table(["chip_press"], hand=["silver", "silver"], chips=2, agents=[human, bot()])
    game.turn.phase = "buy"
    play_turn(game)
    assert game.players[0].tokens["chips"] == 2       # Enter: none spent
    assert "spend Chips before buying" in out.getvalue()


# ---- what an amount or a name leads to, weighed ------------------------------------------------
def _fan(tmp_path, cards: dict):
    (tmp_path / "cards").mkdir()
    (tmp_path / "set.yaml").write_text("id: weigh_fan\nnames: {en: Weigh Fan}\n", encoding="utf-8")
    for cid, body in cards.items():
        (tmp_path / "cards" / f"{cid}.yaml").write_text(
            f"id: {cid}\nset: weigh_fan\nnames: {{en: {cid}}}\n" + textwrap.dedent(body),
            encoding="utf-8")
    return open_sets([FAN, tmp_path]).catalog


def test_an_overpay_for_little_is_declined(tmp_path):
    # two more copies of a weak Action for $2 are not worth the coins (Stonemason's overpay
    # in a kingdom of it alone): a coin overpaid must bring a Silver's worth per $
    cat = _fan(tmp_path, {"mason": """\
        cost: 2
        types: [action]
        on_play: |
          +$1
        on_buy: |
          overpay as paid
          if paid > 0 {
            gain action card costing exactly $(paid)
            gain action card costing exactly $(paid)
          }
        """})
    game = Game(cat, ["mason"], 2, [Bot(find_strategy("bm", cat)), Bot(find_strategy("bm", cat))],
                seed=1, deal=False)
    game.start_turn(TurnState(0, 0))
    game.turn.coins, game.turn.phase = 4, "buy"
    asked = []
    agent = game.agents[0]

    class Watch:
        def decide(self, g, d):
            a = agent.decide(g, d)
            asked.append((d.purpose, a))
            return a
    game.agents[0] = Watch()
    game.buy(0, "mason")
    assert asked == [("overpay", 0)]


def test_a_card_named_to_be_trashed_is_junk_never_a_good_card(tmp_path):
    cat = _fan(tmp_path, {"quack": """\
        cost: 3
        types: [action]
        on_play: |
          name a card as named
          reveal top 3
          trash revealed where name = named
          put revealed on deck in any order
        """})
    b = Bot(find_strategy("bm", cat))
    for deck, named in ((["silver"] * 5 + ["estate", "copper"], "estate"),
                        (["silver"] * 5 + ["gold"], None)):
        game = Game(cat, ["quack"], 2, [b, Bot(find_strategy("bm", cat))], seed=1, deal=False)
        game.start_turn(TurnState(0, 0))
        for cid in deck:
            game.new_card(cid, game.players[0].deck, 0)
        card = game.new_card("quack", game.players[0].hand, 0)
        game.play_from_hand(0, card)
        said = next(line for line in game.log if " names " in line).split()[-1]
        assert said == named if named else said not in ("silver", "gold"), game.log


def test_tokens_spent_for_actions_one_at_a_time_when_an_action_waits():
    # the fan set's Helpers (+1 Action each, spent in the Action phase): two Smithies in
    # hand and one Action: a Helper spent for the second Smithy, the other kept
    game = table(["smithy"], hand=["smithy", "smithy", "copper"], deck=["copper"] * 8,
                 agents=[bot("bm:smithy"), bot()])
    game.add_tokens(0, "helpers", 2)
    play_turn(game)
    assert game.log.count("p1 plays smithy") == 2 and "p1 spends 1 helpers" in game.log
    assert game.players[0].tokens["helpers"] == 1


def test_no_action_to_play_no_token_spent_for_actions():
    game = table(["smithy"], hand=["copper", "copper"], agents=[bot("bm:smithy"), bot()])
    game.add_tokens(0, "helpers", 2)
    play_turn(game)
    assert game.players[0].tokens["helpers"] == 2


def test_the_terminal_asks_an_overpay_in_the_players_words():
    out = io.StringIO()
    human = HumanAgent(0, inp=io.StringIO("3\n"), out=out, catalog=CATALOG)
    game = table(["gilded_statue"], coins=7, agents=[human, bot()])
    game.turn.phase = "buy"
    game.buy(0, "gilded_statue")
    screen = out.getvalue()
    assert "overpay for Gilded Statue — a number from 0 to 4; Enter: 0: " \
        in screen
    assert sorted(c.id for c in game.players[0].discard.cards).count("silver") == 3
    assert "p1 overpays $3" in game.log


def test_tokens_that_cost_coins_are_offered_only_as_far_as_the_coins_go():
    # the fan set's Loans (each costs $1 to pay off, gives nothing): the random bot may
    # pay off no more than its coins cover; a strategy bot keeps them (they buy nothing)
    for seed in range(12):
        game = table(["chip_press"], hand=["copper", "copper"], agents=[
            RandomBot(random.Random(seed)), bot()])
        game.add_tokens(0, "loans", 5)
        play_turn(game)
        assert 3 <= game.players[0].tokens["loans"] <= 5
    game = table(["chip_press"], hand=["copper", "copper"])
    game.add_tokens(0, "loans", 5)
    play_turn(game)
    assert game.players[0].tokens["loans"] == 5
