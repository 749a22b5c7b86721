"""Statements that move cards between a player's zones, reveal them, play cards from inside a
play and ask the random bot, as interpreter/effects/interpret.py and control.py run them:
`choose 1 KIND from hand as X` + `play X N times`, `draw until ... { if it is KIND { may
set aside it } }`, `reveal top N`, `reveal until ...`, `discard/set aside ZONE [where ...]
[as X]`, `put ZONE into hand / on deck`, `if ZONE`, `if X`, `choose one by you`. The
revealed and set-aside zones are the game's lists `revs` and `asides`. A question asked
here is drawn from the random bot's generator as RandomBot.decide draws it; a strategy bot
weighs such questions against the live game, which is not compiled (Unsupported)."""
from __future__ import annotations

from dsl.language import ast as A
from dsl.language.model import Cost
from dsl.language.walk import nodes

from interpreter.effects.compiler import _COST_COMPARE
from interpreter.effects.interpret import LOOP_LIMIT
from . import weighed
from .scope import Unsupported

_OWN = {"hand": "hand", "deck": "deck", "discard": "disc"}
_OTHERS = {"hand": "hands[{a}]", "deck": "decks[{a}]", "discard": "discs[{a}]"}
_SIDE = {"revealed": "revs[{a}]", "set_aside": "asides[{a}]"}
_VERB_TO = {"discard": "discard", "set_aside": "set_aside"}


def zone(name: str, a: str, own: bool) -> str:
    """The Python list of player `a`'s zone `name`."""
    if name in _SIDE:
        return _SIDE[name].format(a=a)
    if own and name in _OWN:
        return _OWN[name]
    if name in _OTHERS:
        return _OTHERS[name].format(a=a)
    raise Unsupported(f"the zone {name}")


def card_numbers(scope, cond) -> list:
    """The numbers of the cards a card test holds for: KIND (a type or an id), not, and, or."""
    cls = cond.__class__
    every = range(len(scope.cards))
    if cls is A.Name and cond.name not in ("this", "it"):
        return [i for i in every if cond.name == scope.cards[i].id
                or cond.name in scope.cards[i].types]
    if cls is A.Not:
        inner = set(card_numbers(scope, cond.operand))
        return [i for i in every if i not in inner]
    if cls in (A.And, A.Or):
        left, right = set(card_numbers(scope, cond.left)), set(card_numbers(scope, cond.right))
        both = left & right if cls is A.And else left | right
        return sorted(both)
    if cls is A.Compare and cond.left == A.Name("cost") and cond.right.__class__ is A.CostLit:
        if scope.cost_cuts or any(n.__class__ is A.TurnCost for d in scope.cards
                                  for st in d.on_play for n in nodes(st)):
            raise Unsupported("a test of a card's cost, with a card that changes costs")
        bound, test = Cost(cond.right.coins, cond.right.potion), _COST_COMPARE[cond.op]
        return [i for i in every if test(scope.cards[i].cost, bound)]
    raise Unsupported(f"the card test {type(cond).__name__}")


def member(scope, x: str, numbers) -> str:
    """`x` (a card number) is one of `numbers`, as a Python test."""
    numbers = sorted(numbers)
    if not numbers:
        return "False"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        if len(numbers) == 1:
            return f"{x} == {numbers[0]}"
        return f"{numbers[0]} <= {x} <= {numbers[-1]}"
    return f"{x} in {set(numbers)!r}"


def random_only(eff, d) -> None:
    """A question a strategy bot answers by weighing the live game: not compiled."""
    if not all(bot.random for bot in eff.scope.bots):
        raise Unsupported(f"{d.id}: a question a strategy bot weighs")


def _source(expr):
    """(zone name, card test or None) of `ZONE` or `ZONE where TEST`, else None."""
    if expr.__class__ is A.Name and expr.name in ("hand", "revealed", "set_aside"):
        return expr.name, None
    if expr.__class__ is A.Where and expr.source.__class__ is A.Name and \
            expr.source.name in ("hand", "revealed", "set_aside"):
        return expr.source.name, expr.cond
    return None


def _take(eff, src: str, test, dst: str, bind: str | None) -> list:
    """Every card of list `src` (those `test` holds for) to the end of list `dst`, in order."""
    lines = []
    if test is None:
        if bind:
            lines.append(f"v_{bind} = {src}[:]")
        return lines + [f"{dst}.extend({src})", f"{src}.clear()"]
    cond = member(eff.scope, "x", card_numbers(eff.scope, test))
    lines += ["keep = []", f"for x in {src}:", f"    if {cond}:", f"        {dst}.append(x)",
              "    else:", "        keep.append(x)"]
    if bind:
        lines.append(f"v_{bind} = [x for x in {src} if {cond}]")
    return lines + [f"{src}[:] = keep"]


