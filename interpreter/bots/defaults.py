"""A bot's answers to what its strategy has no rule for, reasonable for any card without
naming one: each answer is weighed by what it does (bots/value.py), in the effect's own
frame, with the statements after the question that read what it binds (bots/context.py).
So a `may` that gains or draws is taken and one that trashes a good card for nothing is
not, a "choose one" takes +Cards, +Actions or +Coins as the hand and the turn need, and a
card is trashed, discarded or put back only when that is worth it."""
from __future__ import annotations

from operator import itemgetter

from dsl.language import ast as A
from dsl.language.walk import nodes

from .calls import call_answer, discards_from_mat, is_call
from .context import asked
from .endgame import loses_by_ending
from .value import Weigher
from .weigh import best_play_as
from .worth import OTHERS, Phantom, copy_frame, play_worth
from interpreter.core.state import Zone
from interpreter.effects.expressions import Frame

# an Action that must trash a card is held back when its play, weighed, loses more than
# this: the weighing sees this turn, not what a thinner deck is worth later
PLAY_MARGIN = 0.75
MAX_CHOSEN = 10           # a choice of more cards than this is weighed for the first ones


def weigher(bot, game, p: int) -> Weigher:
    return Weigher(game, p, bot)


def _stmts(s) -> tuple:
    return ((s.stmt,) if s.stmt is not None else ()) + tuple(s.body)


def may(bot, game, d) -> bool:
    """Yes to a `may` unless what it does is worth less than nothing."""
    s, f = d.effect, d.frame
    if s.__class__ is A.Overpay:            # a Potion overpaid too: the least, as amounts
        return False
    if not isinstance(s, A.May) or f is None:
        return True
    if is_call(s):                          # a card called from its mat (calls.py)
        return call_answer(bot, game, d)
    if discards_from_mat(s, f):
        return True
    v = weigher(bot, game, f.actor).value(_stmts(s), f)
    if d.player != f.actor:                 # for another player (a possessed turn)
        v = -v
    return v >= 0


def play_value(bot, game, p: int, c) -> float:
    """What playing Action card c from player p's hand now is worth to him, weighed from
    its effect (for a card whose play may cost him: bots.worth.may_hurt)."""
    f = Frame(p, p, [(c, c.zone)], source=c.d.id)
    return weigher(bot, game, p).value(c.d.on_play, f)


def option_ranking(bot, game, d) -> list:
    """The options of a `choose`, best first, for the one who chooses."""
    s, f = d.effect, d.frame
    n = len(d.options)
    if not isinstance(s, A.ChooseOne) or f is None:
        return list(range(n))
    w = weigher(bot, game, f.actor)
    sign = 1 if d.player == f.actor else -1
    values = [sign * w.value(block, f) for block in s.options[:n]]
    return sorted(range(n), key=lambda i: (-values[i], i))


def _owner(d) -> int:
    return d.on_behalf if d.on_behalf is not None else d.player


def _dest(stmt):
    if isinstance(stmt, A.Put):
        return "mat" if stmt.mat else stmt.dest
    return None


def card_ranking(bot, game, d, settled: bool = True) -> list:
    """(score, coins, worth, card) of a choice of cards, best first, for the one who
    chooses: what doing the decision's verb to each card is worth to its owner (against
    him when the owner is another player). Off his turn, discarding a card from his hand
    is worth what its definition alone says (an attack's victim, the common case): that
    score is remembered per definition (`settled=False` weighs every card afresh)."""
    owner = _owner(d)
    verb, dest = d.purpose, _dest(d.effect)
    sign = 1 if owner == d.player else -OTHERS
    t = game.turn
    settled = settled and verb == "discard" and not (t.player == owner
                                                     and t.phase != "cleanup")
    w = None
    scored = []
    seen: dict = {}             # copies of a card in one zone score the same: once each
    for c in d.options:
        cd = c.d
        zone = c.zone
        if settled and zone.__class__ is Zone and zone.name == "hand":
            hit = _HELD_DISCARD.get(id(cd))
            if hit is None or hit[0] is not cd:
                hit = _held_discard(bot, game, owner, c)
            scored.append((sign * hit[1], sign * hit[2], sign * hit[3], c))
            continue
        key = (id(cd), id(zone))
        score = seen.get(key)
        if score is None:
            if w is None:
                w = weigher(bot, game, owner)
            coins, worth = w.card_score(verb, c, dest)
            score = seen[key] = (sign * (w.coin_value(coins) + worth), sign * coins,
                                 sign * worth)
        scored.append(score + (c,))
    scored.sort(key=itemgetter(0), reverse=True)      # best first, ties in option order
    return scored


