"""The card triggers a compiled game folds in, as interpreter/engine/events.py runs them:
- `on: trash, what: this` (heard only when the card itself is trashed): nothing to write, as
  long as no compiled trash can take the card (moves.one_name_move refuses one that could);
- `on: buy, where: hand, what: TEST` whose effect is `may trash this`, of a card that is no
  Treasure, Action or Victory card and can never be gained (at most one in a deck): the
  buyer's bot is asked (Events.fire before the bought card's gain) and a strategy bot says
  yes (bots.defaults.may: trashing a card that does nothing is worth JUNK_DRAG), so the
  card leaves the buyer's hand with the tallies kept true as moves.one_name_move does;
- `on: buy, where: in_play, what: TEST` whose effect is `gain copy of it`: each such card in
  the buyer's play gains one from the bought card's pile before the bought card is gained
  (the bot orders identical abilities as offered, and gains the only pile there is).
A run whose cards have no trigger generates the same module as before."""
from __future__ import annotations

from .plays import card_numbers, member
from .scope import Unsupported, hand_buy_trash_self, in_play_buy_copy


def buy_lines(scope, buy_gain: list) -> list:
    """The buy phase's lines for a bought card (pile `s`): the buyer's cards in hand that
    may trash themselves, the copies his cards in play gain (each while the pile lasts),
    then the bought card's gain (`buy_gain`, then only while the pile lasts); `buy_gain`
    alone when no card hears a buy."""
    heard = [(i, t) for i, d in enumerate(scope.cards) for t in d.triggers
             if hand_buy_trash_self(t) or in_play_buy_copy(t)]
    if not heard:
        return buy_gain
    if any(bot.random for bot in scope.bots):
        raise Unsupported("a card that hears a buy, with a random bot")
    if scope.controlled_turns:
        raise Unsupported("a card that hears a buy, with extra turns another player controls")
    lines, copies = [], False
    for i, t in heard:
        if hand_buy_trash_self(t):
            lines += _trash_self(scope, i, t)
    for i, t in heard:
        if in_play_buy_copy(t):
            copies = True
            test = member(scope, "PILE_CARD[s]", card_numbers(scope, t.what))
            lines += [f"if {i} in inplay and {test}:  # {scope.cards[i].id}: gain a copy",
                      f"    for _ in range(inplay.count({i})):", "        if sizes[s]:"]
            lines += ["            " + x for x in buy_gain]
    if not copies:
        return lines + buy_gain
    return lines + ["if sizes[s]:  # the bought card, unless the copies took the last"] + \
        ["    " + x for x in buy_gain]


def _trash_self(scope, i: int, t) -> list:
    """`may trash this` from the buyer's hand: a strategy bot says yes."""
    d = scope.cards[i]
    if d.is_treasure or d.is_action or d.vp is not None or d.id in scope.slot or \
            [x.id for x in scope.plan.start].count(d.id) > 1:
        raise Unsupported(f"{d.id}: a buy trigger of a card a bot weighs or can gain")
    test = member(scope, "PILE_CARD[s]", card_numbers(scope, t.what))
    return [f"if {i} in hand and {test}:  # {d.id}: may trash this (the bot says yes)",
            f"    hand.remove({i})", f"    counts[p][{i}] -= 1", "    size[p] -= 1"]
