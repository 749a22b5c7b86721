"""The engine's shortcuts give the same answers as the long way: the shuffle is uniform,
fused comparisons agree with plain evaluation, and the tallies kept as cards move agree
with counting the cards (also checked after every decision by the fuzzer), and a game
disposed of is freed at once."""
import gc
import itertools
import operator
import random
import weakref

import pytest

from dsl.language.loader import load_shipped
from dsl.language.parser import parse_expr
from interpreter.effects.compiler import compiled
from interpreter.engine.game import Game
from interpreter.compiled import runtime
from interpreter.core import state
from interpreter.core.state import shuffle
from interpreter.runs.simulation import run_games
from interpreter.engine.turns import play_game

CATALOG = load_shipped().catalog


class _Card:
    __slots__ = ("name", "zone")

    def __init__(self, name):
        self.name, self.zone = name, None


def test_shuffle_is_uniform_over_the_permutations_and_puts_every_card_in_the_zone():
    rng = random.Random(7)
    counts = dict.fromkeys(itertools.permutations("abcd"), 0)
    rounds = 48000
    deck = object()
    for _ in range(rounds):
        cards = [_Card(x) for x in "abcd"]
        shuffle(rng, cards, deck)
        assert all(c.zone is deck for c in cards)
        counts[tuple(c.name for c in cards)] += 1
    expected = rounds / 24
    assert all(abs(n - expected) < 0.1 * expected for n in counts.values()), counts


def test_shuffle_of_no_card_and_one_card():
    rng = random.Random(1)
    empty, one = [], [_Card("x")]
    shuffle(rng, empty, "deck")
    shuffle(rng, one, "deck")
    assert (empty, [c.name for c in one], one[0].zone) == ([], ["x"], "deck")


@pytest.mark.parametrize("n", [0, 1, 2, 5, 17, 40, 1023, 1024, 1025, 3000])
def test_the_shuffle_for_pypy_gives_the_order_of_the_one_for_cpython(n):
    """Both read the same draws; the keys whose top bit is set (half of them) are the
    ones where reading them as signed could go wrong."""
    for seed in range(30 if n < 100 else 3):
        orders = []
        for fn in (state.shuffle_unsigned, state.shuffle_signed):
            cards = [_Card(i) for i in range(n)]
            rng = random.Random(seed)
            fn(rng, cards, "deck")
            orders.append(([c.name for c in cards], rng.random()))
        for fn in (runtime.shuffle_unsigned, runtime.shuffle_signed):
            cards = list(range(n))
            rng = random.Random(seed)
            fn(cards, rng.randbytes)
            orders.append((cards, rng.random()))
        assert all(o == orders[0] for o in orders), (seed, n)
    assert sorted(orders[0][0]) == list(range(n))


class _Holdings:
    def __init__(self, money, size, counts):
        self.money, self.size, self.counts = money, size, counts


class _Player:
    def __init__(self, holdings):
        self.holdings = holdings


class _Catalog:
    piles: dict = {}            # no mixed piles: `owned(x)` counts cards of id x only


class _Game:
    """Just what facts read: the acting player's holdings, the supply's figures and the
    catalog's mixed piles."""

    def __init__(self, money, size, smithies, to_end, empty):
        self.players = [_Player(_Holdings(money, size, {"smithy": smithies}))]
        self.to_end, self.empty_count = to_end, empty
        self.catalog = _Catalog()

    def gains_to_end(self):
        return self.to_end


class _Frame:
    actor = 0
    env: dict = {}              # no variables: a card id names itself


OPS = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
       ">": operator.gt, ">=": operator.ge}


@pytest.mark.parametrize("op", sorted(OPS))
def test_fact_compared_with_a_number_either_way_round(op):
    for value, n in itertools.product(range(0, 8), range(0, 8)):
        game = _Game(money=value, size=value, smithies=value, to_end=value, empty=value)
        for fact in ("money", "deck_size", "gains_to_end", "empty_piles", "owned(smithy)"):
            left = compiled(parse_expr(f"{fact} {op} {n}"))(game, _Frame)
            right = compiled(parse_expr(f"{n} {op} {fact}"))(game, _Frame)
            assert left is OPS[op](value, n), (fact, op, n, value)
            assert right is OPS[op](n, value), (n, op, fact, value)


def test_two_comparisons_joined_by_and_or_or():
    for to_end, size in itertools.product(range(0, 8), range(12, 20)):
        game = _Game(money=0, size=size, smithies=1, to_end=to_end, empty=0)
        same = compiled(parse_expr("0 < gains_to_end and gains_to_end <= 5"))(game, _Frame)
        two = compiled(parse_expr("owned(smithy) < 2 and deck_size >= 16"))(game, _Frame)
        either = compiled(parse_expr("gains_to_end <= 2 or deck_size > 17"))(game, _Frame)
        assert same is (0 < to_end <= 5)
        assert two is (size >= 16)
        assert either is (to_end <= 2 or size > 17)


def test_bot_games_keep_their_tallies_true():
    kingdom = list(CATALOG.kingdoms["first_game"].cards)
    res = run_games(CATALOG, kingdom, ["bm-smithy", "double-militia"], 6, 3,
                    check_invariants=True)
    assert res.games == 6 and res.unfinished == 0


def test_the_compiler_knows_every_fact_the_checker_allows():
    from dsl.language.check import FACTS as CHECKED
    from interpreter.effects.compiler import FACTS as COMPILED
    assert set(COMPILED) == set(CHECKED)


