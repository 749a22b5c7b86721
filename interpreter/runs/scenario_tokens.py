"""A scenario's notation for a player's own tokens (docs/scenarios.md): in a player's
`setup` and `expect`, `pile_tokens: {village: [plus_card]}` (his tokens on Supply piles,
by pile) and `own_tokens: {minus_card: deck, minus_coin: taken, journey: down}` (each
kind's place: a pile id, `deck`, `taken` or `none`; a two-sided one `up` or `down`)."""
from __future__ import annotations

from interpreter.core.setup import GameError

OWN_KEYS = ("pile_tokens", "own_tokens")


def _kind(game, kind: str, at: str):
    k = game.own_kind(kind)
    if k is None:
        raise GameError(f"{at}: '{kind}' is not a player's own token kind (a set declares "
                        "it with on_pile, next or two_sided)")
    return k


def set_up_own(game, p: int, key: str, value: dict, at: str) -> None:
    """Put player p's own tokens where a scenario's setup says."""
    if key == "pile_tokens":
        value = {kind: cid for cid, kinds in value.items() for kind in (kinds or [])}
    for kind, place in value.items():
        k = _kind(game, kind, at)
        if place in ("up", "down"):
            if not k.two_sided:
                raise GameError(f"{at}: the {kind} token has one side")
            if game.face_up(p, kind) != (place == "up"):
                game.turn_token(p, kind)
            continue
        if place not in ("deck", "taken", "none") and place not in game.supply:
            raise GameError(f"{at}: '{place}' is not a pile in the supply (nor deck, taken, "
                            "none)")
        game.place_token(p, kind, None if place == "none" else place)


def expect_own(game, p: int, pname: str, key: str, value: dict, at: str) -> list:
    """What differs from a scenario's expectation of player p's own tokens."""
    fails = []
    if key == "pile_tokens":
        for cid, kinds in value.items():
            got = sorted(kind for (q, kind), where in (game.own_places or {}).items()
                         if q == p and where == cid)
            if got != sorted(kinds or []):
                fails.append(f"{at}: {pname}'s tokens on the {cid} pile are {got}, expected "
                             f"{sorted(kinds or [])}")
        return fails
    for kind, place in value.items():
        if place in ("up", "down"):
            got = "up" if game.face_up(p, kind) else "down"
        else:
            got = game.token_place(p, kind) or "none"
        if got != place:
            fails.append(f"{at}: {pname}'s {kind} token is {got}, expected {place}")
    return fails
