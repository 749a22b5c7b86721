"""Statements as clauses of card text, in the current person (you / he): one function per
kind of statement, looked up by node type (dsl.text.sentences). A clause with statements
inside it renders them through the context (`ctx.block`, `ctx.stmt`, `ctx.option`)."""
from __future__ import annotations

from dsl.language import ast as A
from .phrases import *  # noqa: F403 (the phrase templates, one module of tables)
from .forms import joined, variant
from dsl.language.walk import nodes
from .context import (Ctx, bind_name, cost_test, is_call, mat_name, names_in, num, single,
                      token_name)
from .words import (amount, cards_np, condition, cost_phrase, counts_this, describe,
                    kind_adj, per, target_np, that_is, them)


def bonus(ctx: Ctx, b: A.Bonus, top: bool = False) -> str:
    n = num(b.amount)
    if ctx.he and b.counter == "cards" and n is not None:
        return ctx.tn(DRAWS, n)
    if n is not None:
        if b.counter == "coins":
            text = ctx.t(TREASURE_COINS if top and ctx.treasure else COINS, n=n)
        else:
            text = ctx.tn(BONUS[b.counter], n)
    else:
        rate = per(ctx, b.amount)
        arg = b.amount.args[0] if is_call(b.amount, "count") else None
        if rate is not None and isinstance(arg, A.Where) and \
                arg.source == A.Name("in_play") and counts_this(ctx, arg.cond):
            rate = ctx.t(COUNTING_THIS, x=rate)   # "per Treasure you have in play (counting
        if rate is not None and top and ctx.treasure and b.counter == "coins":    # this)"
            text = ctx.t(TREASURE_PER, per=rate)
        elif rate is not None:
            text = ctx.t(BONUS_PER[b.counter], per=rate)
        elif is_call(b.amount, "sum") and b.counter in BONUS_EQUAL:
            text = ctx.t(BONUS_EQUAL[b.counter], amount=amount(ctx, b.amount))
        else:
            text = ctx.t(BONUS_EXPR, amount=amount(ctx, b.amount),
                         counter=ctx.t(COUNTER_WORDS[b.counter]))
    return ctx.t(OTHER_BONUS, bonus=text) if ctx.he else text


def lose_coins(ctx: Ctx, s: A.LoseCoins) -> str:
    n = num(s.amount)
    if n is not None:
        return ctx.t(LOSE_COINS, n=n)
    rate = per(ctx, s.amount)
    if rate is not None:
        return ctx.t(LOSE_COINS_PER, per=rate)
    return ctx.t(LOSE_COINS_EXPR, amount=amount(ctx, s.amount))


def join(ctx: Ctx, parts: list[str]) -> str:
    if len(parts) <= 1:
        return parts[0] if parts else ""
    sep = ctx.t(LIST_SEP)
    return ctx.t(AND if len(parts) == 2 else AND_LAST, a=joined(parts[:-1], sep.join),
                 b=parts[-1])


def copy_of(ctx: Ctx, src, qualified) -> str:
    """`a copy of it`; `a copy of a card costing up to $6 that the player to your right
    gained on his last turn`."""
    if isinstance(src, A.OfPlayer) and src.name in HISTORY_OF:
        what = qualified or ctx.t(A_CARD)
        return ctx.t(COPY_OF, what=ctx.t(HISTORY_OF[src.name], what=what,
                                         player=ctx.p(PLAYER[src.side])))
    if isinstance(src, A.Name):
        what = them(ctx, src.name, pronoun=True)
    else:
        what = describe(ctx, src)
    return ctx.t(COPY_OF, what=what if qualified is None else f"{qualified} ({what})")


def _coins_of(cost):
    """X of a cost written `$(X)` (`$0 + X`), else the cost as it is."""
    if isinstance(cost, A.Arith) and cost.op == "+" and isinstance(cost.left, A.CostLit) and \
            cost.left.coins == 0 and cost.left.potion == 0:
        return cost.right
    return cost


