"""What a strategy bot weighs on its own turn (interpreter/bots/value.Weigher), written out
for the compiled game: a block's Tally (coins, cards, Actions, Buys, Potions, worth), its
total() with coin_value() (the bot's buy plan as a list of what each number of coins buys
it, `bws`), action_value() and the deck's density. What depends only on a card's
definition is a table made at compile time by the generic Weigher itself (a card's worth
for each weight of Victory points, its score trashed from hand or from play, its play
worth), so the floats are the same bits; the rest keeps the generic order of operations.
Anything else raises Unsupported (the run is then the generic engine's)."""
from __future__ import annotations

from types import SimpleNamespace

from dsl.language import ast as A
from dsl.language.walk import nodes

from interpreter.bots.value import Weigher
from interpreter.bots.worth import play_worth
from .exprs import Exprs
from .plays import card_numbers, member
from .scope import Unsupported
from . import weighed

TO_END = (3, 6, 7)        # a gains-to-end in each band of Weigher.vp_weight (<= 3, <= 6, more)
_COUNTERS = {"cards": "cards", "coins": "coins", "actions": "actions", "buys": "buys",
             "potions": "potions"}
PARTS = ("coins", "cards", "actions", "buys", "potions", "worth")


def _weigher(to_end: int, actions: int) -> Weigher:
    """A generic Weigher on its player's own turn with nothing in hand: what it says of a
    card's definition alone."""
    pl = SimpleNamespace(holdings=SimpleNamespace(actions=0, size=0, money=0),
                         hand=SimpleNamespace(cards=[]))
    turn = SimpleNamespace(player=0, phase="action", actions=actions, coins=0)
    return Weigher(SimpleNamespace(players=[pl], turn=turn, to_end=to_end), 0, None)


def _scored(w: Weigher, d, zone: str) -> tuple:
    return w.card_score("trash", SimpleNamespace(d=d, zone=SimpleNamespace(name=zone)))


def tables(scope) -> list:
    """The tables the weighing lines read, by card number: WORTH[band] (Weigher.worth),
    TRASH_HAND[has Actions * 3 + band] and TRASH_PLAY[band] (card_score of a trash),
    PLAY_WORTH."""
    cards = scope.cards
    worth = tuple(tuple(_weigher(e, 1).worth(d) for d in cards) for e in TO_END)
    hand = tuple(tuple(_scored(_weigher(e, act), d, "hand") for d in cards)
                 for act in (0, 1) for e in TO_END)
    play = tuple(tuple(_scored(_weigher(e, 1), d, "in_play") for d in cards) for e in TO_END)
    return [f"PLAY_WORTH = {tuple(play_worth(d) for d in cards)}    # bots/worth.play_worth",
            f"WORTH = {worth}    # Weigher.worth, by the weight of VP (gains to the end)",
            f"TRASH_HAND = {hand}    # card_score of a trash from hand",
            f"TRASH_PLAY = {play}    # card_score of a trash from play"]


HELPERS = '''
def coin_value(x, base, bws):
    """bots/value.Weigher.coin_value on its player's turn (bws[k]: buy_worth(k))."""
    if not x:
        return 0.0
    top = len(bws) - 1
    lo = int(x // 1)
    frac = x - lo
    k = max(0, base)
    now = bws[k if k < top else top]
    k = max(0, base + lo)
    at = bws[k if k < top else top]
    v = at - now
    if frac:
        k = max(0, base + lo + 1)
        v += frac * (bws[k if k < top else top] - at)
    return v + 0.25 * x


def action_value(n, hand, actions, share):
    """Weigher.action_value on its player's turn."""
    if not n:
        return 0.0
    dead = sorted([PLAY_WORTH[x] for x in hand if A_FROM <= x < A_TO], reverse=True)
    usable = dead[actions:]
    k = int(min(n, len(usable)))
    return sum(usable[:k]) + 0.15 * n + (0.3 * share * n * 3)


def total(tc, tk, ta, tb, tp, tw, den, share, actions, base, bws, hand):
    """Weigher.total of a tally."""
    draw_coins = tk * den * 0.9
    extra = 0.02 * tk + (0.15 * tk * share if actions > 0 else 0)
    return (coin_value(tc + draw_coins, base, bws) + extra + action_value(ta, hand, actions, share)
            + 0.3 * tb + 1.0 * tp + tw)


def chosen_key(score):
    """bots/weigh.choose_cards' order of the candidates."""
    return -(score[0] * 0.9 + score[1])
'''


def helpers() -> list:
    return HELPERS.strip("\n").split("\n")


def check(scope) -> None:
    """What a weighing here assumes: the player's own turn, costs that do not change."""
    if scope.controlled_turns:
        raise Unsupported("a question a strategy bot weighs, with extra turns another player "
                          "controls")
    scope.weighs = True


