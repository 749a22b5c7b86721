"""Card text generated from the effect AST, in any locale.

Why from the AST: a fan card written in the language gets its text in every locale without
anyone writing it, and the text can never disagree with what the card does. Each construct
has a phrase template: an English msgid with named placeholders, marked with `N_` (one
form) or `ngettext` (singular and plural) so that `pybabel extract` finds it, and looked up
in the locale's gettext catalog when a card is rendered. Card and type names inside a text
come from the locale too.

The layout follows a printed card: each top-level bonus on its own line (`+1 Card`), the
other statements as sentences in the order the card does them, victory points first, and a
dividing line before the abilities below the line (when gained or bought, reactions,
triggers, cost changes).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from dsl.language import ast as A
from .i18n import Locale
from .phrases_lasting import STAYS_IN_PLAY
from .phrases import (  # noqa: F401 (BONUS is used by dsl.lint)
    A_CARD, A_KIND, ANOTHER_CARD, ANOTHER_KIND, BONUS, BUY_IF_NOT, BUY_ONLY_IF, BUY_OR_PLAY,
    CARDS_PLURAL, COST_CHANGE, COST_CHANGE_EXPR, COST_CHANGE_PER, DURING_PHASE,
    HAVE_ANY_IN_PLAY, OWN_COST_CHANGE, OWN_COST_CHANGE_PER, SETUP, THIS, DIVIDER, EVENT,
    IN_GAMES_USING,
    KIND_PLURAL, LIST_SEP, MAT_REMINDER, MODIFIER_LESS, MODIFIER_MORE, NOW_AND_NEXT,
    NOT_IN_SUPPLY, PLAY_THIS, PROTECTED, TEMPLATES, VP, VP_EXPR, VP_PER, VP_PER_CARD, WHEN_THIS,
    WHILE_IN_PLAY,
)
from .clauses import bonus
from .idioms import combine
from .sentences import block, context_for, merge, stmt
from .context import Ctx, cap, is_call, mat_name, num, sentence
from .forms import english_articles
from .agreement import sounds
from .word_order import apply_rules
from .forms import variant
from .landscapes import landscape_lines
from .words import a_card_that, amount, condition, kind_adj, pred, zone_np
from .words import per as per_
from .mats import reminded_mats, vp_on_mat
from .phrases_mats import MAT_EVENT, VP_ON_MAT
from .name_phrases import VP_K_PER
from .clause_phrases import COST_CHANGE_YOUR_TURN


# ---- the rendered card -------------------------------------------------------------------------
@dataclass(frozen=True)
class RenderedCard:
    id: str
    locale: str
    name: str
    types: tuple
    cost: str
    text: tuple
    fallbacks: tuple = ()          # what fell back to English: "name", "type:x", "template:..."

    def as_json(self) -> dict:
        return {"id": self.id, "locale": self.locale, "name": self.name,
                "types": list(self.types), "cost": self.cost, "text": list(self.text),
                "fallbacks": list(self.fallbacks)}


# ---- the whole card --------------------------------------------------------------------------------
def _vp_line(ctx: Ctx, vp) -> str:
    n = num(vp)
    if n is None and isinstance(vp, A.Arith) and vp.op == "-" and num(vp.left) == 0:
        n = -vp.right.value if num(vp.right) is not None else None
    if n is not None:
        return ctx.tn(VP, abs(n)).replace(str(abs(n)), str(n), 1) if n < 0 else ctx.tn(VP, n)
    if isinstance(vp, A.Arith) and vp.op == "/" and num(vp.right) is not None and \
            is_call(vp.left, "count"):
        n = vp.right.value              # "for every 10 cards": the plural form of 10
        return sentence(ctx.tn(VP_PER, n, cards=zone_np(ctx, vp.left.args[0], max(n, 2))))
    if isinstance(vp, A.Arith) and vp.op == "*" and num(vp.left) is not None and \
            isinstance(vp.right, A.Arith) and vp.right.op == "/" and \
            num(vp.right.right) is not None and is_call(vp.right.left, "count"):
        n = vp.right.right.value        # "worth 2 VP for every 5 differently named cards"
        return sentence(ctx.tn(VP_K_PER, n, k=num(vp.left),
                               cards=zone_np(ctx, vp.right.left.args[0], max(n, 2))))
    on_mat = vp_on_mat(vp)
    if on_mat is not None:                # `4 * count(tavern mat where this)`
        return sentence(ctx.tn(VP_ON_MAT, on_mat[0], mat=mat_name(ctx, on_mat[1])))
    if is_call(vp, "count") and isinstance(vp.args[0], A.Where) and \
            vp.args[0].source == A.Name("all_cards"):
        return sentence(ctx.t(VP_PER_CARD, kind=kind_adj(ctx, vp.args[0].cond)))
    return sentence(ctx.t(VP_EXPR, amount=amount(ctx, vp)))


def _now_and_next(ctx: Ctx, stmts) -> tuple:
    """(statements, line): the bonuses a card gives now and again at the start of the next
    turn, said once ("Now and at the start of your next turn: +$2")."""
    for i, s in enumerate(stmts):
        if not isinstance(s, A.NextTurn) or not s.body or \
                not all(isinstance(x, A.Bonus) and num(x.amount) is not None for x in s.body):
            continue
        before = list(stmts[:i])
        if all(x in before for x in s.body):
            for x in s.body:
                before.remove(x)
            line = ctx.t(NOW_AND_NEXT, x=ctx.t(LIST_SEP).join(bonus(ctx, x) for x in s.body))
            return tuple(before) + tuple(stmts[i + 1:]), sentence(line)
    return stmts, None


def _program_lines(ctx: Ctx, stmts, prefix: str | None = None) -> list[str]:
    """Top-level statements: bonuses on their own lines, the rest as sentences."""
    lines = []
    played_line = False
    stmts, now_and_next = _now_and_next(ctx, stmts)
    if now_and_next is not None and not stmts:
        return [now_and_next]
    for s in combine(ctx, merge(stmts)):
        if isinstance(s, A.Bonus) and (num(s.amount) is not None or ctx.treasure):
            text = cap(bonus(ctx, s, top=True))
            lines.append(text if text[:1] in "+$-0123456789" else sentence(text))
            continue
        ctx.last_object = None
        text = stmt(ctx, s)
        if prefix and not played_line:
            text = ctx.t(prefix, x=text)
            played_line = True
        elif ctx.treasure and lines and not played_line and not isinstance(s, A.If):
            text = ctx.t(PLAY_THIS, x=text)
            played_line = True
        if text:
            lines.append(sentence(text) if not isinstance(s, A.Bonus) else text)
    if now_and_next is not None:
        lines.append(now_and_next)
    return lines


def _not_this(cond) -> bool:
    """`not this` (a trigger on another card than the listening one)."""
    return isinstance(cond, A.Not) and isinstance(cond.operand, A.Name) and \
        cond.operand.name == "this"


def _trigger_line(ctx: Ctx, trig) -> str:
    ctx.this_where = trig.where
    ctx.bound = {}
    ctx.revealed_split = False
    ctx.this_named, ctx.last_object = trig.what == "this", None
    effect = block(ctx, trig.effect)
    ctx.this_named = False
    if trig.what == "this":
        what = ctx.t(WHEN_THIS)
    elif trig.what is None:
        what = ctx.t(A_CARD)
    elif _not_this(trig.what):
        what = ctx.t(ANOTHER_CARD)
    elif isinstance(trig.what, A.And) and _not_this(trig.what.right):
        what = ctx.t(ANOTHER_KIND, kind=kind_adj(ctx, trig.what.left))
    elif isinstance(trig.what, A.Name):
        what = pred(ctx, trig.what)
    else:
        what = a_card_that(ctx, trig.what)
    who = {"you": 0, "other": 1, "anyone": 2}.get(trig.who, 2)
    if trig.where == "supply":
        who = 0                          # done by the event's player: "when you gain ..."
    templates = EVENT.get(trig.on) or MAT_EVENT.get(trig.on)
    text = ctx.t(templates[who], what=what, x=effect) if templates else effect
    if trig.what == "this":
        text = variant(text, "self")     # the card itself: Czech "když si tuto kartu koupíš"
    if trig.where == "in_play" and trig.what != "this":
        text = ctx.t(WHILE_IN_PLAY, x=text)
    elif trig.where == "supply":
        text = ctx.t(IN_GAMES_USING, x=text)
    ctx.this_where = "self"
    return sentence(text)


def _modifier_line(ctx: Ctx, m) -> str:
    if m.unaffected:
        return sentence(ctx.t(PROTECTED))
    if m.amount is not None or m.what == "this" or m.where != "in_play" or m.phase:
        return sentence(_cost_change(ctx, m))
    cards = ctx.t(CARDS_PLURAL) if m.what is None else \
        ctx.t(KIND_PLURAL, kind=kind_adj(ctx, m.what))
    tpl = MODIFIER_LESS if m.cost < 0 else MODIFIER_MORE
    return sentence(ctx.t(tpl, cards=cards, n=abs(m.cost)))


def _rate(e) -> tuple:
    """(sign, coins, rate) of `-2 * count(in_play where action)`; (sign, coins, None) of a
    constant; None otherwise."""
    sign = 1
    if isinstance(e, A.Neg):
        sign, e = -1, e.operand
    n = num(e)
    if n is not None:
        return (-sign if n < 0 else sign, abs(n), None)
    if is_call(e, "count"):
        return (sign, 1, e)
    if isinstance(e, A.Arith) and e.op == "*":
        left = e.left
        if isinstance(left, A.Neg):
            sign, left = -sign, left.operand
        if num(left) is not None and is_call(e.right, "count"):
            return (sign, num(left), e.right)
    return None


def _cost_change(ctx: Ctx, m) -> str:
    """A cost change: of this card (`what: this`) or of cards, by a number or a rate, while
    this is in play or wherever it is, in one phase."""
    own = m.what == "this"
    cards = ctx.t(CARDS_PLURAL) if m.what is None else \
        None if own else ctx.t(KIND_PLURAL, kind=kind_adj(ctx, m.what))
    rate = _rate(m.amount) if m.amount is not None else (-1 if m.cost < 0 else 1,
                                                          abs(m.cost), None)
    if rate is None:
        text = ctx.t(COST_CHANGE_EXPR, cards=cards or ctx.t(THIS),
                     amount=amount(ctx, m.amount))
    elif rate[2] is None:
        text = ctx.t(OWN_COST_CHANGE[rate[0]], n=rate[1]) if own else \
            ctx.t(COST_CHANGE[rate[0]], cards=cards, n=rate[1])
    elif rate[2] == A.Call("count", (A.Where(A.Name("in_play"), A.Name("this")),)) and \
            not own:                  # this copy in play: the player whose turn it is
        text = ctx.t(COST_CHANGE_YOUR_TURN[rate[0]], cards=cards, n=rate[1])
    else:
        per = per_(ctx, rate[2])
        text = ctx.t(OWN_COST_CHANGE_PER[rate[0]], n=rate[1], per=per) if own else \
            ctx.t(COST_CHANGE_PER[rate[0]], cards=cards, n=rate[1], per=per)
    if m.where == "in_play":
        text = ctx.t(WHILE_IN_PLAY, x=text)
    if m.phase in DURING_PHASE:
        text = ctx.t(DURING_PHASE[m.phase], x=text)
    return text


def _buy_if_line(ctx: Ctx, cond) -> str:
    """`buy_if`: "You can't buy this if you have any KIND in play."."""
    if isinstance(cond, A.Compare) and cond.op == "=" and num(cond.right) == 0 and \
            is_call(cond.left, "count") and isinstance(cond.left.args[0], A.Where) and \
            cond.left.args[0].source == A.Name("in_play"):
        return sentence(ctx.t(BUY_IF_NOT, cond=ctx.t(HAVE_ANY_IN_PLAY, kind=kind_adj(
            ctx, cond.left.args[0].cond))))
    return sentence(ctx.t(BUY_ONLY_IF, cond=condition(ctx, cond)))


_DOUBLE_COMMA = re.compile(r",(?:\s*,)+")
_DANGLING_COMMA = re.compile(r",+\s*(?=[.;:!?)]|$)")
_SPACE_COMMA = re.compile(r"\s+(?=,)")       # before a phrase that opens with a comma


def _tidy_commas(text: str) -> str:
    """A comma that closes a clause inside a phrase ("karty, které máš ve hře, na ...")
    goes when the sentence ends or another mark follows ("..., které máš ve hře.")."""
    return _DANGLING_COMMA.sub("", _DOUBLE_COMMA.sub(",", _SPACE_COMMA.sub(",", text)))


def render_card(card, catalog, locale: Locale, examples: dict | None = None) -> RenderedCard:
    """The printed-card text of `card` in `locale`, with what fell back to English.
    `examples`: a dict that collects, per template msgid, its first filled text and values."""
    ctx = context_for(locale, catalog, card, treasure="treasure" in card.types, examples=examples)
    name, fell_back = locale.card_name(card)
    if fell_back:
        ctx.fallbacks.append("name")
    types = tuple(ctx.kind_name(t) for t in card.types)
    lines: list[str] = []
    vp_first = card.vp is not None and not ctx.treasure     # a Treasure says its coins first
    if vp_first:
        lines.append(_vp_line(ctx, card.vp))
    # an ability done both when bought and when played is printed once (Noble Brigand)
    lead = 0
    while lead < len(card.on_play) and isinstance(card.on_play[lead], A.Bonus):
        lead += 1
    rest = card.on_play[lead:]
    below = []
    twin = None
    for trig in card.triggers:
        if rest and trig.on == "buy" and trig.what == "this" and trig.effect == rest \
                and twin is None:
            twin = trig
        else:
            below.append(trig)
    if twin is not None:
        lines += _program_lines(ctx, card.on_play[:lead])
        lines += _program_lines(ctx, rest, prefix=BUY_OR_PLAY)
    else:
        lines += _program_lines(ctx, card.on_play)
    if card.vp is not None and not vp_first:
        lines.append(_vp_line(ctx, card.vp))
    if card.landscape:                  # an Event: what buying it does, one paragraph
        lines = landscape_lines(ctx, card, lines)
    lines += [sentence(ctx.t(MAT_REMINDER, mat=mat_name(ctx, mat)))
              for mat in sorted(reminded_mats(card.on_play, ctx.catalog))]
    if any(isinstance(s, A.Lasting) and s.span == "game" for s in card.on_play):
        lines.append(ctx.t(STAYS_IN_PLAY))     # for the rest of the game (Hireling)
    if card.setup:
        ctx.bound = {}
        below_setup = [sentence(ctx.t(SETUP, x=cap(block(ctx, card.setup))))]
    else:
        below_setup = []
    rules = below_setup + [_trigger_line(ctx, t) for t in below] + \
        [_modifier_line(ctx, m) for m in card.modifiers] + \
        ([_buy_if_line(ctx, card.buy_if)] if card.buy_if is not None else [])
    if rules and lines:
        lines.append(DIVIDER)
    lines += rules
    if not card.supply and card.landscape is None:
        lines.append(ctx.t(NOT_IN_SUPPLY))      # its pile is beside the Supply, as printed
    lines = [sounds(locale, apply_rules(locale.order_rules, _tidy_commas(x))) for x in lines]
    if locale.language == "en":
        lines = [english_articles(x) for x in lines]
    fallbacks = [f for f in ctx.fallbacks if f != "name"]
    if fell_back:
        fallbacks.insert(0, "name")
    return RenderedCard(card.id, locale.code, name, tuple(map(str, types)), str(card.cost),
                        tuple(map(str, lines)), tuple(fallbacks))     # plain text, no Phrase


def template_ids() -> list:
    """Every template msgid (str) or (singular, plural), for coverage reports: the card
    phrases, the terminal game's words (dsl.text.terminal) and the gallery's
    (dsl.text.web_words)."""
    from . import terminal, web_words  # noqa: F401 (they register their templates)
    seen, out = set(), []
    for t in TEMPLATES:
        key = t if isinstance(t, str) else t[0]
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def joined_text(rendered: RenderedCard) -> str:
    """The lines as one paragraph in the style of `text.en`: `+1 Card. +2 Actions.`"""
    parts = [x for x in rendered.text if x and x != DIVIDER]
    if len(parts) == 1 and not parts[0].startswith("+"):
        return parts[0]              # "$1", "3 VP": a lone icon line has no full stop
    return " ".join(x if x[-1:] in ".!?" or x.endswith(".)") else x + "." for x in parts)
