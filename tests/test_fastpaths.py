"""The engine's shortcuts give the same answers as the long way: the shuffle is uniform,
fused comparisons agree with plain evaluation, and the tallies kept as cards move agree
with counting the cards (also checked after every decision by the fuzzer)."""
import itertools
import operator
import random

import pytest

from dsl.loader import load_shipped
from dsl.parser import parse_expr
from interpreter.compiler import compiled
from interpreter.state import shuffle
from interpreter.simulation import run_games

CATALOG = load_shipped().catalog


def test_shuffle_is_uniform_over_the_permutations():
    rng = random.Random(7)
    counts = dict.fromkeys(itertools.permutations("abcd"), 0)
    rounds = 48000
    for _ in range(rounds):
        cards = list("abcd")
        shuffle(rng, cards)
        counts[tuple(cards)] += 1
    expected = rounds / 24
    assert all(abs(n - expected) < 0.1 * expected for n in counts.values()), counts


def test_shuffle_of_no_card_and_one_card():
    rng = random.Random(1)
    empty, one = [], ["x"]
    shuffle(rng, empty)
    shuffle(rng, one)
    assert (empty, one) == ([], ["x"])


class _Holdings:
    def __init__(self, money, size, counts):
        self.money, self.size, self.counts = money, size, counts


class _Player:
    def __init__(self, holdings):
        self.holdings = holdings


class _Game:
    """Just what facts read: the acting player's holdings and the supply's figures."""

    def __init__(self, money, size, smithies, to_end, empty):
        self.players = [_Player(_Holdings(money, size, {"smithy": smithies}))]
        self.to_end, self.empty_count = to_end, empty

    def gains_to_end(self):
        return self.to_end


class _Frame:
    actor = 0


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
    from dsl.check import FACTS as CHECKED
    from interpreter.compiler import FACTS as COMPILED
    assert set(COMPILED) == set(CHECKED)
