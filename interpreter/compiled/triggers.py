"""The card triggers a compiled game folds in, as interpreter/engine/events.py runs them:
- `on: trash, what: this` (heard only when the card itself is trashed): nothing to write, as
  long as no compiled trash can take the card (moves.one_name_move refuses one that could);
- `on: buy, where: hand, what: TEST` whose effect is `may trash this`, of a card that is no
  Treasure, Action or Victory card and can never be gained (at most one in a deck): the
  buyer's bot is asked (Events.fire before the bought card's gain) and a strategy bot says
  yes (bots.defaults.may: trashing a card that does nothing is worth JUNK_DRAG), so the
  card leaves the buyer's hand with the tallies kept true as moves.one_name_move does.
A run whose cards have no trigger generates the same module as before."""
from __future__ import annotations

from .plays import card_numbers, member
from .scope import Unsupported, hand_buy_trash_self


def buy_lines(scope) -> list:
    """Lines run in the buy phase before the bought card (`card`'s pile `s`) is gained: the
    buyer's cards in hand that may trash themselves; none when no card does so."""
    hearers = [(i, t) for i, d in enumerate(scope.cards) for t in d.triggers
               if hand_buy_trash_self(t)]
    if not hearers:
        return []
    if any(bot.random for bot in scope.bots):
        raise Unsupported("a card in hand that hears a buy, with a random bot")
    start = [d.id for d in scope.plan.start]
    lines = []
    for i, t in hearers:
        d = scope.cards[i]
        if d.is_treasure or d.is_action or d.vp is not None or d.id in scope.slot or \
                start.count(d.id) > 1:
            raise Unsupported(f"{d.id}: a buy trigger of a card a bot weighs or can gain")
        if scope.controlled_turns:
            raise Unsupported(f"{d.id}: a buy trigger with extra turns another player controls")
        test = member(scope, "PILE_CARD[s]", card_numbers(scope, t.what))
        lines += [f"if {i} in hand and {test}:  # {d.id}: may trash this (the bot says yes)",
                  f"    hand.remove({i})", f"    counts[p][{i}] -= 1", "    size[p] -= 1"]
    return lines