def gain_what(ctx: Ctx, spec, n: int = 1) -> str:
    if isinstance(spec, A.Selection):
        return target_np(ctx, spec)
    if spec.kind and ctx.catalog is not None and spec.kind in ctx.catalog.cards \
            and spec.relation is None:
        name = ctx.card_name(spec.kind)
        beside = not ctx.catalog.cards[spec.kind].supply      # its pile is named
        what = ctx.t(NAMED_FROM_PILE if beside else NAMED, card=name) if n == 1 else \
            ctx.tn(NAMED_N_FROM_PILE if beside else NAMED_N, n, card=name)
    else:
        what = cards_np(ctx, "exactly", A.Num(n), spec.kind)
    if spec.relation == "exactly" and is_call(spec.cost, "cost"):
        what = ctx.t(SAME_COST, what=what)
    elif spec.relation == "exactly" and is_call(_coins_of(spec.cost), "sum"):
        what = ctx.t(COSTING_EQUAL, what=what, cost=cost_phrase(ctx, _coins_of(spec.cost)))
    elif spec.relation:
        what = ctx.t(COSTING[spec.relation], what=what, cost=cost_phrase(ctx, spec.cost))
    if spec.cond is not None:
        what = that_is(ctx, what, spec.cond, bool(spec.relation))
    if spec.copy_of is not None:
        what = copy_of(ctx, spec.copy_of, what if spec.relation or spec.cond else None)
    if spec.by_you:
        what = ctx.t(CHOSEN_BY_YOU, what=what)
    return what


def gain(ctx: Ctx, s: A.Gain, count: int = 1) -> str:
    text = ctx.p(VERB["gain"], what=gain_what(ctx, s.what, count))
    if s.dest in GAIN_DEST:
        text = ctx.t(GAIN_DEST_MANY[s.dest], x=text) if count > 1 and not ctx.he else \
            ctx.p(GAIN_DEST[s.dest], x=text)
    bind_name(ctx, s.bind, "gain", True)
    return text


def play(ctx: Ctx, s: A.Play) -> str:
    text = ctx.verb(VERB["play"], target_np(ctx, s.target, "play"))
    t = s.target
    if t.bind and isinstance(t, A.AllOf) and isinstance(t.expr, A.Name) and \
            t.expr.name in ctx.bound:           # `play chosen as p`: p is the same card
        ctx.bound[t.bind] = ctx.bound[t.expr.name]
    elif t.bind:
        bind_name(ctx, t.bind, "play", single(t))
    if s.any_order:
        return ctx.t(PLAY_ANY_ORDER, play=text)
    if s.times == 2:
        return ctx.t(PLAY_TWICE, play=text)
    return text if s.times == 1 else ctx.tn(PLAY_TIMES, s.times, play=text)


def play_as(ctx: Ctx, s: A.PlayAs) -> str:
    """Band of Misfits: `play this as if it were action card costing less than cost(this)`."""
    card = target_np(ctx, A.AllOf(s.card, None), "play")
    spec = s.spec
    what = ctx.t(IN_SUPPLY, what=gain_what(ctx, A.GainSpec(spec.kind, None, None, None)))
    if spec.relation:
        what = ctx.t(COSTING[spec.relation], what=what, cost=cost_phrase(ctx, spec.cost))
    if spec.cond is not None:
        what = that_is(ctx, what, spec.cond, bool(spec.relation))
    return ctx.p(PLAY_AS, card=card, what=what)


def reveal_top(ctx: Ctx, s: A.RevealTop) -> str:
    n = num(s.count)
    ctx.revealed_split = False
    if n == 1:
        ctx.bound["__revealed_one"] = True
        text = ctx.p(REVEAL_BOTTOM[s.verb] if s.bottom else REVEAL_TOP[(s.verb, 1)])
        ctx.revealed_n = 1
    else:
        ctx.bound.pop("__revealed_one", None)
        pair = ctx.pick(REVEAL_TOP_N[s.verb])
        ctx.revealed_n = n
        ctx.revealed_fresh = True
        text = ctx.tn(pair, n) if n is not None else ctx.tn(pair, 2).replace(
            "2", amount(ctx, s.count), 1)
    bind_name(ctx, s.bind, "reveal", n == 1)
    return text