class Plays:
    """The statement builders of this module, for effects.Effects (`eff`)."""

    @staticmethod
    def move(eff, d, s: A.Move, a: str, own: bool) -> list:
        t = s.target
        if s.verb == "choose":
            return _choose_and_play(eff, d, s, a, own)
        if s.verb in _VERB_TO and t.__class__ is A.AllOf:
            src = _source(t.expr)
            if src is not None:
                dst = zone(s.verb, a, own) if s.verb == "set_aside" else zone("discard", a, own)
                return _take(eff, zone(src[0], a, own), src[1], dst, t.bind)
        return eff.generic_move(d, s, a, own)

    @staticmethod
    def put(eff, d, s: A.Put, a: str, own: bool) -> list:
        """`put ZONE [where KIND] into hand / on deck / into discard`, in order; `put
        revealed on deck in any order` in the order the player's bot chooses (weighed.py)."""
        t = s.target
        if t.__class__ is not A.AllOf or s.owner is not None or \
                s.mat is not None or s.dest not in ("deck", "hand", "discard"):
            raise Unsupported(f"{d.id}: a put other than all of a zone's cards")
        src = _source(t.expr)
        if src is None or s.any_order and (s.dest != "deck" or src[1] is not None or
                                           t.bind is not None):
            raise Unsupported(f"{d.id}: a put of cards other than a zone's, or in an "
                              "order other than onto the deck")
        cards, dest = zone(src[0], a, own), zone(s.dest, a, own)
        if not s.any_order:
            return _take(eff, cards, src[1], dest, t.bind)
        order = weighed.order(eff.scope, cards, _rng(a, own), zone("deck", a, own), a)
        return [f"if len({cards}) > 1:"] + ["    " + x for x in order] + \
            [f"{dest} += {cards}[::-1]", f"{cards}.clear()"]

    @staticmethod
    def reveal_top(eff, d, s: A.RevealTop, a: str, own: bool) -> list:
        """Game.take_to: each card from the deck's top (the discard pile shuffled in when
        the deck is empty) to the revealed zone."""
        if s.bottom or s.bind is not None:
            raise Unsupported(f"{d.id}: a reveal from the bottom, or bound")
        n = eff.exprs.number(s.count, a)
        one = _top_to(a, own, zone("revealed", a, own), "break")
        if n == "1":
            return ["for _ in range(1):"] + ["    " + x for x in one]
        return [f"for _ in range(max(0, min({n}, {LOOP_LIMIT}))):"] + ["    " + x for x in one]

    @staticmethod
    def reveal_until(eff, d, s: A.RevealUntil, a: str, own: bool) -> list:
        return _until(eff, d, s.cond, a, own, "revealed", ())

    @staticmethod
    def draw_until(eff, d, s: A.DrawUntil, a: str, own: bool) -> list:
        return _until(eff, d, s.cond, a, own, "hand", s.body)

    @staticmethod
    def if_(eff, d, s: A.If, a: str, own: bool) -> list:
        test = _condition(eff, d, s.cond, a, own)
        if test is None:
            return eff.generic_if(d, s, a, own)
        lines = [f"if {test}:"] + ["    " + x for x in (eff.block(d, s.then, a, own) or ["pass"])]
        if s.orelse:
            lines += ["else:"] + ["    " + x for x in eff.block(d, s.orelse, a, own)]
        return lines

    @staticmethod
    def may(eff, d, s: A.May, a: str, own: bool) -> list:
        """`may set aside it` / `may discard it` of the card just drawn (a yes or no: the
        random bot's `random() < 0.5`)."""
        inner = s.stmt
        if inner.__class__ is not A.Move or inner.verb not in _VERB_TO or s.body or \
                inner.target.__class__ is not A.AllOf or inner.target.bind is not None or \
                inner.target.expr != A.Name("it") or eff.drawn_it is None:
            raise Unsupported(f"{d.id}: a `may` other than of setting aside the card drawn")
        random_only(eff, d)
        hand, rng = zone("hand", a, own), _rng(a, own)
        dst = zone(inner.verb if inner.verb == "set_aside" else "discard", a, own)
        return [f"if {rng}.random() < 0.5:", f"    {dst}.append({hand}.pop())"]

    @staticmethod
    def choose_one(eff, d, s: A.ChooseOne, a: str, own: bool) -> list:
        """`choose one [by you] { .. } or { .. }`: the chooser's `randrange(options)`, the
        chooser the player whose turn it is (`by you`) or player `a`; a strategy bot
        choosing for himself between discarding the revealed cards and putting them back
        as weighed.pick weighs it."""
        if s.count != 1:
            raise Unsupported(f"{d.id}: a `choose` of more than one option")
        rng = "bot_rng" if s.by_you else _rng(a, own)
        drawn = [f"k = {rng}.randrange({len(s.options)})"]
        if all(bot.random for bot in eff.scope.bots):
            lines = drawn
        elif s.by_you or not weighed.weighable(s.options):
            raise Unsupported(f"{d.id}: a question a strategy bot weighs")
        else:
            lines = [f"if {rng} is not None:"] + ["    " + x for x in drawn] + ["else:"] + \
                ["    " + x for x in weighed.pick(eff.scope, s.options, zone("revealed", a, own),
                                                  zone("deck", a, own), a)]
        for i, option in enumerate(s.options):
            lines.append(("if " if i == 0 else "elif ") + f"k == {i}:")
            lines += ["    " + x for x in (eff.block(d, option, a, own) or ["pass"])]
        return lines

    @staticmethod
    def play(eff, d, s: A.Play, a: str, own: bool) -> list:
        """`play ZONE [in any order]` (the revealed or set-aside cards): each card from
        there into play, played `times` times, in the order the random bot shuffles them
        to (asked when two or more of different cards). A card the plays before it moved
        is played from wherever it went (Phases.play moves it from there): the compiled
        game does not follow a card, so when the zone is no longer as left, the game is
        replayed on the generic engine (runtime.Replay)."""
        t = s.target
        if not own or t.__class__ is not A.AllOf or t.bind is not None or \
                t.expr.__class__ is not A.Name or t.expr.name not in _SIDE:
            raise Unsupported(f"{d.id}: `play` other than of a card chosen from hand or "
                              "of a zone's cards")
        if s.any_order:
            random_only(eff, d)
        src = zone(t.expr.name, a, own)
        lines = [f"cards = {src}[:]"]
        if s.any_order:
            lines += ["if len(cards) > 1 and len(set(cards)) > 1:", "    bot_rng.shuffle(cards)"]
        lines += [f"left = {src}[:] if len(cards) > 1 else None",
                  "for x in cards:",
                  "    if left is not None:",
                  f"        if {src} != left:",
                  "            raise Replay",
                  "        left.remove(x)",
                  f"    {src}.remove(x)",
                  "    inplay.append(x)",
                  "    at = (len(inplay) - 1,) + chain"]
        return lines + ["    play(x, at)"] * s.times


