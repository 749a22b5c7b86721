"""A human at the terminal: every decision shown with numbered choices; bad input re-asks.
Card names in the hand, the supply, the prompts and the log are shown in the player's
language; `?` lists the texts of the cards on offer, `help CARD` shows one card's text."""
from __future__ import annotations

import sys

from dsl.text import terminal as ui

from interpreter.core.decisions import Decision


class HumanAgent:
    def __init__(self, seat: int, inp=None, out=None, locale: str = "en", catalog=None):
        from dsl.text.i18n import LocaleError, get_locale, locale_for
        self.seat, self.locale, self.catalog = seat, locale, catalog
        self.inp, self.out = inp or sys.stdin, out or sys.stdout
        try:       # a fan set's own catalog first (its cards' names), then the shipped one
            loc = locale_for(locale, catalog) if catalog is not None else get_locale(locale)
        except LocaleError:
            loc = get_locale("en")
        self.ui = ui.Words(loc, self.label)

    # ---- words -----------------------------------------------------------------------------
    def card_name(self, d) -> str:
        """A card's name in the player's language (English when it has none)."""
        return self.ui.locale.card_name(d)[0]

    def label(self, o) -> str:
        d = getattr(o, "d", None)
        if d is None and self.catalog is not None and o in self.catalog.cards:
            d = self.catalog.cards[o]
        return self.card_name(d) if d is not None else str(o)

    def pile_label(self, cid: str, pile) -> str:
        """A Supply pile as the player sees it: its card, or a mixed pile's name and its
        top card ("Knights: Sir Bailey"), whose id (`knights`) a buy answers with."""
        top = self.label(pile.d.id)
        if not pile.mixed or self.catalog is None:
            return top
        return f"{self.catalog.name_of(cid, self.ui.locale.code)}: {top}"

    def card_text(self, d) -> str:
        from dsl.text.render import render_card
        r = render_card(d, self.catalog, self.ui.locale)
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
        t = self.ui.t
        self.say("\n".join(self.ui.log_line(x) for x in game.log[-10:]))
        for p, s in zip(game.players, game.scores()):
            self.say(t(ui.SCORE, player=self.ui.player(p.name), vp=s, turns=p.turns))
        self.say(t(ui.WINNER, players=", ".join(self.ui.player(game.players[i].name)
                                                for i in game.winners())))

    def show_state(self, game, d: Decision) -> None:
        t, g = self.ui.t, game.turn
        pl = game.players[g.player]
        whose = t(ui.YOUR_TURN) if g.player == self.seat else \
            t(ui.THEIR_TURN, player=self.ui.player(pl.name))
        if g.controller == self.seat and g.player != self.seat:
            whose = t(ui.WHICH_YOU_CONTROL, turn=whose)
        phase = "buy" if d.purpose in ("play_treasures", "buy") else g.phase
        self.say("\n" + t(ui.HEADER, turn=whose, phase=t(ui.PHASES[phase]), actions=g.actions,
                          buys=g.buys, coins=g.coins) +
                 (t(ui.POTIONS, n=g.potions) if g.potions else ""))
        me = game.players[d.on_behalf if d.on_behalf is not None else self.seat]
        self.say(f"{t(ui.HAND) + ' ':10}" + ", ".join(self.label(c) for c in me.hand.cards))
        self.say(f"{t(ui.IN_PLAY) + ' ':10}" + ", ".join(self.label(c)
                                                          for c in pl.in_play.cards))
        supply = ", ".join(f"{self.pile_label(cid, z)} {game.cost(z.d)} ({len(z)})"
                           for cid, z in game.supply.items())
        self.say(f"{t(ui.SUPPLY) + ' ':10}" + supply)
        if game.landscapes:
            self.say(f"{t(ui.EVENTS) + ' ':10}" + ", ".join(
                f"{self.label(lid)} {d.cost}" for lid, d in game.landscapes.items()))
        for line in game.log[-8:]:
            self.say("  | " + self.ui.log_line(line))

    # ---- answers ---------------------------------------------------------------------------
    def decide(self, game, d: Decision):
        self.show_state(game, d)
        src = f" [{self.label(d.source)}]" if d.source else ""
        while True:
            try:
                return self._ask(game, d, self.ui.prompt(d.prompt) + src)
            except _Help as h:
                self.say(h.text)
            except ValueError as e:
                self.say("  ! " + self.ui.t(ui.TRY_AGAIN, problem=str(e)))

    def _answer(self, prompt: str, d: Decision) -> str:
        """One line of input; `?` and `help CARD` are answered and asked again."""
        a = self.read(prompt)
        low = a.lower()
        if low == "?":
            cards = {getattr(o, "d", None) or (self.catalog.cards.get(o) if self.catalog
                                               else None) for o in d.options}
            texts = [self.card_text(c) for c in sorted((c for c in cards if c is not None),
                                                       key=lambda c: c.id)]
            raise _Help("\n".join("  " + x for x in texts) or "  " + self.ui.t(ui.NO_CARDS_ON_OFFER))
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
        return self.ui.t(ui.NO_SUCH_CARD, name=repr(name))

    def _ask(self, game, d: Decision, prompt: str):
        t = self.ui.t
        if d.kind == "yesno":
            a = self._answer(f"{prompt}? {t(ui.YES_NO)} ", d).lower()
            if a in ("y", "yes", "1", "i", "igen", "a", "ano"):    # also hu, cs
                return True
            if a in ("n", "no", "2", "nem", "ne"):
                return False
            raise ValueError(t(ui.ANSWER_Y_N))
        if d.kind == "amount":                # a whole number from lo to hi
            lo, hi = d.options
            how = t(ui.N_TO_M, lo=lo, hi=hi)
            a = self._answer(f"{prompt} ({how}): ", d)
            n = int(a) if a.isdigit() else -1
            if not lo <= n <= hi:
                raise ValueError(t(ui.CHOOSE_HOW, how=how))
            return n
        labels = [self.pile_label(o, game.supply[o]) if d.kind == "pile" and o in game.supply
                  else t(ui.EVENT_OPTION, name=self.label(o)) if d.kind == "pile" and
                  o in game.landscapes else self.label(o) for o in d.options]
        for i, label in enumerate(labels, 1):
            self.say(f"  {i}. {label}")
        if d.kind in ("option", "pile", "name"):
            extra = " " + t(ui.NONE_CHOICE) if d.min == 0 else ""
            a = self._answer(f"{prompt}{extra}: ", d)
            if not a and d.min == 0:          # Enter: none, as (0 = none) says
                return None
            n = int(a) if a.isdigit() else -1
            if n == 0 and d.min == 0:
                return None
            if not 1 <= n <= len(labels):
                raise ValueError(t(ui.CHOOSE_NUMBER_OR_NONE if d.min == 0 else ui.CHOOSE_NUMBER,
                                   n=len(labels)))
            return n - 1 if d.kind == "option" else d.options[n - 1]
        everything = d.purpose == "play_treasures"
        how = t(ui.ALL_IN_ORDER) if d.kind == "order" else \
            (str(d.min) if d.max == d.min else t(ui.N_TO_M, lo=d.min, hi=d.max))
        if d.kind == "options":
            how = t(ui.DIFFERENT, how=how)
        shown = t(ui.ENTER_ALL, how=how) if everything else how
        a = self._answer(f"{prompt} — {t(ui.NUMBERS, how=shown)}: ", d)
        if everything and not a:
            return list(d.options)
        try:
            nums = [int(x) for x in a.replace(",", " ").split()]
        except ValueError:
            raise ValueError(t(ui.NUMBERS_ONLY)) from None
        if any(not 1 <= n <= len(labels) for n in nums) or len(set(nums)) != len(nums):
            raise ValueError(t(ui.EACH_ONCE))
        if d.kind == "options":
            if len(nums) != d.min:
                raise ValueError(t(ui.CHOOSE_HOW, how=how))
            return [n - 1 for n in nums]
        chosen = [d.options[n - 1] for n in nums]
        if d.kind == "order" and len(chosen) != len(labels):
            raise ValueError(t(ui.LIST_EVERY))
        if not d.min <= len(chosen) <= d.max:
            raise ValueError(t(ui.CHOOSE_HOW, how=how))
        return chosen


class _Help(Exception):
    """Asked for cards' texts instead of answering."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text