# id(definition) -> (definition, coin value + worth, coins, worth) of discarding it from
# the hand off its owner's turn: neither the turn's coins nor the deck enter that score
_HELD_DISCARD: dict = {}
# id(definition) -> coin value + worth of each entry there (whose definition that entry
# keeps, so that no other definition has its id meanwhile)
_HELD_SCORE: dict = {}


def _settled_scores(bot, game, d):
    """The signed scores of a choice's options, when each is its definition's alone (see
    card_ranking: discarding from the hand off the owner's turn), else None."""
    if d.purpose != "discard":
        return None
    return settled_scores(bot, game, d.player, _owner(d), d.options)


def settled_discard(bot, game, decider: int, owner: int, options, lo: int, hi: int,
                    source, stmt):
    """cards() of a discard with no `avoid`, as a Decision would be answered, when it is
    ranked on the remembered scores alone; None when it is not (a Decision must say)."""
    info = asked(game.catalog.cards.get(source), stmt)
    if info.follow or info.may_body:
        return None
    scores = settled_scores(bot, game, decider, owner, options)
    if scores is None:
        return None
    order = sorted(range(len(scores)), key=scores.__getitem__, reverse=True)
    if lo == hi:                               # all of the best hi, whatever their score
        return [options[j] for j in order[:hi]]
    return [options[j] for i, j in enumerate(order[:min(hi, len(scores))])
            if i < lo or scores[j] > 0]


def settled_scores(bot, game, decider: int, owner: int, options):
    """_settled_scores() of a discard by `decider` of `owner`'s cards."""
    t = game.turn
    if t.player == owner and t.phase != "cleanup":
        return None
    zones = {c.zone for c in options}            # all in one hand (a victim's, say)
    if len(zones) != 1:
        return None if zones else []
    hand = zones.pop()
    if hand.__class__ is not Zone or hand.name != "hand":
        return None
    held = _HELD_SCORE
    scores = [held.get(id(c.d)) for c in options]
    if None in scores:                           # weighed once per definition
        scores = [_held_discard(bot, game, owner, c)[1] if s is None else s
                  for c, s in zip(options, scores)]
    if owner != decider:
        scores = [-OTHERS * s for s in scores]
    return scores


def _held_discard(bot, game, owner: int, c) -> tuple:
    """Weigh discarding card c from its owner's hand off his turn, and remember it."""
    w = weigher(bot, game, owner)
    if len(_HELD_DISCARD) >= 4096:
        _HELD_DISCARD.clear()
        _HELD_SCORE.clear()
    coins, worth = w.card_score("discard", c, None)
    hit = _HELD_DISCARD[id(c.d)] = (c.d, w.coin_value(coins) + worth, coins, worth)
    _HELD_SCORE[id(c.d)] = hit[1]
    return hit


def _follow_value(bot, game, d, info, cards, coins=0.0, worth=0.0) -> float:
    """What the answer `cards` is worth with the statements after the question (their
    coins and the cards' own counted together)."""
    f = d.frame
    # `each player { ... }` after the question: each player's own part reads his own
    # answer (Masquerade), so only the deciding player's part is weighed
    stmts = tuple(x for s in info.follow
                  for x in (s.body if isinstance(s, A.Each) and not s.others else (s,)))
    if info.may_body is not None and cards:
        stmts = tuple(info.may_body) + tuple(x for x in stmts if x not in info.may_body)
    w = weigher(bot, game, d.player)
    if not stmts or f is None:
        return w.coin_value(coins) + worth
    h = copy_frame(f.child(actor=d.player)) if f.actor != d.player else copy_frame(f)
    if info.bind:
        h.env[info.bind] = [(c, c.zone) for c in cards]
    return w.value(stmts, h, coins, worth)