def reveal_until(ctx: Ctx, s: A.RevealUntil) -> str:
    ctx.bound.pop("__revealed_one", None)
    ctx.revealed_split = False
    c = s.cond
    ctx.until_cond, ctx.until_n, ctx.until_cost, ctx.others_gone = None, None, False, False
    if isinstance(c, A.Compare) and c.op == ">=" and is_call(c.left, "count") \
            and num(c.right) is not None and isinstance(c.left.args[0], A.Where) and \
            c.left.args[0].source == A.Name("revealed"):
        ctx.until_cond, ctx.until_n = c.left.args[0].cond, num(c.right)
    if isinstance(c, A.Compare) and is_call(c.left, "cost") and c.left.args == (A.Name("it"),):
        what = cards_np(ctx, "exactly", A.Num(1), A.Compare(c.op, A.Name("cost"), c.right))
        return ctx.p(REVEAL_UNTIL_WHAT, what=what)        # `until cost(it) >= $4`
    if isinstance(c, A.Compare) and c.op == ">=" and is_call(c.left, "count") \
            and num(c.right) is not None and isinstance(c.left.args[0], A.Where):
        cond = c.left.args[0].cond
        if cost_test(cond) is not None:
            what = cards_np(ctx, "exactly", c.right, cond)
            ctx.until_cost = True          # "that card" when a move takes it next
            return ctx.p(REVEAL_UNTIL_WHAT, what=what)
        if not _is_kind(cond) and num(c.right) == 1:   # "a Victory card that is not ..."
            parts = _conjuncts(cond)
            kinds = [x for x in parts if _is_kind(x)]
            what = ctx.t(A_KIND, kind=kind_adj(ctx, _all_of(kinds))) if kinds else \
                ctx.t(A_CARD)
            for x in parts:
                if not _is_kind(x):
                    what = that_is(ctx, what, x, False)
            return ctx.p(REVEAL_UNTIL_WHAT, what=what)
        return ctx.tn(REVEAL_UNTIL, c.right.value, kind=kind_adj(ctx, cond))
    return ctx.t(REVEAL_UNTIL_ANY, cond=condition(ctx, c))


def _conjuncts(cond) -> list:
    if isinstance(cond, A.And):
        return _conjuncts(cond.left) + _conjuncts(cond.right)
    return [cond]


def _all_of(conds):
    out = conds[0]
    for x in conds[1:]:
        out = A.And(out, x)
    return out


def _is_kind(cond) -> bool:
    """A condition said as an adjective before "card": kinds, `not`, `and`, `or` of them."""
    if isinstance(cond, (A.And, A.Or)):
        return _is_kind(cond.left) and _is_kind(cond.right)
    if isinstance(cond, A.Not):
        return _is_kind(cond.operand)
    return isinstance(cond, (A.Name, A.Is))


def draw_until(ctx: Ctx, s: A.DrawUntil) -> str:
    c = s.cond
    if isinstance(c, A.Compare) and c.op == ">=" and is_call(c.left, "count") \
            and c.left.args[0] == A.Name("hand") and num(c.right) is not None:
        text = ctx.t(DRAW_UNTIL, n=c.right.value)
    else:
        text = ctx.t(DRAW_UNTIL_ANY, cond=condition(ctx, c))
    kind = set_aside_as_drawn(s.body)
    if kind is not None:
        text = ctx.t(SET_ASIDE_AS_DRAWN, draw=text, kind=ctx.kind_name(kind))
    elif s.body:
        text = ctx.t(AS_YOU_DRAW, draw=text, body=ctx.block(s.body))
    return text


def set_aside_as_drawn(body):
    """KIND of `draw until ... { if it is KIND { may set aside it } }` (the cards one may
    set aside while drawing), else None."""
    if len(body) != 1 or not isinstance(body[0], A.If) or body[0].orelse or \
            not isinstance(body[0].cond, A.Is) or body[0].cond.negated or \
            body[0].cond.subject != A.Name("it") or len(body[0].then) != 1:
        return None
    may = body[0].then[0]
    ok = isinstance(may, A.May) and not may.body and isinstance(may.stmt, A.Move) and \
        may.stmt.verb == "set_aside" and may.stmt.target == A.AllOf(A.Name("it"), None)
    return body[0].cond.kind if ok else None


def shuffle_into(ctx: Ctx, s: A.ShuffleInto) -> str:
    what = them(ctx, s.target.name, pronoun=True) if isinstance(s.target, A.Name) \
        else describe(ctx, s.target)
    return ctx.verb(SHUFFLE_INTO, what)


def may(ctx: Ctx, s: A.May) -> str:
    if s.stmt is None:
        saved = ctx.person
        if ctx.he:
            ctx.person = 2                   # "he may discard", not "he may discards"
        body = ctx.block(s.body)
        ctx.person = saved
        return ctx.p(MAY, x=body)
    saved = ctx.person
    if ctx.he:
        ctx.person = 2                   # "he may gain", not "he may gains"
    played = _choose_to_play(s)
    first = ctx.stmt(s.stmt) if played is None else play(ctx, played)
    ctx.person = saved
    if played is not None:
        bind_name(ctx, s.stmt.target.bind, "choose", True)
        if played.target.bind:
            bind_name(ctx, played.target.bind, "play", True)
        if len(s.body) == 1:
            return ctx.p(MAY, x=first)
        return ctx.p(MAY_IF_YOU_DO, x=first, y=after_clause(ctx, s.body[1:]))
    if not s.body:
        return ctx.p(MAY, x=first)
    body = s.body
    if len(body) == 1 and isinstance(body[0], A.If) and not body[0].orelse and \
            did_it(ctx, body[0].cond):       # `if count(paid) = 2` says "if you do" again
        body = body[0].then
    return ctx.p(MAY_IF_YOU_DO, x=first, y=after_clause(ctx, body))


