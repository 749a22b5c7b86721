"""The card triggers a compiled game folds in, as interpreter/engine/events.py runs them:
- `on: trash, what: this` (heard only when the card itself is trashed): nothing to write, as
  long as no compiled trash can take the card (moves.one_name_move refuses one that could);
- `on: buy, where: hand, what: TEST` whose effect is `may trash this`, of a card that is no
  Treasure, Action or Victory card and can never be gained (at most one in a deck): the
  buyer's bot is asked (Events.fire before the bought card's gain) and a strategy bot says
  yes (bots.defaults.may: trashing a card that does nothing is worth JUNK_DRAG), the
  random bot `random() < 0.5` (RandomBot.decide); so the
  card leaves the buyer's hand with the tallies kept true as moves.one_name_move does;
- `on: buy, where: in_play, what: TEST` whose effect is `gain copy of it`: each such card in
  the buyer's play gains one from the bought card's pile before the bought card is gained
  (the only pile is not asked; abilities of several names are ordered: a strategy bot
  takes them as offered, the random bot shuffles them).
A run whose cards have no trigger generates the same module as before."""
from __future__ import annotations

from .plays import card_numbers, member
from .scope import Unsupported, hand_buy_trash_self, in_play_buy_copy, lost_tallies


def buy_lines(scope, buy_gain: list) -> list:
    """The buy phase's lines for a bought card (pile `s`): the buyer's cards in hand that
    may trash themselves, the copies his cards in play gain (each while the pile lasts),
    then the bought card's gain (`buy_gain`, then only while the pile lasts); `buy_gain`
    alone when no card hears a buy."""
    trashers = [(i, t) for i, d in enumerate(scope.cards) for t in d.triggers
                if hand_buy_trash_self(t)]
    copiers = [(i, t) for i, d in enumerate(scope.cards) for t in d.triggers
               if in_play_buy_copy(t)]
    if not trashers and not copiers:
        return buy_gain
    randoms = any(bot.random for bot in scope.bots)
    if randoms and len({i for i, _ in trashers}) > 1:
        raise Unsupported("cards of several names in hand that hear a buy, with a random bot "
                          "(its order of their questions)")
    if scope.controlled_turns:
        raise Unsupported("a card that hears a buy, with extra turns another player controls")
    if copiers and scope.mixed_live:
        raise Unsupported("a card that gains a copy of a card bought, with a mixed pile")
    bought = "tops[s]" if scope.mixed_live else "PILE_CARD[s]"    # the card bought
    # Game.in_chosen_order asks the order of the abilities heard when they are of several
    # names: the random bot shuffles them (its draws; the outcome is the same in any order)
    shuffled = randoms and len({i for i, _ in trashers + copiers}) > 1
    lines = []
    if copiers:
        lines.append("k = 0    # the copies the buyer's cards in play gain")
    if shuffled:
        lines.append("names = heard = 0    # the abilities heard: of how many names, how many")
    for i, t in copiers:
        test = member(scope, bought, card_numbers(scope, t.what))
        lines += [f"if {i} in inplay and {test}:  # {scope.cards[i].id}: gain a copy",
                  f"    k += inplay.count({i})"] + (["    names += 1"] if shuffled else [])
    if shuffled:
        for i, t in trashers:
            test = member(scope, bought, card_numbers(scope, t.what))
            lines += [f"if {i} in hand and {test}:", "    names += 1", "    heard += 1"]
        lines += ["if names > 1 and bot_rng is not None:",
                  f"    bot_rng.shuffle(list(range({'k + ' if copiers else ''}heard)))"]
    lines += [x for i, t in trashers for x in _trash_self(scope, i, t, randoms, bought)]
    if not copiers:
        return lines + buy_gain
    lines += ["for _ in range(k):", "    if sizes[s]:"] + ["        " + x for x in buy_gain]
    return lines + ["if sizes[s]:  # the bought card, unless the copies took the last"] + \
        ["    " + x for x in buy_gain]


def _trash_self(scope, i: int, t, randoms: bool, bought: str) -> list:
    """`may trash this` from the buyer's hand: a strategy bot says yes, the random bot
    `random() < 0.5`."""
    d = scope.cards[i]
    if d.is_treasure or d.is_action or d.vp is not None or d.id in scope.slot or \
            [x.id for x in scope.plan.start].count(d.id) > 1:
        raise Unsupported(f"{d.id}: a buy trigger of a card a bot weighs or can gain")
    test = member(scope, bought, card_numbers(scope, t.what))
    trash = [f"hand.remove({i})"] + lost_tallies(scope, "p", i)
    if randoms:
        trash = ["if bot_rng is None or bot_rng.random() < 0.5:"] + ["    " + x for x in trash]
    return [f"if {i} in hand and {test}:  # {d.id}: may trash this (the bot says yes)"] + \
        ["    " + x for x in trash]
