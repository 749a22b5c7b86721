"""A player's own tokens (part of Game): one of each kind a set declares with `on_pile`,
`next` or `two_sided` (Adventures' +1 Card, -$2 cost, -1 Card, Journey tokens), each in
one place: nowhere, on a Supply pile, on his deck, taken (in front of him); a two-sided one
face up or down. What a token does is its kind's rule (set.yaml), read here:
- on a pile: `on_play` first when its owner plays a card from that pile (also an empty
  one), `on_buy` when he buys one, `cost` on that pile's cards on his turns (not below $0);
- `next: {draw: -1}` on his deck: his next draw of one or more cards is one fewer;
- `next: {coins: -1}` taken: the next $ he gets from a Treasure or an Action is $1 less.
And Inheritance: one player's cards of one name take another card's abilities and types.
Nothing here costs a game that uses none of it: the first token placed turns on the
hooks (the events "play"/"buy" heard, the cost changes, a draw of this game's own)."""
from __future__ import annotations

from dataclasses import replace

from interpreter.core.setup import held_listeners
from interpreter.core.state import Event


class OwnTokens:
    """Part of Game (needs catalog, players, supply, homes, turn, listened, interp, say)."""
    own_places = None     # (player, kind) -> a pile id | "deck" | "taken"; None: none out
    face_down = frozenset()   # (player, kind) of the two-sided tokens face down
    own_costs = None      # pile id -> ((owner, change), ...) of cost tokens there
    next_coins = 0        # how many `next: {coins}` tokens are taken (Interpreter._bonus)
    inherited = None      # card id -> {player: the card as he has it}

    # ---- places ----------------------------------------------------------------------------
    def own_kind(self, kind: str):
        k = self.catalog.token_kinds.get(kind)
        return k if k is not None and k.own else None

    def token_place(self, p: int, kind: str):
        return self.own_places.get((p, kind)) if self.own_places else None

    def place_token(self, p: int, kind: str, where) -> bool:
        """Player p's token of a kind to a place: a Supply pile id, "deck", "take" (in
        front of him) or None (nowhere); from wherever it was. Putting it where it is does
        nothing (False)."""
        k = self.own_kind(kind)
        if k is None:
            return False
        where = "taken" if where == "take" else where
        if self.own_places is None:
            self.own_places = {}
        old = self.own_places.get((p, kind))
        if old == where:
            return False
        if where is None:
            del self.own_places[(p, kind)]
        else:
            self.own_places[(p, kind)] = where
        if k.next is not None:
            self._count_next()
        if k.on_pile is not None:
            if k.on_pile.on_play:
                self.listened = self.listened | {"play"}
            if k.on_pile.on_buy:
                self.listened = self.listened | {"buy"}
            if k.on_pile.cost:
                self._own_costs_again()
        if self.logging:
            name = self.name(p)
            self.say(f"{name} returns his {kind} token" if where is None else
                     f"{name} puts his {kind} token on his deck" if where == "deck" else
                     f"{name} takes his {kind} token" if where == "taken" else
                     f"{name} moves his {kind} token to the {where} pile")
        return True

    def own_tokens_on(self, p: int, cid) -> int:
        """How many of player p's own tokens lie on the pile of a card id (a mixed pile's
        card: that pile)."""
        if not self.own_places or cid is None:
            return 0
        pid = self.pile_id_of(cid)
        return sum(1 for (q, _), where in self.own_places.items() if q == p and where == pid)

    def pile_id_of(self, cid: str) -> str:
        """The id of the pile a card of id cid comes from (a Knight's: the Knights')."""
        if cid in self.supply:
            return cid
        home = self.homes.get(cid)
        return home.name if home is not None else cid

    def turn_token(self, p: int, kind: str) -> bool:
        """Turn player p's two-sided token over."""
        k = self.own_kind(kind)
        if k is None or not k.two_sided:
            return False
        key = (p, kind)
        self.face_down = self.face_down ^ {key}
        if self.logging:
            self.say(f"{self.name(p)} turns his {kind} token "
                     f"{'face down' if key in self.face_down else 'face up'}")
        return True

    def face_up(self, p: int, kind: str) -> bool:
        return (p, kind) not in self.face_down

    def _count_next(self) -> None:
        """Turn the draw and coin hooks on or off by the `next` tokens out now."""
        draws, coins = self._next_out()
        self.next_coins = coins
        if draws:
            self.draw = self._draw_with_tokens          # this game's draws from now on
        else:
            self.__dict__.pop("draw", None)
        if coins:                # swept Treasures add their coins unheard: play them
            self.listened = self.listened | {"play"}

    def _next_out(self) -> tuple:
        """How many `next: {draw}` tokens lie on a deck, and `next: {coins}` are taken."""
        kinds = self.catalog.token_kinds
        draws = coins = 0
        for (_, kind), where in self.own_places.items():
            rule = kinds[kind].next
            if rule is None:
                continue
            if rule[0] == "draw" and where == "deck":
                draws += 1
            elif rule[0] == "coins" and where == "taken":
                coins += 1
        return draws, coins

    def _next_token(self, p: int, what: str, where: str):
        """Player p's token whose rule changes his next draw or $ (kind, change), or
        None."""
        kinds = self.catalog.token_kinds
        for (q, kind), place in self.own_places.items():
            rule = kinds[kind].next
            if q == p and place == where and rule is not None and rule[0] == what:
                return kind, rule[1]
        return None

    def _draw_with_tokens(self, p: int, n: int) -> list:
        """Game.draw while a `next: {draw}` token is on some deck: the next draw of one or
        more cards of its owner is changed (one fewer), and the token removed."""
        if n > 0:
            hit = self._next_token(p, "draw", "deck")
            if hit is not None:
                self.place_token(p, hit[0], None)
                n = max(0, n + hit[1])
        return type(self).draw(self, p, n)

    def skip_next_draw(self, p: int) -> bool:
        """A draw of one card at a time (`draw until`) is about to start: player p's
        `next: {draw}` token on his deck takes its first draw (removed, nothing drawn)."""
        hit = self._next_token(p, "draw", "deck")
        if hit is None or hit[1] >= 0:
            return False
        self.place_token(p, hit[0], None)
        return True

    def coins_got(self, p: int, n: int, source) -> int:
        """The $ player p gets from a card's ability, less a taken `next: {coins}` token's
        change (the token returned); other $ (a token's, a spend's) are not changed."""
        d = self.catalog.cards.get(source) if source else None
        if d is not None and self.inherited and source in self.inherited:
            d = self.inherited[source].get(p, d)      # his Estate playing as a Village
        if d is None or not (d.is_action or d.is_treasure):
            return n
        hit = self._next_token(p, "coins", "taken")
        if hit is None:
            return n
        self.place_token(p, hit[0], None)
        return max(0, n + hit[1])

    # ---- what a token on a pile does -------------------------------------------------------
    def pile_tokens_play(self, p: int, card) -> None:
        """Its owner plays a card of a pile with his tokens: each one's `on_play` first."""
        self._pile_token_rules(p, card.d.id, "on_play")

    def own_buy(self, p: int, cid: str, card) -> None:
        """Player p buys a card of the pile cid: his tokens' `on_buy` there, then the
        abilities `when you buy this` of the card as he will have it (an Estate that
        inherits a Port's), which the card in the pile has not."""
        if self.own_places:
            self._pile_token_rules(p, cid, "on_buy")
        by = self.inherited.get(card.d.id) if self.inherited else None
        his = by.get(p) if by else None
        if his is not None and card.d is not his:
            ev = Event("buy", p, card, zone=card.zone)
            for trig in his.triggers:
                if trig.on == "buy" and trig.where == "self" and trig not in card.d.triggers \
                        and self._who(trig, p, ev):
                    self.interp.run_trigger(trig, card, p, ev)

    def _pile_token_rules(self, p: int, cid: str, which: str) -> None:
        pid = self.pile_id_of(cid)
        kinds = self.catalog.token_kinds
        for (q, kind), where in list(self.own_places.items()):
            if q == p and where == pid:
                rule = kinds[kind].on_pile
                body = getattr(rule, which) if rule is not None else ()
                if body:
                    if self.logging:
                        self.say(f"{self.name(p)} gets what his {kind} token on the {pid} "
                                 "pile gives")
                    self.interp.run_spend(p, kind, body)

    def _own_costs_again(self) -> None:
        costs = self._own_costs_now()
        self.own_costs = costs
        if costs:
            self.has_modifiers = True

    def _own_costs_now(self):
        """Pile id -> [(owner, change), ...] of the cost tokens lying there, or None."""
        kinds = self.catalog.token_kinds
        costs: dict = {}
        for (q, kind), where in self.own_places.items():
            rule = kinds[kind].on_pile
            if rule is not None and rule.cost and where in self.supply:
                costs.setdefault(where, []).append((q, rule.cost))
        return costs or None

    def own_cost_change(self, d) -> int:
        """The change of a card's cost by the cost tokens on its pile of the player whose
        turn it is."""
        on = self.own_costs.get(self.pile_id_of(d.id))
        if not on:
            return 0
        p = self.turn.player
        return sum(change for owner, change in on if owner == p)

    # ---- Inheritance -----------------------------------------------------------------------
    def inherit(self, p: int, name: str, cid: str) -> bool:
        """Player p sets aside the top card of the pile cid (his, not gained); for the rest
        of the game his cards named `name` have its abilities and types too, keeping their
        name, cost and VP. Another player's are not changed."""
        pile = self.supply.get(cid)
        card = pile.top() if pile is not None else None
        base = self.catalog.cards.get(name)
        if card is None or base is None:
            return False
        self.move(card, self.players[p].set_aside)
        src = card.d
        merged = replace(base, types=tuple(dict.fromkeys(base.types + src.types)),
                         on_play=src.on_play, triggers=base.triggers + src.triggers,
                         modifiers=base.modifiers + src.modifiers)
        if self.inherited is None:
            self.inherited = {}
            self.move = self._move_inheriting            # this game's moves from now on
            self._gained = self._gained_inheriting
        self.inherited.setdefault(name, {})[p] = merged
        self.listened = self.listened | {t.on for t in merged.triggers} | merged.turn_events
        self.hook_events()
        self.has_modifiers = self.has_modifiers or merged.changes_costs
        self.protection = self.protection or merged.protects
        self.held_listeners = held_listeners([merged], self.held_listeners)
        if self.logging:
            self.say(f"{self.name(p)} sets aside {src.id}: his {name} cards have its "
                     "abilities and types")
        for c in self.players[p].all_cards():
            self._as_inherited(c)
        return True

    def _as_inherited(self, card) -> None:
        """The card as its owner has it now (his inherited one, or itself)."""
        by = self.inherited.get(card.d.id)
        if by is None:
            return
        want = by.get(card.owner) or self.catalog.cards[card.d.id]
        if card.d is not want:
            if card.owner is not None:
                holdings = self.players[card.owner].holdings
                holdings.remove(card.d)
                holdings.add(want)
            card.d = want

    def _move_inheriting(self, card, zone, bottom: bool = False) -> None:
        if self.masks:
            self._move_unmasking(card, zone, bottom)
        else:
            type(self).move(self, card, zone, bottom)
        if card.d.id in self.inherited:
            self._as_inherited(card)

    def _gained_inheriting(self, p: int, card, dest: str, origin) -> None:
        if card.d.id in self.inherited:
            self._as_inherited(card)
        type(self)._gained(self, p, card, dest, origin)

    # ---- what must hold ------------------------------------------------------------------------
    def check_own_tokens(self) -> None:
        """Every own token is in one place (a dict holds each (player, kind) once): a real
        kind, a real player, a Supply pile or the deck or taken; each player's cards of an
        inherited name are his inherited card."""
        for (p, kind), where in (self.own_places or {}).items():
            if self.own_kind(kind) is None or not 0 <= p < len(self.players) or \
                    (where not in ("deck", "taken") and where not in self.supply):
                raise AssertionError(f"p{p + 1}'s {kind} token is at {where!r}")
        for p, kind in self.face_down:
            k = self.own_kind(kind)
            if k is None or not k.two_sided or not 0 <= p < len(self.players):
                raise AssertionError(f"p{p + 1}'s {kind} token is turned but is not two-sided")
        if self.own_places:           # what the tokens' places turn on is where they lie
            draws, coins = self._next_out()
            costs = self._own_costs_now()
            if (coins, costs) != (self.next_coins, self.own_costs) or \
                    bool(draws) != ("draw" in self.__dict__) or \
                    costs is not None and not self.has_modifiers:
                raise AssertionError(f"own tokens kept as ${self.next_coins}, costs "
                                     f"{self.own_costs}, lie as {draws} draw(s), ${coins}, "
                                     f"costs {costs}")
        for name, by in (self.inherited or {}).items():
            for pl in self.players:
                want = by.get(pl.index) or self.catalog.cards[name]
                if any(c.d.id == name and c.d is not want for c in pl.all_cards()):
                    raise AssertionError(f"{pl.name}'s {name} cards are not as he has them")
