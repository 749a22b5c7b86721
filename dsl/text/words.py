"""Card text, generated from the effect AST in any locale: the words of card phrases (what
the renderer knows while walking a card, kinds of cards, zones, numbers, costs, conditions).
dsl.text.targets makes a statement's target of these, dsl.text.clauses its clauses, and
dsl.text.render lays out the card."""
from __future__ import annotations

from dsl.language import ast as A
from .phrases import *  # noqa: F403 (the templates)
from .amount_phrases import PER_COUNTER
from .token_phrases import FACE_DOWN, FACE_UP, TOKEN_NOT_OUT, TOKEN_OUT, YOUR_TOKENS_ON
from .context import (Ctx, card_union, conjuncts, copies_in, cost_test, counts_this,
                      disjuncts, history_test, is_call, is_card_id, is_names, mat_name,
                      not_this, num, token_name, zone_of)
from .forms import variant
from .landscape_words import HAVE_NONE_IN_PLAY
from .name_phrases import COINS_COST_OF_X, DISTINCT_AMONG, DISTINCT_CARDS, DUPLICATE_OF, \
    NO_DUPLICATES, SOME_DUPLICATES
from .phrases_mats import COINS_AT_LEAST, IN_ZONE, ON_MAT_IS, PREVIOUS_TURN, TURNS_IN_A_ROW


def kind_adj(ctx: Ctx, cond) -> str:
    """A `where` condition as an adjective before "card": Treasure, non-Action, Silver or Gold."""
    if isinstance(cond, A.Name):
        return ctx.kind_name(cond.name)
    if not_this(cond):                     # `where not this`: the other cards
        return ctx.t(OTHER_ADJ)
    if isinstance(cond, A.And) and not_this(cond.right):
        return ctx.t(OTHER_KIND_ADJ, kind=kind_adj(ctx, cond.left))
    if isinstance(cond, A.Not):
        card = named_card(ctx, cond.operand)
        if card is not None:
            return ctx.t(KIND_NAMED["non"], card=ctx.card_name(card))
        return ctx.t(NON, kind=kind_adj(ctx, cond.operand))
    if isinstance(cond, A.Or):           # "Curse, Ruins, Shelter or Victory"
        kinds = [kind_adj(ctx, x) for x in disjuncts(cond)]
        first = kinds[0] if len(kinds) == 2 else ctx.t(LIST_SEP).join(kinds[:-1])
        return ctx.t(OR, a=first, b=kinds[-1])    # one kind before "or" keeps its forms
    if isinstance(cond, A.And):
        if isinstance(cond.right, A.Not):
            return ctx.t(OTHER_THAN, a=kind_adj(ctx, cond.left),
                         b=kind_adj(ctx, cond.right.operand))
        return ctx.t(AND, a=kind_adj(ctx, cond.left), b=kind_adj(ctx, cond.right))
    if isinstance(cond, A.Is):
        return kind_adj(ctx, A.Not(A.Name(cond.kind)) if cond.negated else A.Name(cond.kind))
    return describe(ctx, cond)


def a_card_that(ctx: Ctx, cond) -> str:
    """`a non-Victory card costing up to $4`: a condition on one card as "a card" phrase,
    its cost test (a conjunct comparing the card's cost) after the noun."""
    parts = conjuncts(cond)
    tests = [p for p in parts if cost_test(p) is not None]
    if len(parts) == 1 and len(tests) == 1:      # `cost <= $4`: "a card costing up to $4"
        op, cost = cost_test(tests[0])
        return ctx.t(COSTING_CMP[op], what=ctx.t(A_CARD), cost=cost_phrase(ctx, cost))
    if len(tests) != 1 or len(parts) == 1:
        return ctx.t(A_KIND, kind=kind_adj(ctx, cond))
    rest = [p for p in parts if p is not tests[0]]
    kind = rest[0]
    for p in rest[1:]:
        kind = A.And(kind, p)
    op, cost = cost_test(tests[0])
    if isinstance(kind, A.Not):     # "a card costing up to $4 that is not a Victory card"
        return that_is(ctx, ctx.t(COSTING_CMP[op], what=ctx.t(A_CARD),
                                  cost=cost_phrase(ctx, cost)), kind, True)
    return ctx.t(COSTING_CMP[op], what=ctx.t(A_KIND, kind=kind_adj(ctx, kind)),
                 cost=cost_phrase(ctx, cost))


