"""Agents that answer decisions: scripted answers (scenarios), bots, a random player."""
from __future__ import annotations

import random

from dsl.language import ast as A
from dsl.language.model import reads_history
from dsl.language.strategy_answers import GIVE_UP

from . import defaults as defaults
from .context import asked
from .endgame import loses_by_ending
from .landscapes import worth_buying
from .rules import (Answers, card_kinds, matches, option_order, pick_by_kinds,
                        pile_by_kinds, rule_frame, yes_no)
from .spending import amount, better_buy, for_actions
from .worth import may_hurt, play_worth
from interpreter.core.decisions import Decision, IllegalAnswer
from interpreter.effects.expressions import Frame, compiled_for_strategy


class OutOfAnswers(Exception):
    pass


class ScriptedAgent:
    """Answers from a list, in order, in the scenario format's notation."""

    def __init__(self, name: str, answers: list):
        self.name, self.answers = name, list(answers)
        self.asked: list = []        # (question, answer given) so far, for the messages

    def decide(self, game, d: Decision):
        question = f"'{d.prompt}' ({d.kind}, asked by {d.source or 'the rules'})"
        if not self.answers:
            raise OutOfAnswers(f"{self.name} has no answer left for the decision {question}; "
                               f"choices: {', '.join(_label(o) for o in d.options) or 'yes/no'}"
                               f"{self._so_far()}")
        answer = self.answers.pop(0)
        self.asked.append((question, answer))
        try:
            return translate(answer, d)
        except IllegalAnswer as e:
            raise IllegalAnswer(f"{e}; it was answer {len(self.asked)} of {self.name}, to "
                                f"{question}{self._so_far(last=False)}") from None

    def _so_far(self, last: bool = True) -> str:
        """The questions asked before, with the answers taken: where a script shifted."""
        done = self.asked if last else self.asked[:-1]
        if not done:
            return f" ({self.name} was asked nothing before)"
        return f"; {self.name} was asked before: " + "; ".join(
            f"{i}. {q} -> {a!r}" for i, (q, a) in enumerate(done[-6:], max(1, len(done) - 5)))


def _label(o) -> str:
    return getattr(o, "id", str(o))


def _cards_by_id(ids: list, options) -> list:
    chosen, pool = [], list(options)
    for cid in ids:
        match = next((c for c in pool if getattr(c, "id", None) == cid), None)
        if match is None:
            raise IllegalAnswer(f"illegal answer {cid!r}: not among the choices "
                                f"({', '.join(_label(o) for o in options)})")
        pool.remove(match)
        chosen.append(match)
    return chosen


_YES_NO = {"yes": True, "no": False}


def translate(a, d: Decision):
    """A scenario answer (id, list of ids, yes/no, 1-based number or numbers) -> the
    engine's answer. `'yes'` and `'no'` written as strings are the booleans."""
    if isinstance(a, str) and a.casefold() in _YES_NO and d.kind in ("yesno", "option"):
        a = _YES_NO[a.casefold()]
    if d.kind == "amount":
        if isinstance(a, dict) and list(a) == ["amount"]:
            return a["amount"]
        raise IllegalAnswer(f"illegal answer {a!r}: an amount is answered {{amount: N}}, "
                            f"N from {d.options[0]} to {d.options[1]}")
    if isinstance(a, dict):
        raise IllegalAnswer(f"illegal answer {a!r}: {{amount: N}} answers an amount, and "
                            f"this is a {d.kind} decision")
    if d.kind == "yesno":
        if isinstance(a, bool):
            return a
        if a in (1, 2):
            return a == 1
        raise IllegalAnswer(f"illegal answer {a!r}: expected yes or no")
    if d.kind == "option":
        if isinstance(a, bool):
            return 0 if a else 1
        if isinstance(a, int):
            return a - 1
        raise IllegalAnswer(f"illegal answer {a!r}: expected the number of an option")
    if d.kind == "options":
        if isinstance(a, list) and all(isinstance(x, int) and not isinstance(x, bool)
                                       for x in a):
            return [x - 1 for x in a]
        raise IllegalAnswer(f"illegal answer {a!r}: expected a list of {d.min} option "
                            "numbers, e.g. [1, 3]")
    if d.kind == "name":
        if isinstance(a, list) and len(a) == 1:
            a = a[0]
        return a
    if d.kind == "pile":
        if a is False or a is None or a == []:
            return None
        if isinstance(a, list) and len(a) == 1:
            a = a[0]
        return a
    if d.kind == "order":
        if not isinstance(a, list):
            a = [a]
        if all(isinstance(x, int) and not isinstance(x, bool) for x in a):
            try:
                return [d.options[x - 1] for x in a]
            except IndexError:
                raise IllegalAnswer(f"illegal answer {a!r}: no such option") from None
        return _cards_by_id(a, d.options)
    # cards
    if a is False or a is None:
        a = []
    if not isinstance(a, list):
        a = [a]
    return _cards_by_id(a, d.options)


