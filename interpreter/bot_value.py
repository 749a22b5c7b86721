"""What an answer is worth to a bot, from what it does: a block of statements is weighed
in the frame it would run in, as coins this turn, cards drawn, Actions and Buys, and the
worth of cards gained, trashed, discarded or put back. Coins are worth what they change in
the bot's buy (so +$2 that turns Silver into Gold counts more than +$2 that buys nothing
better), cards drawn are the deck's coins per card, +Actions are worth the Actions in hand
they let be played. Never a card's id: only what its effect says. Rough on purpose: it
ranks answers, it does not play the game ahead."""
from __future__ import annotations

from dsl import ast as A

from .compiler import compiled, is_kind
from .expressions import Frame, still_there

CURSE_WORTH = -2.5        # a Curse in one's deck, in coins
JUNK_DRAG = 0.6           # a card that does nothing when drawn
OTHERS = 0.7              # what another player's loss is worth to the bot
MAX_DEPTH = 12


class Phantom:
    """A card that is not there yet (a gain being weighed): enough for expressions."""
    __slots__ = ("d", "uid", "zone", "owner")

    def __init__(self, d):
        self.d, self.uid, self.zone, self.owner = d, -1, None, None


_PLAY_WORTH: dict = {}     # id(definition) -> (definition, worth)


def play_worth(d) -> float:
    """A rough worth of playing a card, from its effect alone (once per definition): its
    constant bonuses, the better option of a choice, something for anything else."""
    hit = _PLAY_WORTH.get(id(d))
    if hit is None or hit[0] is not d:
        hit = _PLAY_WORTH[id(d)] = (d, max(0.3, _static(d.on_play)))
    return hit[1]


_STATIC = {"cards": 1.0, "coins": 1.0, "actions": 0.4, "buys": 0.3, "potions": 1.0}


def _static(stmts) -> float:
    total = 0.0
    for s in stmts:
        if isinstance(s, A.Bonus):
            n = s.amount.value if isinstance(s.amount, A.Num) else 1
            total += _STATIC.get(s.counter, 0.3) * n
        elif isinstance(s, A.ChooseOne):
            worths = sorted((_static(b) for b in s.options), reverse=True)
            total += sum(worths[:s.count])
        elif isinstance(s, A.May):
            if not _gives_up_this(s.stmt):     # once, not each time it is played
                total += max(0.0, _static(s.body))
        elif isinstance(s, A.Each) and s.others:
            total += 1.0                     # an attack, usually
        elif isinstance(s, (A.If, A.Gain, A.Play, A.DrawUntil, A.RevealUntil, A.NextTurn,
                            A.Repeat, A.Tokens, A.ExtraTurn, A.TurnCost)):
            total += 0.8
    return total


def _gives_up_this(s) -> bool:
    """`trash this` (or another move of `this` out of the deck for good)."""
    return isinstance(s, A.Move) and s.verb in ("trash", "return") and \
        isinstance(s.target, A.AllOf) and isinstance(s.target.expr, A.Name) and \
        s.target.expr.name == "this"


class Tally:
    """The parts of an answer's worth: coins this turn, cards drawn, Actions, Buys,
    Potions, and the rest (gains, losses) already in coins."""
    __slots__ = ("coins", "cards", "actions", "buys", "potions", "worth")

    def __init__(self):
        self.coins = self.cards = self.actions = self.buys = self.potions = 0.0
        self.worth = 0.0


class Weigher:
    """Weighs blocks for player p of a game (the player whose cards and turn they are)."""

    def __init__(self, game, p: int, bot=None):
        self.g, self.p, self.bot = game, p, bot
        pl = game.players[p]
        h = pl.holdings
        self.density = h.money / h.size if h.size else 0.5
        deck = pl.deck.cards                 # what is drawn next, when it is known
        if len(deck) >= 3:
            self.density = sum(c.d.plain_coins for c in deck) / len(deck)
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
        self.block(stmts, _copy(f), t, 0)
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