def named_card(ctx: Ctx, kind) -> str | None:
    """The card id when a kind of card is one card's name (`where copper`), else None."""
    name = kind.name if isinstance(kind, A.Name) else kind if isinstance(kind, str) else None
    return name if name is not None and is_card_id(ctx, name) else None


def _named_np(ctx: Ctx, mode: str, n, card: str) -> str | None:
    """`an Estate card`, `any number of Copper cards` in the templates of a card's name."""
    name = ctx.card_name(card)
    if mode in ("any", "all"):
        return ctx.t(KIND_NAMED[mode], card=name)
    if n is None:
        return None
    if mode == "up_to":
        return ctx.tn(KIND_NAMED["up_to"], n, card=name)
    return ctx.t(KIND_NAMED["one"], card=name) if n == 1 else ctx.tn(NAMED_N, n, card=name)


def cards_np(ctx: Ctx, mode: str, count, kind: str | None) -> str:
    """`2 cards`, `a Treasure card`, `up to 4 cards`, `any number of Action cards`, `a card
    costing $3 or more`."""
    test = cost_test(kind)
    if test is not None:
        return ctx.t(COSTING_CMP[test[0]], what=cards_np(ctx, mode, count, None),
                     cost=cost_phrase(ctx, test[1]))
    card = named_card(ctx, kind)
    named = _named_np(ctx, mode, num(count), card) if card is not None else None
    if named is not None:
        return named
    k = None
    if isinstance(kind, str):
        k = ctx.kind_name(kind)
    elif kind is not None:
        k = kind_adj(ctx, kind)
    n = num(count)
    if mode == "any":
        return ctx.t(ANY_KIND, kind=k) if k else ctx.t(ANY)
    if mode == "all":
        return ctx.t(ALL_KIND, kind=k) if k else ctx.t(ALL)
    if mode == "up_to" and n is not None:
        return ctx.tn(UP_TO_KIND, n, kind=k) if k else ctx.tn(UP_TO, n)
    if n is None:
        return ctx.t(EXPR_CARDS, amount=amount(ctx, count))
    if n == 1:
        return ctx.t(A_KIND, kind=k) if k else ctx.t(A_CARD)
    return ctx.tn(N_KIND, n, kind=k) if k else ctx.tn(N_CARDS, n)


def cards_word(ctx: Ctx, cond, n: int = 2) -> str:
    """`cards`, `Victory cards`, `cards costing $3 or more` (for zone phrases); of
    `distinct(...)` (ctx.distinct), "differently named cards"."""
    if ctx.distinct:
        ctx.distinct = False                   # said once, by the noun it is about
        return ctx.tn(DISTINCT_CARDS, n, cards=cards_word(ctx, cond, n))
    if cond is None:
        return ctx.tn(CARD_WORD, n)
    test = cost_test(cond)
    if test is not None:
        out = ctx.t(COSTING_CMP[test[0]], what=ctx.tn(CARD_WORD, n),
                    cost=cost_phrase(ctx, test[1]))
        return variant(out, "many") if n != 1 else out   # Czech "karty, které stojí"
    card = named_card(ctx, cond)
    if card is not None:
        return ctx.tn(KIND_NAMED["word"], n, card=ctx.card_name(card))
    return ctx.tn(KIND_WORD, n, kind=kind_adj(ctx, cond))


