"""One decision protocol for every choice (as pyminion's Decider): a Decision says who
decides, what kind of answer, the legal answers and the card that asks; an agent answers."""
from __future__ import annotations

from typing import Optional, Protocol


class IllegalAnswer(Exception):
    pass


class Decision:
    """A question to one player: who decides (after possession routing), the kind (cards |
    pile | yesno | option | options (several different ones) | name (any card in the game)
    | order | amount (a whole number: `options` is (lowest, highest), answered with an int
    of that range)), its purpose (trash, discard, gain, buy, play, put,
    reveal, order, ...), a prompt (given as text, or as a function making it when first
    read), the legal options (cards, pile ids, option labels or
    things to order), how many to choose, the id of the card that asks, and the player
    whose cards these are when the decider is someone else.

    `effect` and `frame`, when a card's effect asks, are what the answer leads to: the AST
    node that asks (a `may`, a `choose one`, the statement choosing cards or a pile, `name
    a card`, `in any order`) and the frame it runs in, so that a bot can weigh each answer
    by what it does. Both are references handed over as they are (no work unless a bot
    reads them); records do not hold them."""
    __slots__ = ("player", "kind", "purpose", "_prompt", "options", "min", "max", "source",
                 "on_behalf", "effect", "frame")

    def __init__(self, player: int, kind: str, purpose: str, prompt: str, options=(),
                 min: int = 0, max: int = 1, source: Optional[str] = None,
                 on_behalf: Optional[int] = None, effect=None, frame=None):
        self.player = player
        self.kind = kind
        self.purpose = purpose
        self._prompt = prompt          # or a function making it: most are never read
        self.options = options
        self.min = min
        self.max = max
        self.source = source
        self.on_behalf = on_behalf
        self.effect = effect
        self.frame = frame

    @property
    def prompt(self) -> str:
        p = self._prompt
        if not isinstance(p, str):
            p = self._prompt = p()
        return p

    def __repr__(self) -> str:
        return (f"Decision(p{self.player + 1} {self.kind}/{self.purpose}: {self.prompt!r}, "
                f"{len(self.options)} options, {self.min}..{self.max}, from {self.source})")

    def routed(self, decider: int, on_behalf: int) -> "Decision":
        """The same question put to another player (a possessor)."""
        return Decision(decider, self.kind, self.purpose, self._prompt, self.options,
                        self.min, self.max, self.source, on_behalf, self.effect, self.frame)

    def distinct_answers(self, limit: int = 2) -> int:
        """How many different legal answers there are, counting cards by id (capped)."""
        kind = self.kind
        if kind == "pile":
            return min(limit, len(self.options) + (1 if self.min == 0 else 0))
        if kind == "yesno":
            return 2
        if kind == "name":
            return min(limit, len(self.options))
        if kind == "options":
            return 1 if len(self.options) <= self.min else 2
        if kind == "cards":
            return min(limit, _card_choices(self.options, self.min, self.max))
        if kind == "option":
            return min(limit, len(self.options) + (1 if self.min == 0 else 0))
        if kind == "order":
            return 1 if len({_key(o) for o in self.options}) <= 1 else 2
        if kind == "amount":
            return min(limit, max(0, self.options[1] - self.options[0] + 1))
        return 1

    def only_answer(self):
        """The answer when there is exactly one (taken without asking); an amount's lowest
        (the built-in bots' default answer)."""
        if self.kind in ("option", "pile", "name", "amount"):
            return self.options[0] if self.options else None
        if self.kind == "options":
            return list(range(len(self.options)))
        if self.kind == "order":
            return list(self.options)
        if self.kind == "cards":
            return list(self.options[:self.min])
        return None

    def check(self, answer):
        """Validate an answer; returns it normalised or raises IllegalAnswer."""
        if self.kind == "yesno":
            if not isinstance(answer, bool):
                raise IllegalAnswer(f"illegal answer {answer!r}: expected yes or no")
            return answer
        if self.kind == "option":
            if not isinstance(answer, int) or not 0 <= answer < len(self.options):
                raise IllegalAnswer(f"illegal answer {answer!r}: choose 1 to {len(self.options)}")
            return answer
        if self.kind == "amount":
            lo, hi = self.options
            if answer.__class__ is not int or not lo <= answer <= hi:
                raise IllegalAnswer(f"illegal answer {answer!r}: an amount from {lo} to {hi}")
            return answer
        if self.kind in ("pile", "name"):
            if answer is None and self.min == 0:
                return None
            if not isinstance(answer, str) or answer not in self.options:
                raise IllegalAnswer(f"illegal answer {answer!r}: choose one of "
                                    f"{', '.join(self.options)}")
            return answer
        if self.kind == "options":
            ok = isinstance(answer, list) and len(answer) == self.min and \
                len(set(answer)) == len(answer) and \
                all(isinstance(i, int) and not isinstance(i, bool) and
                    0 <= i < len(self.options) for i in answer)
            if not ok:
                raise IllegalAnswer(f"illegal answer {answer!r}: choose {self.min} different "
                                    f"options of 1 to {len(self.options)}")
            return answer
        answer = list(answer)
        if self.kind == "order":
            if sorted(map(id, answer)) != sorted(map(id, self.options)):
                raise IllegalAnswer("illegal answer: an order must list each item once")
            return answer
        if not self.min <= len(answer) <= self.max:
            raise IllegalAnswer(f"illegal answer: choose {self.min}" +
                                (f" to {self.max}" if self.max != self.min else "") + " cards")
        legal = {id(o) for o in self.options}
        chosen = {id(a) for a in answer}
        if len(chosen) != len(answer) or not chosen <= legal:
            raise IllegalAnswer("illegal answer: a chosen card is not one of the choices")
        return answer