def _bonus(w: Weigher, s: A.Bonus, f, t: Tally, depth) -> None:
    n = w.number(s.amount, f)
    counter = s.counter
    if counter == "cards":
        t.cards += n
    elif counter == "coins":
        t.coins += n
    elif counter == "actions":
        t.actions += n
    elif counter == "buys":
        t.buys += n
    elif counter == "potions":
        t.potions += n


def choose_cards(w: Weigher, sel, verb: str, f, dest=None) -> tuple:
    """(cards, coins, worth) of the choice a player would make for a selection: the cards
    worth doing it to, at least as many as it must, at most as many as it may."""
    cands = w.cards_of(sel.source, f)
    if sel.kind and sel.kind not in ("card", "cards"):
        cands = [c for c in cands if is_kind(c.d, sel.kind)]
    if sel.mode == "all":
        lo = hi = len(cands)
    elif sel.mode == "exactly":
        lo = hi = min(max(w.number(sel.count, f), 0), len(cands))
    elif sel.mode == "up_to":
        lo, hi = 0, min(max(w.number(sel.count, f), 0), len(cands))
    else:
        lo, hi = 0, len(cands)
    scored = sorted(((w.card_score(verb, c, dest), c) for c in cands),
                    key=lambda x: -(x[0][0] * 0.9 + x[0][1]))
    chosen, coins, worth = [], 0.0, 0.0
    for (c_coins, c_worth), c in scored[:hi]:
        if len(chosen) >= lo and c_coins * 0.9 + c_worth <= 0:
            break
        chosen.append(c)
        coins += c_coins
        worth += c_worth
    return chosen, coins, worth


def _target(w: Weigher, target, verb: str, f, t: Tally, dest=None) -> tuple:
    """(cards, frame with the binding) of a target: a choice as the player would make it,
    or the cards an expression names; its worth is added to the tally."""
    if isinstance(target, A.AllOf):
        cards = w.cards_of(target.expr, f)
        for c in cards:
            coins, worth = w.card_score(verb, c, dest)
            t.coins += coins
            t.worth += worth
    else:
        cards, coins, worth = choose_cards(w, target, verb, f, dest)
        t.coins += coins
        t.worth += worth
    return cards, w.bind(f, target.bind, cards)


def _move(w: Weigher, s: A.Move, f, t, depth) -> None:
    _, h = _target(w, s.target, s.verb, f, t)
    _rebind(f, h, s.target.bind)


def _put(w: Weigher, s: A.Put, f, t, depth) -> None:
    if s.owner is not None:                    # into another player's zone: passing cards
        cards, h = _target(w, s.target, "trash", f, t)
        t.worth -= 0.3 * sum(w.worth(c.d) for c in cards)
    else:
        _, h = _target(w, s.target, "put", f, t, s.mat and "mat" or s.dest)
    _rebind(f, h, s.target.bind)


def _rebind(f, h, name) -> None:
    """Later statements of the same block see the weighed choice (kept in the frame's
    own copy of the variables, never in the game's)."""
    if name and h is not f:
        f.env = h.env


def _gain(w: Weigher, s: A.Gain, f, t, depth) -> None:
    what = s.what
    g = w.g
    if isinstance(what, A.Selection):
        cards, coins, worth = choose_cards(w, what, "gain", f)
        t.worth += worth
    else:
        cands = g.interp.gain_candidates(what, f)
        if not cands:
            return
        best = max(cands, key=lambda cid: w.worth(g.supply[cid].d))
        d = g.supply[best].d
        cards = [Phantom(d)]
        t.worth += w.worth(d)
        if s.dest == "hand":
            coins, keep = w.hand_worth(d)
            t.coins += coins
            t.worth += keep
    if s.bind:
        f.env = dict(f.env)
        f.env[s.bind] = [(c, c.zone) for c in cards]


def _play(w: Weigher, s: A.Play, f, t, depth) -> None:
    if isinstance(s.target, A.AllOf):
        cards = w.cards_of(s.target.expr, f)
    else:
        cards = choose_cards(w, s.target, "play", f)[0]
    t.worth += s.times * sum(play_worth(c.d) for c in cards)


def _if(w: Weigher, s: A.If, f, t, depth) -> None:
    w.block(s.then if compiled(s.cond)(w.g, f) else s.orelse, f, t, depth)


