"""Statements that start something beyond the statement itself: triggers and cost changes
for the rest of the turn (counted once per play, so a card played twice starts two), the
Clean-up's hand size, effects at the start of the player's next turn (the card and what
played it stay in play until then), extra turns, tokens, naming a card, and a card that is
another until it leaves play. Part of the Interpreter."""
from __future__ import annotations

from dsl.language import ast as A
from dsl.language.walk import nodes

from interpreter.core.decisions import Decision
from .compiler import card_id_of
from .expressions import Frame, still_there
from interpreter.core.state import Abiding, Later, Pending


def is_condition(e, catalog) -> bool:
    """Whether `this turn on EVENT of X` names a condition on the event's card (a type, a
    card id, `not`/`and`/`or`/`is`/a comparison) rather than cards (a variable, `this`)."""
    if isinstance(e, A.Name):
        return e.name in catalog.cards or e.name in catalog.types
    return isinstance(e, (A.Not, A.And, A.Or, A.Is, A.Compare))


class LastingStatements:
    """Part of the Interpreter (needs self.game, self.ev, self._num)."""

    def lasting_statements(self) -> dict:
        return {A.Later: self._later, A.NextTurn: self._next_turn,
                A.TurnCost: self._turn_cost, A.TurnDraw: self._turn_draw,
                A.ExtraTurn: self._extra_turn, A.Tokens: self._tokens,
                A.NameCard: self._name_card, A.TurnBan: self._turn_ban,
                A.MoveTokens: self._move_tokens, A.PlayAs: self._play_as,
                A.Overpay: self._overpay, A.PayTokens: self._pay_tokens,
                A.CallCard: self._call, A.Lasting: self._lasting,
                A.Exchange: self._exchange}

    def _cards_or_condition(self, card, f: Frame):
        """What a waiting ability is about: (cards, None) for the cards an expression names
        now (an empty tuple when none: nothing waits), (None, condition) for a condition
        tested when the event comes, (None, None) for any card."""
        if card is None:
            return None, None
        if is_condition(card, self.game.catalog):
            return None, card
        return tuple(self.ev.cards(card, f)), None

    def _lasting(self, s: A.Lasting, f: Frame, optional):
        """`rest of game ...` / `until next turn on ...`: an ability for the rest of the
        game or until the card's player's next turn, once per play (Game.start_abiding).
        A lasting Attack remembers who it did not affect when it was played."""
        cards, cond = self._cards_or_condition(s.card, f)
        if cards == ():
            return False
        unaffected = frozenset(f.attack.unaffected) if f.attack is not None else frozenset()
        self.game.start_abiding(Abiding(s.event, cards, cond, s.body, f, _this(f), s.who,
                                        s.span, f.you, unaffected))
        return True

    def _exchange(self, s: A.Exchange, f: Frame, optional):
        """`exchange this for ID` (Game.exchange): only a card still where it was."""
        done = False
        for c in still_there(self.ev.cards(s.target.expr, f)):
            done = self.game.exchange(c, s.card, f.actor) or done
        return done

    def play_as_options(self, spec: A.GainSpec, f: Frame) -> list:
        """The piles whose top card a `play ... as if it were SPEC` may choose: those a gain
        of SPEC may take, but never a card that itself plays as another (Band of Misfits
        is never played as a Band of Misfits; two such cards cannot loop)."""
        g = self.game
        return [cid for cid in self.gain_candidates(spec, f) if not g.offered(cid).plays_as]

    def _play_as(self, s: A.PlayAs, f: Frame, optional):
        """`play this as if it were SPEC`: the player chooses a Supply pile whose top card
        SPEC allows (read while the card is still itself: `cost(this)`); the card is that
        card until it leaves play, and that card's play is done. A card no longer in play,
        or no such pile, does nothing."""
        g = self.game
        cards = [c for c in self.ev.cards(s.card, f)
                 if c.owner is not None and c.zone is g.players[c.owner].in_play]
        if not cards:
            return False
        options = self.play_as_options(s.spec, f)
        if not options:
            return False
        card = cards[0]
        cid = g.decide(Decision(f.actor, "pile", "play_as",
                                f"play {card.id} as if it were (a card in the Supply)",
                                tuple(options), 1, 1, f.source, None, s, f))
        g.mask(card, g.offered(cid))
        g.play_masked(card.owner, card)
        return True

    def _later(self, s: A.Later, f: Frame, optional):
        cards, cond = self._cards_or_condition(s.card, f)
        if cards == ():
            return False
        self.game.turn.later.append(Later(s.event, cards, cond, s.body, f, _this(f)))
        return True

    def _next_turn(self, s: A.NextTurn, f: Frame, optional):
        self.game.leave_for_next_turn(f.you, Pending(s.body, f, _this(f)))
        return True

    def _turn_cost(self, s: A.TurnCost, f: Frame, optional):
        delta = self._num(s.delta, f) * s.sign
        if delta:
            self.game.turn.cost_changes += ((delta, s.kind),)
        return bool(delta)

    def _turn_draw(self, s: A.TurnDraw, f: Frame, optional):
        t = self.game.turn
        t.cleanup_changed = True     # Game.cleanup_hand works the draw out
        if s.more:                   # `draws 2 more cards`: on top of any hand size set
            n = self._num(s.amount, f)
            t.cleanup_more += n
            return n != 0
        t.cleanup_draw = max(0, self._num(s.amount, f))
        return True

    def _call(self, s: A.CallCard, f: Frame, optional):
        """`call this`: each card on its owner's mat moves into play (Game.call); `this`
        follows it there."""
        g = self.game
        this = _this(f)
        called = []
        for c in self.targets(s.target, f, "call", optional, s):
            if g.call(c):
                called.append(c)
                if c is this:
                    f.this[0] = (c, c.zone)
        return called

    def _extra_turn(self, s: A.ExtraTurn, f: Frame, optional):
        g = self.game
        n = len(g.players)
        p = {"you": f.you, "left": (f.you + 1) % n, "right": (f.you - 1) % n}[s.who]
        if s.at_most_in_a_row is not None and g.turns_in_a_row_if_extra(p) > \
                s.at_most_in_a_row:
            return False
        g.queue_extra_turn(p, f.you if s.controlled else p, s.gains_to_controller,
                           s.trash_set_aside, s.no_card_buys)
        if p == f.you:        # the card stays in play until that turn is over
            g.leave_for_next_turn(p, Pending((), f, _this(f)))
        return True

    def _tokens(self, s: A.Tokens, f: Frame, optional):
        n = max(0, self._num(s.amount, f))
        if not n:
            return False
        g = self.game
        if s.piles is not None:
            # every pile the condition holds of; of a mixed pile, of each of its cards (the
            # Knights with Dame Josephine on top are not a Victory pile)
            hits = [cid for cid, pile in g.supply.items()
                    if all(self.holds(s.piles, d, frame=f)
                           for d in (g.catalog.defs_of(cid) if pile.mixed else (pile.d,)))]
            return any([g.add_pile_tokens(cid, s.kind, n) for cid in hits])
        if s.on_pile:
            piles = tuple(g.supply)
            cid = g.decide(Decision(f.actor, "pile", "token",
                                    f"put {n} {s.kind} token(s) on a pile", piles, 1, 1,
                                    f.source, None, s, f))
            return g.add_pile_tokens(cid, s.kind, n)
        return g.add_tokens(f.actor, s.kind, n * s.sign)

    def _overpay(self, s: A.Overpay, f: Frame, optional):
        """`overpay as NAME`: the buyer chooses how much more to pay (Game.overpay); a
        Potion too where the effect reads the amount as a cost (`$(NAME)`: Stonemason)."""
        g = self.game
        potion = reads_as_cost(g.catalog.cards.get(f.source), s.bind)
        paid = g.overpay(f.actor, f.source, s, f, potion)
        f.env[s.bind] = paid
        return paid > 0

    def _pay_tokens(self, s: A.PayTokens, f: Frame, optional):
        """`pay up to N KIND tokens as NAME` (an amount 0 to N, no more than those held) or
        `pay N KIND tokens` (N, or all held if fewer): the tokens are removed."""
        g = self.game
        have = g.players[f.actor].tokens.get(s.kind, 0)
        highest = min(max(self._num(s.count, f), 0), have)
        n = highest
        if s.up_to and highest:
            n = g.decide(Decision(f.actor, "amount", "pay",
                                  f"pay up to {highest} {s.kind} token(s)", (0, highest), 0,
                                  highest, f.source, None, s, f))
        paid = g.pay_tokens(f.actor, s.kind, n)
        if s.bind:
            f.env[s.bind] = paid
        return paid > 0

    def _move_tokens(self, s: A.MoveTokens, f: Frame, optional):
        cards = self.ev.cards(s.card, f)
        n = self._num(s.amount, f)
        if not cards or n <= 0:
            return False
        return self.game.move_pile_tokens(cards[0].d.id, s.kind, n)

    def _turn_ban(self, s: A.TurnBan, f: Frame, optional):
        cid = card_id_of(s.what)(self.game, f)
        if cid is None:
            return False
        g = self.game
        g.turn.banned = g.turn.banned | {cid}
        g.buy_limits = True          # buyable() now looks (a card brought in by a scenario)
        if g.logging:
            g.say(f"{g.name(f.you)} can't buy {cid} this turn")
        return True

    def _name_card(self, s: A.NameCard, f: Frame, optional):
        g = self.game
        named = g.decide(Decision(f.actor, "name", "name", "name a card", g.card_names(),
                                  1, 1, f.source, None, s, f))
        f.env[s.bind] = named
        if g.logging:
            g.say(f"{g.name(f.actor)} names {named}")
        return True