def _key(o):
    return getattr(o, "id", o)


def _card_choices(options, lo: int, hi: int) -> int:
    """How many different choices of lo..hi of the cards, counting cards by id, capped at
    2 (choice_count)."""
    return choice_count(len(options), lo, hi,
                        lambda: all(o.d is options[0].d for o in options))


def choice_count(n: int, lo: int, hi: int, one_name) -> int:
    """How many different choices of lo..hi of n cards, capped at 2. Two sizes give two
    answers; one size k with 0 < k < n and two names among the cards gives two (swap a
    chosen card for an unchosen one of another name). `one_name()`: whether the cards are
    all of one name (asked only then)."""
    hi = min(hi, n)
    if lo > hi:
        return 0
    if lo < hi:
        return 2
    if lo == 0 or lo == n:
        return 1
    return 1 if one_name() else 2


class Agent(Protocol):
    """Anything that answers decisions: scripted answers, a bot, a human, a replay. An
    agent may also declare `plays_all_treasures = True`: a standing answer, so that it is
    not asked which Treasures to play (all are played, in hand order; records say so).
    One that declares `answers_directly = True` (the bots) is asked a turn's questions by
    method calls with no Decision made: `action_to_play(game, decider, cards)` (a card or
    None), `treasures_to_play(game, decider, cards)` and `buy_choice(game, decider,
    piles)` (a pile id or None), and, holding tokens of a kind a set lets players spend,
    `tokens_to_spend(game, decider, kind, held)` (how many: 0..held; others are asked an
    `amount` decision of purpose `spend`); a recording or checking wrapper does not declare it, so
    its agent's answers go through decisions and are recorded or checked. An agent with a
    `discard_choice` method (a strategy bot; Interpreter.targets asks it) is offered a
    card's discard that way too, and answers None when only a Decision can say."""

    def decide(self, game, decision: Decision):
        """Return a legal answer: a list of the options' cards (cards, order), a pile id
        or None (pile), True/False (yesno), an option's index (option)."""