class Bot:
    """A strategy played: its buy priorities (never a buy that ends the game the bot then
    loses), its play priorities, its answer rules per card (bots/rules.py), and for every
    decision no rule covers a default weighed from what each answer does
    (bots/defaults.py). What depends only on the strategy or a card's definition is worked
    out once and remembered: a bot is made for every game."""
    trusted = True          # answers are built from the decision's options
    plays_all_treasures = True     # a standing answer: all its Treasures, in hand order,
                                   # played without being asked (as clients' "autoplay")
    answers_directly = True        # which Action to play and what to buy are asked of
                                   # action_to_play and buy_choice, with no Decision made

    def __init__(self, strategy):
        self.strategy = strategy
        self.name = strategy.name
        self.plan = _remembered(_PLANS, strategy, BuyPlan, 256)   # once per strategy
        self.answers = _remembered(_ANSWERS, strategy, Answers, 256)
        # whether its conditions read this turn's gains or buys or a last turn, which a
        # game keeps only when something reads them
        self.reads_history = _remembered(_HISTORY, strategy, _reads_history, 256)
        self._frames: dict = {}        # player -> the frame the buy conditions read

    def frame_for(self, p: int) -> Frame:
        frame = self._frames.get(p)
        if frame is None:              # the conditions only read a frame's player
            frame = self._frames[p] = Frame(p, p)
        return frame

    def decide(self, game, d: Decision):
        purpose = d.purpose
        if purpose == "buy":
            return self.buy(game, d)
        if purpose == "play_treasures":
            return list(d.options)
        if purpose == "play_action":
            return self.play_action(game, d)
        rules = None
        if d.on_behalf is None and d.source is not None:
            rules = self.answers.by_card.get(d.source)
        kind = d.kind
        if kind == "yesno":
            if rules is not None and "may" in rules:
                answer = yes_no(rules["may"], game, rule_frame(d))
                if answer is not None:
                    return answer
            return defaults.may(self, game, d)
        if kind == "option" or kind == "options":
            ranking = defaults.option_ranking(self, game, d)
            if rules is not None and "choose" in rules:
                first = option_order(rules["choose"], game, rule_frame(d), len(d.options))
                ranking = first + [i for i in ranking if i not in first]
            return ranking[0] if kind == "option" else ranking[:d.min]
        if kind == "cards":
            return self.pick_cards(game, d, rules)
        if kind == "pile":
            return self.pick_pile(game, d, rules)
        if kind == "name":
            if rules is not None and "name" in rules:
                for cid in card_kinds(rules["name"], game, rule_frame(d)):
                    if cid in d.options:
                        return cid
            return defaults.name(self, game, d)
        if kind == "order":
            return defaults.order(self, game, d)
        if kind == "amount":
            if purpose == "spend":
                return self.tokens_to_spend(game, d.player, d.source, d.options[1])
            return amount(self, game, d)
        return d.only_answer()

    def discard_choice(self, game, decider: int, owner, cards, lo: int, hi: int, source,
                       stmt):
        """As decide() answers a card's discard of lo..hi of `cards` (`owner` as a
        Decision's on_behalf) when it is ranked on the remembered scores alone, with no
        Decision made; None when it is not (then a Decision is asked)."""
        if owner is None and source is not None and \
                self.answers.by_card.get(source) is not None:
            return None                            # a rule for the card: pick_cards()
        return defaults.settled_discard(self, game, decider,
                                        decider if owner is None else owner,
                                        cards, lo, hi, source, stmt)

    # ---- buying --------------------------------------------------------------------------
    def buy(self, game, d: Decision):
        return self.buy_choice(game, d.player, d.options)

    def buy_choice(self, game, decider: int, options: tuple):
        """The pile to buy of `options` (None: nothing), for the player whose turn it is,
        decided by `decider` (a possessor decides for him)."""
        entries = self.plan.among(options)
        if not entries:
            return None
        frame = self.frame_for(game.turn.player)
        endgame = game.to_end <= 1            # a gain could end the game
        if game.landscapes:                   # Events (in most games none)
            return self._buy_with_events(game, decider, entries, frame, endgame)
        for cid, cond in entries:
            if cond is None or cond(game, frame):
                if endgame and loses_by_ending(game, decider, cid):
                    continue
                return cid
        return None

    def _buy_with_events(self, game, decider: int, entries, frame, endgame: bool):
        """buy_choice's loop in a game with Events: an Event once a turn, when worth its
        cost."""
        landscapes = game.landscapes
        for cid, cond in entries:
            if cid in landscapes and (cid in game.turn.landscapes_bought or not worth_buying(
                    game, game.turn.player, self, landscapes[cid])):
                continue
            if cond is None or cond(game, frame):
                if endgame and loses_by_ending(game, decider, cid):
                    continue
                return cid
        return None

    def tokens_to_spend(self, game, decider: int, kind: str, have: int) -> int:
        """How many of the `have` tokens of `kind` the player whose turn it is spends: its
        strategy's `spend` rule for the kind (`no`: none, `all`: all), else, before buying,
        the fewest that make a better buy, and in the Action phase (Villagers), one when
        out of Actions with one to play (bots/spending.py)."""
        rules = self.answers.spend.get(kind)
        if rules is not None:
            answer = yes_no(rules, game, self.frame_for(game.turn.player))
            if answer is False:
                return 0
            if answer == "all":
                return have
        if game.turn.phase == "action":          # Villagers: one, to play an Action
            return for_actions(self, game, decider, kind, have)
        return better_buy(self, game, decider, kind, have)

    def wanted(self, game, p: int) -> set:
        """The cards its buy plan would buy now, coins aside."""
        frame = self.frame_for(p)
        return {cid for cid, cond in self.plan if cond is None or cond(game, frame)}

    # ---- playing Actions -----------------------------------------------------------------
    def treasures_to_play(self, game, decider: int, options: tuple) -> list:
        return list(options)

    def play_action(self, game, d: Decision) -> list:
        card = self.action_to_play(game, d.player, d.options)
        return [] if card is None else [card]

    def action_to_play(self, game, decider: int, options: list | tuple):
        """The Action card of `options` to play (None: none). The strategy's `play` list
        first (the entries whose conditions hold), then Actions giving Actions, then the
        rest by what their play is worth; an Action its rules say not to play is not."""
        by_card = self.answers.by_card
        allowed = []
        for c in options:
            rules = by_card.get(c.d.id)
            if rules is not None and "play" in rules:
                if yes_no(rules["play"], game, Frame(decider, decider,
                                                     this=[(c, c.zone)])) is False:
                    continue
            elif may_hurt(c.d) and \
                    defaults.play_value(self, game, decider, c) < -defaults.PLAY_MARGIN:
                continue                 # it must trash a card worth more than the play
            allowed.append(c)
        if not allowed:
            return None
        first = self.answers.play_first
        if first:
            frame = self.frame_for(decider)
            for cid, cond in first:
                for c in allowed:
                    if c.d.id == cid and (cond is None or cond(game, frame)):
                        return c
        if len(allowed) == 1:
            return allowed[0]
        return min(allowed, key=lambda c: self.play_rank(c.d))

    def play_rank(self, d) -> tuple:
        return play_rank(d)

    # ---- choosing cards and piles ----------------------------------------------------------
    def pick_cards(self, game, d: Decision, rules) -> list:
        if rules is None:                        # no rule for this card: the default
            return defaults.cards(self, game, d)
        info = asked(game.catalog.cards.get(d.source), d.effect) if rules else None
        if rules is not None and d.min == 0 and "may" in rules and info is not None \
                and info.may_body is not None:
            answer = yes_no(rules["may"], game, rule_frame(d))
            if answer is False:
                return []
            if answer is True and d.max > 0:
                picked = self._cards_by_rules(game, d, rules) or \
                    defaults.cards(self, game, d)
                return picked or [x[3] for x in defaults.card_ranking(self, game, d)[:1]]
        if rules is not None and (d.purpose in rules or "keep" in rules):
            picked = self._cards_by_rules(game, d, rules)
            if picked is not None:
                return picked
        return defaults.cards(self, game, d)

    def _cards_by_rules(self, game, d: Decision, rules):
        """The cards the rules for this purpose name (then the default's best, if more
        must be chosen), or None when there are no such rules; `keep` cards last."""
        frame = rule_frame(d)
        keep = set(card_kinds(rules["keep"], game, frame)) if "keep" in rules else set()
        kept = (lambda c: any(matches(c.d, k) for k in keep)) if keep else (lambda c: False)
        if d.purpose not in rules:
            if d.purpose not in GIVE_UP:
                return None
            ranked = [x[3] for x in defaults.card_ranking(self, game, d)]
            ranked.sort(key=kept)
            picked = defaults.cards(self, game, d, avoid={c.d.id for c in d.options
                                                          if kept(c)})
            if len(picked) < d.min:
                picked += [c for c in ranked if c not in picked][:d.min - len(picked)]
            return picked
        kinds = card_kinds(rules[d.purpose], game, frame)
        ranked = [x[3] for x in defaults.card_ranking(self, game, d)]
        position = {id(c): i for i, c in enumerate(ranked)}
        picked = pick_by_kinds(list(d.options), kinds, d.max,
                               lambda cs: sorted(cs, key=lambda c: position[id(c)]))
        if len(picked) < d.min:
            rest = sorted((c for c in ranked if all(c is not x for x in picked)), key=kept)
            picked += rest[:d.min - len(picked)]
        return picked

    def pick_pile(self, game, d: Decision, rules):
        if rules is not None and d.min == 0 and "may" in rules:
            if yes_no(rules["may"], game, rule_frame(d)) is False:
                return None
        if rules is not None and "gain" in rules and d.purpose == "gain":
            options = [cid for cid in d.options
                       if not loses_by_ending(game, _owner(d), cid)] or list(d.options)
            cid = pile_by_kinds(game, options, card_kinds(rules["gain"], game,
                                                          rule_frame(d)))
            if cid is not None:
                return cid
        return defaults.pile(self, game, d)


