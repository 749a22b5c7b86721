"""Random kingdoms dealt as the rulebooks deal them: the landscapes (Events) of the sets in
use are shuffled in with the kingdom cards (Adventures: "shuffle the Events in with the
Randomizer cards"); dealing goes on until the kingdom has its cards, and the landscapes
dealt on the way are used, at most two ("we recommend no more than two Events per game")."""
from __future__ import annotations

KINGDOM_SIZE = 10
MOST_LANDSCAPES = 2


def landscapes_of_sets(catalog, pool) -> list[str]:
    """The landscapes (Events) of the sets the kingdom cards of `pool` come from."""
    sets = {catalog.face_of(c).set for c in pool}
    return [lid for lid in catalog.landscape_ids() if catalog.cards[lid].set in sets]


def deal_kingdom(catalog, rng, pool, size: int = KINGDOM_SIZE,
                 landscapes_at_most: int = MOST_LANDSCAPES, landscapes=None) -> list[str]:
    """`size` kingdom cards of `pool` (or all of them), then the landscapes dealt on the
    way (at most `landscapes_at_most`): of `landscapes`, by default those of the pool's
    sets. Without landscapes, the draw is `rng.sample(pool, size)` (the same kingdoms as
    before there were any)."""
    pool = list(pool)
    landscapes = landscapes_of_sets(catalog, pool) if landscapes is None else \
        list(landscapes)
    size = min(size, len(pool))
    if not landscapes:
        return rng.sample(pool, size)
    deck = rng.sample(pool + landscapes, len(pool) + len(landscapes))
    kingdom, dealt = [], []
    for cid in deck:
        if len(kingdom) == size:
            break
        if catalog.is_landscape(cid):
            if len(dealt) < landscapes_at_most:
                dealt.append(cid)
        else:
            kingdom.append(cid)
    return kingdom + dealt