def _rng(a: str, own: bool) -> str:
    """The generator of the bot answering for player `a` (the turn's bot for its player)."""
    return "bot_rng" if own else f"(bot_rng if {a} == p else answers[{a}])"


def _top_to(a: str, own: bool, dst: str, none: str) -> list:
    """Game.top_of_deck then a move to list `dst`; `none`: the line run when there is no
    card left (deck and discard pile empty)."""
    deck, disc = zone("deck", a, own), zone("discard", a, own)
    return [f"if not {deck}:", f"    if not {disc}:", f"        {none}",
            f"    {deck}.extend({disc})", f"    {disc}.clear()", f"    shuffle({deck}, randbytes)",
            f"{dst}.append({deck}.pop())"]


def _until(eff, d, cond, a: str, own: bool, to: str, body) -> list:
    """Interpreter._take_until: the condition tested before each card, at most LOOP_LIMIT
    cards; `body` runs after each with `it` the card just taken (the list's last)."""
    test = eff.exprs.condition(cond, a)
    dst = zone(to, a, own)
    lines = [f"for _ in range({LOOP_LIMIT}):", f"    if {test}:", "        break"]
    lines += ["    " + x for x in _top_to(a, own, dst, "break")]
    if body:
        if any(n.__class__ not in (A.If, A.May, A.Is, A.Name, A.Move, A.AllOf)
               for n in _all_of(body)):
            raise Unsupported(f"{d.id}: a `draw until` body other than `may` set aside the "
                              "card drawn")
        before, eff.drawn_it = eff.drawn_it, f"{dst}[-1]"
        try:
            lines += ["    " + x for x in (eff.block(d, body, a, own) or ["pass"])]
        finally:
            eff.drawn_it = before
    return lines


def _all_of(block) -> list:
    return [n for s in block for n in nodes(s)]


def _condition(eff, d, cond, a: str, own: bool):
    """The tests of this module (a zone or a variable holding cards, `it is KIND`), or
    None for the expressions' own (exprs.py)."""
    if cond.__class__ is A.Name:
        if cond.name in _SIDE:
            return zone(cond.name, a, own)
        if cond.name in _bound(d) and cond.name not in eff.exprs.bound:
            return f"v_{cond.name}"
    if cond.__class__ is A.Is and cond.subject == A.Name("it") and eff.drawn_it is not None:
        test = member(eff.scope, eff.drawn_it, card_numbers(eff.scope, A.Name(cond.kind)))
        return f"not ({test})" if cond.negated else test
    return None