def _choose_to_play(s: A.May):
    """`may choose 1 action from hand as c { play c twice ... }` as the Play of the choice
    itself: "you may play an Action card from your hand twice", else None."""
    first = s.stmt
    if not (isinstance(first, A.Move) and first.verb == "choose" and s.body and
            isinstance(first.target, A.Selection) and first.target.bind and
            first.target.mode == "exactly" and num(first.target.count) == 1):
        return None
    p = s.body[0]
    if not isinstance(p, A.Play) or not isinstance(p.target, A.AllOf) or \
            p.target.expr != A.Name(first.target.bind) or p.any_order or p.times > 2:
        return None                  # "choose an Action card ... Play it three times" 
    sel = first.target
    return A.Play(A.Selection(sel.mode, sel.count, sel.kind, sel.source, sel.by_you, p.target.bind),
                  p.times, False)


def after_clause(ctx: Ctx, stmts) -> str:
    """The statements after an "if ..." clause: a main clause with no subject before it, so
    its "co" variant (Czech "pokud ..., vezme si", not "si vezme")."""
    return variant(then_block(ctx, stmts), "co")


def then_block(ctx: Ctx, stmts) -> str:
    """What an `if` does: one list of clauses ("trash this and gain a Madman") when each is
    a plain one, so that the condition reads as holding for all of them; else sentences."""
    if ctx.he or len(stmts) < 2 or any(isinstance(x, (A.If, A.ChooseOne, A.May))
                                       for x in stmts):
        return ctx.block(stmts)
    text = ctx.option(stmts)
    return ctx.block(stmts) if ". " in text else text


def in_their_person(ctx: Ctx, body, person: int = 1) -> str:
    """A block done by another player: in the third person; a variable bound inside names
    every player's cards afterwards (plural)."""
    saved = ctx.person, ctx.revealed_split
    before = set(ctx.bound)
    ctx.person = person
    text = ctx.block(body)
    ctx.person, ctx.revealed_split = saved
    ctx.gathered |= set(ctx.bound) - before
    ctx.bound.update({k: (v[0], False) for k, v in ctx.bound.items() if isinstance(v, tuple)})
    return text


def each(ctx: Ctx, s: A.Each) -> str:
    body = s.body
    if s.others and len(body) == 1 and isinstance(body[0], A.If) and not body[0].orelse:
        c = body[0].cond          # "each other player with 5 or more cards in hand ..."
        if isinstance(c, A.Compare) and c.op == ">=" and is_call(c.left, "count") and \
                c.left.args[0] == A.Name("hand") and num(c.right) is not None:
            return ctx.t(EACH_OTHER_WITH, n=num(c.right), x=in_their_person(ctx, body[0].then))
    return ctx.t(EACH_OTHER if s.others else EACH, x=in_their_person(ctx, body))


def player_block(ctx: Ctx, s: A.PlayerBlock) -> str:
    player = ctx.p(PLAYER[s.side])
    return f"{player} {in_their_person(ctx, s.body)}"


def each_card(ctx: Ctx, s: A.EachCard) -> str:
    src = s.source
    if is_call(src, "distinct"):
        inner = src.args[0]
        if isinstance(inner, A.Name) and ctx.bound.get(inner.name, ("",))[0] == "reveal":
            what = ctx.t(DIFFERENTLY_NAMED_REVEALED)
        else:
            what = ctx.t(DIFFERENTLY_NAMED_AMONG, them=describe(ctx, inner))
    else:
        what = ctx.t(FROM_BOUND, what=ctx.tn(CARD_WORD, 1), them=describe(ctx, src))
    return ctx.t(EACH_CARD, what=what, x=ctx.block(s.body))


