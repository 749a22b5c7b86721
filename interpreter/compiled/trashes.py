"""Trashes a player chooses on his own turn, and a strategy bot's `choose one` weighed, as
the generic engine asks them (interpreter/effects/interpret.Interpreter.targets, control._may
and _choose) and its bots answer them (interpreter/bots/defaults.cards, card_ranking,
option_ranking, weighed by weighing.py):
- `trash 1 card from hand [where TEST]` (of a kind of several names): not asked when every
  candidate has one name (the first is taken); else the random bot's `sample(options,
  randint(1, 1))`, a strategy bot's best-ranked card (coin_value of its coins + its worth);
- `may trash 1 KIND from hand [as X] { ... }`: asked whenever there is a candidate; the
  random bot's `sample(options, randint(0, 1))`, a strategy bot's card whose trash, with the
  body and the statements after it that read X, is worth more than trashing none;
A trashed card that hears its own trash does what its trigger says at once (Game.trash)."""
from __future__ import annotations

from dsl.language import ast as A

from interpreter.bots.context import asked
from .plays import Plays, card_numbers
from .scope import Unsupported, lost_tallies, trash_heard
from .weighing import Weigh, check, hand_numbers, hand_test, state

def move(eff, d, s: A.Move, a: str, own: bool):
    """Lines for a trash of this module, or None (the statement is another module's)."""
    t = s.target
    if s.verb != "trash":
        return None
    if t.__class__ is not A.Selection or _one_name(eff.scope, t):
        return None
    _check(eff, d, t, own, "exactly")
    if asked(d, s).follow:
        raise Unsupported(f"{d.id}: a trash whose cards a later statement reads")
    return _trash_one(eff, d, t)


def _one_name(scope, t) -> bool:
    """A trash of a named kind of one name in the scope (moves.one_name_move's)."""
    return t.mode == "exactly" and not t.by_you and t.source == A.Name("hand") and \
        t.kind not in (None, "card", "cards") and \
        len(card_numbers(scope, A.Name(t.kind))) <= 1


def _check(eff, d, t, own: bool, *modes) -> None:
    if not own or eff.scope.controlled_turns or t.by_you or t.mode not in modes or \
            t.count != A.Num(1):
        raise Unsupported(f"{d.id}: a trash other than of one card from its player's hand")


def _answer(scope, drawn: list, weighed) -> list:
    """The random bot's draws, a strategy bot's weighing (made only if the run has one)."""
    strategies = any(not b.random for b in scope.bots)
    randoms = any(b.random for b in scope.bots)
    if not strategies:
        return drawn
    check(scope)
    if not randoms:
        return weighed()
    return ["if bot_rng is not None:"] + ["    " + x for x in drawn] + ["else:"] + \
        ["    " + x for x in weighed()]


def _trash_one(eff, d, t) -> list:
    """`trash 1 card from hand [where TEST]`: the card at `w_j` in hand."""
    scope = eff.scope
    test = hand_test(scope, d, t)
    drawn = ["w_j = w_where[bot_rng.sample(range(len(w_where)), bot_rng.randint(1, 1))[0]]"]

    def weighed() -> list:
        return state(scope) + [
            "w_ts = TRASH_HAND[w_act + w_band]",
            "w_scores = {}",
            "w_best = None",
            "for w_i in w_where:",
            "    w_x = hand[w_i]",
            "    w_s = w_scores.get(w_x)",
            "    if w_s is None:",
            "        w_s = w_scores[w_x] = coin_value(w_ts[w_x][0], w_base, bws) + w_ts[w_x][1]",
            "    if w_best is None or w_s > w_best:",
            "        w_best, w_j = w_s, w_i"]
    lines = [f"w_where = [j for j, x in enumerate(hand) if {test}]", "if w_where:",
             "    w_j = w_where[0]",
             "    if len(w_where) > 1 and any(hand[i] != hand[w_j] for i in w_where):"]
    lines += ["        " + x for x in _answer(scope, drawn, weighed)]
    lines += ["    " + x for x in _trashed(eff, d, t, "w_j")]
    bind = _bound(eff, t)
    if bind:
        lines += [f"    {bind} = 1", "else:", f"    {bind} = 0"]
    return lines


def _bound(eff, t):
    """The local counting the cards a trash bound (`as X`), read by the statements after."""
    if not t.bind:
        return None
    eff.exprs.bound[t.bind] = f"n_{t.bind}"
    eff.counted.add(t.bind)
    return f"n_{t.bind}"


def _trashed(eff, d, t, at: str) -> list:
    """The card at position `at` of the hand trashed: the tallies kept as Game.move keeps
    them, then its own trash trigger, if it has one (Game.trash fires it at once)."""
    scope = eff.scope
    lines = ["w_x = hand.pop(" + at + ")"] + lost_tallies(scope, "p", "w_x")
    heard = sorted(i for i in hand_numbers(scope, d, t) if trash_heard(scope.cards[i]))
    first = True
    for i in heard:
        cd = scope.cards[i]
        for trig in cd.triggers:
            if trig.on != "trash":
                continue
            body = eff.block(cd, trig.effect, "p", own=True) or ["pass"]
            lines += [("if " if first else "elif ") + f"w_x == {i}:  # {cd.id}: its trash "
                      "trigger"] + ["    " + x for x in body]
            first = False
    return lines