def _may(w: Weigher, s: A.May, f, t, depth) -> None:
    inner = Tally()
    h = f.child()
    h.env = dict(f.env)
    if s.stmt is not None:
        w.block((s.stmt,), h, inner, depth)
    w.block(s.body, h, inner, depth)
    v = w.total(inner) - w.total(Tally())
    if v > 0:
        t.worth += v


def _choose(w: Weigher, s: A.ChooseOne, f, t, depth) -> None:
    values = sorted((w.value(b, _copy(f)) for b in s.options), reverse=True)
    t.worth += sum(values[:s.count])


def _copy(f: Frame) -> Frame:
    h = f.child()
    h.env = dict(f.env)
    return h


def _each(w: Weigher, s: A.Each, f, t, depth) -> None:
    n = len(w.g.players)
    for i in range(1 if s.others else 0, n):
        q = (f.actor + i) % n
        if f.attack is not None and q in f.attack.unaffected:
            continue
        w.for_player(q, s.body, f.child(actor=q), t, depth)


def _player_block(w: Weigher, s: A.PlayerBlock, f, t, depth) -> None:
    n = len(w.g.players)
    q = (f.actor + (1 if s.side == "left" else -1)) % n
    if q != f.actor:
        w.for_player(q, s.body, f.child(actor=q), t, depth)


def _repeat(w: Weigher, s: A.Repeat, f, t, depth) -> None:
    for _ in range(min(max(w.number(s.count, f), 0), 6)):
        w.block(s.body, f, t, depth)


def _each_card(w: Weigher, s: A.EachCard, f, t, depth) -> None:
    for c in w.cards_of(s.source, f)[:6]:
        w.block(s.body, f.child(it=[(c, c.zone)]), t, depth)


def _as_you(w: Weigher, s: A.AsYou, f, t, depth) -> None:
    w.for_player(f.you, (s.stmt,), f.child(actor=f.you), t, depth)


def _instead(w: Weigher, s: A.Instead, f, t, depth) -> None:
    if f.it:                    # the gain replaced does not happen: a card the player's
        d = f.it[0][0].d        # plan wants now was gained on purpose
        wanted = w.bot is not None and d.id in w.bot.wanted(w.g, w.p)
        t.worth -= max(w.worth(d), 4.0) if wanted else w.worth(d)
    w.block(s.body, f, t, depth)


def _unaffected(w, s, f, t, depth) -> None:
    t.worth += 1.5


def _draw_until(w, s, f, t, depth) -> None:
    t.cards += 2


def _tokens(w: Weigher, s: A.Tokens, f, t, depth) -> None:
    n = w.number(s.amount, f) * s.sign
    rules = w.g.rules
    if s.kind == rules.victory_token:
        t.worth += n * w.vp_weight
    elif not s.on_pile:
        t.worth += 0.9 * n
    else:
        t.worth += 0.3


def _next_turn(w: Weigher, s: A.NextTurn, f, t, depth) -> None:
    later = Tally()
    w.block(s.body, f, later, depth)
    t.worth += 0.9 * (later.coins + later.cards * w.density + 0.3 * later.buys +
                      0.3 * later.actions + later.worth)


def _turn_cost(w: Weigher, s: A.TurnCost, f, t, depth) -> None:
    t.coins -= 0.8 * w.number(s.delta, f) * s.sign


def _extra_turn(w, s, f, t, depth) -> None:
    t.worth += 5.0 if s.who == "you" else 3.0


_STATEMENTS = {
    A.Bonus: _bonus, A.Move: _move, A.Put: _put, A.Gain: _gain, A.Play: _play, A.If: _if,
    A.May: _may, A.ChooseOne: _choose, A.Each: _each, A.PlayerBlock: _player_block,
    A.Repeat: _repeat, A.EachCard: _each_card, A.AsYou: _as_you, A.Instead: _instead,
    A.Unaffected: _unaffected, A.DrawUntil: _draw_until, A.Tokens: _tokens,
    A.NextTurn: _next_turn, A.TurnCost: _turn_cost, A.ExtraTurn: _extra_turn,
}
