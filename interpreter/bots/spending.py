"""Tokens a player may spend (a set's `tokens:` kind with a `spend:` rule, as Coffers) and
amounts (`overpay as NAME`, `pay up to N KIND tokens as NAME`), as a strategy bot answers
them, never naming a card or a kind:

- tokens spent in the Buy phase before buying: the fewest that make the best buy its buy
  priorities allow (Gold instead of Silver, a Province instead of Gold), none when no
  number of them makes a better buy; a strategy's `spend` rules may say `no` (keep them)
  or `all`;
- an amount: each number weighed by the statements after the question that read the name
  it binds (`repeat paid { gain silver }`), less what paying costs: a token is worth about
  $1 later, a coin overpaid must bring a Silver's worth per $ of its cost; an overpay pays
  only coins, those a remaining Buy would not need to buy what it buys (never tokens).

- tokens spent in the Action phase (Villagers): one at a time, out of Actions, when the
  bot would play an Action card of its hand.

Games in which no player holds tokens never come here (the turn loop looks only then, and
only at the kinds a set lets players spend: interpreter/engine/turns.py)."""
from __future__ import annotations

from dsl.language import ast as A

from .context import asked
from .value import Weigher
from .worth import copy_frame
from interpreter.engine.turns import buy_phase_kinds, spendable_kinds

TOKEN_WORTH = 1.0         # a token kept, spendable later for $1 (what paying one costs)
COIN_WORTH = 0.6          # what $1 overpaid must bring at least (a Silver's worth per $ of
                          # its cost): two more Actions that do little are not worth $2
MAX_AMOUNTS = 16          # an amount is weighed for this many numbers at most, from the least


def spend_rule(game, kind: str):
    for k, rule in buy_phase_kinds(game):
        if k == kind:
            return rule
    return None


def _rank(bot, cid) -> int:
    """Where the pile stands in the bot's buy priorities (lower first; nothing: last)."""
    if cid is not None:
        for i, (entry, _) in enumerate(bot.plan):
            if entry == cid:
                return i
    return len(bot.plan.entries)


def actions_each(rule) -> int:
    """The Actions one token spent surely gives (its plain `+N actions` lines)."""
    return sum(s.amount.value for s in rule.gives if isinstance(s, A.Bonus) and
               s.counter == "actions" and isinstance(s.amount, A.Num))


def for_actions(bot, game, decider: int, kind: str, have: int) -> int:
    """Tokens spent in the Action phase, out of Actions (Villagers): one at a time, when
    it gives an Action and the bot would play an Action card of its hand."""
    rule = spendable_kinds(game).get(kind)
    if rule is None or actions_each(rule) <= 0:
        return 0
    t = game.turn
    actions = [c for c in game.players[t.player].hand.cards if c.d.is_action]
    return 1 if actions and bot.action_to_play(game, decider, actions) is not None else 0


def better_buy(bot, game, decider: int, kind: str, have: int) -> int:
    """The fewest of `have` tokens whose coins make the best first buy by the bot's buy
    priorities (0 when spending none buys as well): the buy is worked out as it would be
    with those coins (their conditions read `coins` then), the turn left as it was."""
    rule = spend_rule(game, kind)
    each = rule.coins_each if rule is not None else 0
    if each <= 0 or have <= 0 or game.turn.buys <= 0:
        return 0
    base = game.turn.coins
    dearest = max((game.cost(pile.d).coins for pile in game.supply.values() if len(pile)),
                  default=0)
    best_k, best = 0, buy_rank(bot, game, decider, base)
    for k in range(1, have + 1):
        if best == 0:
            break
        r = buy_rank(bot, game, decider, base + k * each)
        if r < best:
            best_k, best = k, r
        if base + k * each >= dearest:       # more buys nothing dearer
            break
    return best_k


def buy_rank(bot, game, decider: int, coins: int) -> int:
    """Where the bot's buy with this many coins stands in its buy priorities (its
    conditions read `coins` as that many), the turn left as it was."""
    t = game.turn
    base = t.coins
    t.coins = coins
    try:
        options = game.buyable()
        return _rank(bot, bot.buy_choice(game, decider, options) if options else None)
    finally:
        t.coins = base


def amount(bot, game, d) -> int:
    """An amount lo..hi (Decision kind `amount`): the number worth most, by what the
    statements after the question do with it, less what it costs; the least on a tie."""
    lo, hi = d.options
    s, f = d.effect, d.frame
    if f is None or not isinstance(s, (A.Overpay, A.PayTokens)):
        return lo
    info = asked(game.catalog.cards.get(d.source), s)
    if not info.follow or not info.bind:
        return lo                            # nothing reads it: pay the least
    w = Weigher(game, f.actor, bot)
    t = game.turn
    if isinstance(s, A.Overpay):
        # the coins left, never tokens; with a Buy left, only what that buy does not need
        left = max(0, t.coins) if t.player == f.actor else 0
        if t.buys > 0 and t.player == f.actor and hasattr(bot, "plan"):
            need = buy_rank(bot, game, d.player, left)
            spare = 0
            while spare < left and buy_rank(bot, game, d.player, left - spare - 1) == need:
                spare += 1
            left = spare
        hi = min(hi, max(lo, left))
        keep = lambda x: COIN_WORTH * x       # noqa: E731
    else:
        keep = lambda x: TOKEN_WORTH * x      # noqa: E731
    best, best_v = lo, None
    for x in range(lo, min(hi, lo + MAX_AMOUNTS - 1) + 1):
        h = copy_frame(f)
        h.env[info.bind] = x
        v = w.value(info.follow, h) - keep(x)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = x, v
    return best