def zone_np(ctx: Ctx, expr, n: int = 2) -> str:
    """`cards in your hand`, `Victory cards in your deck`, `cards discarded`."""
    if is_call(expr, "distinct"):
        return distinct_np(ctx, expr.args[0], n)
    cond = None
    if isinstance(expr, A.Where):
        expr, cond = expr.source, expr.cond
    if isinstance(expr, A.Arith) and expr.op == "+" and \
            {zone_of(expr.left), zone_of(expr.right)} == {"deck", "discard"}:
        return ctx.t(DECK_AND_DISCARD, cards=cards_word(ctx, cond, n))
    if card_union(ctx, expr):                 # `hand + discard`: the cards of both
        return ctx.t(AND, a=zone_np(ctx, expr.left if cond is None else
                                    A.Where(expr.left, cond), n),
                     b=zone_np(ctx, expr.right if cond is None else
                               A.Where(expr.right, cond), n))
    if isinstance(expr, A.Mat):
        return ctx.t(ON_MAT, cards=cards_word(ctx, cond, n), mat=mat_name(ctx, expr.name))
    if isinstance(expr, A.OfPlayer):
        player = ctx.p(PLAYER[expr.side])
        if expr.name in HISTORY_OF:
            return ctx.t(HISTORY_OF[expr.name], what=cards_word(ctx, cond, n), player=player)
        if expr.name in ZONE_OF_PLAYER:
            return ctx.t(ZONE_OF_PLAYER[expr.name], cards=cards_word(ctx, cond, n),
                         player=player)
        inner = zone_np(ctx, A.Name(expr.name) if cond is None else
                        A.Where(A.Name(expr.name), cond), n)
        return ctx.t(OF_PLAYER, x=inner, player=player)
    if isinstance(expr, A.Name):
        if expr.name in ZONES:
            text = ctx.t(ZONES[expr.name], cards=cards_word(ctx, cond, n))
            return variant(text, "one") if n == 1 else text
        if expr.name in HISTORY:
            return ctx.t(HISTORY[expr.name], cards=cards_word(ctx, cond, n))
        if expr.name in ctx.bound:
            if cond is not None and cost_test(cond) is not None:
                return ctx.t(CARDS_AMONG, cards=cards_word(ctx, cond, n),
                             them=them(ctx, expr.name))
            return ctx.t(THE_KIND, kind=kind_adj(ctx, cond), them=them(ctx, expr.name)) \
                if cond is not None else them(ctx, expr.name)
    return describe(ctx, expr)


def distinct_np(ctx: Ctx, expr, n: int = 2) -> str:
    """`distinct(X)`: X's noun phrase with "differently named" on its noun, or, where X has
    no noun (a name: "the revealed cards"), "the differently named cards among" it."""
    ctx.distinct = True
    text = zone_np(ctx, expr, n)
    if ctx.distinct:                          # no noun took it: never lost
        ctx.distinct = False
        return ctx.t(DISTINCT_AMONG, them=text)
    return text


def them(ctx: Ctx, name: str, pronoun: bool = False) -> str:
    """What a name stands for: `the trashed card`, `your hand`, `this`, `it`."""
    if name == "this":
        if ctx.this_where == "hand" and pronoun:
            return ctx.t(THIS_FROM_HAND)
        # in a trigger on this card the card is named already: "put it on your deck"
        return ctx.again(ctx.t(THIS)) if pronoun and ctx.this_named else ctx.t(THIS)
    if name == "it":
        return ctx.pronoun()
    if name in ctx.split:                      # the revealed cards that were not moved
        return ctx.t(THE_OTHER_REVEALED)
    if name in ctx.bound:
        verb, single = ctx.bound[name]
        if verb == "name":
            return ctx.t(THE_NAMED)
        if pronoun:
            return ctx.pronoun(not single)
        return ctx.t((BOUND_ONE if single else BOUND_MANY).get(verb, THEM))
    if name == "revealed" and ctx.others_gone:       # what `reveal until` waited for
        return ctx.pronoun(ctx.until_n != 1)
    if name == "revealed" and ctx.revealed_split:
        return ctx.t(THE_OTHER_REVEALED)
    if name == "revealed" and ctx.revealed_fresh:      # "look at the top 2 cards ...
        return ctx.pronoun(True)                       # discard them"
    if name == "revealed" and ctx.bound.get("__revealed_one"):
        return ctx.pronoun()
    if ctx.he and name in THE_HE:
        return ctx.t(THE_HE[name])
    if name in THE:
        return ctx.t(THE[name])
    if ctx.catalog is not None and (name in ctx.catalog.cards or name in ctx.catalog.types):
        return ctx.kind_name(name)
    return name


def that_is(ctx: Ctx, what: str, cond, has_clause: bool) -> str:
    """`a card costing less than it that is not a Victory card`: a second condition on a
    card phrase that has one (`has_clause`) is its "and" variant (Czech "… a není …")."""
    text = ctx.t(THAT_IS, what=what, cond=pred(ctx, cond))
    return variant(text, "and") if has_clause else text


