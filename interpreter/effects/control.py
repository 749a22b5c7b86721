"""Statements that choose what runs and for whom: `if`, `may`, `each player`, `player to
your left`, `each card in`, `choose one/two`, `in any order`, `repeat`, `you:`, and the
replacement and attack words (`instead`, `unaffected`). Part of the Interpreter.

Variables bound inside a block that runs several times (a player's part, a loop's pass)
name that run's cards while it runs, and every run's cards after the block. Inside `each
player`, a variable bound in an earlier `each player` block names that player's own cards
(empty if he bound none): Masquerade's players each pass the card they chose."""
from __future__ import annotations

from dsl.language import ast as A
from dsl.language.ast import REPEAT_MAX as REPEAT_LIMIT     # what lint allows is what runs

from interpreter.core.decisions import Decision
from .describe import describe_block, describe_stmt
from .expressions import Frame, enter_player, gather_players, leave_player, truthy


class Gathering:
    """Collects what each run of a repeated block binds, then binds every run's cards."""

    def __init__(self, env: dict):
        self.env, self.found = env, {}

    def run(self, fn, *args):
        before = dict(self.env)
        result = fn(*args)
        for name, value in self.env.items():
            if before.get(name) is not value and isinstance(value, list):
                self.found.setdefault(name, []).extend(value)
        return result

    def close(self) -> None:
        self.env.update(self.found)


class ControlStatements:
    """Part of the Interpreter (needs self.game, self.ev, self.block, self.stmt)."""

    def control_statements(self) -> dict:
        return {A.If: self._if, A.May: self._may, A.Each: self._each,
                A.PlayerBlock: self._player_block, A.EachCard: self._each_card,
                A.ChooseOne: self._choose, A.InAnyOrder: self._in_any_order,
                A.Repeat: self._repeat, A.AsYou: self._as_you, A.Instead: self._instead,
                A.Unaffected: self._unaffected}

    def _if(self, s: A.If, f: Frame, optional):
        if truthy(self.ev.eval(s.cond, f)):
            return self.block(s.then, f)
        return self.block(s.orelse, f)

    def _may(self, s: A.May, f: Frame, optional):
        inner = s.stmt
        if inner is not None and not self.can_act(inner, f):
            return False                  # nothing to do (this card already gone): no question
        if inner.__class__ is A.Move and inner.verb == "reveal" and \
                inner.target.__class__ is A.AllOf and self.all_lost(s.body, f):
            return False                  # `may reveal this { trash it }` once `it` moved
                                          # (Watchtower): revealing would do nothing
        if inner is not None and is_choice(inner, self.game):
            done = self.stmt(inner, f, optional=True)
        else:
            def prompt():
                if inner.__class__ is A.CallCard:      # "may call this (+2 actions)"
                    return describe_stmt(s)
                text = describe_stmt(inner) if inner is not None else describe_block(s.body)
                return f"may {text}"
            if not self.game.decide(Decision(f.actor, "yesno", "may", prompt,
                                             source=f.source, effect=s, frame=f)):
                return False
            if inner is None:
                return self.block(s.body, f) or True
            done = self.stmt(inner, f)
        if done and inner is not None and s.body:
            self.block(s.body, f)
        return done

    def _affected(self, f: Frame, q: int) -> bool:
        return f.attack is None or q not in f.attack.unaffected

    def _each(self, s: A.Each, f: Frame, optional):
        """Each player in turn order (from you, or from your left)."""
        n = len(self.game.players)
        you = f.you
        env, own = f.env, f.by_player
        unaffected = f.attack.unaffected if f.attack is not None else ()
        block, body = self.block, s.body
        done = False
        for i in range(1 if s.others else 0, n):
            q = (you + i) % n
            if q in unaffected:
                continue
            before = enter_player(env, own, q) if own else (dict(env) if env else None)
            done = block(body, f.child(q)) or done
            if env:
                leave_player(env, own, before, q)
        if own:                                   # after the block: every player's
            gather_players(env, own, [(you + i) % n for i in range(1 if s.others else 0, n)])
        return done

    def _player_block(self, s: A.PlayerBlock, f: Frame, optional):
        n = len(self.game.players)
        q = (f.actor + (1 if s.side == "left" else -1)) % n
        if q == f.actor or not self._affected(f, q):
            return False
        return self.block(s.body, f.child(actor=q))

    def _each_card(self, s: A.EachCard, f: Frame, optional):
        gather = Gathering(f.env)
        done = False
        for c in self.ev.cards(s.source, f):
            done = gather.run(self.block, s.body, f.child(it=[(c, c.zone)])) or done
        gather.close()
        return done

    def _choose(self, s: A.ChooseOne, f: Frame, optional):
        """`choose one`: one option; `choose two` (or more): that many different options,
        all chosen first, then done in printed order. Where no option can do anything,
        nothing is asked (an option that does nothing is still offered beside one that
        does: the rules let a player choose it)."""
        if not any(self.can_act(x, f) for b in s.options for x in b):
            return False     # every option does nothing (Jester's copy, none to gain):
                             # one outcome whatever is chosen, so nothing is asked
        labels = tuple(describe_block(b) for b in s.options)     # answered by position
        chooser = f.you if s.by_you else f.actor
        behalf = f.actor if s.by_you and f.actor != f.you else None
        if s.count == 1:
            picked = [self.game.decide(Decision(chooser, "option", "choose", "choose one",
                                                labels, 1, 1, f.source, behalf, s, f))]
        else:
            picked = sorted(self.game.decide(Decision(
                chooser, "options", "choose", f"choose {s.count}", labels, s.count, s.count,
                f.source, behalf, s, f)))
        done = False
        for i in picked:
            done = self.block(s.options[i], f) or done
        return done

    def _in_any_order(self, s: A.InAnyOrder, f: Frame, optional):
        """Ask the order only of the blocks that can do something: a block of gains from
        an empty choice does nothing in any order (Develop with no card $1 cheaper)."""
        labels = tuple(f"{i + 1}: {describe_block(b)}" for i, b in enumerate(s.blocks))
        live = tuple(lab for lab, b in zip(labels, s.blocks)
                     if any(self.can_act(x, f) for x in b))
        order = self.game.decide(Decision(f.actor, "order", "order", "in which order",
                                          live, len(live), len(live), f.source, None, s, f))
        done = False
        for label in order:
            done = self.block(s.blocks[labels.index(label)], f) or done
        return done

    def _repeat(self, s: A.Repeat, f: Frame, optional):
        gather = Gathering(f.env)
        done = False
        for _ in range(min(max(self._num(s.count, f), 0), REPEAT_LIMIT)):
            done = gather.run(self.block, s.body, f) or done
        gather.close()
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
            if self.game.logging:
                self.game.say(f"{self.game.name(f.you)} is unaffected")
        return True


def fixed_gain(spec: A.GainSpec, game) -> bool:
    """`gain silver`: one named pile, no choice."""
    return spec.relation is None and spec.cond is None and spec.copy_of is None \
        and (spec.kind in game.supply or spec.kind in game.aside)


def is_choice(s, game) -> bool:
    """Whether `may X` is one choice of cards or piles (answered [] or none for none)
    rather than a yes/no."""
    if isinstance(s, (A.Move, A.Put, A.Play)):
        return isinstance(s.target, A.Selection)
    if isinstance(s, A.Gain):
        return isinstance(s.what, A.Selection) or not fixed_gain(s.what, game)
    return False
