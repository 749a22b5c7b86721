"""The rule every strong simulator bot follows: never end the game when that loses it.
A gain ends the game when it takes the last card of an end pile (the rules' end_pile, and a
set rule's) or
of a pile that makes the number of empty piles that ends it; the bot then must be the
only winner on victory points, with the rules' tie-break."""
from __future__ import annotations


def ends_the_game(game, cid: str) -> bool:
    """Whether gaining the top card of pile `cid` would empty it and end the game."""
    if game.to_end > 1:                      # no single gain can end it (the common case)
        return False
    pile = game.supply.get(cid)
    if pile is None or len(pile) != 1:
        return False
    rules = game.rules
    return cid in game.end_pile_ids or \
        game.empty_count + 1 >= rules.end_empty_piles[len(game.players)]


def wins_if_ended(game, p: int, cid: str) -> bool:
    """Whether player p would be the only winner if the game ended with him gaining `cid`
    (its fixed victory points counted; a card's varying points as they stand)."""
    scores = game.scores()
    d = game.offered(cid)
    scores[p] += d.fixed_vp or 0
    score = scores[p]
    best = max((s for q, s in enumerate(scores) if q != p), default=None)
    if best is None or score > best:
        return True
    if score < best or game.rules.tie_break != "fewer_turns":
        return False
    turns = game.players[p].turns
    return all(game.players[q].turns > turns for q, s in enumerate(scores)
               if q != p and s == score)


def loses_by_ending(game, p: int, cid: str) -> bool:
    """Gaining `cid` would end the game without player p winning it."""
    return ends_the_game(game, cid) and not wins_if_ended(game, p, cid)