def state(scope, bot=None) -> list:
    """Lines setting what Weigher(game, p, bot) reads, on player p's own turn: the band of
    the weight of Victory points, whether Actions are left, the share of Actions, the
    coins in hand, the density, and `bws` (buy_worth by coins) for the bot `b` (or the
    given bot index only)."""
    lines = ["w_band = 0 if tte <= 3 else 1 if tte <= 6 else 2",
             "w_act = 3 if actions > 0 else 0",
             "w_share = nact[p] / size[p] if size[p] else 0.0",
             "w_base = coins + sum([PLAIN[x] for x in hand if x < TREASURES])"]
    lines += weighed.density("deck", "p")
    exprs = Exprs(scope, turn=True)
    bots = [(i, b) for i, b in enumerate(scope.bots) if not b.random and bot in (None, i)]
    for k, (i, b) in enumerate(bots):
        chain = _buy_worths(scope, exprs, b.strategy)
        if bot is not None:
            lines += chain
        else:
            lines += [("if " if k == 0 else "elif ") + f"b == {i}:"] + ["    " + x for x in chain]
    if bot is None:
        lines += ["else:", "    bws = None"]
    return lines


def _buy_worths(scope, exprs, strategy) -> list:
    """Weigher.buy_worth(k) for k = 0 .. the dearest planned card (more buys the same)."""
    chain, top = [], 0
    for cid, cond in strategy.buy:
        slot = scope.slot.get(cid)
        if slot is None:
            continue
        cost = scope.plan.piles[slot][1].cost
        top = max(top, cost.coins)
        tests = [f"{cost.coins} <= w_k"] if cost.coins else []
        if cost.potion:
            tests.append(f"{cost.potion} <= potions")
        tests.append(f"sizes[{slot}]")
        if cond is not None:
            tests.append(f"({exprs.condition(cond, 'p')})")
        value = cost.coins + 2.5 * cost.potion
        chain.append((" and ".join(tests), repr(0.06 * value * value)))
    lines = ["bws = []", f"for w_k in range({top + 1}):"]
    for k, (test, worth) in enumerate(chain):
        lines += ["    " + ("if " if k == 0 else "elif ") + test + ":",
                  f"        bws.append({worth})"]
    if chain:
        lines += ["    else:", "        bws.append(0.0)"]
    else:
        lines.append("    bws.append(0.0)")
    return lines


