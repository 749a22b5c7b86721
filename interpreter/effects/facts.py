"""Facts about the game an expression reads by name (`money`, `empty_piles`, this turn's
counters), each one lookup: the players' holdings are tallied as cards change hands, the
supply's pile sizes as cards leave and join it; and this turn's (or a last turn's) history
of plays, gains and buys."""
from __future__ import annotations

FACTS = {
    "money": lambda g, f: g.players[f.actor].holdings.money,
    "deck_size": lambda g, f: g.players[f.actor].holdings.size,
    "gains_to_end": lambda g, f: g.to_end,
    "empty_piles": lambda g, f: g.empty_count,
    "players": lambda g, f: len(g.players),
    # this turn's counters: the acting player's on his turn, else none
    "actions": lambda g, f: g.turn.actions if g.turn.player == f.actor else 0,
    "buys": lambda g, f: g.turn.buys if g.turn.player == f.actor else 0,
    "coins": lambda g, f: g.turn.coins if g.turn.player == f.actor else 0,
    # the buys made this turn, Events included (the one in progress too): "your first buy"
    "buys_made": lambda g, f: sum(1 for q, _ in g.turn.buys_made if q == f.actor) +
    len(g.turn.landscapes_bought) if g.turn.player == f.actor else 0,
}


def _history(turn, p: int, which: str) -> list:
    """The cards player p played, gained or bought in a turn (None: no such turn)."""
    if turn is None:
        return []
    if which == "played":
        return list(turn.played) if turn.player == p else []
    pairs = turn.gains if which == "gained" else turn.buys_made
    return [c for q, c in pairs if q == p]


def history_name(n: str):
    """`played`, `gained_last_turn`, ...: the acting player's cards of that history."""
    which = n.removesuffix("_last_turn")
    if which != n:
        return lambda g, f: _history(g.players[f.actor].last_turn, f.actor, which)
    return lambda g, f: _history(g.turn, f.actor, which)
