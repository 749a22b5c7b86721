"""How each statement is weighed (part of bots.value.Weigher, one function per statement
kind): what it gives the player, the choice he would make for a selection, the blocks it
runs for him or for other players (their loss is his gain)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from dsl.language import ast as A

from .worth import Phantom, Tally, copy_frame, play_worth

if TYPE_CHECKING:
    from .value import Weigher
from interpreter.effects.compiler import compiled, is_kind
from interpreter.effects.control import fixed_gain
from interpreter.effects.expressions import Frame, still_there
from interpreter.effects.interpret import selection_bounds


def _bonus(w: Weigher, s: A.Bonus, f, t: Tally, depth) -> None:
    n = w.number(s.amount, f)
    counter = s.counter
    if counter == "cards":
        t.cards += n
    elif counter == "coins":
        t.coins += n
    elif counter == "actions":
        t.actions += n
    elif counter == "buys":
        t.buys += n
    elif counter == "potions":
        t.potions += n


def choose_cards(w: Weigher, sel, verb: str, f, dest=None) -> tuple:
    """(cards, coins, worth) of the choice a player would make for a selection: the cards
    worth doing it to, at least as many as it must, at most as many as it may."""
    cands = w.cards_of(sel.source, f)
    if sel.kind and sel.kind not in ("card", "cards"):
        cands = [c for c in cands if is_kind(c.d, sel.kind)]
    lo, hi = selection_bounds(sel, len(cands), lambda: w.number(sel.count, f))
    scored = sorted(((w.card_score(verb, c, dest), c) for c in cands),
                    key=lambda x: -(x[0][0] * 0.9 + x[0][1]))
    chosen, coins, worth = [], 0.0, 0.0
    for (c_coins, c_worth), c in scored[:hi]:
        if len(chosen) >= lo and c_coins * 0.9 + c_worth <= 0:
            break
        chosen.append(c)
        coins += c_coins
        worth += c_worth
    return chosen, coins, worth


def _target(w: Weigher, target, verb: str, f, t: Tally, dest=None) -> tuple:
    """(cards, frame with the binding) of a target: a choice as the player would make it,
    or the cards an expression names; its worth is added to the tally."""
    if isinstance(target, A.AllOf):
        cards = w.cards_of(target.expr, f)
        for c in cards:
            coins, worth = w.card_score(verb, c, dest)
            t.coins += coins
            t.worth += worth
    else:
        cards, coins, worth = choose_cards(w, target, verb, f, dest)
        t.coins += coins
        t.worth += worth
    return cards, w.bind(f, target.bind, cards)


def _move(w: Weigher, s: A.Move, f, t, depth) -> None:
    if s.verb == "choose":          # a naming: worth only what follows does with it
        _, h = _target(w, s.target, s.verb, f, Tally())
    else:
        _, h = _target(w, s.target, s.verb, f, t)
    _rebind(f, h, s.target.bind)


def _put(w: Weigher, s: A.Put, f, t, depth) -> None:
    if s.owner is not None:                    # into another player's zone: passing cards
        cards, h = _target(w, s.target, "trash", f, t)
        t.worth -= 0.3 * sum(w.worth(c.d) for c in cards)
    else:
        _, h = _target(w, s.target, "put", f, t, s.mat and "mat" or s.dest)
    _rebind(f, h, s.target.bind)


def _rebind(f, h, name) -> None:
    """Later statements of the same block see the weighed choice (kept in the frame's
    own copy of the variables, never in the game's)."""
    if name and h is not f:
        f.env = h.env


def _gain(w: Weigher, s: A.Gain, f, t, depth) -> None:
    what = s.what
    g = w.g
    if isinstance(what, A.Selection):
        cards, coins, worth = choose_cards(w, what, "gain", f)
        t.worth += worth
    else:
        if fixed_gain(what, g):                  # `gain spoils`: beside the Supply too
            pile = g.pile_named(what.kind)
            if pile is None or not len(pile):
                return
            d = pile.d
        else:
            cands = g.interp.gain_candidates(what, f)
            if not cands:
                return
            best = max(cands, key=lambda cid: w.worth(g.offered(cid)))
            d = g.offered(best)        # beside the Supply too (a Prize)
        cards = [Phantom(d)]
        t.worth += w.worth(d)
        if s.dest == "hand":
            coins, keep = w.hand_worth(d)
            t.coins += coins
            t.worth += keep
    if s.bind:
        f.env = dict(f.env)
        f.env[s.bind] = [(c, c.zone) for c in cards]


PLAY_DEPTH = 6            # a card played by a card played by ...: weighed this deep


def _play(w: Weigher, s: A.Play, f, t, depth) -> None:
    """Cards played (`times` times): a Treasure's plain coins are this turn's coins, the
    rest is what playing the card is worth; the name it binds (`play chosen as played
    twice`) holds them for the statements after it (`trash played`)."""
    target = s.target
    if isinstance(target, A.AllOf):
        cards = w.cards_of(target.expr, f)
    else:
        cards = choose_cards(w, target, "play", f)[0]
    times = s.times
    for c in cards:
        d = c.d
        if d.is_treasure and d.plain_coins:
            t.coins += times * d.plain_coins
        elif depth < PLAY_DEPTH:                 # its own effect, weighed where it is
            h = Frame(f.actor, f.actor, [(c, c.zone)], attack=f.attack, source=d.id)
            for _ in range(times):
                w.block(d.on_play, h, t, depth)
        else:
            t.worth += times * play_worth(d)
    if target.bind:
        f.env = dict(f.env)
        f.env[target.bind] = [(c, c.zone) for c in cards]


def _play_as(w: Weigher, s: A.PlayAs, f, t, depth) -> None:
    """A card played as another (Band of Misfits): the best of the cards it may be,
    weighed as played where it is."""
    if depth >= PLAY_DEPTH:
        return
    best = best_play_as(w, s, f)
    if best is not None:
        w.block(best.on_play, f, t, depth + 1)


def best_play_as(w: Weigher, s: A.PlayAs, f):
    """The definition of the Supply card a `play this as if it were ...` is worth most
    as, now (None when it may be none)."""
    g = w.g
    options = g.interp.play_as_options(s.spec, f)     # none plays as another: no recursion
    if not options:
        return None
    scored = [(w.value(g.offered(cid).on_play, f), i, cid) for i, cid in enumerate(options)]
    return g.offered(max(scored, key=lambda x: (x[0], -x[1]))[2])


def _if(w: Weigher, s: A.If, f, t, depth) -> None:
    w.block(s.then if compiled(s.cond)(w.g, f) else s.orelse, f, t, depth)


def _may(w: Weigher, s: A.May, f, t, depth) -> None:
    inner = Tally()
    h = f.child()
    h.env = dict(f.env)
    if s.stmt is not None:
        w.block((s.stmt,), h, inner, depth)
    w.block(s.body, h, inner, depth)
    v = w.total(inner) - w.total(Tally())
    if v > 0:
        t.worth += v


def _choose(w: Weigher, s: A.ChooseOne, f, t, depth) -> None:
    values = sorted((w.value(b, copy_frame(f)) for b in s.options), reverse=True)
    t.worth += sum(values[:s.count])


def _each(w: Weigher, s: A.Each, f, t, depth) -> None:
    n = len(w.g.players)
    for i in range(1 if s.others else 0, n):
        q = (f.actor + i) % n
        if f.attack is not None and q in f.attack.unaffected:
            continue
        w.for_player(q, s.body, f.child(actor=q), t, depth)


def _player_block(w: Weigher, s: A.PlayerBlock, f, t, depth) -> None:
    n = len(w.g.players)
    q = (f.actor + (1 if s.side == "left" else -1)) % n
    if q != f.actor:
        w.for_player(q, s.body, f.child(actor=q), t, depth)


def _repeat(w: Weigher, s: A.Repeat, f, t, depth) -> None:
    for _ in range(min(max(w.number(s.count, f), 0), 6)):
        w.block(s.body, f, t, depth)


def _each_card(w: Weigher, s: A.EachCard, f, t, depth) -> None:
    for c in w.cards_of(s.source, f)[:6]:
        w.block(s.body, f.child(it=[(c, c.zone)]), t, depth)


def _as_you(w: Weigher, s: A.AsYou, f, t, depth) -> None:
    w.for_player(f.you, (s.stmt,), f.child(actor=f.you), t, depth)


def _instead(w: Weigher, s: A.Instead, f, t, depth) -> None:
    if f.it:                    # the gain replaced does not happen: a card the player's
        d = f.it[0][0].d        # plan wants now was gained on purpose
        wanted = w.bot is not None and d.id in w.bot.wanted(w.g, w.p)
        t.worth -= max(w.worth(d), 4.0) if wanted else w.worth(d)
    w.block(s.body, f, t, depth)


def _later(w: Weigher, s: A.Later, f, t, depth) -> None:
    """`this turn on EVENT { ... }` weighed as done once; `... of CARDS { ... }` once per
    card, with `it` that card (Scheme's card put back on the deck); on a condition on the
    event's card, not at all (how often is not known)."""
    if s.card is None:
        w.block(s.body, f, t, depth)
        return
    v = compiled(s.card)(w.g, f)
    if isinstance(v, list):
        for c in still_there(v)[:6]:
            w.block(s.body, f.child(it=[(c, c.zone)]), t, depth)


def _unaffected(w, s, f, t, depth) -> None:
    t.worth += 1.5


def _draw_until(w, s, f, t, depth) -> None:
    t.cards += 2


def _lose_coins(w: Weigher, s: A.LoseCoins, f, t, depth) -> None:
    """Coins lost, at most what the turn would have by then (never below $0)."""
    turn = w.g.turn
    have = (turn.coins if turn.player == f.actor else 0) + t.coins
    t.coins -= min(max(0, w.number(s.amount, f)), max(0.0, have))


def _tokens(w: Weigher, s: A.Tokens, f, t, depth) -> None:
    n = w.number(s.amount, f) * s.sign
    rules = w.g.rules
    if s.kind == rules.victory_token:
        t.worth += n * w.vp_weight
    elif not s.on_pile:
        t.worth += 0.9 * n
    else:
        t.worth += 0.3


def _next_turn(w: Weigher, s: A.NextTurn, f, t, depth) -> None:
    later = Tally()
    w.block(s.body, f, later, depth)
    t.worth += 0.9 * (later.coins + later.cards * w.density + 0.3 * later.buys +
                      0.3 * later.actions + later.worth)


def _lasting(w: Weigher, s: A.Lasting, f, t, depth) -> None:
    """For the rest of the game: what the body gives each turn, over a few turns (or once
    per Action played); protection from Attacks; until the next turn on other players'
    events: what the body does to them once (their loss is his gain)."""
    if s.event == "unaffected":
        t.worth += 2.0
        return
    later = Tally()
    if s.who == "you":
        w.block(s.body, f, later, depth)
    else:
        n = len(w.g.players)
        for i in range(1, n):
            q = (f.you + i) % n
            if f.attack is None or q not in f.attack.unaffected:
                w.for_player(q, s.body, f.child(actor=q), later, depth)
    each = later.coins + later.cards * w.density + 0.3 * later.buys + \
        0.3 * later.actions + later.worth
    t.worth += (3.0 if s.span == "game" else 0.5) * each


def _exchange(w: Weigher, s: A.Exchange, f, t, depth) -> None:
    """An exchange is worth what the card taken is worth more than the card returned."""
    pile = w.g.pile_named(s.card)
    cards = still_there(w.cards_of(s.target.expr, f))
    if pile is None or not len(pile) or not cards:
        return
    t.worth += w.worth(pile.d) - sum(w.worth(c.d) for c in cards[:1])


def _turn_cost(w: Weigher, s: A.TurnCost, f, t, depth) -> None:
    t.coins -= 0.8 * w.number(s.delta, f) * s.sign


def _extra_turn(w, s, f, t, depth) -> None:
    t.worth += 5.0 if s.who == "you" else 3.0


STATEMENTS = {
    A.Bonus: _bonus, A.Move: _move, A.Put: _put, A.Gain: _gain, A.Play: _play, A.If: _if,
    A.May: _may, A.ChooseOne: _choose, A.Each: _each, A.PlayerBlock: _player_block,
    A.Repeat: _repeat, A.EachCard: _each_card, A.AsYou: _as_you, A.Instead: _instead,
    A.Unaffected: _unaffected, A.DrawUntil: _draw_until, A.Tokens: _tokens, A.LoseCoins: _lose_coins,
    A.NextTurn: _next_turn, A.Later: _later, A.TurnCost: _turn_cost, A.ExtraTurn: _extra_turn,
    A.PlayAs: _play_as, A.Lasting: _lasting, A.Exchange: _exchange,
}
