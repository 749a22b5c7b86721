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
        self.seen = 0                    # how much of the game's log the player has seen

    # ---- words -----------------------------------------------------------------------------
    def card_name(self, d) -> str:
        """A card's name in the player's language (English when it has none)."""
        return self.ui.locale.card_name(d)[0]

    def label(self, o) -> str:
        d = getattr(o, "d", None)
        if d is None and self.catalog is not None and o in self.catalog.cards:
            d = self.catalog.cards[o]
        if d is None and isinstance(o, str):
            return self.token_label(o)
        return self.card_name(d) if d is not None else str(o)

    def token_label(self, kind: str) -> str:
        """A kind of token by the name its set declares, in the player's language (the
        kind's id when no set names it)."""
        names = next((s["tokens"][kind] for s in (self.catalog.sets.values()
                                                  if self.catalog is not None else ())
                      if kind in (s.get("tokens") or {})), None)
        return self.ui.locale.token_name(names)[0] or kind if names else kind

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
        self.show_log(game)
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
        for name, zone in sorted(me.mats.items()):         # the cards on your mats
            if zone.cards:
                self.say(f"{t(ui.MAT, mat=name.replace('_', ' ')) + ' ':10}" +
                         ", ".join(self.label(c) for c in zone.cards))
        supply = ", ".join(f"{self.pile_label(cid, z)} {game.cost(z.d)} ({len(z)})"
                           for cid, z in game.supply.items())
        self.say(f"{t(ui.SUPPLY) + ' ':10}" + supply)
        held = [(q, [(k, n) for k, n in sorted(q.tokens.items()) if n]) for q in game.players]
        if any(h for _, h in held):          # each player's tokens, by their kinds' names
            self.say(f"{t(ui.TOKENS) + ' ':10}" + "; ".join(
                t(ui.HELD_TOKENS, player=self.ui.player(q.name), tokens=", ".join(
                    t(ui.N_TOKENS, n=n, kind=self.label(k)) for k, n in h))
                for q, h in held if h))
        if game.landscapes:
            self.say(f"{t(ui.EVENTS) + ' ':10}" + ", ".join(
                f"{self.label(lid)} {d.cost}" for lid, d in game.landscapes.items()))
        own = self.own_tokens(game, me.index)
        if own:
            self.say(f"{t(ui.TOKENS) + ' ':10}" + ", ".join(own))
        self.show_log(game)

    def show_log(self, game, limit: int = 40) -> None:
        """The log since the player last saw it (at least its last 8 lines, at most
        `limit`): what the bots did between his decisions, calls and exchanges too."""
        start = max(len(game.log) - limit, min(self.seen, len(game.log) - 8), 0)
        for line in game.log[start:]:
            self.say("  | " + self.ui.log_line(line))
        self.seen = len(game.log)

    def own_tokens(self, game, p: int) -> list:
        """Where player p's own tokens are (those out, and a two-sided one face down)."""
        t, out = self.ui.t, []
        names = game.catalog.token_kinds
        for (q, kind), where in sorted((game.own_places or {}).items()):
            if q != p:
                continue
            name = names[kind].names.get(self.ui.locale.code) or names[kind].names.get("en", kind)
            if where in game.supply:
                out.append(t(ui.TOKEN_PLACES["pile"], kind=name,
                             card=self.pile_label(where, game.supply[where])))
            else:
                out.append(t(ui.TOKEN_PLACES[where], kind=name))
        for q, kind in sorted(game.face_down):
            if q == p:
                out.append(t(ui.TOKEN_PLACES["down"], kind=self.token_label(kind)))
        return out

    # ---- answers ---------------------------------------------------------------------------
    def decide(self, game, d: Decision):
        self.show_state(game, d)
        src = f" [{self.label(d.source)}]" if d.source and d.purpose not in ("spend", "overpay") else ""
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
        if d.kind == "amount":               # a number lo..hi (tokens to spend, an overpay)
            lo, hi = d.options
            a = self._answer(f"{prompt} — {t(ui.AMOUNT, lo=lo, hi=hi)}: ", d)
            if not a:
                return lo
            if not a.isdigit() or not lo <= int(a) <= hi:
                raise ValueError(t(ui.CHOOSE_AMOUNT, lo=lo, hi=hi))
            return int(a)
        if d.kind == "yesno":
            a = self._answer(f"{prompt}? {t(ui.YES_NO)} ", d).lower()
            if a in ("y", "yes", "1", "i", "igen", "a", "ano"):    # also hu, cs
                return True
            if a in ("n", "no", "2", "nem", "ne"):
                return False
            raise ValueError(t(ui.ANSWER_Y_N))
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