def _bound(d) -> set:
    return {n.bind for n in nodes(d.on_play) if isinstance(getattr(n, "bind", None), str)}


def bound_read(d) -> list:
    """The variables a play binds that a condition reads (each starts with no cards: a
    variable a branch not taken never bound names none)."""
    names = _bound(d)
    read = {n.cond.name for n in nodes(d.on_play)
            if n.__class__ is A.If and n.cond.__class__ is A.Name and n.cond.name in names}
    return sorted(read)


def _choose_and_play(eff, d, s: A.Move, a: str, own: bool) -> list:
    """`choose 1 KIND from hand as X` then `play X N times` at once: the chosen card
    leaves the hand for play (Interpreter.targets: the only choice is taken without asking,
    else the random bot's `sample(options, randint(1, 1))`), is played N times (each play a
    call of `play`, the card's place in play and those of the cards playing it in `chain`,
    as Phases.leave_for_next_turn keeps them in play)."""
    t = s.target
    after = _next_statement(d, s)
    if not own or t.__class__ is not A.Selection or t.mode not in ("exactly", "up_to") or \
            t.count != A.Num(1) or t.by_you or t.source != A.Name("hand") or not t.bind or \
            after.__class__ is not A.Play or after.any_order or \
            after.target.__class__ is not A.AllOf or after.target.bind is not None or \
            after.target.expr != A.Name(t.bind) or \
            sum(1 for n in nodes(d.on_play) if n == A.Name(t.bind)) != 1:
        raise Unsupported(f"{d.id}: a choice other than of one card from hand to play")
    random_only(eff, d)
    eff.skip.add(id(after))
    kind = t.kind if t.kind not in (None, "card", "cards") else None
    test = "True" if kind is None else member(eff.scope, "x", card_numbers(eff.scope, A.Name(kind)))
    lines = [f"where = [j for j, x in enumerate(hand) if {test}]"]
    if t.mode == "exactly":
        lines += ["if where:",
                  "    if len(where) > 1 and any(hand[j] != hand[where[0]] for j in where):",
                  "        j = where[bot_rng.sample(range(len(where)), bot_rng.randint(1, 1))[0]]",
                  "    else:",
                  "        j = where[0]"]
    else:
        lines += ["pick = bot_rng.sample(range(len(where)), bot_rng.randint(0, 1)) if where "
                  "else ()",
                  "if pick:",
                  "    j = where[pick[0]]"]
    lines += ["    x = hand.pop(j)",
              "    inplay.append(x)",
              "    at = (len(inplay) - 1,) + chain"]
    lines += ["    play(x, at)"] * after.times
    return lines


def _next_statement(d, s):
    """The statement after `s` in the block that holds it (None if it is the last)."""
    for n in [d.on_play] + list(nodes(d.on_play)):
        blocks = [n] if isinstance(n, tuple) else \
            [getattr(n, f) for f in getattr(n, "__dataclass_fields__", ())]
        for block in blocks:
            if isinstance(block, tuple):
                for i, x in enumerate(block):
                    if x is s:
                        return block[i + 1] if i + 1 < len(block) else None
    return None


def play_chain(scope, plays: dict) -> list:
    """Each Action's play, chosen by its number `c`."""
    lines = []
    for k, (i, play) in enumerate(plays.items()):
        lines.append(("if " if k == 0 else "elif ") + f"c == {i}:  # {scope.cards[i].id}")
        lines += ["    " + x for x in play]
    return lines


def play_function(scope, plays: dict) -> list:
    """`play(c, chain)`, when a card plays cards: card c's play, `chain` the places in play
    of c and of the cards whose plays are playing it (they stay in play with a Duration)."""
    return ["def play(c, chain):",
            '    """Card c\'s play (a function: plays call it too)."""',
            "    nonlocal coins, actions, buys, potions, tte, least, empty" +
            (", last_normal" if scope.controlled_turns else "")] + \
        ["    " + x for x in play_chain(scope, plays)]


STATEMENTS = {A.Move: Plays.move, A.Put: Plays.put, A.RevealTop: Plays.reveal_top,
              A.RevealUntil: Plays.reveal_until, A.DrawUntil: Plays.draw_until,
              A.If: Plays.if_, A.May: Plays.may, A.ChooseOne: Plays.choose_one,
              A.Play: Plays.play}