def pred(ctx: Ctx, cond) -> str:
    """A condition on one card, after "is": `an Action card`, `not a Victory card`."""
    if isinstance(cond, A.Name):
        if is_card_id(ctx, cond.name):
            return ctx.t(NAMED, card=ctx.card_name(cond.name))
        return ctx.t(A_KIND, kind=ctx.kind_name(cond.name))
    if isinstance(cond, A.Not):
        return ctx.t(COND["not"], x=pred(ctx, cond.operand))
    if isinstance(cond, A.Or):
        return ctx.t(OR, a=pred(ctx, cond.left), b=pred(ctx, cond.right))
    if isinstance(cond, A.And):
        return ctx.t(AND, a=pred(ctx, cond.left), b=pred(ctx, cond.right))
    test = cost_test(cond)
    if test is not None:
        return cards_np(ctx, "exactly", A.Num(1), cond)
    if isinstance(cond, A.Compare) and cond.left == A.Name("name") and cond.op in ("=", "!=") \
            and isinstance(cond.right, A.Name):            # `name != named`: the named card
        it = them(ctx, cond.right.name)
        return it if cond.op == "=" else ctx.t(COND["not"], x=it)
    return describe(ctx, cond)


def amount(ctx: Ctx, e) -> str:
    """A number expression in words (`3`, `its cost in coins`, `the number of cards ...`)."""
    if isinstance(e, A.Num):
        return str(e.value)
    if isinstance(e, A.Name) and ctx.bound.get(e.name, ("",))[0] in NUMBER_BOUND:
        return ctx.t(NUMBER_BOUND[ctx.bound[e.name][0]])     # `overpay as x`: a number
    if is_call(e, "count"):
        return ctx.t(NUMBER_OF, cards=zone_np(ctx, e.args[0]))
    if isinstance(e, A.Name) and e.name == "players":
        return ctx.t(NUMBER_OF_PLAYERS)
    if is_call(e, "starting_pile") and isinstance(e.args[0], A.Name):
        return ctx.t(STARTING_PILE, card=them(ctx, e.args[0].name))
    if is_call(e, "pile") and isinstance(e.args[0], A.Name):
        return ctx.t(PILE_SIZE, card=them(ctx, e.args[0].name))
    if is_call(e, "coins_cost"):             # of a card a name stands for: "of the trashed card"
        bound = isinstance(e.args[0], A.Name) and e.args[0].name in ctx.bound
        return ctx.t(COINS_COST_OF_X, it=them(ctx, e.args[0].name)) if bound else \
            ctx.t(COINS_COST_OF)
    if is_call(e, "potion_cost"):
        return ctx.t(POTION_COST_OF)
    if is_call(e, "cost"):
        return ctx.t(COST_OF, x=describe(ctx, e.args[0]))
    if is_call(e, "tokens") and isinstance(e.args[0], A.Name):
        return ctx.t(NUMBER_OF_TOKENS, kind=token_name(ctx, e.args[0].name))
    if is_call(e, "pile_tokens") and isinstance(e.args[1], A.Name):
        return ctx.t(PILE_TOKENS, kind=token_name(ctx, e.args[1].name))
    if is_call(e, "shared_tokens") and isinstance(e.args[0], A.Name):
        return ctx.t(SHARED_TOKENS, kind=token_name(ctx, e.args[0].name))
    if is_call(e, "your_tokens") or e == A.Name("your_tokens"):
        return ctx.t(YOUR_TOKENS_ON)
    if is_call(e, "sum") and len(e.args) == 2 and isinstance(e.args[1], A.Name) \
            and e.args[1].name in SUM_OF:
        cards = e.args[0]
        return ctx.t(SUM_OF[e.args[1].name], cards=them(ctx, cards.name)
                     if isinstance(cards, A.Name) else describe(ctx, cards))
    if isinstance(e, A.Arith):
        return ctx.t(ARITH[e.op], a=amount(ctx, e.left), b=amount(ctx, e.right))
    return describe(ctx, e)


