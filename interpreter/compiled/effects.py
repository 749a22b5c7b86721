"""A card's play as Python statements, from its effect AST: each statement does to the
compiled game's lists what interpreter/effects/ does to the generic game, in the same order
(so that draws, shuffles and the bots' answers come out the same). The statements here are
the ones the compiler knows; any other raises Unsupported."""
from __future__ import annotations

from dsl.language import ast as A

from interpreter.bots.context import asked
from .exprs import Exprs
from . import mixed
from .moves import one_name_move, reveal_all
from .picks import chosen_trash, repeat, trash_this
from .plays import STATEMENTS as PLAY_STATEMENTS, bound_read
from .turns import check_extra_turns, extra_turn
from . import trashes
from .scope import Unsupported, comment
from .tokens import give_tokens, own_token

_TURN_COUNTERS = ("coins", "actions", "buys", "potions")


class Effects:
    """The statements of one scope's cards; `stats`: also note each gain (a run's
    statistics read them)."""

    def __init__(self, scope, stats: bool):
        self.scope, self.stats = scope, stats
        self.exprs = Exprs(scope)
        self.skip: set = set()        # statements compiled with the one before them (plays.py)
        self.drawn_it = None          # inside `draw until`'s body: the card just drawn
        self.counted: set = set()     # names bound to how many cards moved (moves.py)
        self.gaining: list = []       # the cards whose `on_gain` is being written (mixed.py)
        scope.controlled_turns = check_extra_turns(scope)   # extra turns another player controls

    def play(self, d) -> list:
        """The lines of card d's play by the player whose turn it is (`p`)."""
        lines = self.block(d, d.on_play, "p", own=True) or ["pass"]
        return [f"v_{name} = []" for name in bound_read(d) if name not in self.counted] + lines

    def block(self, d, stmts, a: str, own: bool) -> list:
        """Lines for statements run by player `a`; `own`: `a` is the player whose turn it
        is (his hand, deck and discard pile are the locals `hand`, `deck`, `disc`). A count
        bound in the block (moves.py) is read after it there and in the blocks inside."""
        lines, bound = [], dict(self.exprs.bound)
        for s in stmts:
            if id(s) in self.skip:
                continue
            make = _STATEMENTS.get(s.__class__)
            if make is None:
                raise Unsupported(f"{d.id}: the statement {type(s).__name__}")
            lines += make(self, d, s, a, own)
        self.exprs.bound = bound
        return lines

    # ---- statements --------------------------------------------------------------------------
    def _bonus(self, d, s: A.Bonus, a: str, own: bool) -> list:
        n = self.exprs.number(s.amount, a)
        if s.counter == "cards":
            zones = "deck, disc, hand" if own else f"decks[{a}], discs[{a}], hands[{a}]"
            return [f"draw({zones}, {n}, randbytes)"]
        if s.counter not in _TURN_COUNTERS:
            raise Unsupported(f"{d.id}: +{s.counter}")
        return [f"{s.counter} += {n}"]

    def _gain(self, d, s: A.Gain, a: str, own: bool) -> list:
        what = s.what
        if what.__class__ is not A.GainSpec or s.bind is not None or \
                what.kind not in self.scope.slot or s.dest not in _GAIN_TO:
            raise Unsupported(f"{d.id}: a gain other than of one named Supply pile")
        return self.gain(a, self.scope.slot[what.kind], s.dest, own)

    def gain(self, a: str, slot, dest: str = "discard", own: bool = False) -> list:
        """Lines gaining the top card of pile `slot` for player `a`: a pile number (nothing
        happens when that pile is empty), or the Python name of a non-empty pile's number
        (a buy), whose card is then `card`."""
        s = self.scope
        target = ({"discard": "disc", "deck": "deck", "hand": "hand"}[dest] if own
                  else f"{_GAIN_TO[dest]}[{a}]")
        if own and s.controlled_turns:       # a controlled turn's gains: the controller's discard
            a, target = "gainer", "gdisc" if dest == "discard" else \
                f"({target} if gainer == p else gdisc)"
        take = []
        if isinstance(slot, int) and slot not in s.mixed_live:
            c = s.number[s.plan.piles[slot][0]]
            cd, card, numbers = s.cards[c], str(c), [c]
            head, indent = [f"if sizes[{slot}]:  # {cd.id}"], "    "
        elif isinstance(slot, int):             # a mixed pile's top card
            cd, card, numbers = None, "card", [s.number[x.id] for x in s.mixed_live[slot]]
            head, indent = [f"if sizes[{slot}]:  # the {comment(s.plan.piles[slot][0])} pile"], "    "
            take = mixed.take_lines(s, slot)
        else:
            cd, card, numbers = None, "card", [s.number[cid] for cid, _, _ in s.plan.piles
                                               if cid in s.number]
            numbers += [s.number[x.id] for k in s.mixed_live.values() for x in k]
            head, indent = [f"card = {'tops' if s.mixed_live else 'PILE_CARD'}[{slot}]"], ""
            take = mixed.take_lines(s, slot) if s.mixed_live else []
        body = take + [f"sizes[{slot}] -= 1",
                f"if not sizes[{slot}]:",
                "    empty += 1",
                f"{target}.append({card})",
                f"counts[{a}][{card}] += 1",
                f"size[{a}] += 1"]
        if cd is None:
            body += [f"money[{a}] += PLAIN[card]", f"nact[{a}] += IS_ACTION[card]"]
        else:
            if cd.plain_coins:
                body.append(f"money[{a}] += {cd.plain_coins}")
            if cd.is_action:
                body.append(f"nact[{a}] += 1")
        # the fewest gains to the end change only when this pile is an end pile or is now
        # below the largest of the smallest piles (`least`): then they are counted again
        if isinstance(slot, int):
            test = "True" if slot in s.end_slots else f"sizes[{slot}] < least"
        else:
            test = f"sizes[{slot}] < least or {slot} in END_SLOTS"
        body += [f"if {test}:", "    tte, least = to_end(sizes)"] if test != "True" else \
            ["tte, least = to_end(sizes)"]
        if self.stats:
            body.append(f"gains.append(({a}, {repr(cd.id) if cd else 'CARD_ID[card]'}))")
        body += mixed.on_gain_lines(self, numbers, card, a, own)
        return head + [indent + x for x in body]

    def _each(self, d, s: A.Each, a: str, own: bool) -> list:
        if not own:
            raise Unsupported(f"{d.id}: `each player` inside another player's part")
        first = 1 if s.others else 0
        body = self.block(d, s.body, "q", own=False) or ["pass"]
        return [f"for i in range({first}, {self.scope.players}):",
                f"    q = (p + i) % {self.scope.players}"] + ["    " + x for x in body]

    def _if(self, d, s: A.If, a: str, own: bool) -> list:
        lines = [f"if {self.exprs.condition(s.cond, a)}:"]
        lines += ["    " + x for x in (self.block(d, s.then, a, own) or ["pass"])]
        orelse = self.block(d, s.orelse, a, own)     # a reveal alone makes no line
        if orelse:
            lines += ["else:"] + ["    " + x for x in orelse]
        return lines

    def _next_turn(self, d, s: A.NextTurn, a: str, own: bool) -> list:
        """`at start of next turn { ... }`: the card stays in play (its place in `inplay` is
        noted in `stays`), and what it does then is noted in `pend` as (card, body);
        the turn loop does the bodies at its player's next turn (source.py)."""
        if not own:
            raise Unsupported(f"{d.id}: `at start of next turn` in another player's part")
        bodies = self.scope.pending_bodies
        k = len(bodies)
        bodies.append(None)                    # its place, before its own lines are made
        bodies[k] = self.block(d, s.body, "p", own=True) or ["pass"]
        keep = "stays.extend(chain)" if self.scope.plays_inside else "stays.append(len(inplay) - 1)"
        return [keep, f"pend.append(({self.scope.number[d.id]}, {k}))"]

    def _move(self, d, s: A.Move, a: str, own: bool) -> list:
        """`discard N cards from hand` by another player than the one whose turn it is (an
        attack's victim): his bot answers as interpreter/bots/defaults.settled_discard
        does, the random bot as its decide() does."""
        t = s.target
        if s.verb == "reveal" and t.__class__ is A.AllOf:
            return reveal_all(d, s)
        for make in (trash_this, chosen_trash):
            lines = make(self, d, s, a, own)
            if lines is not None:
                return lines
        lines = one_name_move(self, d, s, a, own)
        if lines is not None:
            if t.bind:
                self.exprs.bound[t.bind] = f"n_{t.bind}"
                self.counted.add(t.bind)
            return lines
        lines = trashes.move(self, d, s, a, own)
        if lines is not None:
            return lines
        if s.verb != "discard" or t.__class__ is not A.Selection or own or \
                t.mode not in ("exactly", "up_to") or t.kind not in (None, "card", "cards") \
                or t.by_you or t.bind is not None or t.source != A.Name("hand"):
            raise Unsupported(f"{d.id}: a move other than an attack's discard from hand")
        info = asked(d, s)
        if info.follow or info.may_body:
            raise Unsupported(f"{d.id}: a discard whose cards a later statement reads")
        k = self.exprs.number(t.count, a)
        exact = "True" if t.mode == "exactly" else "False"
        self.scope.discards.add(d.id)
        return [f"discard_from_hand(hands[{a}], discs[{a}], {k}, {exact}, "
                f"answers[{a}], DISCARD_SCORES)"]


Effects.generic_move, Effects.generic_if = Effects._move, Effects._if
Effects.weighed_choice = trashes.weighed_option
_GAIN_TO = {"discard": "discs", "deck": "decks", "hand": "hands"}
_STATEMENTS = {A.Bonus: Effects._bonus, A.Gain: Effects._gain, A.Each: Effects._each,
               A.Move: Effects._move, A.If: Effects._if, A.NextTurn: Effects._next_turn,
               A.ExtraTurn: extra_turn, A.Repeat: repeat, A.Tokens: give_tokens,
               A.OwnToken: own_token, A.Inherit: own_token,
               **PLAY_STATEMENTS, A.May: trashes.may}