def choose(ctx: Ctx, s: A.ChooseOne) -> str:
    if (_same_object(s) or _gains(s)) and not ctx.he:    # "discard it or put it back"
        return ctx.t(OR, a=ctx.block(s.options[0]), b=ctx.block(s.options[1]))
    zones = _either_zone(s)
    if zones is not None and not ctx.he:       # "trash a card from your hand or discard pile"
        may, first, second = zones
        cond = first.source.cond                 # "a card from ... that is not a Treasure"
        negated = isinstance(cond, A.Not)
        what = ctx.t(FROM_EITHER, what=cards_np(ctx, first.mode, first.count,
                                                None if negated else cond),
                     a=them(ctx, first.source.source.name),
                     b=them(ctx, second.source.source.name))
        if negated:
            what = that_is(ctx, what, cond, False)
        text = ctx.verb(VERB.get(may.stmt.verb, VERB["choose"]), what)
        return ctx.p(MAY, x=text) if isinstance(s.options[0][0], A.May) else text
    if s.count > 1:
        opts = joined([ctx.option(o) for o in s.options], ctx.t(OPTIONS_LIST_SEP).join)
        return ctx.p(CHOOSE_N[s.count], x=opts)
    sep = ctx.t(OPTIONS_SEP).join
    opts = joined([ctx.option(o) for o in s.options], sep) if not ctx.he \
        else ctx.t(OR, a=ctx.block(s.options[0]), b=joined(
            [ctx.block(o) for o in s.options[1:]], sep))
    return ctx.p(CHOOSE_ONE_YOURS if s.by_you else CHOOSE_ONE, x=opts)


def _either_zone(s: A.ChooseOne):
    """`choose one { may trash 1 card from hand where C } or { ... from discard where C }`:
    (the first option's statement, its selection, the second's), else None."""
    if s.count != 1 or s.by_you or len(s.options) != 2 or any(len(o) != 1 for o in s.options):
        return None
    a, b = s.options[0][0], s.options[1][0]
    if type(a) is not type(b) or isinstance(a, A.May) and (a.body or b.body):
        return None
    ma, mb = (a.stmt, b.stmt) if isinstance(a, A.May) else (a, b)
    if not (isinstance(ma, A.Move) and isinstance(mb, A.Move) and ma.verb == mb.verb):
        return None
    ta, tb = ma.target, mb.target
    ok = isinstance(ta, A.Selection) and isinstance(tb, A.Selection) and \
        isinstance(ta.source, A.Where) and isinstance(tb.source, A.Where) and \
        ta.source.cond == tb.source.cond and ta.kind is None and tb.kind is None and \
        (ta.mode, ta.count, ta.bind) == (tb.mode, tb.count, tb.bind) and \
        isinstance(ta.source.source, A.Name) and isinstance(tb.source.source, A.Name) and \
        ta.source.source != tb.source.source and not ta.bind
    return (a if isinstance(a, A.May) else A.May(ma, ()), ta, tb) if ok else None


def _gains(s: A.ChooseOne) -> bool:
    """One of two gains of named cards (`gain duchy` or `repeat 3 { gain estate }`)."""
    def gain(o):
        x = o[0] if len(o) == 1 else None
        if isinstance(x, A.Repeat) and len(x.body) == 1 and num(x.count) is not None:
            x = x.body[0]
        return isinstance(x, A.Gain) and isinstance(x.what, A.GainSpec) and \
            x.what.relation is None and x.what.cond is None and x.dest == "discard"
    return s.count == 1 and not s.by_you and len(s.options) == 2 and all(map(gain, s.options))


def _same_object(s: A.ChooseOne) -> bool:
    """One of two moves of the same cards (`discard revealed` or `put revealed on deck`)."""
    if s.count != 1 or s.by_you or len(s.options) != 2 or \
            any(len(o) != 1 or not isinstance(o[0], (A.Move, A.Put)) for o in s.options):
        return False
    a, b = (o[0].target for o in s.options)
    return isinstance(a, A.AllOf) and isinstance(b, A.AllOf) and a.expr == b.expr


def in_any_order(ctx: Ctx, s: A.InAnyOrder) -> str:
    gains = [b[0] for b in s.blocks if len(b) == 1 and isinstance(b[0], A.Gain)]
    if len(gains) == len(s.blocks) == 2 and all(g.dest == "deck" for g in gains):
        return ctx.t(GAIN_EITHER_ORDER, x=join(ctx, [gain_what(ctx, g.what) for g in gains]))
    return ctx.t(EITHER_ORDER, x=join(ctx, [ctx.block(b) for b in s.blocks]))


def repeat(ctx: Ctx, s: A.Repeat) -> str:
    body = s.body
    if len(body) == 1 and isinstance(body[0], A.Gain) and isinstance(body[0].what, A.GainSpec) \
            and body[0].what.relation is None and ctx.catalog is not None and \
            body[0].what.kind in ctx.catalog.cards:
        n = num(s.count)
        if n is not None:
            return gain(ctx, body[0], n)
        if is_call(s.count, "pile_tokens") and isinstance(s.count.args[1], A.Name):
            rate = ctx.t(TOKEN_ON_ITS_PILE, kind=token_name(ctx, s.count.args[1].name))
            return ctx.t(GAIN_PER, card=ctx.card_name(body[0].what.kind), per=rate)
        return ctx.tn(GAIN_COUNT, 2, card=ctx.card_name(body[0].what.kind),
                      amount=amount(ctx, s.count))
    return ctx.t(REPEAT, amount=amount(ctx, s.count), x=ctx.block(body))