def per(ctx: Ctx, e) -> str | None:
    """The `per ...` of `+1 Card per card discarded`; None when the amount is no rate."""
    if e == A.Name("players"):
        return ctx.t(PER_PLAYER)
    if isinstance(e, A.Name) and ctx.bound.get(e.name, ("",))[0] in NUMBER_BOUND:
        return ctx.t(PER_BOUND[ctx.bound[e.name][0]])
    if isinstance(e, A.Name) and e.name in PER_COUNTER and e.name not in ctx.bound:
        return ctx.t(PER_COUNTER[e.name])    # `+$(actions)`: "per unused Action you have"
    if is_call(e, "count"):
        arg = e.args[0]
        if isinstance(arg, A.Name) and arg.name in ctx.bound:
            return ctx.t(PER_BOUND.get(ctx.bound[arg.name][0], CARD_WORD[0]))
        inner = arg.args[0] if is_call(arg, "distinct") else None
        if isinstance(inner, A.Name) and ctx.bound.get(inner.name, ("",))[0] == "reveal":
            return ctx.t(DIFFERENTLY_NAMED_REVEALED)    # "per differently named card revealed"
        return zone_np(ctx, arg, n=1)
    if is_call(e, "coins_cost"):
        return ctx.t(PER_COST, it=them(ctx, e.args[0].name, pronoun=True)
                     if isinstance(e.args[0], A.Name) else describe(ctx, e.args[0]))
    if is_call(e, "tokens") and isinstance(e.args[0], A.Name):
        return ctx.t(TOKENS_YOU_HAVE, kind=token_name(ctx, e.args[0].name))
    if is_call(e, "shared_tokens") and isinstance(e.args[0], A.Name):
        return ctx.t(TOKEN_ON_SHARED_MAT, kind=token_name(ctx, e.args[0].name))
    if isinstance(e, A.Arith) and e.op == "/" and num(e.right) is not None:
        inner = e.left
        if is_call(inner, "count"):
            inner = inner.args[0]
        n = e.right.value              # the counted noun agrees with it: "5 karet"
        return ctx.t(ROUNDED_DOWN, x=ctx.tn(PER_N, n, cards=zone_np(ctx, inner, max(n, 2))))
    return None


def cost_phrase(ctx: Ctx, e) -> str:
    if isinstance(e, tuple):                 # a range (dsl.text.context.cost_test)
        return ctx.t(COST_RANGE, low=cost_phrase(ctx, e[0]), high=cost_phrase(ctx, e[1]))
    if isinstance(e, A.CostLit):
        return "$" + str(e.coins) + ("P" * e.potion)
    if isinstance(e, A.Num):
        return f"${e.value}"
    if is_call(e, "cost") and isinstance(e.args[0], A.Name):
        return them(ctx, e.args[0].name)
    if isinstance(e, A.Arith) and e.op in "+-" and is_call(e.left, "cost") \
            and num(e.right) is not None:
        x = cost_phrase(ctx, e.left)
        return ctx.t(COST_MORE if e.op == "+" else COST_LESS, n=e.right.value, x=x)
    if isinstance(e, A.Arith) and e.op == "+" and isinstance(e.left, A.CostLit) and \
            e.left.coins == 0 and e.left.potion == 0:          # `$(expr)`
        if isinstance(e.right, A.Name) and ctx.bound.get(e.right.name, ("",))[0] in NUMBER_BOUND:
            return amount(ctx, e.right)      # `$(paid)`: "the amount you overpaid"
        rate = per(ctx, e.right)
        if rate is not None:
            return ctx.t(COINS_PER, per=rate)
        n = num(e.right)
        return f"${n}" if n is not None else ctx.t(COINS_EQUAL, amount=amount(ctx, e.right))
    return amount(ctx, e)


