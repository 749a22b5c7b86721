"""What an answer is worth to a bot, from what it does: a block of statements is weighed
in the frame it would run in, as coins this turn, cards drawn, Actions and Buys, and the
worth of cards gained, trashed, discarded or put back. Coins are worth what they change in
the bot's buy (so +$2 that turns Silver into Gold counts more than +$2 that buys nothing
better), cards drawn are the deck's coins per card, +Actions are worth the Actions in hand
they let be played. Never a card's id: only what its effect says. Rough on purpose: it
ranks answers, it does not play the game ahead."""
from __future__ import annotations

from interpreter.effects.compiler import compiled
from interpreter.effects.expressions import Frame, still_there

from .weigh import STATEMENTS as _STATEMENTS
from .worth import OTHERS, Tally, copy_frame, play_worth

CURSE_WORTH = -2.5        # a Curse in one's deck, in coins
JUNK_DRAG = 0.6           # a card that does nothing when drawn
MAX_DEPTH = 12


class Weigher:
    """Weighs blocks for player p of a game (the player whose cards and turn they are)."""

    def __init__(self, game, p: int, bot=None):
        self.g, self.p, self.bot = game, p, bot
        pl = game.players[p]
        h = pl.holdings
        self._density = None
        self.action_share = h.actions / h.size if h.size else 0.0
        t = game.turn
        self.own_turn = t.player == p and t.phase != "cleanup"
        self.actions = t.actions if self.own_turn else 0
        self.hand_coins = 0
        if self.own_turn:
            self.hand_coins = t.coins + sum(c.d.plain_coins for c in pl.hand.cards
                                            if c.d.is_treasure)
        to_end = game.to_end
        self.vp_weight = 1.6 if to_end <= 3 else (0.9 if to_end <= 6 else 0.35)
        self._others: dict = {}

    @property
    def density(self) -> float:
        """The coins per card drawn next: of the deck when it holds 3 or more cards, else
        of all the player's cards (worked out when first read: many answers never do)."""
        density = self._density
        if density is None:
            pl = self.g.players[self.p]
            deck = pl.deck.cards
            if len(deck) >= 3:
                density = sum(c.d.plain_coins for c in deck) / len(deck)
            else:
                h = pl.holdings
                density = h.money / h.size if h.size else 0.5
            self._density = density
        return density

    # ---- the worth of cards ----------------------------------------------------------------
    def worth(self, d) -> float:
        """What owning one more of this card is worth (gaining it; less when trashing it)."""
        types = d.types
        if "curse" in types:
            return CURSE_WORTH
        w = 0.0
        if d.vp is not None:
            vp = d.fixed_vp if d.fixed_vp is not None else d.cost.coins / 2
            w += vp * self.vp_weight
        useful = False
        if d.is_treasure:
            useful = True
            coins = d.plain_coins
            potions = d.sweep[0] == 0 and d.sweep[1] is not None and d.sweep[1][0] \
                if d.sweep is not None else 0
            w += max(1.5 * coins - 1.0, 1.5 * potions, 0.2,
                     0.0 if coins or potions else 0.5 * d.cost.coins)
        if d.is_action:
            useful = True
            w += play_worth(d) - 0.5
        if not useful:
            w -= JUNK_DRAG
        return w

    def hand_worth(self, d) -> tuple:
        """(coins, other worth) of a card kept in hand this turn (its next turn, when this
        is not the player's turn)."""
        if d.is_treasure:
            return (d.plain_coins or 0.5 * d.cost.coins / 2, 0.0)
        if d.is_action:
            if self.own_turn:
                return (0.0, play_worth(d) if self.actions > 0 else 0.1)
            return (0.0, 0.7 * play_worth(d))
        return (0.0, 0.0)

    def next_draw(self, d) -> float:
        """A card's worth as the next card drawn, against an average card."""
        if d.is_treasure:
            v = d.plain_coins or 0.5 * d.cost.coins / 2
        elif d.is_action:
            v = 0.8 * play_worth(d)
        else:
            v = 0.0
        return v - self.density

    # ---- coins -----------------------------------------------------------------------------
    def buy_worth(self, coins: int) -> float:
        """What the bot's buy with this many coins is worth: the first card of its plan it
        could buy, by cost (a dearer card the plan prefers is worth more)."""
        bot = self.bot
        if bot is None:
            return 0.4 * coins
        g = self.g
        frame = bot.frame_for(self.p)
        potions = g.turn.potions
        for cid, cond in bot.plan:
            pile = g.supply.get(cid)
            if pile is None or not len(pile):
                continue
            c = g.cost(pile.d)
            if c.coins <= coins and c.potion <= potions and (cond is None or cond(g, frame)):
                value = c.coins + 2.5 * c.potion
                return 0.06 * value * value
        return 0.0

    def coin_value(self, x: float) -> float:
        if not x:
            return 0.0
        if not self.own_turn or self.bot is None:
            return 0.8 * x
        base = self.hand_coins
        lo = int(x // 1)
        frac = x - lo
        now = self.buy_worth(max(0, base))
        v = self.buy_worth(max(0, base + lo)) - now
        if frac:
            v += frac * (self.buy_worth(max(0, base + lo + 1)) - self.buy_worth(max(0, base + lo)))
        return v + 0.25 * x

    def action_value(self, n: float) -> float:
        if not n:
            return 0.0
        if not self.own_turn:
            return 0.1 * n
        dead = sorted((play_worth(c.d) for c in self.g.players[self.p].hand.cards
                       if c.d.is_action), reverse=True)
        usable = dead[self.actions:]
        k = int(min(n, len(usable)))
        return sum(usable[:k]) + 0.15 * n + (0.3 * self.action_share * n * 3)

    def total(self, t: Tally) -> float:
        cards = t.cards
        draw_coins = cards * self.density * 0.9
        extra = 0.02 * cards + (0.15 * cards * self.action_share if self.actions > 0 else 0)
        return (self.coin_value(t.coins + draw_coins) + extra + self.action_value(t.actions)
                + 0.3 * t.buys + 1.0 * t.potions + t.worth)

    # ---- blocks ----------------------------------------------------------------------------
    def value(self, stmts, f: Frame, coins: float = 0.0, worth: float = 0.0) -> float:
        """The worth of doing these statements for this weigher's player (in a copy of
        the frame: weighing binds nothing in the game), with `coins` and `worth` already
        won or lost by the answer."""
        t = Tally()
        t.coins, t.worth = coins, worth
        self.block(stmts, copy_frame(f), t, 0)
        return self.total(t)

    def block(self, stmts, f: Frame, t: Tally, depth: int) -> None:
        if depth > MAX_DEPTH:
            return
        for s in stmts:
            fn = _STATEMENTS.get(type(s))
            if fn is not None:
                fn(self, s, f, t, depth + 1)

    def other(self, q: int) -> "Weigher":
        w = self._others.get(q)
        if w is None:
            w = self._others[q] = Weigher(self.g, q, None)
        return w

    def for_player(self, q: int, stmts, f: Frame, t: Tally, depth: int) -> None:
        """Statements done by another player (an attack's victim): his loss is the bot's
        gain, and his gain its loss."""
        if q == self.p:
            self.block(stmts, f, t, depth)
            return
        w = self.other(q)
        sub = Tally()
        w.block(stmts, f, sub, depth)
        t.worth -= OTHERS * w.total(sub)

    def bind(self, f: Frame, name, cards) -> Frame:
        """A frame where `name` holds these cards (the original frame is left alone)."""
        if not name:
            return f
        h = f.child()
        h.env = dict(f.env)
        h.env[name] = [(c, c.zone) for c in cards]
        return h

    def cards_of(self, e, f: Frame) -> list:
        v = compiled(e)(self.g, f)
        return still_there(v) if isinstance(v, list) else []

    def number(self, e, f: Frame) -> int:
        if e is None:
            return 0
        v = compiled(e)(self.g, f)
        return v if isinstance(v, int) and not isinstance(v, bool) else 0

    # ---- the worth of one card chosen for a verb ---------------------------------------------
    def card_score(self, verb: str, c, dest: str | None = None) -> tuple:
        """(coins, worth) of doing `verb` to card c for its owner (this weigher's player)."""
        d = c.d
        zone = getattr(c.zone, "name", "")
        in_hand = zone == "hand"
        coins, keep = self.hand_worth(d) if in_hand else (0.0, 0.0)
        if verb in ("trash", "return"):
            return (-coins, -keep - self.worth(d))
        if verb == "discard":
            if in_hand:
                return (-coins, -keep)
            if zone in ("revealed", "deck"):
                return (0.0, -self.next_draw(d))
            return (0.0, 0.0)
        if verb == "put":
            if dest == "hand":
                got = self.hand_worth(d)
                return (got[0], got[1])
            if dest in ("deck", "deck_bottom") and in_hand:
                return (-coins, -keep + 0.8 * (self.next_draw(d) + self.density))
            if dest == "deck":
                return (0.0, self.next_draw(d))
            if dest == "mat":
                junk = JUNK_DRAG if not (d.is_action or d.is_treasure) else 0.0
                return (-coins, -keep + junk + (CURSE_WORTH * -0.5 if "curse" in d.types
                                                 else 0.0) - (0.3 if not junk else 0.0))
            return (-coins, -keep)
        if verb == "set_aside":
            return (-coins, -keep + max(0.0, self.next_draw(d) + self.density) * 0.5
                    if zone == "hand" else self.density - self.next_draw(d) - self.density)
        if verb == "gain":
            return (0.0, self.worth(d))
        if verb in ("choose", "play"):
            return (0.0, self.worth(d))
        return (0.0, 0.0)