def _game(kingdom=("smithy", "village", "market", "militia", "cellar", "moat", "remodel",
                   "mine", "workshop", "woodcutter"), seed=5, overrides=None):
    from interpreter.bots.agents import Bot
    from dsl.language.strategy import find_strategy
    bots = [Bot(find_strategy(name, CATALOG)) for name in ("bm-smithy", "bm")]
    return Game(CATALOG, list(kingdom), 2, bots, seed=seed, log=False,
                supply_overrides=overrides)


def test_piles_emptied_and_refilled_keep_the_supply_figures_true():
    """A card put back into its pile (the +1 side of the pile-size tally), piles emptied
    and refilled: the kept sizes, their order, empty piles and gains to end stay true."""
    game = _game(overrides={"smithy": 3, "village": 2, "market": 2, "cellar": 3})
    estate = next(c for c in game.players[0].hand.cards + game.players[0].deck.cards
                  if c.id == "estate")
    game.move(estate, game.supply["estate"])
    game.check_invariants()
    assert game.pile_sizes[game.supply["estate"].slot] == 9 and game.gains_to_end() == 7
    smithies = game.supply["smithy"]
    for _ in range(3):
        game.gain(1, smithies.top())
        game.check_invariants()
        assert game.gains_to_end() == _gains_to_end_counted(game)
    assert game.empty_count == 1 and game.supply_over is False and game.gains_to_end() == 4
    game.turn.coins = 4                  # what can be bought is remembered per empty piles
    assert "smithy" not in game.buyable() and "village" in game.buyable()
    other = _game(overrides={"smithy": 3, "village": 2, "market": 2, "cellar": 3})
    other.turn.coins = 4
    assert "smithy" in other.buyable()
    back = game.players[1].discard.cards[-1]
    game.move(back, smithies)
    game.check_invariants()
    assert game.empty_count == 0 and game.gains_to_end() == _gains_to_end_counted(game) == 5
    assert "smithy" in game.buyable()
    for _ in range(8):
        game.gain(0, game.supply["province"].top())
    assert game.supply_over and game.gains_to_end() == 0
    game.check_invariants()


def _gains_to_end_counted(game) -> int:
    sizes = sorted(len(pile) for pile in game.supply.values())
    return min(sum(sizes[:3]), len(game.supply["province"]))


def test_a_player_holding_no_action_is_not_asked_to_play_one():
    """The holdings tally counts Action cards; a turn with none held skips the look."""
    from interpreter.engine.turns import play_turn
    game = _game()
    assert game.players[0].holdings.actions == 0
    seen = []

    class Watch:
        trusted = True

        def decide(self, g, d):
            seen.append(d.purpose)
            return game.agents[1].decide(g, d) if d.purpose != "buy" else "smithy"
    game.agents = [Watch(), game.agents[1]]
    play_turn(game)                        # buys a Smithy: now one Action card is held
    assert "play_action" not in seen
    assert game.players[0].holdings.actions == 1
    game.check_invariants()


def _of_the_tool(x) -> bool:
    """An object of this tool's own classes or functions (not a thread's of another test
    still running, such as a cluster test's event loop, whose garbage the collector also
    finds while it is off)."""
    module = getattr(x, "__module__", None) if callable(x) else type(x).__module__
    return isinstance(module, str) and module.split(".")[0] in ("interpreter", "dsl")


def test_a_disposed_game_is_freed_without_the_cycle_collector():
    warm = _game()                  # the first game fills the caches made on first use
    play_game(warm)
    warm.dispose()
    del warm
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        game = _game()
        play_game(game)
        ref = weakref.ref(game)
        game.dispose()
        del game
        assert ref() is None
        gc.set_debug(gc.DEBUG_SAVEALL)
        n = gc.collect()
        gc.set_debug(0)
        ours = [x for x in gc.garbage if _of_the_tool(x) or
                any(_of_the_tool(r) for r in gc.get_referents(x))]
        kinds = sorted({type(x).__name__ for x in ours})[:30]
        gc.garbage.clear()
        assert n >= 0 and not ours, kinds    # nothing of it (no card, no zone) was left over
    finally:
        if was_enabled:
            gc.enable()


@pytest.mark.parametrize("hand", [
    ["copper", "estate", "silver", "copper", "smithy"],
    ["potion", "gold", "potion", "estate"],
    ["copper", "fools_gold", "silver", "fools_gold", "curse"],
    ["philosophers_stone", "copper", "potion"],
    ["estate", "duchy"],
    [],
])
def test_playing_all_treasures_is_playing_each_in_hand_order(hand):
    """Sweeping a whole hand's Treasures into play ends where playing them one by one, each
    a full play, does: coins, potions, buys, the cards in play and their order, plays
    counted."""
    def state_after(play):
        game = _game(kingdom=("smithy", "fools_gold", "philosophers_stone", "village",
                              "market", "cellar", "moat", "mine", "workshop", "woodcutter"))
        p = game.players[0]
        for c in list(p.hand.cards):
            game.move(c, p.deck)
        cards = [game.new_card(cid, p.hand, 0) for cid in hand]
        play(game, cards)
        t = game.turn
        game.check_invariants()
        return (t.coins, t.potions, t.buys, t.actions, t.phase,
                [c.uid for c in p.in_play.cards], [c.uid for c in p.hand.cards],
                [c.uid for c in t.played])

    def each_in_full(game, cards):
        for c in cards:
            if c.d.is_treasure:
                game.play_from_hand(0, c)
        game.turn.phase = "buy"             # as play_turn() sets it after the Treasures
    one_by_one = state_after(each_in_full)
    swept = state_after(lambda g, cards: g.play_all_treasures(0))
    assert swept == one_by_one
    assert len(one_by_one[5]) == sum(CATALOG.cards[c].is_treasure for c in hand)
