"""Statements as clauses of card text, in the current person (you / he): one function per
kind of statement, looked up by node type (dsl.text.sentences). A clause with statements
inside it renders them through the context (`ctx.block`, `ctx.stmt`, `ctx.option`)."""
from __future__ import annotations

from dsl.language import ast as A
from .phrases import *  # noqa: F403 (the phrase templates, one module of tables)
from .amount_phrases import FOR_EACH_PAID, GAIN_PER_PAID, PER_COUNTER, TREASURE_PLUS_PER
from .clause_phrases import DO_TIMES, DO_TWICE, EACH_COSTING, REVEAL_UNTIL_HE
from .name_phrases import (GAIN_COPY_OF_EACH, REVEAL_TOP_EXPR, REVEAL_UNTIL_NAMED,
                           REVEAL_UNTIL_NOT_DUPLICATE)
from .forms import joined
from .context import (Ctx, all_of, bind_name, conjuncts, copies_in, cost_test, counts_this,
                      is_call, is_kind_words, is_names, num, single, token_name)
from .targets import target_np
from .words import (amount, cards_np, condition, cost_phrase, describe, kind_adj, per,
                    pred, that_is, them, zone_np)


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
        if rate is not None and top and ctx.treasure and b.counter == "coins" and \
                isinstance(b.amount, A.Name) and b.amount.name in PER_COUNTER:
            text = ctx.t(TREASURE_PLUS_PER, per=rate)      # "+$1 per unused Action you have"
        elif rate is not None and top and ctx.treasure and b.counter == "coins":  # this)"
            text = ctx.t(TREASURE_PER, per=rate)
        elif rate is not None:
            text = ctx.t(BONUS_PER[b.counter], per=rate)
        elif (is_call(b.amount, "sum") or isinstance(b.amount, A.Name) and
              b.amount.name in FACT_NAMES) and b.counter in BONUS_EQUAL:
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
    elif spec.kind is None and n == 1 and isinstance(spec.cond, A.Or) and \
            is_names(spec.cond) and not spec.relation and spec.copy_of is None:
        return ctx.t(CHOSEN_BY_YOU, what=pred(ctx, spec.cond)) if spec.by_you else \
            pred(ctx, spec.cond)           # `gain card where prize or duchy`: "a Prize card
    else:                                  # or a Duchy"
        what = cards_np(ctx, "exactly", A.Num(n), spec.kind)
    if spec.relation == "exactly" and is_call(spec.cost, "cost"):
        what = ctx.t(SAME_COST, what=what)
    elif spec.relation == "exactly" and is_call(_coins_of(spec.cost), "sum"):
        what = ctx.t(COSTING_EQUAL, what=what, cost=cost_phrase(ctx, _coins_of(spec.cost)))
    elif spec.relation:                  # several: "2 cards each costing up to $4"
        what = ctx.t((EACH_COSTING if n > 1 else COSTING)[spec.relation], what=what,
                     cost=cost_phrase(ctx, spec.cost))
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
        text = ctx.tn(pair, n) if n is not None else ctx.p(
            REVEAL_TOP_EXPR[s.verb], amount=amount(ctx, s.count))   # "a number of cards"
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
    dup = _until_not_duplicate(c)
    if dup is not None:          # `count(revealed) >= 1 and count(hand where name = name(it))
        ctx.until_cond, ctx.until_n = dup[1], 1                                     # = 0`
        return ctx.p(REVEAL_UNTIL_NOT_DUPLICATE, cards=zone_np(ctx, dup[0]))
    if isinstance(c, A.Compare) and is_call(c.left, "cost") and c.left.args == (A.Name("it"),):
        what = cards_np(ctx, "exactly", A.Num(1), A.Compare(c.op, A.Name("cost"), c.right))
        return ctx.p(REVEAL_UNTIL_WHAT, what=what)        # `until cost(it) >= $4`
    if isinstance(c, A.Compare) and c.op == ">=" and is_call(c.left, "count") \
            and num(c.right) is not None and isinstance(c.left.args[0], A.Where):
        cond = c.left.args[0].cond
        if isinstance(cond, A.Compare) and cond.left == A.Name("name") and cond.op in \
                REVEAL_UNTIL_NAMED and isinstance(cond.right, A.Name) and \
                ctx.bound.get(cond.right.name, ("",))[0] == "name":    # "3 cards that are
            return ctx.tn(REVEAL_UNTIL_NAMED[cond.op], c.right.value)  # not the named card"
        if cost_test(cond) is not None:
            what = cards_np(ctx, "exactly", c.right, cond)
            ctx.until_cost = True          # "that card" when a move takes it next
            return ctx.p(REVEAL_UNTIL_WHAT, what=what)
        if not is_kind_words(cond) and num(c.right) == 1:   # "a Victory card that is not ..."
            parts = conjuncts(cond)
            kinds = [x for x in parts if is_kind_words(x)]
            what = ctx.t(A_KIND, kind=kind_adj(ctx, all_of(kinds))) if kinds else \
                ctx.t(A_CARD)
            for x in parts:
                if not is_kind_words(x):
                    what = that_is(ctx, what, x, False)
            return ctx.p(REVEAL_UNTIL_WHAT, what=what)
        return ctx.tn(REVEAL_UNTIL_HE if ctx.he else REVEAL_UNTIL, c.right.value,
                      kind=kind_adj(ctx, cond))
    return ctx.t(REVEAL_UNTIL_ANY, cond=condition(ctx, c))


