"""Clauses of what starts something beyond itself: triggers and cost changes for the rest of
the turn, the next turn, extra turns, tokens, naming a card, and copies of cards. Part of the
renderer (dsl.text.clauses looks these up by node type)."""
from __future__ import annotations

from dsl.language import ast as A
from . import clauses as C
from .phrases import *  # noqa: F403 (the phrase templates, one module of tables)
from .phrases_lasting import EXCHANGE, HE_DOES, REST_OF_GAME, REST_START, \
    REST_UNAFFECTED, REST_UNAFFECTED_AND, UNTIL_NEXT_TURN
from .context import Ctx, cap, cost_test, is_kind_name, num, token_name
from .words import amount, cost_phrase, describe, kind_adj, them


def later(ctx: Ctx, s: A.Later) -> str:
    body = ctx.block(s.body)
    if s.event == "cleanup_start" and s.card is None:
        return ctx.t(LATER_CLEANUP, x=body)
    if s.card is None and s.event in EVENT:          # any card: "when you gain a card"
        return ctx.t(LATER_WHEN, x=ctx.t(EVENT[s.event][0], what=ctx.t(A_CARD), x=body))
    if s.card is not None and not isinstance(s.card, A.Name) or \
            isinstance(s.card, A.Name) and is_kind_name(ctx, s.card.name):
        if s.event == "play" and len(s.body) == 1 and isinstance(s.body[0], A.Bonus) and \
                s.body[0].counter == "coins" and num(s.body[0].amount) is not None:
            return ctx.t(PRODUCES_EXTRA, card=kind_adj(ctx, s.card), n=num(s.body[0].amount))
        what = ctx.t(A_KIND, kind=kind_adj(ctx, s.card))
        return ctx.t(LATER_WHEN, x=ctx.t(EVENT[s.event][0], what=what, x=body))
    card = them(ctx, s.card.name, pronoun=True) if isinstance(s.card, A.Name) else \
        ctx.t(THIS)
    if s.event == "discard_from_play":
        return ctx.t(LATER_DISCARD_YOU, card=card, x=body)
    return ctx.t(LATER_EVENT, card=card, event=ctx.t(LATER_VERBS.get(s.event, s.event)),
                 x=body)


def lasting(ctx: Ctx, s: A.Lasting) -> str:
    """`rest of game ...`, `until next turn on ...`: "for the rest of the game, when you
    play an Action card, +1 Action"; "until your next turn, when another player buys a
    card, he gains a Curse" (the body in the event's player's person)."""
    if s.event == "unaffected":
        return ctx.t(REST_UNAFFECTED)
    if s.event == "turn_start":
        return ctx.t(REST_START, x=ctx.block(s.body))
    return ctx.t(REST_OF_GAME if s.span == "game" else UNTIL_NEXT_TURN,
                 x=lasting_event(ctx, s))


def unaffected_and(ctx: Ctx, b: A.Lasting) -> str:
    """`rest of game unaffected` + `rest of game on play of action { +1 action }`, said
    as one sentence (Champion)."""
    return ctx.t(REST_UNAFFECTED_AND, x=lasting_event(ctx, b))


def lasting_event(ctx: Ctx, s: A.Lasting) -> str:
    """"when you play an Action card, +1 Action" of a lasting ability on an event."""
    who = {"you": 0, "other": 1, "anyone": 2}[s.who]
    body = ctx.block(s.body) if who == 0 else \
        ctx.t(HE_DOES, x=C.in_their_person(ctx, s.body))
    if s.card is None:
        what = ctx.t(A_CARD)
    elif isinstance(s.card, A.Name) and is_kind_name(ctx, s.card.name) or \
            not isinstance(s.card, A.Name):
        what = ctx.t(A_KIND, kind=kind_adj(ctx, s.card))
    else:
        what = them(ctx, s.card.name, pronoun=True)
    templates = EVENT.get(s.event)
    return ctx.t(templates[who], what=what, x=body) if templates else body


def exchange(ctx: Ctx, s: A.Exchange) -> str:
    """`exchange this for wayfarer`: "exchange it for a Wayfarer"."""
    what = ctx.pronoun() if s.target.expr == A.Name("this") and ctx.this_named else \
        describe(ctx, s.target.expr)
    card = ctx.t(NAMED, card=ctx.card_name(s.card)) \
        if ctx.catalog is not None and s.card in ctx.catalog.cards else s.card
    return ctx.verb(EXCHANGE, what, card=card)


def extra_turn(ctx: Ctx, s: A.ExtraTurn) -> str:
    if s.who == "you":
        text = ctx.t(EXTRA_TURN_YOU)
        if s.at_most_in_a_row is not None:
            text += ". " + cap(ctx.t(AT_MOST_IN_A_ROW, n=s.at_most_in_a_row))
        return text
    text = ctx.t(EXTRA_TURN)
    if s.controlled:
        text += ", " + ctx.t(EXTRA_CONTROLLED)
    if s.gains_to_controller:
        text += ". " + cap(ctx.t(EXTRA_GAINS))
    if s.trash_set_aside:
        text += ("; " if s.gains_to_controller else ". ") + ctx.t(EXTRA_TRASH)
    return text


