"""The shortcuts of issue 13 give what the long way gives: the number of different answers
of a choice of cards, the answers bots give without a Decision, the buy tables used while
no cost change is in effect, and events skipped because no card held can hear them."""
import itertools
import random

import pytest

from dsl.language.loader import load_shipped
from interpreter.bots.agents import RandomBot
from interpreter.core.decisions import Decision
from interpreter.engine.game import Game
from interpreter.engine.events import Events
from interpreter.runs.fuzz import fuzz_game
from interpreter.runs.simulation import make_bot, run_games
from interpreter.core.state import Event
from interpreter.engine.supply import SupplyFigures
from interpreter.engine.turns import play_turn

CATALOG = load_shipped().catalog


class _Card:
    def __init__(self, d):
        self.d = d

    @property
    def id(self):
        return self.d.id


def _counted(options, lo, hi) -> int:
    """Different choices of lo..hi of the options, by id, counted one by one (capped at 2)."""
    found = {tuple(sorted(o.id for o in chosen))
             for k in range(lo, min(hi, len(options)) + 1)
             for chosen in itertools.combinations(options, k)}
    return min(2, len(found))


def test_distinct_answers_of_a_choice_of_cards_are_the_counted_ones():
    rng = random.Random(3)
    defs = [CATALOG.cards[c] for c in ("copper", "estate", "silver")]
    for _ in range(3000):
        options = tuple(_Card(rng.choice(defs[:rng.randint(1, 3)]))
                        for _ in range(rng.randint(0, 6)))
        lo, hi = rng.randint(0, 7), rng.randint(0, 7)
        d = Decision(0, "cards", "discard", "p", options, lo, hi)
        assert d.distinct_answers() == _counted(options, lo, hi), (
            [o.id for o in options], lo, hi)


def _bots(names, seed):
    rng = random.Random(seed)
    return [make_bot(n, CATALOG, rng) for n in names]


@pytest.mark.parametrize("names", [("bm-smithy", "double-militia"),
                                   ("double-witch", "bm")])
def test_a_bot_answers_directly_what_it_answers_to_a_decision(names):
    """At every buy and Action of whole games, the direct answer is the decision's."""
    kingdom = list(CATALOG.kingdoms["first_game"].cards)
    asked = 0
    for seed in range(4):
        game = Game(CATALOG, kingdom, 2, _bots(names, seed), seed=seed, log=False)
        while not game.over and game.players[0].turns < 60:
            t = game.turn
            bot = game.agents[t.controller]
            options = game.buyable()
            if options:
                d = Decision(t.player, "pile", "buy", "buy a card", options, 0, 1)
                assert bot.buy_choice(game, t.controller, options) == bot.decide(game, d)
                asked += 1
            actions = tuple(c for c in game.players[t.player].hand.cards if c.d.is_action)
            if actions:
                d = Decision(t.player, "cards", "play_action", "play", actions, 0, 1)
                card = bot.action_to_play(game, t.controller, actions)
                assert ([card] if card is not None else []) == bot.decide(game, d)
            play_turn(game)
    assert asked > 100


def test_the_random_bot_draws_the_same_numbers_directly():
    cards = tuple(_Card(CATALOG.cards[c]) for c in ("copper", "silver", "village", "gold"))
    piles = ("copper", "silver", "gold")
    direct, asked = RandomBot(random.Random(9)), RandomBot(random.Random(9))
    for _ in range(200):
        assert direct.buy_choice(None, 0, piles) == asked.decide(
            None, Decision(0, "pile", "buy", "buy", piles, 0, 1))
        card = direct.action_to_play(None, 0, cards)
        assert ([card] if card else []) == asked.decide(
            None, Decision(0, "cards", "play_action", "play", cards, 0, 1))
        assert direct.treasures_to_play(None, 0, cards) == asked.decide(
            None, Decision(0, "cards", "play_treasures", "play", cards, 0, len(cards)))
    assert direct.rng.random() == asked.rng.random()


def _slow_buyable(game) -> tuple:
    t = game.turn
    return tuple(cid for cid, pile in game.supply.items() if len(pile) and
                 game.cost(pile.d).coins <= t.coins and game.cost(pile.d).potion <= t.potions)


