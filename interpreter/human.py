"""A human at the terminal: every decision shown with numbered choices; bad input re-asks."""
from __future__ import annotations

import sys

from .decisions import Decision


class HumanAgent:
    def __init__(self, name: str, inp=None, out=None, locale: str = "en", catalog=None):
        self.name, self.locale, self.catalog = name, locale, catalog
        self.inp, self.out = inp or sys.stdin, out or sys.stdout

    def card_name(self, d) -> str:
        """A card's name in the player's language (English when it has none)."""
        return d.names.get(self.locale) or d.names["en"]

    def label(self, o) -> str:
        d = getattr(o, "d", None)
        if d is None and self.catalog is not None and o in self.catalog.cards:
            d = self.catalog.cards[o]
        return self.card_name(d) if d is not None else str(o)

    def show_end(self, game) -> None:
        self.say("\n".join(game.log[-10:]))
        for p, s in zip(game.players, game.scores()):
            self.say(f"{p.name}: {s} VP in {p.turns} turns")
        self.say("winner: " + ", ".join(game.players[i].name for i in game.winners()))

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def read(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            raise EOFError("input ended")
        return line.strip()

    def show_state(self, game) -> None:
        t = game.turn
        pl = game.players[t.player]
        self.say(f"\n== {pl.name}'s turn, {t.phase} phase: actions {t.actions}, buys {t.buys}, "
                 f"${t.coins}" + (f", {t.potions} potion(s)" if t.potions else ""))
        me = game.players[[a for a in range(len(game.players))
                           if game.agents[a] is self][0]]
        self.say("hand:    " + ", ".join(self.label(c) for c in me.hand.cards))
        self.say("in play: " + ", ".join(self.label(c) for c in pl.in_play.cards))
        supply = ", ".join(f"{self.label(z.d.id)} {game.cost(z.d)} ({len(z)})"
                           for cid, z in game.supply.items())
        self.say("supply:  " + supply)
        for line in game.log[-8:]:
            self.say("  | " + line)

    def decide(self, game, d: Decision):
        self.show_state(game)
        src = f" [{d.source}]" if d.source else ""
        while True:
            try:
                return self._ask(d, src)
            except ValueError as e:
                self.say(f"  ! {e}; try again")

    def _ask(self, d: Decision, src: str):
        if d.kind == "yesno":
            a = self.read(f"{d.prompt}{src}? (y/n) ").lower()
            if a in ("y", "yes", "1"):
                return True
            if a in ("n", "no", "2"):
                return False
            raise ValueError("answer y or n")
        labels = [self.label(o) for o in d.options]
        for i, label in enumerate(labels, 1):
            self.say(f"  {i}. {label}")
        if d.kind in ("option", "pile", "name"):
            extra = " (0 = none)" if d.min == 0 else ""
            a = self.read(f"{d.prompt}{src}{extra}: ")
            n = int(a) if a.isdigit() else -1
            if n == 0 and d.min == 0:
                return None
            if not 1 <= n <= len(labels):
                raise ValueError(f"choose a number from 1 to {len(labels)}")
            return n - 1 if d.kind == "option" else d.options[n - 1]
        how = "all, in order, first first" if d.kind == "order" else \
            f"{d.min}" + (f" to {d.max}" if d.max != d.min else "")
        if d.kind == "options":
            how += " different"
        a = self.read(f"{d.prompt}{src} — numbers separated by spaces ({how}): ")
        try:
            nums = [int(x) for x in a.replace(",", " ").split()]
        except ValueError:
            raise ValueError("numbers only") from None
        if any(not 1 <= n <= len(labels) for n in nums) or len(set(nums)) != len(nums):
            raise ValueError("each number once, from the list")
        if d.kind == "options":
            if len(nums) != d.min:
                raise ValueError(f"choose {how}")
            return [n - 1 for n in nums]
        chosen = [d.options[n - 1] for n in nums]
        if d.kind == "order" and len(chosen) != len(labels):
            raise ValueError("list every item")
        if not d.min <= len(chosen) <= d.max:
            raise ValueError(f"choose {how}")
        return chosen