def play_rank(d) -> tuple:
    """A strategy bot's order of Actions, lower first: those that give Actions, then the
    ones worth more (once per definition)."""
    return _remembered(_RANKS, d, _play_rank, 4096)


def _owner(d: Decision) -> int:
    return d.on_behalf if d.on_behalf is not None else d.player


def _play_rank(d) -> tuple:
    gives = sum(s.amount.value for s in d.on_play
                if isinstance(s, A.Bonus) and s.counter == "actions"
                and isinstance(s.amount, A.Num))
    return (0 if gives else 1, -play_worth(d), d.id)


_PLANS: dict = {}           # id(strategy) -> (strategy, compiled buy plan)
_ANSWERS: dict = {}         # id(strategy) -> (strategy, compiled answer rules)
_HISTORY: dict = {}         # id(strategy) -> (strategy, whether it reads kept history)
_RANKS: dict = {}           # id(card definition) -> (definition, play rank)


def _remembered(table: dict, obj, make, limit: int):
    """make(obj), worked out once per object and remembered by identity: the object is
    kept in the table, so its id is not reused while remembered (bounded by `limit`)."""
    hit = table.get(id(obj))
    if hit is None or hit[0] is not obj:
        if len(table) >= limit:
            table.clear()
        hit = table[id(obj)] = (obj, make(obj))
    return hit[1]


