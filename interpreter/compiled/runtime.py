"""What every compiled game calls: the shuffle, drawing, and an attack victim's discard.
Cards are numbers in plain lists (a deck's top is its end, as in the generic engine), and
each function does what its generic counterpart does to cards, in the same order, drawing
the same random numbers, so that a compiled game is the generic engine's game."""
from __future__ import annotations

import sys
from array import array

from interpreter.core.decisions import choice_count
from interpreter.core.state import signed_picks

_BIG_ENDIAN = sys.byteorder == "big"


class Replay(Exception):
    """A compiled game reached a state it does not follow (a card a play moved, which a
    later play of the same statement plays from where it went): the runner plays that game
    again on the generic engine, from its seed."""


def shuffle_unsigned(cards: list, randbytes) -> None:
    """interpreter.core.state.shuffle: Fisher-Yates with 64-bit numbers drawn in one call."""
    n = len(cards)
    keys = array("Q", randbytes(8 * n))
    if _BIG_ENDIAN:
        keys.byteswap()
    for i in range(n - 1, 0, -1):
        j = keys[i] % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def shuffle_signed(cards: list, randbytes) -> None:
    """The same order, for PyPy (core.state.signed_picks)."""
    i = len(cards) - 1
    for j in signed_picks(randbytes, len(cards)):
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1


shuffle = shuffle_signed if sys.implementation.name == "pypy" else shuffle_unsigned


def some_of(rng, n: int) -> list:
    """rng.sample(range(n), rng.randint(0, n)) (the random bot's Treasures), drawing the
    same numbers: randint's one _randbelow, then sample's pool method (which it uses for
    a population of up to 21) without its checks."""
    below = rng._randbelow
    k = below(n + 1)
    if n > 21:
        return rng.sample(range(n), k)
    pool = list(range(n))
    out = [0] * k
    for i in range(k):
        j = below(n - i)
        out[i] = pool[j]
        pool[j] = pool[n - i - 1]
    return out


def draw(deck: list, disc: list, hand: list, n: int, randbytes) -> None:
    """Game.draw: n cards from the top of the deck into the hand, the discard pile shuffled
    in when the deck runs out."""
    if n <= len(deck):
        if n == 1:
            hand.append(deck.pop())
            return
        cut = len(deck) - n
        drawn = deck[cut:]
        del deck[cut:]
        drawn.reverse()                        # the top card (the end) is drawn first
        hand += drawn
        return
    drawn = deck[::-1]
    deck.clear()
    if disc:
        deck += disc
        disc.clear()
        shuffle(deck, randbytes)
        cut = max(0, len(deck) - (n - len(drawn)))
        rest = deck[cut:]
        del deck[cut:]
        rest.reverse()
        drawn += rest
    hand += drawn


def discard_from_hand(hand: list, disc: list, k: int, exact: bool, rng, scores) -> None:
    """`discard k cards from hand` (`up to k` when not `exact`) by a player off his turn:
    a strategy bot (rng None) as bots.defaults.settled_discard answers, ranking the cards by
    the remembered score of discarding each (`scores`, by card number); the random bot as
    its decide() answers; a question with one answer is not asked. The cards go to the
    discard pile in the order chosen."""
    n = len(hand)
    k = min(max(k, 0), n)
    lo, hi = (k, k) if exact else (0, k)
    if hi == 0:
        return
    if lo == hi and choice_count(n, lo, hi, lambda: hand.count(hand[0]) == n) <= 1:
        picks = list(range(lo))                       # the only answer: the first ones
    elif rng is None:
        values = [scores[c] for c in hand]
        order = sorted(range(n), key=values.__getitem__, reverse=True)
        if lo == hi:
            picks = order[:hi]
        else:
            picks = [j for i, j in enumerate(order[:hi]) if i < lo or values[j] > 0]
    else:
        picks = rng.sample(range(n), rng.randint(lo, hi))
    chosen = [hand[j] for j in picks]
    for j in sorted(picks, reverse=True):
        del hand[j]
    disc += chosen