def describe(ctx: Ctx, e) -> str:
    """Any expression or condition in words; the general case behind the special phrases."""
    if e == A.Name("players") or is_call(e, "starting_pile") or is_call(e, "pile"):
        return amount(ctx, e)
    if isinstance(e, A.Name):
        if e.name in FACT_NAMES and e.name not in ctx.bound:
            return ctx.t(FACT_NAMES[e.name])
        if e.name == "turns_in_a_row" and e.name not in ctx.bound:
            return ctx.t(TURNS_IN_A_ROW)
        if ctx.bound.get(e.name, ("",))[0] in NUMBER_BOUND:
            return amount(ctx, e)
        return them(ctx, e.name)
    if card_union(ctx, e):
        return ctx.t(AND, a=describe(ctx, e.left), b=describe(ctx, e.right))
    if isinstance(e, (A.Num, A.Arith)) or is_call(e, "count") or is_call(e, "coins_cost") \
            or is_call(e, "potion_cost") or is_call(e, "cost") or is_call(e, "sum"):
        return amount(ctx, e)
    if isinstance(e, A.CostLit):
        return cost_phrase(ctx, e)
    if isinstance(e, A.Call):
        if e.func in ("played",) and e.args:
            return ctx.t(NUMBER_OF, cards=describe(ctx, e.args[0]))
        if e.func in ("tokens", "pile_tokens", "shared_tokens"):
            return amount(ctx, e)
        if e.func == "distinct" and e.args:
            return distinct_np(ctx, e.args[0])
        if e.func == "name" and e.args:
            return describe(ctx, e.args[0])
        if e.func in ("face_up", "token_out") and e.args and isinstance(e.args[0], A.Name):
            return ctx.t(FACE_UP if e.func == "face_up" else TOKEN_OUT,
                         kind=token_name(ctx, e.args[0].name))
        if e.func == "your_tokens":
            return amount(ctx, e)
        return ctx.t(FACT, name=e.func)
    if isinstance(e, (A.Where, A.Mat, A.OfPlayer)):
        return zone_np(ctx, e)
    if isinstance(e, A.InZone):              # `it is in play`: "it's still in play"
        sub = describe(ctx, e.subject) if not isinstance(e.subject, A.Name) else \
            them(ctx, e.subject.name, pronoun=True)
        if e.zone.endswith(" mat"):
            return ctx.t(ON_MAT_IS[e.negated], it=sub, mat=mat_name(ctx, e.zone[:-4]))
        return ctx.t(IN_ZONE[e.zone][e.negated], it=sub)
    if isinstance(e, A.Is):
        sub = describe(ctx, e.subject) if not isinstance(e.subject, A.Name) else \
            them(ctx, e.subject.name, pronoun=True)
        return ctx.t(COND["it_is_not" if e.negated else "it_is"], it=sub,
                     pred=pred(ctx, A.Name(e.kind)))
    if isinstance(e, A.Not):
        o = e.operand
        if is_call(o, "face_up") or is_call(o, "token_out"):   # "face down", "not out"
            return ctx.t(FACE_DOWN if o.func == "face_up" else TOKEN_NOT_OUT,
                         kind=token_name(ctx, o.args[0].name))
        return ctx.t(COND["not"], x=describe(ctx, e.operand))
    if isinstance(e, A.And):
        return ctx.t(AND, a=describe(ctx, e.left), b=describe(ctx, e.right))
    if isinstance(e, A.Or):
        return ctx.t(OR, a=describe(ctx, e.left), b=describe(ctx, e.right))
    if isinstance(e, A.Compare):
        return condition(ctx, e)
    if isinstance(e, A.Neg):
        return "-" + describe(ctx, e.operand)
    return str(e)


