"""A player's tokens (`+1 coin token`, `tokens(coin)`): per kind a list of each player's
count (Player.tokens in the generic engine). Tokens of the kind the set rules count as
victory points, and tokens on piles, are not compiled; no other kind enters the score."""
from __future__ import annotations

from dsl.language import ast as A
from dsl.language.walk import nodes

from .scope import Unsupported, comment


def give_tokens(fx, d, s: A.Tokens, a: str, own: bool) -> list:
    """`+N KIND token` (Game.add_tokens: never below none) for player a."""
    if s.on_pile or s.piles is not None or s.kind == fx.scope.rules.victory_token:
        raise Unsupported(f"{d.id}: tokens on a pile, or tokens worth victory points")
    if s.kind in fx.scope.catalog.spendable():
        raise Unsupported(f"{d.id}: {s.kind} tokens, which players spend (not compiled)")
    k = token_kinds(fx.scope).index(s.kind)
    n = fx.exprs.number(s.amount, a)
    if n.isdigit():
        if s.sign > 0:
            return [f"toks[{k}][{a}] += {n}  # {comment(s.kind)} tokens"] if n != "0" else []
        return [f"toks[{k}][{a}] = max(0, toks[{k}][{a}] - {n})"] if n != "0" else []
    return [f"toks[{k}][{a}] = max(0, toks[{k}][{a}] + max(0, {n}) * {s.sign})"]


def token_kinds(scope) -> list:
    """The kinds of the players' tokens the run's cards give, in a fixed order."""
    kinds = scope.__dict__.get("token_kinds")
    if kinds is None:
        kinds = scope.token_kinds = sorted({
            n.kind for d in scope.cards for n in nodes(d.on_play)
            if isinstance(n, A.Tokens) and not n.on_pile and n.piles is None})
    return kinds


def read_tokens(scope, kind: str, a: str) -> str:
    """tokens(KIND) of player a: none when no card of the run gives them."""
    kinds = token_kinds(scope)
    return f"toks[{kinds.index(kind)}][{a}]" if kind in kinds else "0"


def state_lines(scope) -> list:
    """The game's token counts per kind and player, when a card gives some."""
    kinds = token_kinds(scope)
    if not kinds:
        return []
    return [f"toks = [[0] * {scope.players} for _ in range({len(kinds)})]    # "
            f"tokens: {comment(', '.join(kinds))}"]