def as_you(ctx: Ctx, s: A.AsYou) -> str:
    saved = ctx.person
    ctx.person = 0
    text = ctx.t(AS_YOU, x=ctx.stmt(s.stmt))
    ctx.person = saved
    return text


def looked_through(ctx: Ctx, target, render) -> str:
    """A choice of cards from your discard pile, the first on the card: "look through your
    discard pile and put a card from it on top of your deck"."""
    src = target.source if isinstance(target, A.Selection) else None
    if isinstance(src, A.Where):
        src = src.source
    if src != A.Name("discard") or ctx.he or ctx.discard_looked:
        return render()
    ctx.discard_looked = ctx.discard_it = True
    try:
        return ctx.t(LOOK_THROUGH, x=render())
    finally:
        ctx.discard_it = False


def move(ctx: Ctx, s: A.Move) -> str:
    if s.verb in ("reveal", "trash", "set_aside"):
        text = looked_through(ctx, s.target, lambda: _move(ctx, s))
    else:
        text = _move(ctx, s)
    t = s.target
    if s.verb == "reveal" and ctx.person == 1 and isinstance(t, A.Selection) and \
            t.mode == "exactly" and num(t.count) == 1 and t.source == A.Name("hand") and \
            ctx.catalog is not None and t.kind in ctx.catalog.types:
        # another player who must reveal a Victory card and has none reveals his hand
        text = ctx.p(OR_REVEAL_HAND, x=text, kind=ctx.tn(KIND_WORD, 2, kind=ctx.kind_name(t.kind)))
    return text


def _move(ctx: Ctx, s: A.Move) -> str:
    t = s.target
    if s.verb == "discard" and isinstance(t, A.Selection) and isinstance(t.count, A.Arith) \
            and t.count.op == "-" and is_call(t.count.left, "count") \
            and t.count.left.args[0] == A.Name("hand") and num(t.count.right) is not None:
        return ctx.p(DISCARD_DOWN, n=t.count.right.value)
    what = target_np(ctx, t, s.verb)
    if isinstance(t, A.AllOf) and isinstance(t.expr, A.Where) and ctx.until_cost \
            and t.expr.cond == ctx.until_cond:
        what = ctx.t(THAT_CARD)
    elif from_revealed(t) and ctx.revealed_n and ctx.revealed_n > 1 and num(t.count) == 1:
        what = ctx.t(ONE_OF_THEM)
    elif isinstance(t, A.Selection) and t.mode == "exactly" and num(t.count) == 1 and \
            t.kind is None and isinstance(t.source, A.Where) and \
            t.source.source == A.Name("revealed") and cost_test(t.source.cond) is not None \
            and ctx.revealed_n and ctx.revealed_n > 1:
        op, cost = cost_test(t.source.cond)        # "trashes one of them costing $3 or more"
        what = ctx.t(COSTING_CMP[op], what=ctx.t(ONE_OF_THEM), cost=cost_phrase(ctx, cost))
    if from_revealed(t) and ctx.revealed_n and num(t.count) is not None:
        ctx.revealed_n = max(0, ctx.revealed_n - num(t.count))
    if isinstance(t, A.AllOf) and isinstance(t.expr, A.Name) and t.expr.name == "this" \
            and ctx.this_where == "hand" and s.verb in ("reveal", "trash"):
        what = ctx.t(THIS_FROM_HAND)
    elif isinstance(t, A.AllOf) and t.expr == A.Name("this") and s.verb == "trash":
        what = ctx.t(THIS_CARD)
    what = named_again(ctx, t, what)
    verb = (RETURN_PILE if s.own_pile else RETURN) if s.verb == "return" else \
        VERB.get(s.verb, VERB["choose"])
    if verb is RETURN_PILE and t == A.AllOf(A.Name("this"), t.bind):    # its pile is named
        return _bind_move(ctx, s, what, ctx.verb(RETURN_OWN_PILE, what,
                                                 card=ctx.card_name(ctx.card.id)))
    if s.verb == "set_aside" and isinstance(t, A.Selection):
        verb = SET_ASIDE_LONG              # "set aside a card from your hand"
    if isinstance(t, A.Selection) and t.mode == "up_to" and num(t.count) == 1 and \
            s.verb != "return":
        what = target_np(ctx, A.Selection("exactly", t.count, t.kind, t.source, t.by_you,
                                          t.bind), s.verb)
        saved = ctx.person
        if ctx.he:
            ctx.person = 2                   # "may trash a card", not "may trashes"
        text = ctx.p(MAY, x=ctx.verb(verb, what))
        ctx.person = saved
    else:
        text = ctx.verb(verb, what)
    return _bind_move(ctx, s, what, text)