def _until_not_duplicate(c):
    """(zone, the test of the card) of `count(revealed) >= 1 and count(ZONE where name =
    name(it)) = 0`: until a card is revealed that no card of the zone shares a name with."""
    parts = conjuncts(c)
    if len(parts) != 2 or parts[0] != A.Compare(">=", A.Call("count", (A.Name("revealed"),)),
                                                A.Num(1)):
        return None
    test = parts[1]
    copies = copies_in(test.left) if isinstance(test, A.Compare) else None
    if copies is None or copies[1] != A.Name("it") or test.op != "=" or num(test.right) != 0:
        return None
    return copies[0], test


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


def in_their_person(ctx: Ctx, body, person: int = 1) -> str:
    """A block done by another player: in the third person; a variable bound inside names
    every player's cards afterwards (plural)."""
    saved = ctx.person, ctx.revealed_split
    before = set(ctx.bound)
    ctx.person = person
    text = ctx.block(body)
    ctx.person, ctx.revealed_split = saved
    ctx.gathered |= set(ctx.bound) - before
    ctx.bound.update({k: (v[0], False) for k, v in ctx.bound.items()
                      if isinstance(v, tuple) and k not in before})
    return text


def each(ctx: Ctx, s: A.Each) -> str:
    body = s.body
    if s.others and len(body) == 1 and isinstance(body[0], A.If) and not body[0].orelse:
        c = body[0].cond          # "each other player with 5 or more cards in hand ..."
        if isinstance(c, A.Compare) and c.op == ">=" and is_call(c.left, "count") and \
                c.left.args[0] == A.Name("hand") and num(c.right) is not None:
            return ctx.t(EACH_OTHER_WITH, n=num(c.right), x=in_their_person(ctx, body[0].then))
    before = set(ctx.gathered)
    text = ctx.t(EACH_OTHER if s.others else EACH, x=in_their_person(ctx, body))
    if s.others:
        ctx.gathered_others |= ctx.gathered - before
    return text


def player_block(ctx: Ctx, s: A.PlayerBlock) -> str:
    player = ctx.p(PLAYER[s.side])
    return f"{player} {in_their_person(ctx, s.body)}"


def each_card(ctx: Ctx, s: A.EachCard) -> str:
    src = s.source
    body = s.body
    if src == A.Name("revealed") and ctx.until_n == 1 and len(body) == 1 and \
            isinstance(body[0], A.If) and body[0].cond == ctx.until_cond and not body[0].orelse:
        text = ctx.block(body[0].then)     # only the card `reveal until` waited for passes
        ctx.revealed_split = True          # the test: "put it into your hand"; the others
        return text                        # are "the rest"
    if len(body) == 1 and isinstance(body[0], A.Gain) and isinstance(body[0].what, A.GainSpec) \
            and body[0].what.copy_of == A.Name("it") and body[0].what.kind is None and \
            body[0].dest == "discard" and isinstance(src, A.Name) and src.name in ctx.bound:
        return ctx.t(GAIN_COPY_OF_EACH)                 # "gain a copy of each of them"
    if is_call(src, "distinct"):
        inner = src.args[0]
        if isinstance(inner, A.Name) and ctx.bound.get(inner.name, ("",))[0] == "reveal":
            what = ctx.t(DIFFERENTLY_NAMED_REVEALED)
        else:
            what = ctx.t(DIFFERENTLY_NAMED_AMONG, them=describe(ctx, inner))
    else:
        what = ctx.t(FROM_BOUND, what=ctx.tn(CARD_WORD, 1), them=describe(ctx, src))
    return ctx.t(EACH_CARD, what=what, x=ctx.block(s.body))


