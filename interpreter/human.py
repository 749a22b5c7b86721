"""A human at the terminal: every decision shown with numbered choices; bad input re-asks.
Card names in the hand, the supply, the prompts and the log are shown in the player's
language; `?` lists the texts of the cards on offer, `help CARD` shows one card's text."""
from __future__ import annotations

import re
import sys

from .decisions import Decision


class HumanAgent:
    def __init__(self, seat: int, inp=None, out=None, locale: str = "en", catalog=None):
        self.seat, self.locale, self.catalog = seat, locale, catalog
        self.inp, self.out = inp or sys.stdin, out or sys.stdout
        self._ids = None               # a pattern of every card id, for log lines

    # ---- words -----------------------------------------------------------------------------
    def card_name(self, d) -> str:
        """A card's name in the player's language (English when it has none)."""
        return d.names.get(self.locale) or d.names["en"]

    def label(self, o) -> str:
        d = getattr(o, "d", None)
        if d is None and self.catalog is not None and o in self.catalog.cards:
            d = self.catalog.cards[o]
        return self.card_name(d) if d is not None else str(o)

    def words(self, text: str) -> str:
        """A log line or prompt with its card ids as card names in the player's language."""
        if self.catalog is None:
            return text
        if self._ids is None:
            ids = sorted(self.catalog.cards, key=len, reverse=True)
            self._ids = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b")
        return self._ids.sub(lambda m: self.label(m.group(1)), text)

    def card_text(self, d) -> str:
        from dsl.i18n import LocaleError, get_locale
        from dsl.render import render_card
        try:
            loc = get_locale(self.locale)
        except LocaleError:
            loc = get_locale("en")
        r = render_card(d, self.catalog, loc)
        return f"{r.name} ({' - '.join(r.types)}, {r.cost}): " + " ".join(
            x for x in r.text if x != "———")

    # ---- the screen ------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def read(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            raise EOFError("input ended")
        return line.strip()

    def show_end(self, game) -> None:
        self.say("\n".join(self.words(x) for x in game.log[-10:]))
        for p, s in zip(game.players, game.scores()):
            self.say(f"{p.name}: {s} VP in {p.turns} turns")
        self.say("winner: " + ", ".join(game.players[i].name for i in game.winners()))

    def show_state(self, game, d: Decision) -> None:
        t = game.turn
        pl = game.players[t.player]
        whose = "your turn" if t.player == self.seat else f"{pl.name}'s turn"
        if t.controller == self.seat and t.player != self.seat:
            whose += ", which you control"
        phase = "buy" if d.purpose in ("play_treasures", "buy") else t.phase
        self.say(f"\n== {whose}, {phase} phase: actions {t.actions}, buys {t.buys}, "
                 f"${t.coins}" + (f", {t.potions} potion(s)" if t.potions else ""))
        me = game.players[d.on_behalf if d.on_behalf is not None else self.seat]
        self.say("hand:    " + ", ".join(self.label(c) for c in me.hand.cards))
        self.say("in play: " + ", ".join(self.label(c) for c in pl.in_play.cards))
        supply = ", ".join(f"{self.label(z.d.id)} {game.cost(z.d)} ({len(z)})"
                           for cid, z in game.supply.items())
        self.say("supply:  " + supply)
        for line in game.log[-8:]:
            self.say("  | " + self.words(line))

    # ---- answers ---------------------------------------------------------------------------
    def decide(self, game, d: Decision):
        self.show_state(game, d)
        src = f" [{self.label(d.source)}]" if d.source else ""
        while True:
            try:
                return self._ask(d, self.words(d.prompt) + src)
            except _Help as h:
                self.say(h.text)
            except ValueError as e:
                self.say(f"  ! {e}; try again")

    def _answer(self, prompt: str, d: Decision) -> str:
        """One line of input; `?` and `help CARD` are answered and asked again."""
        a = self.read(prompt)
        low = a.lower()
        if low == "?":
            cards = {getattr(o, "d", None) or (self.catalog.cards.get(o) if self.catalog
                                               else None) for o in d.options}
            texts = [self.card_text(c) for c in sorted((c for c in cards if c is not None),
                                                       key=lambda c: c.id)]
            raise _Help("\n".join("  " + x for x in texts) or "  (no cards on offer)")
        if low.startswith("help"):
            raise _Help("  " + self._help(a[4:].strip()))
        return a

    def _help(self, name: str) -> str:
        if self.catalog is None:
            return "no cards known"
        key = name.casefold()
        for d in self.catalog.cards.values():
            if key in (d.id, *(n.casefold() for n in d.names.values())):
                return self.card_text(d)
        return f"no card named {name!r}; `help CARD` takes a card's name or id"

    def _ask(self, d: Decision, prompt: str):
        if d.kind == "yesno":
            a = self._answer(f"{prompt}? (y/n) ", d).lower()
            if a in ("y", "yes", "1"):
                return True
            if a in ("n", "no", "2"):
                return False
            raise ValueError("answer y or n")
        labels = [self.label(o) for o in d.options]
        for i, label in enumerate(labels, 1):
            self.say(f"  {i}. {self.words(label)}")
        if d.kind in ("option", "pile", "name"):
            extra = " (0 = none)" if d.min == 0 else ""
            a = self._answer(f"{prompt}{extra}: ", d)
            n = int(a) if a.isdigit() else -1
            if n == 0 and d.min == 0:
                return None
            if not 1 <= n <= len(labels):
                raise ValueError(f"choose a number from 1 to {len(labels)}")
            return n - 1 if d.kind == "option" else d.options[n - 1]
        everything = d.purpose == "play_treasures"
        how = "all, in order, first first" if d.kind == "order" else \
            f"{d.min}" + (f" to {d.max}" if d.max != d.min else "")
        if d.kind == "options":
            how += " different"
        hint = "; Enter plays them all" if everything else ""
        a = self._answer(f"{prompt} — numbers separated by spaces ({how}{hint}): ", d)
        if everything and not a:
            return list(d.options)
        try:
            nums = [int(x) for x in a.replace(",", " ").split()]
        except ValueError:
            raise ValueError("numbers only (or ? for the cards' texts)") from None
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


class _Help(Exception):
    """Asked for cards' texts instead of answering."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text
