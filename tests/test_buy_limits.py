"""What may be bought: a card's `buy_if` and `this turn can't buy X` take piles out of what
bots and the human are offered (Game.buyable), and a kingdom without such a card never
looks."""
from dsl.language.loader import load_shipped
from interpreter.engine.game import Game

CATALOG = load_shipped().catalog


class _Names:
    """An agent that names a fixed card and answers nothing else."""
    def __init__(self, name):
        self.name = name

    def decide(self, game, d):
        assert d.kind == "name"
        return self.name


def _game(kingdom, agents=None):
    game = Game(CATALOG, list(kingdom), 2, agents or [None, None], seed=1, deal=False,
                log=False)
    return game


def _hand(game, p, cards):
    return [game.new_card(cid, game.players[p].hand, p) for cid in cards]


def test_a_copper_in_play_takes_the_pile_out_of_what_is_offered():
    game = _game(["grand_market", "village"])
    assert game.buy_limits
    gold, copper = _hand(game, 0, ["gold", "gold", "copper"])[1:]
    game.play_treasures(0, [game.players[0].hand.cards[0], gold])
    assert "grand_market" in game.buyable()
    game.play_treasures(0, [copper])
    assert game.turn.coins == 7
    assert "grand_market" not in game.buyable() and "gold" in game.buyable()


def test_a_banned_card_is_not_offered_for_the_rest_of_the_turn_only():
    game = _game(["contraband", "village"], [None, _Names("gold")])
    (contraband,) = _hand(game, 0, ["contraband"])
    _hand(game, 0, ["silver", "silver", "silver"])
    game.play_treasures(0, list(game.players[0].hand.cards))
    assert game.turn.coins == 9 and game.turn.banned == {"gold"}
    assert "gold" not in game.buyable() and "province" in game.buyable()
    game.end_turn()
    assert game.turn.banned == frozenset()


def test_a_kingdom_without_such_cards_never_looks():
    game = _game(["village", "smithy"])
    assert not game.buy_limits