def in_any_order(ctx: Ctx, s: A.InAnyOrder) -> str:
    gains = [b[0] for b in s.blocks if len(b) == 1 and isinstance(b[0], A.Gain)]
    if len(gains) == len(s.blocks) == 2 and all(g.dest == "deck" for g in gains):
        return ctx.t(GAIN_EITHER_ORDER, x=join(ctx, [gain_what(ctx, g.what) for g in gains]))
    return ctx.t(EITHER_ORDER, x=join(ctx, [ctx.block(b) for b in s.blocks]))


def repeat(ctx: Ctx, s: A.Repeat) -> str:
    body = s.body
    if isinstance(s.count, A.Name) and ctx.bound.get(s.count.name, ("",))[0] in NUMBER_BOUND:
        rate = per(ctx, s.count)             # `overpay as paid`, then `repeat paid { ... }`
        if len(body) == 1 and isinstance(body[0], A.Gain) and \
                isinstance(body[0].what, A.GainSpec) and body[0].what.relation is None and \
                body[0].what.cond is None and ctx.catalog is not None and \
                body[0].what.kind in ctx.catalog.cards and body[0].dest == "discard":
            text = ctx.t(GAIN_PER_PAID, card=ctx.card_name(body[0].what.kind), per=rate)
            return text if ctx.if_paid else ctx.p(IF_YOU_DO, then=text)   # as printed
        return ctx.t(FOR_EACH_PAID, per=rate, x=ctx.block(body))
    if len(body) == 1 and isinstance(body[0], A.Gain) and isinstance(body[0].what, A.GainSpec) \
            and body[0].what.relation is None and ctx.catalog is not None and \
            body[0].what.kind in ctx.catalog.cards:
        n = num(s.count)
        if n is not None:
            return gain(ctx, body[0], n)
        if is_call(s.count, "pile_tokens") and isinstance(s.count.args[1], A.Name):
            rate = ctx.t(TOKEN_ON_ITS_PILE, kind=token_name(ctx, s.count.args[1].name))
            return ctx.t(GAIN_PER, card=ctx.card_name(body[0].what.kind), per=rate)
        rate = per(ctx, s.count)          # "gain a Silver card per card trashed"
        if rate is not None:
            return ctx.t(GAIN_PER, card=ctx.card_name(body[0].what.kind), per=rate)
        return ctx.tn(GAIN_COUNT, 2, card=ctx.card_name(body[0].what.kind),
                      amount=amount(ctx, s.count))
    n = num(s.count)
    if n is not None:                     # "do this twice: ..."
        return ctx.t(DO_TWICE, x=ctx.block(body)) if n == 2 else \
            ctx.tn(DO_TIMES, n, x=ctx.block(body))
    rate = per(ctx, s.count)
    arg = s.count.args[0] if is_call(s.count, "count") else None
    if rate is not None and isinstance(arg, A.Where) and arg.source == A.Name("in_play") and \
            counts_this(ctx, arg.cond):
        rate = ctx.t(COUNTING_THIS, x=rate)
    if rate is not None:                  # "for each Traveller card you have in play, ..."
        return ctx.t(FOR_EACH_PAID, per=rate, x=ctx.block(body))
    return ctx.t(REPEAT, amount=amount(ctx, s.count), x=ctx.block(body))


def as_you(ctx: Ctx, s: A.AsYou) -> str:
    saved = ctx.person
    ctx.person = 0
    text = ctx.t(AS_YOU, x=ctx.stmt(s.stmt))
    ctx.person = saved
    return text


CLAUSES = {    # moves of cards: dsl.text.moves; choices and conditions: dsl.text.choices
    A.Bonus: bonus, A.LoseCoins: lose_coins, A.Play: play, A.RevealTop: reveal_top,
    A.RevealUntil: reveal_until, A.DrawUntil: draw_until, A.ShuffleInto: shuffle_into,
    A.Each: each, A.PlayerBlock: player_block,
    A.EachCard: each_card, A.InAnyOrder: in_any_order, A.Repeat: repeat,
    A.AsYou: as_you, A.Instead: lambda ctx, s: ctx.t(INSTEAD, x=ctx.block(s.body)),
    A.Unaffected: lambda ctx, s: ctx.t(UNAFFECTED), A.PlayAs: play_as,
}