class Weigh:
    """Lines for Weigher.value of blocks of card `d`'s effect, after state() (player `p`'s
    own turn); `env`: the bound names the block may read, each with whether it holds cards;
    `this_zone`: where the card itself is (`hand` when its play is weighed before it)."""

    def __init__(self, scope):
        self.scope = scope
        self.exprs = Exprs(scope)
        self.made = 0

    def value(self, d, stmts, env: dict, this_zone: str, out: str, coins: str = "0.0",
              worth: str = "0.0") -> list:
        """Lines setting `out` to Weigher.value(stmts, ..., coins, worth)."""
        k = self.made
        self.made += 1
        t = {part: f"w{k}_{part}" for part in PARTS}
        lines = [f"{t['coins']} = {coins}",
                 f"{t['cards']} = {t['actions']} = {t['buys']} = {t['potions']} = 0.0",
                 f"{t['worth']} = {worth}"]
        lines += self.block(d, stmts, env, this_zone, t)
        args = ", ".join(t[part] for part in PARTS)
        return lines + [f"{out} = total({args}, den, w_share, actions, w_base, bws, hand)"]

    def block(self, d, stmts, env, this_zone, t) -> list:
        lines = []
        for s in stmts:
            make = _STATEMENTS.get(s.__class__)
            if make is None:
                raise Unsupported(f"{d.id}: weighing the statement {type(s).__name__}")
            lines += make(self, d, s, env, this_zone, t)
        return lines

    def _bonus(self, d, s: A.Bonus, env, this_zone, t) -> list:
        part = _COUNTERS.get(s.counter)
        if part is None:
            return []
        _reads(d, s.amount, env)
        return [f"{t[part]} += {self.exprs.number(s.amount, 'p')}"]

    def _gain(self, d, s: A.Gain, env, this_zone, t) -> list:
        """A named pile's top card: its worth (nothing when the pile is empty)."""
        what = s.what
        if what.__class__ is not A.GainSpec or s.bind is not None or \
                what.kind not in self.scope.slot or what.relation is not None or \
                what.cond is not None or what.copy_of is not None or s.dest == "hand":
            raise Unsupported(f"{d.id}: weighing a gain other than of a named pile")
        slot = self.scope.slot[what.kind]
        c = self.scope.number[self.scope.plan.piles[slot][0]]
        return [f"if sizes[{slot}]:", f"    {t['worth']} += WORTH[w_band][{c}]"]

    def _if(self, d, s: A.If, env, this_zone, t) -> list:
        cond = s.cond
        negated = cond.__class__ is A.Not
        name = cond.operand if negated else cond
        if name.__class__ is A.Name and name.name in env:     # a name the answer binds
            taken = s.then if env[name.name] != negated else s.orelse
            return self.block(d, taken, env, this_zone, t)
        _reads(d, cond, env)
        lines = [f"if {self.exprs.condition(cond, 'p')}:"]
        lines += ["    " + x for x in (self.block(d, s.then, env, this_zone, t) or ["pass"])]
        orelse = self.block(d, s.orelse, env, this_zone, t)
        return lines + (["else:"] + ["    " + x for x in orelse] if orelse else [])

    def _move(self, d, s: A.Move, env, this_zone, t) -> list:
        target = s.target
        if target.bind is not None:
            raise Unsupported(f"{d.id}: weighing a move whose cards are bound")
        if target.__class__ is A.AllOf:
            if s.verb == "reveal" and target.expr == A.Name("hand"):
                # card_score of a reveal: (0.0, 0.0) for each card
                return ["if hand:", f"    {t['coins']} += 0.0", f"    {t['worth']} += 0.0"]
            if s.verb == "trash" and target.expr == A.Name("this"):
                if self.scope.plays_inside:
                    raise Unsupported(f"{d.id}: weighing `trash this`, with a card that "
                                      "plays cards")
                table = "TRASH_HAND[w_act + w_band]" if this_zone == "hand" else \
                    "TRASH_PLAY[w_band]"
                n = self.scope.number[d.id]
                return [f"{t['coins']} += {table}[{n}][0]", f"{t['worth']} += {table}[{n}][1]"]
            raise Unsupported(f"{d.id}: weighing the move of all of {target.expr}")
        if s.verb != "trash" or target.__class__ is not A.Selection or target.by_you or \
                target.mode not in ("exactly", "up_to"):
            raise Unsupported(f"{d.id}: weighing a move other than a trash from hand")
        test = hand_test(self.scope, d, target)
        _reads(d, target.count, env)
        k = self.made
        self.made += 1
        cands, n, lo = f"w{k}_cands", f"w{k}_n", f"w{k}_lo"
        count = self.exprs.number(target.count, "p")
        low = n if target.mode == "exactly" else "0"
        return [f"{cands} = [x for x in hand if {test}]",
                f"{n} = min(max({count}, 0), len({cands}))",
                f"{lo} = {low}",
                f"w{k}_coins = w{k}_worth = 0.0",
                f"w{k}_m = 0",
                f"for w_c, w_w in sorted([TRASH_HAND[w_act + w_band][x] for x in {cands}], "
                f"key=chosen_key)[:{n}]:",
                f"    if w{k}_m >= {lo} and w_c * 0.9 + w_w <= 0:",
                "        break",
                f"    w{k}_m += 1",
                f"    w{k}_coins += w_c",
                f"    w{k}_worth += w_w",
                f"{t['coins']} += w{k}_coins",
                f"{t['worth']} += w{k}_worth"]

    def _choose(self, d, s: A.ChooseOne, env, this_zone, t) -> list:
        k = self.made
        self.made += 1
        lines, names = [], []
        for i, option in enumerate(s.options):
            names.append(f"w{k}_v{i}")
            lines += self.value(d, option, env, this_zone, names[-1])
        return lines + [f"{t['worth']} += sum(sorted([{', '.join(names)}], "
                        f"reverse=True)[:{s.count}])"]


_STATEMENTS = {A.Bonus: Weigh._bonus, A.Gain: Weigh._gain, A.If: Weigh._if,
               A.Move: Weigh._move, A.ChooseOne: Weigh._choose}


def _reads(d, e, env) -> None:
    """An expression weighed against the live game must not read a name the answer binds."""
    if e is not None and any(n.__class__ is A.Name and n.name in env for n in nodes(e)):
        raise Unsupported(f"{d.id}: weighing an expression on a bound name")


def hand_test(scope, d, sel) -> str:
    """The test (of a card number `x`) of a selection's candidates in the hand: `hand`
    or `hand where TEST`, of its kind."""
    return member(scope, "x", hand_numbers(scope, d, sel))


def hand_numbers(scope, d, sel) -> set:
    """The numbers of the cards a selection from the hand may take."""
    source, numbers = sel.source, set(range(len(scope.cards)))
    if source.__class__ is A.Where:
        numbers &= set(card_numbers(scope, source.cond))
        source = source.source
    if source != A.Name("hand"):
        raise Unsupported(f"{d.id}: a choice of cards from elsewhere than the hand")
    if sel.kind not in (None, "card", "cards"):
        numbers &= set(card_numbers(scope, A.Name(sel.kind)))
    return numbers


def play_value(scope, d, bot: int) -> list:
    """Lines setting `w_v` to bots/defaults.play_value of card d in player p's hand (its
    play weighed before it is played), for the strategy at bot index `bot`."""
    check(scope)
    return state(scope, bot) + Weigh(scope).value(d, d.on_play, {}, "hand", "w_v")
