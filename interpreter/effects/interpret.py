"""The generic interpreter of effect ASTs: one method per statement kind, dispatched by node
type. It changes the game only through the engine's primitives (move, draw, gain, trash,
discard, return, play, decide, queue an extra turn, register a lasting effect) and the
turn's counters. This module holds the statements that move cards; control.py the ones that
choose what runs, lasting.py the ones that start something for later."""
from __future__ import annotations

from dsl.language import ast as A
from dsl.language.model import Cost
from dsl.language.walk import nodes

from .compiler import is_kind
from .control import ControlStatements, Gathering, fixed_gain
from interpreter.core.decisions import Decision, _card_choices
from .describe import describe_stmt
from .expressions import Evaluator, Frame, cost_matches, still_there, truthy
from .lasting import LastingStatements
from .own_tokens import OwnTokenStatements
from interpreter.core.setup import GameError
from interpreter.core.state import Later, shuffle

LOOP_LIMIT = 500          # an `until` loop ends when it runs out of cards, or after this many
MAX_DEPTH = 40            # effects that start effects (plays, triggers) inside one another
WORK_LIMIT = 200_000      # statements run in one turn: a card cannot hang a game


def over_limit(source) -> GameError:
    return GameError(f"{source}: more than {WORK_LIMIT} steps in one turn (a loop that does "
                     "not end?)")


def choice_bounds(mode: str, k, n: int, optional: bool) -> tuple[int, int]:
    """(fewest, most) of n candidates a choice takes: `exactly k`, `up to k` (k None: any
    number); fewest 0 when the choice is optional. A count that is not a number is 0."""
    if k is None:
        return 0, n
    k = min(max(k if k.__class__ is int else 0, 0), n)
    return (0 if optional or mode != "exactly" else k), k


def count_text(lo: int, hi: int) -> str:
    if lo == hi:
        return str(lo)
    return f"up to {hi}" if lo == 0 else f"{lo} to {hi}"


def selection_bounds(sel: A.Selection, n: int, count) -> tuple[int, int]:
    """(fewest, most) cards a selection takes of n candidates: all, `exactly N`, `up to N`
    or any number; `count()` gives N (evaluated only when the selection has one)."""
    if sel.mode == "all":
        return n, n
    if sel.mode in ("exactly", "up_to"):
        k = min(max(count(), 0), n)
        return (k if sel.mode == "exactly" else 0), k
    return 0, n


_NAMED: dict = {}


def names_in(spec: A.GainSpec) -> frozenset:
    """The names a gain's kind and condition give (card ids, types): a card beside the
    Supply in a `take: any` pile is offered only to a gain that names it, its pile or a
    type only cards of its pile have (`Game.named_by`; `gain treasure` takes from the
    Supply only)."""
    hit = _NAMED.get(id(spec))
    if hit is None or hit[0] is not spec:
        found = {n.name for n in nodes(spec.cond) if n.__class__ is A.Name} \
            if spec.cond is not None else set()
        if spec.kind:
            found.add(spec.kind)
        hit = _NAMED[id(spec)] = (spec, frozenset(found))
    return hit[1]


