"""The generic interpreter of effect ASTs: one function per statement kind, dispatched by
node type. It changes the game only through the engine's primitives (move, draw, gain, trash,
discard, play, decide, queue_extra_turn) and the turn's counters."""
from __future__ import annotations

from dsl import ast as A
from dsl.model import Cost

from .decisions import Decision
from .describe import describe_block, describe_stmt
from .compiler import is_kind
from .expressions import Evaluator, Frame, cost_matches, still_there, truthy
from .state import Later, shuffle

LOOP_LIMIT = 500          # an `until` loop ends when it runs out of cards, or after this many
REPEAT_LIMIT = 100


class Interpreter:
    def __init__(self, game):
        self.game = game
        self.ev = Evaluator(game)
        self.holds = self.ev.holds
        self._exec = {
            A.Bonus: self._bonus, A.Move: self._move, A.Put: self._put, A.Gain: self._gain,
            A.Play: self._play, A.RevealTop: self._reveal_top, A.RevealUntil: self._reveal_until,
            A.DrawUntil: self._draw_until, A.ShuffleInto: self._shuffle_into, A.If: self._if,
            A.May: self._may, A.Each: self._each, A.ChooseOne: self._choose_one,
            A.InAnyOrder: self._in_any_order, A.Repeat: self._repeat, A.AsYou: self._as_you,
            A.Instead: self._instead, A.Unaffected: self._unaffected, A.Later: self._later,
            A.ExtraTurn: self._extra_turn,
        }

    # ---- entry points used by the engine ---------------------------------------------------
    def run_play(self, card, p: int, zone, attack) -> None:
        f = Frame(p, p, this=[(card, zone)], attack=attack, source=card.id)
        self.block(card.d.on_play, f)

    def run_trigger(self, trig, source, ctrl: int, ev) -> None:
        if isinstance(trig, Later):
            f = trig.frame.child(event=ev, it=[(ev.card, ev.card.zone)] if ev.card else None)
            self.block(trig.body, f)
            return
        this = [(source, source.zone)] if source is not None else None
        it = [(ev.card, ev.card.zone)] if ev.card is not None else None
        f = Frame(ctrl, ctrl, this=this, it=it, attack=ev.attack, event=ev,
                  source=source.id if source is not None else None)
        self.block(trig.effect, f)

    def card_vp(self, card, p: int) -> int:
        v = self.ev.eval(card.d.vp, Frame(p, p, this=[(card, card.zone)], source=card.id))
        return v if isinstance(v, int) else 0

    # ---- running statements ----------------------------------------------------------------
    def block(self, stmts, f: Frame):
        done = False
        for s in stmts:
            done = bool(self._exec[type(s)](s, f, False)) or done
        return done

    def stmt(self, s, f: Frame, optional: bool = False):
        return self._exec[type(s)](s, f, optional)

    def _num(self, e, f) -> int:
        v = self.ev.eval(e, f)
        return v if isinstance(v, int) and not isinstance(v, bool) else 0

    def _bonus(self, s: A.Bonus, f: Frame, optional):
        n = self._num(s.amount, f)
        if s.counter == "cards":
            return self.game.draw(f.actor, n)
        t = self.game.turn
        setattr(t, s.counter, getattr(t, s.counter) + n)
        return n != 0

    # targets: a choice (Selection) or every card an expression names (AllOf)
    def targets(self, target, f: Frame, purpose: str, optional: bool) -> list:
        if isinstance(target, A.AllOf):
            return still_there(self.ev.cards(target.expr, f))
        sel: A.Selection = target
        cands = still_there(self.ev.cards(sel.source, f))
        if sel.kind and sel.kind not in ("card", "cards"):
            cands = [c for c in cands if is_kind(c.d, sel.kind)]
        if sel.mode == "all":
            return cands
        if sel.mode == "exactly":
            lo = hi = min(max(self._num(sel.count, f), 0), len(cands))
        elif sel.mode == "up_to":
            lo, hi = 0, min(max(self._num(sel.count, f), 0), len(cands))
        else:
            lo, hi = 0, len(cands)
        if optional:
            lo = 0
        if hi == 0:
            return []
        chooser = f.you if sel.by_you else f.actor
        owner = f.actor if chooser != f.actor else None
        what = sel.kind or "card"
        prompt = f"{purpose.replace('_', ' ')} {_count_text(lo, hi)} {what}"
        return self.game.decide(Decision(chooser, "cards", purpose, prompt, tuple(cands), lo, hi,
                                         f.source, owner))

    def _bind(self, target, cards, f: Frame) -> None:
        name = target.bind
        if name:
            f.env[name] = [(c, c.zone) for c in cards]

    def _move(self, s: A.Move, f: Frame, optional):
        cards = self.targets(s.target, f, s.verb, optional)
        g = self.game
        if s.verb == "trash":
            for c in cards:
                g.trash(c, f.actor)
        elif s.verb == "discard":
            for c in cards:
                g.discard(c, f.actor)
        elif s.verb == "set_aside":
            for c in cards:
                g.move(c, g.players[c.owner if c.owner is not None else f.actor].set_aside)
        elif s.verb == "reveal":
            self._say_reveals(f.actor, cards)
        self._bind(s.target, cards, f)
        return cards

    def _put(self, s: A.Put, f: Frame, optional):
        cards = self.targets(s.target, f, "put", optional)
        g = self.game
        if s.any_order and len(cards) > 1:
            cards = g.decide(Decision(f.actor, "order", "order", "order (top card first)",
                                      tuple(cards), len(cards), len(cards), f.source))
            cards = list(reversed(cards))        # the first named ends on top
        for c in cards:
            g.put(c, c.owner if c.owner is not None else f.actor, s.dest)
        self._bind(s.target, cards, f)
        return cards

    def gain_candidates(self, spec: A.GainSpec, f: Frame) -> list:
        g = self.game
        bound = None
        if spec.cost is not None:
            bound = self.ev.eval(spec.cost, f)
            if isinstance(bound, int):
                bound = Cost(bound, 0)
            if not isinstance(bound, Cost):
                return []
        out = []
        for cid, pile in g.supply.items():
            if not len(pile):
                continue
            d = pile.d
            if spec.kind and spec.kind not in ("card", "cards") and not is_kind(d, spec.kind):
                continue
            if bound is not None and not cost_matches(g.cost(d), spec.relation, bound):
                continue
            if spec.cond is not None and not self.holds(spec.cond, d, frame=f):
                continue
            out.append(cid)
        return out

    def _gain(self, s: A.Gain, f: Frame, optional):
        g = self.game
        what = s.what
        if isinstance(what, A.Selection):
            cards = self.targets(what, f, "gain", optional)
            gained = [c for c in (g.gain(f.actor, c, s.dest) for c in cards) if c is not None]
        else:
            cands = self.gain_candidates(what, f)
            if not cands:
                gained = []
            else:
                fixed = what.relation is None and what.cond is None and what.kind in g.supply
                if fixed:
                    cid = what.kind
                else:
                    cid = g.decide(Decision(f.actor, "pile", "gain",
                                            f"gain {describe_stmt(s)}", tuple(cands),
                                            0 if optional else 1, 1, f.source))
                card = g.gain_from_supply(f.actor, cid, s.dest) if cid else None
                gained = [card] if card is not None else []
        if s.bind:
            f.env[s.bind] = [(c, c.zone) for c in gained]
        return gained

    def _play(self, s: A.Play, f: Frame, optional):
        g = self.game
        cards = self.targets(s.target, f, "play", optional)
        if s.any_order and len(cards) > 1:
            cards = g.decide(Decision(f.actor, "order", "play", "order to play (first first)",
                                      tuple(cards), len(cards), len(cards), f.source))
        for c in cards:
            g.play(f.actor, c, s.times)
        self._bind(s.target, cards, f)
        return cards

    def _reveal_top(self, s: A.RevealTop, f: Frame, optional):
        g = self.game
        cards = []
        for _ in range(max(0, self._num(s.count, f))):
            c = g.take_to(f.actor, "revealed")
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
        """Move the deck's top card to `zone` one at a time until `cond` holds, the deck and
        discard pile run out, or LOOP_LIMIT cards; `body` runs after each with `it`."""
        cards = []
        for _ in range(LOOP_LIMIT):
            if truthy(self.ev.eval(cond, f)):
                break
            c = self.game.take_to(f.actor, zone)
            if c is None:
                break
            cards.append(c)
            if body:
                self.block(body, f.child(it=[(c, c.zone)]))
        return cards

    def _reveal_until(self, s: A.RevealUntil, f: Frame, optional):
        cards = self._take_until(s.cond, f, "revealed")
        self._say_reveals(f.actor, cards)
        return cards

    def _draw_until(self, s: A.DrawUntil, f: Frame, optional):
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
            shuffle(g.rng, g.players[o].deck.cards)
        return cards

    def _if(self, s: A.If, f: Frame, optional):
        if truthy(self.ev.eval(s.cond, f)):
            return self.block(s.then, f)
        return self.block(s.orelse, f)

    def _may(self, s: A.May, f: Frame, optional):
        inner = s.stmt
        if inner is not None and _is_choice(inner, self.game):
            done = self.stmt(inner, f, optional=True)
        else:
            text = describe_stmt(inner) if inner is not None else describe_block(s.body)
            if not self.game.decide(Decision(f.actor, "yesno", "may", f"may {text}",
                                             source=f.source)):
                return False
            if inner is None:
                return self.block(s.body, f) or True
            done = self.stmt(inner, f)
        if done and inner is not None and s.body:
            self.block(s.body, f)
        return done

    def _each(self, s: A.Each, f: Frame, optional):
        """Each player in turn. A variable bound in the block names that player's cards
        while his part runs, and after the block every player's (Thief: "you may gain any
        or all of these trashed cards")."""
        g = self.game
        n = len(g.players)
        order = [(f.you + i) % n for i in range(1 if s.others else 0, n)]
        done = False
        gathered: dict = {}
        env = f.env
        for q in order:
            if f.attack is not None and q in f.attack.unaffected:
                continue
            before = dict(env)
            done = self.block(s.body, f.child(actor=q)) or done
            for name, pairs in env.items():
                if before.get(name) is not pairs:
                    gathered.setdefault(name, []).extend(pairs)
        env.update(gathered)
        return done

    def _choose_one(self, s: A.ChooseOne, f: Frame, optional):
        labels = tuple(f"{i + 1}: {describe_block(b)}" for i, b in enumerate(s.options))
        i = self.game.decide(Decision(f.you if s.by_you else f.actor, "option", "choose",
                                      "choose one", labels, 1, 1, f.source,
                                      f.actor if s.by_you and f.actor != f.you else None))
        return self.block(s.options[i], f)

    def _in_any_order(self, s: A.InAnyOrder, f: Frame, optional):
        """Ask the order only of the blocks that can do something: a block of gains from
        an empty choice does nothing in any order (Develop with no card $1 cheaper)."""
        labels = tuple(f"{i + 1}: {describe_block(b)}" for i, b in enumerate(s.blocks))
        live = tuple(lab for lab, b in zip(labels, s.blocks) if self._can_act(b, f))
        order = self.game.decide(Decision(f.actor, "order", "order", "in which order",
                                          live, len(live), len(live), f.source))
        done = False
        for label in order:
            done = self.block(s.blocks[labels.index(label)], f) or done
        return done

    def _can_act(self, block, f: Frame) -> bool:
        for s in block:
            if not (isinstance(s, A.Gain) and isinstance(s.what, A.GainSpec)):
                return True
            if self.gain_candidates(s.what, f):
                return True
        return False

    def _repeat(self, s: A.Repeat, f: Frame, optional):
        done = False
        for _ in range(min(max(self._num(s.count, f), 0), REPEAT_LIMIT)):
            done = self.block(s.body, f) or done
        return done

    def _as_you(self, s: A.AsYou, f: Frame, optional):
        return self.stmt(s.stmt, f.child(actor=f.you), optional)

    def _instead(self, s: A.Instead, f: Frame, optional):
        if f.event is not None:
            f.event.cancelled = True
        self.block(s.body, f)
        return True

    def _unaffected(self, s: A.Unaffected, f: Frame, optional):
        if f.attack is not None:
            f.attack.unaffected.add(f.you)
            self.game.say(f"{self.game.name(f.you)} is unaffected")
        return True

    def _later(self, s: A.Later, f: Frame, optional):
        card = None
        if s.card is not None:
            cards = self.ev.cards(s.card, f)
            if not cards:
                return False
            card = cards[0]
        self.game.turn.later.append(Later(s.event, card, s.body, f))
        return True

    def _extra_turn(self, s: A.ExtraTurn, f: Frame, optional):
        g = self.game
        nxt = (f.you + 1) % len(g.players)
        g.queue_extra_turn(nxt, f.you if s.controlled else nxt, s.gains_to_controller,
                           s.trash_set_aside)
        return True


def _is_choice(s, game) -> bool:
    """Whether `may X` is one choice of cards (answered [] for none) rather than a yes/no."""
    if isinstance(s, (A.Move, A.Put, A.Play)):
        return isinstance(s.target, A.Selection)
    if isinstance(s, A.Gain):
        w = s.what
        if isinstance(w, A.Selection):
            return True
        return not (w.relation is None and w.cond is None and w.kind in game.catalog.cards)
    return False


def _count_text(lo: int, hi: int) -> str:
    if lo == hi:
        return str(lo)
    return f"up to {hi}" if lo == 0 else f"{lo} to {hi}"


__all__ = ["Interpreter", "Frame"]