def may_trash(eff, d, s: A.May, a: str, own: bool) -> list:
    """`may trash 1 KIND from hand [as X] { BODY }`."""
    inner = s.stmt
    t = inner.target
    _check(eff, d, t, own, "exactly", "up_to")
    scope = eff.scope
    test = hand_test(scope, d, t)
    drawn = ["w_pick = bot_rng.sample(range(len(w_where)), bot_rng.randint(0, 1))",
             "if w_pick:", "    w_j = w_where[w_pick[0]]"]
    lines = [f"w_where = [j for j, x in enumerate(hand) if {test}]", "w_j = -1",
             "if w_where:"]
    lines += ["    " + x for x in _answer(scope, drawn, lambda: _weigh_may(eff, d, inner))]
    bind = _bound(eff, t)
    lines += ["if w_j >= 0:"] + ["    " + x for x in _trashed(eff, d, t, "w_j")]
    if bind:
        lines.append(f"    {bind} = 1")
    lines += ["    " + x for x in eff.block(d, s.body, a, own)]
    if bind:
        lines += ["else:", f"    {bind} = 0"]
    return lines


def _weigh_may(eff, d, inner) -> list:
    """bots/defaults.cards of a `may` choice of one card: the candidates ranked by
    card_ranking, the first whose answer (_follow_value: the body and what reads the
    bound name) is worth more than none, else none (`w_j` stays -1)."""
    scope = eff.scope
    info = asked(d, inner)
    if any(x.__class__ is A.Each for x in info.follow):
        raise Unsupported(f"{d.id}: weighing `each player` after a choice")
    follow = tuple(info.follow)
    body = tuple(info.may_body or ())
    with_cards = body + tuple(x for x in follow if x not in body)
    bind = info.bind
    lines = state(scope) + [
        "w_ts = TRASH_HAND[w_act + w_band]",
        "w_seen = []",
        "for w_i in w_where:",
        "    if hand[w_i] not in w_seen:",
        "        w_seen.append(hand[w_i])",
        "w_score = {x: coin_value(w_ts[x][0], w_base, bws) + w_ts[x][1] for x in w_seen}",
        "w_seen.sort(key=w_score.__getitem__, reverse=True)",
        "w_best = -1"]
    if not (info.follow or info.may_body):       # ranked on the scores alone
        return lines + ["if w_score[w_seen[0]] > 0:", "    w_best = w_seen[0]",
                        "if w_best >= 0:", "    w_j = hand.index(w_best)"]
    weigh = Weigh(scope)
    if follow:
        lines += weigh.value(d, follow, {bind: False} if bind else {}, "in_play", "w_bv")
    else:
        lines.append("w_bv = coin_value(0.0, w_base, bws) + 0.0")
    lines.append("for w_x in w_seen:")
    if with_cards:
        value = weigh.value(d, with_cards, {bind: True} if bind else {}, "in_play", "w_v",
                            "w_ts[w_x][0]", "w_ts[w_x][1]")
    else:
        value = ["w_v = coin_value(w_ts[w_x][0], w_base, bws) + w_ts[w_x][1]"]
    lines += ["    " + x for x in value] + ["    if w_v > w_bv:", "        w_best, w_bv = w_x, w_v"]
    return lines + ["if w_best >= 0:", "    w_j = hand.index(w_best)"]


def weighed_option(eff, d, s: A.ChooseOne, a: str, own: bool) -> list:
    """Lines setting `k` to the option of a `choose one` by its player on his own turn that a
    strategy bot weighs best (bots/defaults.option_ranking: the first on a tie)."""
    if not own or s.by_you or s.count != 1:
        raise Unsupported(f"{d.id}: a question a strategy bot weighs")
    check(eff.scope)
    weigh = Weigh(eff.scope)
    lines = state(eff.scope)
    for i, option in enumerate(s.options):
        lines += weigh.value(d, option, {}, "in_play", f"w_o{i}")
    lines += ["k, w_ov = 0, w_o0"]
    for i in range(1, len(s.options)):
        lines += [f"if w_o{i} > w_ov:", f"    k, w_ov = {i}, w_o{i}"]
    return lines


def may(eff, d, s: A.May, a: str, own: bool) -> list:
    """A `may`: of a trash chosen from hand here, any other as plays.Plays.may compiles it."""
    inner = s.stmt
    if inner.__class__ is A.Move and inner.verb == "trash" and \
            inner.target.__class__ is A.Selection:
        return may_trash(eff, d, s, a, own)
    return Plays.may(eff, d, s, a, own)