def cards(bot, game, d, avoid=(), settled: bool = True) -> list:
    """The cards to choose: the best-scored ones, as many as is worth it (at least the
    least allowed), the statements after the question weighed with each candidate answer.
    Cards in `avoid` (a strategy's `keep`) are chosen only when there must be more. A
    victim's discard from his hand with nothing after it is ranked on the remembered
    scores alone (`settled=False` weighs it afresh)."""
    info = asked(game.catalog.cards.get(d.source), d.effect)
    if settled and not (info.follow or info.may_body or avoid):
        scores = _settled_scores(bot, game, d)
        if scores is not None:                 # card_ranking's order, on the scores alone
            order = sorted(range(len(scores)), key=scores.__getitem__, reverse=True)
            options = d.options
            return [options[j] for i, j in enumerate(order[:min(d.max, len(scores))])
                    if i < d.min or scores[j] > 0]
    ranked = card_ranking(bot, game, d, settled)
    if avoid:
        ranked.sort(key=lambda x: x[3].d.id in avoid)
    lo, hi = d.min, min(d.max, len(ranked))
    if not (info.follow or info.may_body):
        chosen = []
        for i in range(hi):
            x = ranked[i]
            if i < lo or (x[0] > 0 and x[3].d.id not in avoid):
                chosen.append(x[3])
        return chosen
    # a card chosen (`choose 1 treasure from hand as x`) is worth only what the statements
    # after the choice do with it
    named = d.purpose == "choose"
    if hi == 1:                                 # each card on its own (Remodel, Trader...)
        best, best_v = [], None
        if lo == 0:
            best_v = _follow_value(bot, game, d, info, [])
        seen = set()
        for _, coins, worth, c in ranked:
            if c.d.id in seen:
                continue
            seen.add(c.d.id)
            if named:
                coins = worth = 0.0
            total = _follow_value(bot, game, d, info, [c], coins, worth)
            if best_v is None or total > best_v:
                best, best_v = [c], total
        return best
    mixes = _mixes(ranked, lo, hi)
    if mixes is not None:                       # every mix of the kinds of cards (Forge:
        best, best_v = None, None               # two Silvers and not the Coppers)
        for picked, coins, worth in mixes:
            v = _follow_value(bot, game, d, info, picked, coins, worth)
            if best_v is None or v > best_v:
                best, best_v = picked, v
        return best
    best, best_v = None, None                   # the best k of the ranking
    coins = worth = 0.0
    for k in range(0, min(hi, MAX_CHOSEN) + 1):
        if k:
            coins += ranked[k - 1][1]
            worth += ranked[k - 1][2]
        if k < lo:
            continue
        picked = [x[3] for x in ranked[:k]]
        v = _follow_value(bot, game, d, info, picked, coins, worth)
        if best_v is None or v > best_v:
            best, best_v = picked, v
    return best if best is not None else [x[3] for x in ranked[:lo]]


MAX_MIXES = 48            # a choice of several cards is weighed mix by mix up to this many


def _mixes(ranked, lo: int, hi: int):
    """Every choice of lo..hi of the ranked cards, as (cards, coins, worth), copies of a card
    in one zone counted as one kind (how many of each kind, not which); None when there
    would be more than MAX_MIXES (then the best k of the ranking are weighed)."""
    kinds: dict = {}
    for x in ranked:
        c = x[3]
        kinds.setdefault((id(c.d), id(c.zone)), []).append(x)
    groups = list(kinds.values())
    n = 1
    for g in groups:
        n *= len(g) + 1
        if n > MAX_MIXES:
            return None
    out = [([], 0.0, 0.0)]
    for g in groups:
        out = [(cards + [x[3] for x in g[:k]], coins + sum(x[1] for x in g[:k]),
                worth + sum(x[2] for x in g[:k]))
               for cards, coins, worth in out for k in range(len(g) + 1)]
    return [m for m in out if lo <= len(m[0]) <= hi]


def gain_ranking(bot, game, d) -> list:
    """The piles of a gain, best first: what the card is worth to whoever gains it, more
    when the bot's buy plan wants it now, with what the gain leads to; never a pile whose
    gain would end the game the bot then loses (unless every pile would)."""
    f = d.frame
    owner = _owner(d)
    w = weigher(bot, game, owner)
    info = asked(game.catalog.cards.get(d.source), d.effect)
    wanted = bot.wanted(game, owner) if owner == d.player else ()
    sign = 1 if owner == d.player else -1
    scored = []
    for cid in d.options:
        card = game.offered(cid)
        v = w.worth(card) + (1.0 if cid in wanted else 0.0)
        if info.follow and f is not None and owner == d.player:
            v += _follow_value(bot, game, d, info, [Phantom(card)])
        if owner == d.player and loses_by_ending(game, owner, cid):
            v -= 1000.0
        scored.append((sign * v, cid))
    scored.sort(key=lambda x: -x[0])
    return scored