def test_buy_tables_are_used_only_while_every_cost_is_printed(monkeypatch):
    """Kingdoms whose cards change costs: each buyable() is the pile-by-pile walk."""
    seen = {"printed": 0, "changed": 0}
    fast = SupplyFigures.buyable

    def checked(game):
        seen["printed" if game.printed_costs_now() else "changed"] += 1
        got = fast(game)
        assert got == _slow_buyable(game)
        return got
    monkeypatch.setattr(SupplyFigures, "buyable", checked)
    for kingdom in (["highway", "bridge", "village", "smithy", "market", "festival",
                     "throne_room", "haggler", "workshop", "cellar"],):
        run_games(CATALOG, kingdom, ["random", "random", "random"], 12, 4)
    assert seen["printed"] > 100 and seen["changed"] > 20, seen


def test_an_event_is_skipped_only_when_nothing_could_hear_it(monkeypatch):
    """Random games of every recommended kingdom: whenever fire() skips an event, the
    listener search would have found nobody."""
    skipped = {"n": 0}
    may_hear = Events._may_hear

    def checked(game, kind, card):
        heard = may_hear(game, kind, card)
        if not heard:
            skipped["n"] += 1
            assert game._listeners(Event(kind, game.turn.player, card)) == []
        return heard
    monkeypatch.setattr(Events, "_may_hear", checked)
    for i, kingdom in enumerate(CATALOG.kingdoms.values()):
        finished, _ = fuzz_game(CATALOG, list(kingdom.cards), 100 + i)
    assert skipped["n"] > 100


def test_a_moat_in_hand_is_still_asked_when_an_attack_is_played():
    game = Game(CATALOG, ["militia", "moat", "village", "smithy", "market", "cellar",
                          "remodel", "mine", "workshop", "festival"], 2,
                _bots(("bm", "bm"), 1), seed=2, log=True)
    moat = game.gain_from_supply(1, "moat", "hand")
    militia = game.gain_from_supply(0, "militia", "hand")
    hand = len(game.players[1].hand)
    game.play_from_hand(0, militia)
    assert moat.zone is game.players[1].hand
    assert any("is unaffected" in line for line in game.log)
    assert len(game.players[1].hand) == hand       # nothing discarded
    game.move(moat, game.players[1].deck)
    game.move(militia, game.players[0].hand)
    game.turn.actions = 1
    game.play_from_hand(0, militia)
    assert len(game.players[1].hand) == 3


def test_a_victims_remembered_discard_scores_are_the_weighed_ones(monkeypatch):
    """Whole games with discarding attacks: every ranking of a choice of cards is the one
    weighed card by card, and every remembered answer the one worked out afresh."""
    from interpreter.bots import defaults as bot_defaults
    ranking = bot_defaults.card_ranking
    seen = {"settled": 0}

    def checked(bot, game, d, settled=True):
        got = ranking(bot, game, d)
        assert got == ranking(bot, game, d, settled=False)
        t = game.turn
        if d.purpose == "discard" and t.player != bot_defaults._owner(d):
            seen["settled"] += 1
        return got
    cards = bot_defaults.cards

    def checked_cards(bot, game, d, avoid=(), settled=True):
        got = cards(bot, game, d, avoid)
        assert got == cards(bot, game, d, avoid, settled=False)
        if bot_defaults._settled_scores(bot, game, d) is not None:
            seen["answers"] = seen.get("answers", 0) + 1
        return got
    monkeypatch.setattr(bot_defaults, "card_ranking", checked)
    monkeypatch.setattr(bot_defaults, "cards", checked_cards)
    from interpreter.bots.agents import Bot                 # every discard through decide()
    monkeypatch.setattr(Bot, "discard_choice", lambda self, *args: None)
    for kingdom, names in ((["witch", "militia", "moat", "village", "smithy", "market",
                             "cellar", "remodel", "mine", "festival"],
                            ["double-witch", "double-militia"]),
                           (list(CATALOG.kingdoms["first_game"].cards),
                            ["double-militia", "bm-smithy", "double-militia"])):
        run_games(CATALOG, kingdom, names, 6, 1, engine="generic")
    assert seen["settled"] > 50 and seen["answers"] > 50, seen