def next_turn(ctx: Ctx, s: A.NextTurn) -> str:
    if all(isinstance(x, A.Bonus) and num(x.amount) is not None for x in s.body):
        return ctx.t(NEXT_TURN_BONUSES, x=ctx.t(LIST_SEP).join(C.bonus(ctx, x) for x in s.body))
    return ctx.t(NEXT_TURN, x=ctx.block(s.body))


def turn_cost(ctx: Ctx, s: A.TurnCost) -> str:
    cards = ctx.t(ALL_CARDS) if s.kind is None else ctx.t(KIND_PLURAL,
                                                            kind=ctx.kind_name(s.kind))
    n = num(s.delta)
    return ctx.t(TURN_COST[s.sign], cards=cards, n=n if n is not None else amount(ctx, s.delta))


def turn_draw(ctx: Ctx, s: A.TurnDraw) -> str:
    usual = ctx.catalog.rules.hand_size if ctx.catalog is not None and ctx.catalog.rules \
        else 5
    if num(s.amount) is not None:                 # a number: its noun agrees with it
        return ctx.tn(TURN_DRAW_N, num(s.amount), usual=usual)
    return ctx.t(TURN_DRAW, n=amount(ctx, s.amount), usual=usual)


def move_tokens(ctx: Ctx, s: A.MoveTokens) -> str:
    n = num(s.amount)
    kind = token_name(ctx, s.kind)
    if isinstance(s.card, A.Name) and s.card.name == "it":
        return ctx.tn(MOVE_TOKENS_TO_MAT, n if n is not None else 2, kind=kind)
    return ctx.tn(MOVE_TOKENS_FROM, n if n is not None else 2, kind=kind,
                  card=describe(ctx, s.card))


def turn_ban(ctx: Ctx, s: A.TurnBan) -> str:
    n = s.what.name
    if ctx.bound.get(n, ("",))[0] == "name":
        return ctx.t(CANT_BUY_NAMED)
    return ctx.t(CANT_BUY, card=them(ctx, n))


def name_card(ctx: Ctx, s: A.NameCard) -> str:
    ctx.bound[s.bind] = ("name", True)
    return ctx.p(NAME_A_CARD)


def tokens(ctx: Ctx, s: A.Tokens) -> str:
    n = num(s.amount)
    kind = token_name(ctx, s.kind)
    if s.piles is not None:
        test = cost_test(s.piles)
        piles = ctx.t(COSTING_CMP[test[0]], what=ctx.t(SUPPLY_PILE),
                      cost=cost_phrase(ctx, test[1])) if test is not None else \
            ctx.t(KIND_SUPPLY_PILE, kind=kind_adj(ctx, s.piles))
        return ctx.tn(TOKENS_ON_EACH_PILE, n if n is not None else 2, kind=kind, piles=piles)
    pair = TOKEN_ON_PILE if s.on_pile else (TAKE_TOKENS if s.sign > 0 else LOSE_TOKENS)
    if pair is TAKE_TOKENS and not ctx.he and ctx.catalog is not None and \
            ctx.catalog.rules is not None and s.kind == ctx.catalog.rules.victory_token:
        return ctx.tn(VP_TOKENS, n, kind=kind) if n is not None else \
            ctx.t(VP_TOKENS_EXPR, kind=kind, amount=amount(ctx, s.amount))   # "+1 VP token"
    if n is None and pair is TAKE_TOKENS:
        return ctx.p(TAKE_TOKENS_EXPR, kind=kind, amount=amount(ctx, s.amount))
    if n is None:
        return ctx.tn(ctx.pick(pair), 2, kind=kind).replace("2", amount(ctx, s.amount), 1)
    return ctx.tn(ctx.pick(pair), n, kind=kind)


def overpay(ctx: Ctx, s: A.Overpay) -> str:
    ctx.bound[s.bind] = ("overpay", True)
    return ctx.t(OVERPAY)


def pay_tokens(ctx: Ctx, s: A.PayTokens) -> str:
    if s.bind:
        ctx.bound[s.bind] = ("pay", True)
    return ctx.t(PAY_TOKENS[s.up_to], n=amount(ctx, s.count), kind=token_name(ctx, s.kind))


CLAUSES = {A.Later: later, A.ExtraTurn: extra_turn, A.NextTurn: next_turn,
           A.TurnCost: turn_cost, A.TurnDraw: turn_draw, A.NameCard: name_card, A.Tokens: tokens,
           A.TurnBan: turn_ban, A.MoveTokens: move_tokens, A.Overpay: overpay,
           A.PayTokens: pay_tokens, A.Lasting: lasting, A.Exchange: exchange}