def pile(bot, game, d):
    """A pile to gain (or None when the gain may be declined and none is worth it), or a
    pile for a token: the dearest one its own buy plan never buys (what others may want
    and it does not), else the dearest."""
    if d.purpose == "play_as" and isinstance(d.effect, A.PlayAs) and d.frame is not None:
        # the card worth most to play as, now
        best = best_play_as(weigher(bot, game, d.frame.actor), d.effect, d.frame)
        return next((cid for cid in d.options if game.offered(cid) is best), d.options[0])
    if d.purpose == "own_token":
        return own_token_pile(bot, game, d)
    if d.purpose == "token":
        planned = {cid for cid, _ in bot.plan}
        cost = lambda cid: game.cost(game.offered(cid))      # noqa: E731
        return max(d.options, key=lambda cid: (cid not in planned, cost(cid).coins,
                                               cost(cid).potion))
    ranked = gain_ranking(bot, game, d)
    if not ranked:
        return None
    v, cid = ranked[0]
    if d.min == 0 and v < 0:
        return None
    return cid


def own_token_pile(bot, game, d):
    """A pile for the bot's own token (a +1 Card token, a cost token): the Action pile it
    plays most (of which it owns most cards), then the one worth most to it, then the
    one its buy plan wants."""
    owner = d.player
    counts = game.players[owner].holdings.counts
    w = weigher(bot, game, owner)
    wanted = bot.wanted(game, owner)
    return max(d.options, key=lambda cid: (counts.get(cid, 0), cid in wanted,
                                           w.worth(game.offered(cid))))


def order(bot, game, d) -> list:
    """Cards put on a deck: the best on top (first); cards to play: as the bot plays
    them; anything else as offered."""
    opts = list(d.options)
    if not opts or not hasattr(opts[0], "d"):
        return opts
    if d.purpose == "play":
        return sorted(opts, key=lambda c: bot.play_rank(c.d))
    if isinstance(d.effect, A.Put) and d.effect.dest == "deck":
        w = weigher(bot, game, _owner(d))
        sign = 1 if _owner(d) == d.player else -1
        return sorted(opts, key=lambda c: -sign * w.next_draw(c.d))
    return opts


def name(bot, game, d):
    """The card his draw pile holds most of (Wishing Well's best guess); a name the card
    then forbids buying (`this turn can't buy`): the costliest card the player whose turn
    it is could buy with his coins and the Treasures left in his hand."""
    if _bans_the_name(game, d):
        t = game.turn
        coins = t.coins + sum(c.d.plain_coins for c in game.players[t.player].hand.cards
                              if c.d.is_treasure)
        best = None
        for cid, pile in game.supply.items():
            cost = game.cost(pile.d)
            if len(pile) and cid in d.options and cost.coins <= coins and \
                    cost.potion <= t.potions and (best is None or cost.coins > best[0]):
                best = (cost.coins, cid)
        if best is not None:
            return best[1]
    owner = _owner(d)
    deck = [c.d.id for c in game.players[owner].deck.cards]
    if _trashes_the_named(game, d):          # `trash revealed where name = named`: junk
        w = weigher(bot, game, owner)
        junk = [cid for cid in set(deck) if cid in d.options and
                w.worth(game.catalog.cards[cid]) < NAMED_TRASH_WORTH]
        if junk:
            return min(junk, key=lambda cid: (w.worth(game.catalog.cards[cid]),
                                              -deck.count(cid), cid))
        held = game.players[owner].holdings.counts        # none: a card he does not have
        return next((cid for cid in d.options if not held.get(cid)), d.options[0])
    return max(d.options, key=deck.count)


NAMED_TRASH_WORTH = 0.6   # a card named to be trashed is junk: worth less than this


def _trashes_the_named(game, d) -> bool:
    """Whether what follows the naming trashes the cards of that name (Doctor)."""
    info = asked(game.catalog.cards.get(d.source) if d.source else None, d.effect)
    return any(isinstance(n, A.Move) and n.verb == "trash" for s in info.follow
               for n in nodes(s))


def _bans_the_name(game, d) -> bool:
    card = game.catalog.cards.get(d.source) if d.source else None
    if card is None or not card.bans_buys or not isinstance(d.effect, A.NameCard):
        return False
    return any(isinstance(n, A.TurnBan) and n.what.name == d.effect.bind
               for n in nodes(card.on_play))


__all__ = ["may", "option_ranking", "cards", "card_ranking", "pile", "gain_ranking",
           "order", "name", "play_worth"]