def _bot_games(kingdoms) -> list:
    from interpreter.engine.turns import play_game
    logs, strategies = [], {}
    for i, kingdom in enumerate(kingdoms):
        names = (("double-militia", "bm-smithy"), ("double-witch", "double-militia", "bm"),
                 ("bm-smithy", "double-militia", "double-witch", "double-militia"))[i % 3]
        rng = random.Random(500 + i)           # strategies loaded once (each loaded
        bots = [make_bot(n, CATALOG, rng, strategies) for n in names]  # anew is remembered)
        game = Game(CATALOG, kingdom, len(names), bots, seed=500 + i, log=True)
        play_game(game)
        logs.append((game.log, [p.turns for p in game.players]))
    return logs


def test_a_bot_discards_directly_what_it_answers_to_a_decision(monkeypatch):
    """Every recommended kingdom and two more with discarding attacks, strategy bots, whole
    logs: a victim's discard answered by discard_choice() (no Decision made) plays the
    games its answers through decide() play."""
    from interpreter.bots.agents import Bot
    kingdoms = [list(k.cards) for k in CATALOG.kingdoms.values()]
    kingdoms += [["witch", "militia", "moat", "village", "smithy", "market", "cellar",
                  "remodel", "mine", "festival"], list(CATALOG.kingdoms["first_game"].cards)]
    kingdoms = [k + ["militia"] if "militia" not in k else k for k in kingdoms]
    direct = Bot.discard_choice
    answered = {"n": 0}

    def counted(self, *args):
        answer = direct(self, *args)
        answered["n"] += answer is not None
        return answer
    monkeypatch.setattr(Bot, "discard_choice", counted)
    fast = _bot_games(kingdoms)
    assert answered["n"] > 100, answered
    monkeypatch.setattr(Bot, "discard_choice", lambda self, *args: None)
    assert _bot_games(kingdoms) == fast


def _results(kingdoms, bots) -> list:
    out = []
    for i, kingdom in enumerate(kingdoms):
        r = run_games(CATALOG, kingdom, bots, 3, 40 + i, check_invariants=True)
        out.append([(b.wins, b.vp, b.turns) for b in r.bots] + [r.ties])
    return out


def test_a_card_gained_straight_from_its_pile_plays_the_games_the_long_way_plays(
        monkeypatch):
    """Every recommended kingdom, random and strategy bots, the invariants checked after
    every game: a card made straight in its gainer's zone (Game.gain_from_pile, every
    unlogged buy) gives the games that making it on the pile and moving it gives."""
    kingdoms = [list(k.cards) for k in CATALOG.kingdoms.values()]
    straight = {"n": 0}
    made = Game.gain_from_pile

    def counted(self, p, pile, dest="discard"):
        straight["n"] += not pile.cards and "would_gain" not in self.listened
        return made(self, p, pile, dest)
    monkeypatch.setattr(Game, "gain_from_pile", counted)
    fast = _results(kingdoms, ["random", "bm-smithy"]) + \
        _results(kingdoms[:6], ["double-witch", "double-militia"])
    assert straight["n"] > 1000, straight
    monkeypatch.setattr(Game, "gain_from_pile",
                        lambda self, p, pile, dest="discard": self.gain(p, pile.top(), dest))
    assert _results(kingdoms, ["random", "bm-smithy"]) + \
        _results(kingdoms[:6], ["double-witch", "double-militia"]) == fast


def test_a_buy_plan_kept_per_options_tuple_buys_what_the_whole_plan_buys(monkeypatch):
    """Every recommended kingdom, strategy bots: a buy plan's entries kept per tuple of
    affordable piles (BuyPlan.among) give the games that the whole plan, filtered at every
    buy, gives."""
    from interpreter.bots.agents import BuyPlan
    kingdoms = [list(k.cards) for k in CATALOG.kingdoms.values()]
    kept = BuyPlan.among
    reused = {"n": 0}

    def counted(self, options):
        reused["n"] += id(options) in self._among
        return kept(self, options)
    monkeypatch.setattr(BuyPlan, "among", counted)
    fast = _results(kingdoms, ["bm-smithy", "double-militia"]) + \
        _results(kingdoms[:8], ["bm", "double-witch", "bm-smithy"])
    assert reused["n"] > 1000, reused
    monkeypatch.setattr(BuyPlan, "among", lambda self, options: tuple(
        e for e in self.entries if e[0] in options))
    assert _results(kingdoms, ["bm-smithy", "double-militia"]) + \
        _results(kingdoms[:8], ["bm", "double-witch", "bm-smithy"]) == fast