def _bind_move(ctx: Ctx, s: A.Move, what: str, text: str) -> str:
    """After a move: the revealed cards left, and the name the moved cards are bound to."""
    t = s.target
    split_revealed(ctx, t)
    one = single(t) or (t == A.AllOf(A.Name("revealed"), None) and
                        bool(ctx.bound.get("__revealed_one"))) or what == ctx.t(THAT_CARD) \
        or (t == A.AllOf(A.Name("revealed"), t.bind) and ctx.others_gone and ctx.until_n == 1)
    bind_name(ctx, t.bind, s.verb, one,
              chosen=num(t.count) if isinstance(t, A.Selection) and t.mode == "exactly" else None)
    return text


def named_again(ctx: Ctx, target, what: str) -> str:
    """A definite object the previous verb named too becomes a pronoun where the language
    says so (Czech "odloží otočené karty nebo je vrátí"; English repeats the phrase)."""
    definite = isinstance(target, A.AllOf) and isinstance(target.expr, A.Name) and \
        not getattr(what, "pronoun", False)
    if definite and ctx.last_object == (ctx.person, str(what)):
        name = target.expr.name
        many = not ctx.bound[name][1] if isinstance(ctx.bound.get(name), tuple) else \
            name != "this"
        what = ctx.again(what, many)
    ctx.last_object = (ctx.person, str(what)) if definite else None
    return what


def from_revealed(t) -> bool:
    """A choice of cards from among the revealed ones (`trash 1 card from revealed`)."""
    return isinstance(t, A.Selection) and t.mode == "exactly" and t.kind is None and \
        t.source == A.Name("revealed")


def split_revealed(ctx: Ctx, target) -> None:
    """After some of the revealed cards moved, the rest are "the other revealed cards"."""
    if isinstance(target, A.AllOf) and isinstance(target.expr, A.Where):
        ctx.revealed_split = True
    elif isinstance(target, A.Selection):
        src = target.source.source if isinstance(target.source, A.Where) else target.source
        if src == A.Name("revealed"):
            ctx.revealed_split = True


def put(ctx: Ctx, s: A.Put) -> str:
    return looked_through(ctx, s.target, lambda: _put(ctx, s))


def _put(ctx: Ctx, s: A.Put) -> str:
    t = s.target
    if s.dest == "deck" and isinstance(t, A.Selection) and isinstance(t.count, A.Arith) and \
            t.count.op == "-" and is_call(t.count.left, "count") and \
            t.count.left.args[0] == A.Name("hand") and num(t.count.right) is not None:
        return ctx.p(PUT_DOWN_TO, n=num(t.count.right))
    revealed = A.AllOf(A.Name("revealed"), None)
    if s.dest == "deck_bottom" and t == revealed and ctx.bound.get("__revealed_one"):
        return ""          # what was looked at goes back where it was: printed cards omit it
    what = target_np(ctx, t, "put")
    if t == revealed and ctx.revealed_n == 1 and ctx.revealed_split:
        what = ctx.t(THE_OTHER_ONE)
    what = named_again(ctx, t, what)
    from_deck = isinstance(t, A.AllOf) and t.expr == A.Name("revealed") and s.dest == "deck"
    if s.owner is not None:
        where = ctx.t(INTO_ZONE_OF[s.dest], player=ctx.p(PLAYER[s.owner]))
        text = ctx.verb(PUT_WHERE, what, where=where)
    elif s.dest == "mat":
        text = ctx.verb(PUT_MAT, what, mat=mat_name(ctx, s.mat))
    elif s.dest == "deck_bottom":
        text = ctx.verb(PUT_BOTTOM, what)
    elif from_deck and not s.any_order and ctx.bound.get("__revealed_one"):
        text = ctx.verb(PUT_BACK, what)
    elif from_deck:
        text = ctx.verb(PUT_BACK_TOP, what)
    else:
        text = ctx.verb(PUT[s.dest], what)
    split_revealed(ctx, t)
    bind_name(ctx, t.bind, "put", single(t))
    return ctx.t(IN_ANY_ORDER, x=text) if s.any_order else text