class BuyPlan:
    """A strategy's buy list compiled: (card id, compiled condition or None), in order.
    `among(options)` is its entries for cards among the options: the engine hands out the
    same options tuple for the same coins and empty piles, so each is worked out once per
    plan and tuple (bounded), not at every buy."""
    __slots__ = ("entries", "_among")

    def __init__(self, strategy):
        self.entries = tuple((cid, None if cond is None else compiled_for_strategy(cond))
                             for cid, cond in strategy.buy)
        self._among: dict = {}           # id(options) -> (options, entries among them)

    def __iter__(self):
        return iter(self.entries)

    def among(self, options: tuple) -> tuple:
        hit = self._among.get(id(options))
        if hit is None or hit[0] is not options:
            if len(self._among) >= 1024:
                self._among.clear()
            wanted = set(options)
            hit = self._among[id(options)] = \
                (options, tuple([e for e in self.entries if e[0] in wanted]))
        return hit[1]


def _reads_history(strategy) -> bool:
    conds = [cond for _, cond in strategy.buy + strategy.play if cond is not None]
    conds += [r.cond for _, _, rules in strategy.answers for r in rules
              if r.cond is not None]
    return any(reads_history(c) for c in conds)


class RandomBot:
    """Random legal answers, buys and plays (for fuzzing); its generator is seeded from the
    game's, so a seed still fixes the whole game."""
    name = "random"
    trusted = False         # fuzzing: its answers are checked like anyone's
    answers_directly = True     # but which Action, which Treasures and what to buy are
                                # asked directly (taken from the options; the engine's
                                # play and buy refuse an illegal one all the same)

    def __init__(self, rng: random.Random):
        self.rng = rng

    def action_to_play(self, game, decider: int, options: list | tuple):
        """As decide() answers a choice of none or one of these cards (the same draws)."""
        chosen = self.rng.sample(list(options), self.rng.randint(0, 1))
        return chosen[0] if chosen else None

    def treasures_to_play(self, game, decider: int, options: tuple) -> list:
        return self.rng.sample(list(options), self.rng.randint(0, len(options)))

    def buy_choice(self, game, decider: int, options: tuple):
        return self.rng.choice(list(options) + [None])

    def tokens_to_spend(self, game, decider: int, kind: str, have: int) -> int:
        """As decide() answers an amount 0..have (the same draw)."""
        return self.rng.randint(0, have)

    def decide(self, game, d: Decision):
        r = self.rng
        if d.kind == "yesno":
            return r.random() < 0.5
        if d.kind == "option":
            return r.randrange(len(d.options))
        if d.kind == "options":
            return r.sample(range(len(d.options)), d.min)
        if d.kind == "name":
            return r.choice(d.options)
        if d.kind == "amount":
            return r.randint(d.options[0], d.options[1])
        if d.kind == "order":
            opts = list(d.options)
            r.shuffle(opts)
            return opts
        if d.kind == "pile":
            choices = list(d.options) + ([None] if d.min == 0 else [])
            return r.choice(choices)
        n = r.randint(d.min, d.max)
        return r.sample(list(d.options), n)
