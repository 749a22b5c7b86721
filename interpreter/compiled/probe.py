"""What a strategy bot answers from a card's definition alone, asked of the generic bots
once per compiled run: the score of discarding each card from a hand off its owner's turn
(bots/defaults.settled_scores, remembered per definition there too), which ranks an attack
victim's discards."""
from __future__ import annotations

from interpreter.bots.defaults import settled_scores
from interpreter.core.state import Card
from interpreter.engine.game import Game
from .scope import Unsupported


def discard_scores(scope) -> tuple:
    """Card number -> the generic bots' score of discarding it from a victim's hand."""
    probe = Game(scope.catalog, scope.kingdom, scope.players, [None] * scope.players,
                 log=False, deal=False)
    owner = 1 % scope.players                 # not the player whose turn it is
    hand = probe.players[owner].hand
    cards = [Card(i + 1, d, hand, owner) for i, d in enumerate(scope.cards)]
    scores = settled_scores(None, probe, owner, owner, cards)
    probe.dispose()
    if scores is None:
        raise Unsupported("a discard by the player whose turn it is")
    return tuple(scores)