def did_it(ctx: Ctx, c) -> bool:
    """`if first and second`, `if count(traded) = 2` (as many as were to be chosen): the
    printed "if you do"."""
    if isinstance(c, A.And):
        return all(isinstance(x, A.Name) and x.name in ctx.bound for x in (c.left, c.right))
    if isinstance(c, A.Compare) and c.op == "=" and is_call(c.left, "count") and \
            isinstance(c.left.args[0], A.Name) and num(c.right) is not None:
        return ctx.chosen.get(c.left.args[0].name) == num(c.right)
    return False


def implicit_if(ctx: Ctx, s: A.If) -> bool:
    """`if trashed { ... trashed ... }`: the guard goes unsaid, the body needs the card."""
    c = s.cond
    return isinstance(c, A.Name) and (c.name in ctx.bound or c.name in THE) \
        and c.name in names_in(s.then) and not s.orelse


def guards_its_body(c, s: A.If) -> bool:
    """`if count(revealed where treasure) >= 1 { discard revealed where treasure }`: the
    condition only says that the cards the body moves are there, as a printed card leaves
    unsaid ("Discard it or trash it")."""
    if s.orelse or not isinstance(c, A.Compare) or not is_call(c.left, "count") or \
            not (c.op == ">=" and num(c.right) == 1 or c.op == ">" and num(c.right) == 0):
        return False
    where = c.left.args[0]
    return isinstance(where, A.Where) and \
        all(any(isinstance(n, A.AllOf) and n.expr == where for n in nodes(x)) for x in s.then)


def if_(ctx: Ctx, s: A.If) -> str:
    c = s.cond
    if ctx.treasure and ctx.person == 0 and len(s.then) == 1 and len(s.orelse) == 1 and \
            all(isinstance(x, A.Bonus) and x.counter == "coins" and num(x.amount) is not None
                for x in (s.then[0], s.orelse[0])):
        return ctx.t(WORTH_IF, a=s.then[0].amount.value, b=s.orelse[0].amount.value,
                     cond=condition(ctx, c))
    if guards_its_body(c, s):
        return ctx.block(s.then)       # "if there is a Treasure among them, discard it" says
    if isinstance(c, A.Not) and isinstance(c.operand, A.Name) and c.operand.name in ctx.bound \
            and not s.orelse:
        return ctx.p(IF_NOT_DONE, then=after_clause(ctx, s.then))
    if did_it(ctx, c):
        then = then_block(ctx, s.then)
        text = ctx.p(IF_YOU_DO, then=then)
        if s.orelse:
            text = ctx.t(OTHERWISE, x=text, y=ctx.block(s.orelse))
        return text
    if isinstance(c, A.Name) and c.name in ctx.gathered and not ctx.he:
        text = ctx.t(IF_ANYONE, then=ctx.block(s.then))
        if s.orelse:
            text = ctx.t(OTHERWISE, x=text, y=ctx.block(s.orelse))
        return text
    if isinstance(c, A.Name) and (c.name in ctx.bound or c.name in THE):
        then = then_block(ctx, s.then)
        # "if trashed { gain ... cost(trashed) ... }" says itself that it needs the card
        text = then if c.name in names_in(s.then) else ctx.p(IF_YOU_DO, then=then)
    else:
        said = ctx.said_there
        if isinstance(c, A.Compare) and is_call(c.left, "count") and \
                isinstance(c.left.args[0], A.Where) and \
                (c.op == ">" and num(c.right) == 0 or c.op == ">=" and num(c.right) == 1):
            ctx.said_there = c.left.args[0]    # "if there are any ..., gain one of them"
        cond = condition(ctx, c)
        text = ctx.t(IF if ctx.person == 0 else IF_HE, cond=cond,
                     then=after_clause(ctx, s.then))
        ctx.said_there = said
    if s.orelse:
        text = ctx.t(OTHERWISE, x=text, y=ctx.block(s.orelse))
    return text




CLAUSES = {
    A.Bonus: bonus, A.LoseCoins: lose_coins, A.Move: move, A.Put: put, A.Play: play, A.RevealTop: reveal_top,
    A.RevealUntil: reveal_until, A.DrawUntil: draw_until, A.ShuffleInto: shuffle_into,
    A.If: lambda ctx, s: if_(ctx, s), A.May: may, A.Each: each, A.PlayerBlock: player_block,
    A.EachCard: each_card, A.ChooseOne: choose, A.InAnyOrder: in_any_order, A.Repeat: repeat,
    A.AsYou: as_you, A.Instead: lambda ctx, s: ctx.t(INSTEAD, x=ctx.block(s.body)),
    A.Unaffected: lambda ctx, s: ctx.t(UNAFFECTED), A.PlayAs: play_as,
}