class Paid(int):
    """An overpay of coins and a Potion (`overpay as NAME`, a Potion overpaid too): a
    number, its coins, anywhere a number goes (`repeat paid`); `$(paid)` is a cost of those
    coins and the Potion ($2P); compared with a number, the Potion counts as more than
    nothing and less than $1 (`paid > 0` holds for a Potion alone: "if you do")."""

    def __new__(cls, coins: int, potion: int):
        paid = super().__new__(cls, coins)
        paid.potion = potion
        return paid

    def _as(self) -> float:
        return int(self) + 0.5 * bool(self.potion)

    def __gt__(self, n):
        return self._as() > n

    def __ge__(self, n):
        return self._as() >= n

    def __lt__(self, n):
        return self._as() < n

    def __le__(self, n):
        return self._as() <= n

    def __eq__(self, n):
        return self._as() == n

    def __ne__(self, n):
        return self._as() != n

    __hash__ = int.__hash__


_AS_COST: dict = {}


def reads_as_cost(d, name: str) -> bool:
    """Whether card d's buying effects read the amount `name` as a cost (`$(name)`): then
    its overpay may include a Potion, which only a cost can count."""
    if d is None:
        return False
    key = (d.id, name)
    hit = _AS_COST.get(key)
    if hit is None or hit[0] is not d:
        found = any(n.__class__ is A.Arith and n.op == "+" and n.right == A.Name(name) and
                    n.left.__class__ is A.CostLit and not n.left.coins
                    for n in nodes(tuple(t.effect for t in d.triggers)))
        hit = _AS_COST[key] = (d, found)
    return hit[1]


def _this(f: Frame):
    return f.this[0][0] if f.this else None