class Interpreter(ControlStatements, LastingStatements, OwnTokenStatements):
    def __init__(self, game):
        self.game = game
        self.ev = Evaluator(game)
        self.holds = self.ev.holds
        self.depth = 0
        self.work = 0             # statements run this turn (the engine resets it)

    def statements(self) -> dict:
        """Statement type -> the method that runs it."""
        return {
            A.Bonus: self._bonus, A.LoseCoins: self._lose_coins, A.Move: self._move, A.Put: self._put, A.Gain: self._gain,
            A.Play: self._play, A.RevealTop: self._reveal_top, A.RevealUntil: self._reveal_until,
            A.DrawUntil: self._draw_until, A.ShuffleInto: self._shuffle_into,
            **self.control_statements(), **self.lasting_statements(),
            **self.own_token_statements(),
        }

    # ---- entry points used by the engine ---------------------------------------------------
    def run_play(self, card, p: int, zone, attack) -> None:
        d = card.d
        f = Frame(p, p, [(card, zone)], attack=attack, source=d.id)
        self._nested(d.on_play, f, d.id)

    def run_trigger(self, trig, source, ctrl: int, ev) -> None:
        """Run an ability an event triggered. The event's card (`it`, and `this` for the
        card's own ability) is bound with the zone the event left it in, not where it is
        now: an ability run after another one moved it can no longer move it."""
        card = ev.card
        it = [(card, ev.zone)] if card is not None else None
        if isinstance(trig, Later):
            # a lasting ability hearing another player's event: done by that player
            f = trig.frame.child(event=ev, it=it) if trig.__class__ is Later else \
                trig.frame.child(actor=ctrl, event=ev, it=it)
            self._nested(trig.body, f, f.source)
            return
        if source is None:
            this = None
        else:
            this = [(source, ev.zone if source is card else source.zone)]
        f = Frame(ctrl, ctrl, this=this, it=it, attack=ev.attack, event=ev,
                  source=source.id if source is not None else None)
        self._nested(trig.effect, f, f.source)

    def run_pending(self, pending) -> None:
        """What a play left for this turn (`at start of next turn`)."""
        self._nested(pending.body, pending.frame.child(), pending.frame.source)

    def run_setup(self, d) -> None:
        """A card's `setup` statements, once, when a game with its pile is set up."""
        f = Frame(0, 0, source=d.id)
        for s in d.setup:
            self.stmt(s, f)

    def run_spend(self, p: int, kind: str, gives) -> None:
        """What one token of a kind gives when spent (its spend rule's `gives`)."""
        self._nested(gives, Frame(p, p, source=kind), kind)

    def card_vp(self, card, p: int) -> int:
        v = self.ev.eval(card.d.vp, Frame(p, p, this=[(card, card.zone)], source=card.id))
        return v if isinstance(v, int) else 0

    def _nested(self, stmts, f: Frame, source) -> None:
        """Run an effect that an effect may have started, within the depth limit."""
        if self.depth >= MAX_DEPTH:
            raise GameError(f"{source}: effects start effects more than {MAX_DEPTH} deep "
                            "(a card that plays or triggers itself without end?)")
        self.depth += 1
        try:
            self.block(stmts, f)
        finally:
            self.depth -= 1

    # ---- running statements ----------------------------------------------------------------
    def block(self, stmts, f: Frame):
        self.work += len(stmts)
        if self.work > WORK_LIMIT:
            raise over_limit(f.source)
        done = False
        for s in stmts:
            done = bool(self.stmt(s, f)) or done
        return done

    def stmt(self, s, f: Frame, optional: bool = False):
        return _RUN[type(s)](self, s, f, optional)

    def _num(self, e, f) -> int:
        v = self.ev.eval(e, f)
        return v if isinstance(v, int) and not isinstance(v, bool) else 0

    def _bonus(self, s: A.Bonus, f: Frame, optional):
        n = self._num(s.amount, f)
        if s.counter == "cards":
            return self.game.draw(f.actor, n)
        g = self.game
        t = g.turn
        if n > 0 and g.next_coins and s.counter == "coins":    # a -$1 token taken
            n = g.coins_got(f.actor, n, f.source)
        if f.actor != t.player:       # another player's turn: his own, wasted (Caravan Guard)
            g.hook_turn_start()       # forgotten when his turn starts (hooks.py)
            off = g.players[f.actor].off_turn
            off[s.counter] = off.get(s.counter, 0) + n
            return n != 0
        setattr(t, s.counter, getattr(t, s.counter) + n)
        return n != 0

    def _lose_coins(self, s: A.LoseCoins, f: Frame, optional):
        """The turn's coins so far go down by the amount, never below 0 (not the Potions)."""
        n = self._num(s.amount, f)
        t = self.game.turn
        if f.actor != t.player:       # another player's turn: his own off-turn coins
            self.game.hook_turn_start()
            off = self.game.players[f.actor].off_turn
            before = off.get("coins", 0)
            if n > 0:
                off["coins"] = max(0, before - n)
            return off.get("coins", 0) != before
        before = t.coins
        if n > 0:
            t.coins = max(0, before - n)
        return t.coins != before

    # targets: a choice (Selection) or every card an expression names (AllOf)
    def targets(self, target, f: Frame, purpose: str, optional: bool, stmt=None) -> list:
        if isinstance(target, A.AllOf):
            return still_there(self.ev.cards(target.expr, f))
        sel: A.Selection = target
        g = self.game
        cands = still_there(self.ev.cards(sel.source, f))
        kind, mode = sel.kind, sel.mode
        if kind and kind != "card" and kind != "cards":
            cands = [c for c in cands if is_kind(c.d, kind)]
        if purpose == "return":     # only cards with a pile to go back to (not a Prize)
            cands = [c for c in cands if g.return_pile(c, stmt.own_pile) is not None]
        if mode == "all":
            return cands
        lo, hi = choice_bounds(mode, self.ev.eval(sel.count, f)
                               if mode == "exactly" or mode == "up_to" else None,
                               len(cands), optional)
        if hi == 0:
            return []
        chooser = f.you if sel.by_you else f.actor
        if sel.by_side is not None:       # `chosen by player to your left`: his choice
            chooser = (f.actor + (1 if sel.by_side == "left" else -1)) % len(g.players)
        owner = f.actor if chooser != f.actor else None
        if purpose == "discard":    # a bot answers it directly when it can (as decide():
            t = g.turn              # not when possessed, nor when there is one answer)
            direct = getattr(g.agents[chooser], "discard_choice", None)
            if direct is not None and (t.controller == t.player or chooser != t.player) \
                    and _card_choices(cands, lo, hi) > 1:
                answer = direct(g, chooser, owner, cands, lo, hi, f.source, stmt)
                if answer is not None:
                    return answer

        def prompt():
            return f"{purpose.replace('_', ' ')} {count_text(lo, hi)} {self._noun(sel.kind, hi)}"
        return g.decide(Decision(chooser, "cards", purpose, prompt, tuple(cands), lo, hi,
                                 f.source, owner, stmt, f))

    def _noun(self, kind, n: int) -> str:
        """`card`, `cards`, `treasure cards`, or a card id as it is (a prompt's words)."""
        if kind and kind not in ("card", "cards") and kind not in self.game.catalog.types:
            return kind
        word = "card" if n == 1 else "cards"
        return f"{kind} {word}" if kind and kind not in ("card", "cards") else word

    def _bind(self, target, cards, f: Frame) -> None:
        name = target.bind
        if name:
            f.env[name] = [(c, c.zone) for c in cards]

    def _move(self, s: A.Move, f: Frame, optional):
        cards = self.targets(s.target, f, s.verb, optional, s)
        g = self.game
        this = f.this[0][0] if f.this else None
        if s.verb == "trash":              # a card already in the trash is not trashed
            if this is not None and this in cards:
                self._follow(f, this, g.trashed_to(this))
            cards = [c for c in cards if g.trash(c, f.actor)]
        elif s.verb == "discard":
            if this is not None and this in cards:
                self._follow(f, this, g.players[this.owner if this.owner is not None
                                                else f.actor].discard)
            cards = [c for c in cards if g.discard(c, f.actor)]
        elif s.verb == "set_aside":
            for c in cards:
                zone = g.players[c.owner if c.owner is not None else f.actor].set_aside
                g.move(c, zone)
                if c is this:
                    self._follow(f, c, zone)
        elif s.verb == "return":
            cards = [c for c in cards if g.return_to_supply(c, f.actor, s.own_pile)]
        elif s.verb == "reveal":
            self._say_reveals(f.actor, cards)
        self._bind(s.target, cards, f)
        return cards

    def _put(self, s: A.Put, f: Frame, optional):
        cards = self.targets(s.target, f, "put", optional, s)
        g = self.game
        chosen = isinstance(s.target, A.Selection) and s.target.mode != "all"
        if s.any_order and len(cards) > 1 and not chosen:
            cards = g.decide(Decision(f.actor, "order", "order", "order (top card first)",
                                      tuple(cards), len(cards), len(cards), f.source, None,
                                      s, f))
        if s.dest == "deck" and (s.any_order or chosen):
            cards = list(reversed(cards))   # the first named ends on top (a choice of cards
                                            # is answered in the order they are put)
        side = {"left": 1, "right": -1}.get(s.owner)
        this = f.this[0][0] if f.this else None
        for c in cards:
            if side is not None:
                owner = (f.actor + side) % len(g.players)
            else:
                owner = c.owner if c.owner is not None else f.actor
            g.put(c, owner, s.dest, s.mat)
            if c is this:
                self._follow(f, c, c.zone)
        self._bind(s.target, cards, f)
        return cards

    @staticmethod
    def _follow(f: Frame, card, zone) -> None:
        """A statement of the card's own ability moved `this` (Horse Traders sets itself
        aside): the binding, shared by the frames made from this one (what it left for
        next turn), follows the card to `zone`. A move by another ability loses track."""
        f.this[0] = (card, zone)

    def gain_candidates(self, spec: A.GainSpec, f: Frame) -> list:
        g = self.game
        bound = None
        if spec.cost is not None:
            bound = self.ev.eval(spec.cost, f)
            if isinstance(bound, int):
                bound = Cost(bound, 0)
            if not isinstance(bound, Cost):
                return []
        names = None
        if spec.copy_of is not None:
            names = {c.d.id for c in self.ev.cards(spec.copy_of, f)}
        out = []
        for cid, pile in g.supply.items():
            d = pile.d                   # a mixed pile's top card
            if not len(pile) or (names is not None and d.id not in names):
                continue
            if spec.kind and spec.kind not in ("card", "cards") and not is_kind(d, spec.kind):
                continue
            if bound is not None and not cost_matches(g.cost(d), spec.relation, bound):
                continue
            if spec.cond is not None and not self.holds(spec.cond, d, frame=f):
                continue
            out.append(cid)
        if g.take_any:                   # a `take: any` pile beside the Supply (the Prizes)
            named = names_in(spec)
            for cid, pile in g.take_any.items():
                card = g.taken_any(cid) if named & g.named_by[cid] else None
                if card is None or (names is not None and cid not in names):
                    continue
                d = card.d
                if spec.kind and spec.kind not in ("card", "cards") and \
                        not is_kind(d, spec.kind):
                    continue
                if bound is not None and not cost_matches(g.cost(d), spec.relation, bound):
                    continue
                if spec.cond is None or self.holds(spec.cond, d, frame=f):
                    out.append(cid)
        return out

    def _gain(self, s: A.Gain, f: Frame, optional):
        g = self.game
        what = s.what
        if isinstance(what, A.Selection):
            cards = self.targets(what, f, "gain", optional, s)
            gained = [c for c in (g.gain(f.actor, c, s.dest) for c in cards) if c is not None]
        elif fixed_gain(what, g):            # `gain silver`: its pile's top, if any
            card = g.gain_from_supply(f.actor, what.kind, s.dest)
            gained = [card] if card is not None else []
        else:
            cands = self.gain_candidates(what, f)
            card = None
            if cands:
                chooser = f.you if what.by_you else f.actor
                prompt = lambda: f"gain {describe_stmt(s)}"      # noqa: E731
                cid = g.decide(Decision(chooser, "pile", "gain", prompt,
                                        tuple(cands), 0 if optional else 1, 1, f.source,
                                        f.actor if chooser != f.actor else None, s, f))
                card = g.gain_from_supply(f.actor, cid, s.dest) if cid else None
            gained = [card] if card is not None else []
        if s.bind:       # what the player gained: not a card another player gained instead
            f.env[s.bind] = [(c, c.zone) for c in gained if c.owner == f.actor]
        return gained

    def _play(self, s: A.Play, f: Frame, optional):
        g = self.game
        cards = self.targets(s.target, f, "play", optional, s)
        if s.any_order and len(cards) > 1:
            cards = g.decide(Decision(f.actor, "order", "play", "order to play (first first)",
                                      tuple(cards), len(cards), len(cards), f.source, None,
                                      s, f))
        parent = f.this[0][0] if f.this else None
        for c in cards:
            if parent is not None and parent is not c:     # it stays in play as long as c
                t = g.turn
                if t.played_by is None:
                    t.played_by = {}
                t.played_by[c.uid] = parent
            g.play(f.actor, c, s.times)
        if s.target.bind:     # where the play put it: a card that left play is lost track of
            in_play = g.players[f.actor].in_play
            f.env[s.target.bind] = [(c, in_play) for c in cards]
        return cards

    def _reveal_top(self, s: A.RevealTop, f: Frame, optional):
        g = self.game
        cards = []
        for _ in range(max(0, min(self._num(s.count, f), LOOP_LIMIT))):
            c = g.take_to(f.actor, "revealed", bottom=s.bottom)
            if c is None:
                break
            cards.append(c)
        if s.verb == "reveal":
            self._say_reveals(f.actor, cards)
        if s.bind:
            f.env[s.bind] = [(c, c.zone) for c in cards]
        return cards

    def _say_reveals(self, p: int, cards) -> None:
        g = self.game
        if cards and g.logging:
            g.say(f"{g.name(p)} reveals {', '.join(c.id for c in cards)}")

    def _take_until(self, cond, f: Frame, zone: str, body=()) -> list:
        """Move the deck's top card to `zone` one at a time until `cond` holds (`it` is the
        card taken last), the deck and discard pile run out, or LOOP_LIMIT cards; `body`
        runs after each with `it`."""
        cards = []
        at = f
        gather = Gathering(f.env)
        for _ in range(LOOP_LIMIT):
            if truthy(self.ev.eval(cond, at)):
                break
            c = self.game.take_to(f.actor, zone)
            if c is None:
                break
            cards.append(c)
            at = f.child(it=[(c, c.zone)])
            if body:
                gather.run(self.block, body, at)
        gather.close()
        return cards

    def _reveal_until(self, s: A.RevealUntil, f: Frame, optional):
        cards = self._take_until(s.cond, f, "revealed")
        self._say_reveals(f.actor, cards)
        return cards

    def _draw_until(self, s: A.DrawUntil, f: Frame, optional):
        g = self.game
        if g.own_places and not truthy(self.ev.eval(s.cond, f)):
            g.skip_next_draw(f.actor)        # a -1 Card token takes the first draw
        return self._take_until(s.cond, f, "hand", s.body)

    def _shuffle_into(self, s: A.ShuffleInto, f: Frame, optional):
        g = self.game
        cards = still_there(self.ev.cards(s.target, f))
        owners = set()
        for c in cards:
            owner = c.owner if c.owner is not None else f.actor
            g.move(c, g.players[owner].deck)
            owners.add(owner)
        for o in owners:
            shuffle(g.rng, g.players[o].deck.cards, g.players[o].deck)
        return cards

    def can_act(self, s, f: Frame) -> bool:
        """Whether a statement can do anything now: one whose cards are all gone (`this`
        already trashed, the gained card moved by another ability), or a gain from an empty
        pile, cannot (and asks nothing)."""
        if s.__class__ is A.Exchange and not self.game.can_exchange(s.card):
            return False                  # that pile is empty: not offered
        if s.__class__ is A.AsYou:        # `you: gain copy of it`
            return self.can_act(s.stmt, f.child(actor=f.you))
        target = getattr(s, "target", None)
        if isinstance(target, A.AllOf):
            cards = still_there(self.ev.cards(target.expr, f))
            if s.__class__ is A.Move and s.verb in ("trash", "discard"):
                return any(not self._already(c, s.verb) for c in cards)
            return bool(cards)
        if isinstance(s, A.Gain) and isinstance(s.what, A.GainSpec):
            what = s.what
            if fixed_gain(what, self.game) and len(self.game.pile_named(what.kind)):
                return True
            return bool(self.gain_candidates(what, f))
        return True

    def _already(self, c, verb: str) -> bool:
        """Whether trashing (discarding) card c would leave it where it is."""
        g = self.game
        if verb == "trash":
            return c.zone is g.trash_zone
        return c.owner is not None and c.zone is g.players[c.owner].discard

    def all_lost(self, stmts, f: Frame) -> bool:
        """Whether a block only moves cards that are no longer there (or chooses among such
        blocks): Watchtower's `trash it` or `put it on deck` once another ability moved the
        gained card. Other statements are assumed to do something."""
        for s in stmts:
            if s.__class__ is A.ChooseOne:
                if not all(self.all_lost(b, f) for b in s.options):
                    return False
                continue
            target = getattr(s, "target", None)
            if not isinstance(target, A.AllOf) or still_there(self.ev.cards(target.expr, f)):
                return False
        return bool(stmts)


# statement type -> the plain function of Interpreter that runs it: made once, not for
# every game's interpreter
_RUN = {kind: method.__func__
        for kind, method in Interpreter.statements(object.__new__(Interpreter)).items()}


__all__ = ["Interpreter", "Frame"]