def condition(ctx: Ctx, c) -> str:
    """An `if` condition as a clause."""
    if isinstance(c, A.Compare):
        l, r = c.left, c.right
        if l == A.Name("phase") and isinstance(r, A.Name) and r.name in PHASE_IS:
            return ctx.t((PHASE_IS if c.op == "=" else PHASE_IS_NOT)[r.name])
        if is_call(l, "played") and l.args and isinstance(l.args[0], A.Name) \
                and l.args[0].name == "this" and c.op == "=" and num(r) == 1:
            return ctx.t(COND["first_play"], card=ctx.card_name(ctx.card.id))
        if is_call(l, "potion_cost") and c.op == ">" and num(r) == 0:
            return ctx.t(COND["has_potion"], it=describe(ctx, l.args[0]) if not isinstance(
                l.args[0], A.Name) else them(ctx, l.args[0].name, pronoun=True))
        if is_call(l, "name") and c.op == "=":
            a = describe(ctx, l.args[0]) if not isinstance(l.args[0], A.Name) else \
                them(ctx, l.args[0].name, pronoun=True)
            if isinstance(r, A.Name) and ctx.bound.get(r.name, ("",))[0] == "name":
                return ctx.t(IS_NAMED, it=a)
            return ctx.t(SAME_NAME, a=a, b=describe(ctx, r))
        dup = duplicates(ctx, c)
        if dup is not None:
            return dup
        if is_call(l, "count") and isinstance(l.args[0], A.Name) and c.op == "=" and \
                num(r) == 0 and l.args[0].name in HISTORY_NONE_ANY:
            return ctx.t(HISTORY_NONE_ANY[l.args[0].name])
        if l == A.Name("turns_in_a_row") and "turns_in_a_row" not in ctx.bound and \
                num(r) == 1 and c.op in ("=", "!=", ">"):   # "the previous turn wasn't yours"
            return ctx.t(PREVIOUS_TURN[c.op != "="])
        if l == A.Name("coins") and "coins" not in ctx.bound and c.op == ">=" and \
                num(r) is not None and not ctx.he:
            return ctx.t(COINS_AT_LEAST, n=num(r))
        if isinstance(l, A.Name) and l.name in FACT_AT_LEAST and l.name not in ctx.bound \
                and c.op == ">=" and num(r) is not None:
            return ctx.t(FACT_AT_LEAST[l.name], n=num(r))
        history = history_test(l)
        if history is not None and num(r) is not None:
            which, kind = history
            if num(r) == 0 and c.op == "=" and which in HISTORY_NONE:
                return ctx.t(HISTORY_NONE[which], kind=kind_adj(ctx, kind))
            if c.op == ">=" and which in HISTORY_AT_LEAST:
                text = ctx.tn(HISTORY_AT_LEAST[which], num(r), kind=kind_adj(ctx, kind))
                return ctx.t(COUNTING_THIS, x=text) if which == "played" and \
                    counts_this(ctx, kind) else text

        if is_call(l, "count") and isinstance(l.args[0], A.Where) and num(r) == 0 \
                and c.op in ("=", ">"):
            w = l.args[0]
            src = w.source.name if isinstance(w.source, A.Name) else None
            if src == "in_play" and c.op == ">":
                return ctx.t(COND["have_in"], kind=kind_adj(ctx, w.cond))
            if src == "hand" and c.op == "=" and not ctx.he:
                return ctx.t(HAVE_NONE_IN_HAND, kind=kind_adj(ctx, w.cond))
            if src == "in_play" and c.op == "=" and not ctx.he:
                return ctx.t(HAVE_NONE_IN_PLAY, kind=kind_adj(ctx, w.cond))
            if cost_test(w.cond) is not None or src in ZONES and src not in ctx.bound and \
                    src not in ("revealed", "set_aside"):   # "there are any ... in your hand"
                return ctx.t(COND["none_in" if c.op == "=" else "some_in"],
                             cards=zone_np(ctx, w))
            if isinstance(w.source, A.Name) and ctx.bound.get(src, ("",))[0] == "reveal" \
                    and c.op == "=" and is_names(w.cond):     # "if he didn't reveal a
                return ctx.p(NONE_REVEALED, kind=kind_adj(ctx, w.cond))   # Treasure"
            if isinstance(w.source, A.Name) and ctx.bound.get(src, ("",))[0] == "trash" \
                    and c.op == ">" and is_names(w.cond):    # "if a Knight is trashed
                return ctx.t(COND["some_trashed"], kind=kind_adj(ctx, w.cond))    # by this"
            key = "none_among" if c.op == "=" else "some_among"
            return ctx.t(COND[key], kind=kind_adj(ctx, w.cond),
                         them=them(ctx, src) if src else describe(ctx, w.source))
        return ctx.t(COND["cmp"], a=describe(ctx, l), op=ctx.t(OPS[c.op]), b=describe(ctx, r))
    return describe(ctx, c)


def duplicates(ctx: Ctx, c: A.Compare) -> str | None:
    """`count(distinct(X)) = count(X)`: "there are no duplicate cards in X"; `count(Z where
    name = name(Y)) = 0`: "Y isn't a duplicate of a card in Z" (`> 0`: it is)."""
    l, r = c.left, c.right
    if is_call(l, "count") and is_call(l.args[0], "distinct") and \
            r == A.Call("count", (l.args[0].args[0],)) and c.op in ("=", "<", "!="):
        return ctx.t(NO_DUPLICATES if c.op == "=" else SOME_DUPLICATES,
                     cards=zone_np(ctx, l.args[0].args[0]))
    other = copies_in(l)
    if other is not None and num(r) == 0 and c.op in ("=", ">"):
        zone, card = other
        it = them(ctx, card.name, pronoun=True) if isinstance(card, A.Name) else \
            describe(ctx, card)
        return ctx.t(DUPLICATE_OF[c.op == ">"], it=it, cards=zone_np(ctx, zone))
    return None

