"""Extra turns another player's card gives, controlled by its player (`extra turn for next
player controlled by you with gains to you`), as interpreter/engine/phases.py runs them:
queued after this turn (Phases.queue_extra_turn), taken before the next normal turn, which
then follows the last normal one (end_turn); no turn counted for them; the controller's bot
(its generator) answers everything the possessed player would, his cards' gains go to the
controller's discard pile (Game.gain). The game loop's lines for them are here: a kingdom
without such a card has none of them."""
from __future__ import annotations

from dsl.language import ast as A

from .plays import random_only
from .scope import Unsupported

_SIDE = {"left": 1, "right": -1}


def check_extra_turns(scope) -> bool:
    """Whether a card here gives extra turns (raises Unsupported for what is not compiled:
    one's own extra turn, `at most N in a row`, a trash set aside, a gain in `each player`
    by the turn's player)."""
    found = False
    for d in scope.cards:
        for n in _all(d.on_play):
            if n.__class__ is A.ExtraTurn:
                if n.who not in _SIDE or n.at_most_in_a_row is not None or \
                        scope.players < 2:
                    raise Unsupported(f"{d.id}: an extra turn of one's own")
                found = True
    if not found:
        return False
    if not all(bot.random for bot in scope.bots):
        raise Unsupported("extra turns another player controls, with a strategy bot")
    for d in scope.cards:
        for n in _all(d.on_play):
            if n.__class__ is A.Move and n.verb == "trash":
                raise Unsupported(f"{d.id}: a trash with extra turns another player controls")
            if n.__class__ is A.Each and not n.others and \
                    any(x.__class__ is A.Gain for x in _all(n.body)):
                raise Unsupported(f"{d.id}: a gain in `each player`, with extra turns")
    return True


def _all(block) -> list:
    from dsl.language.walk import nodes
    return [n for s in block for n in nodes(s)]


def extra_turn(eff, d, s: A.ExtraTurn, a: str, own: bool) -> list:
    """The statement: queue the turn (the player to the left or right, his controller, whether
    his gains go to the controller); the next normal turn follows this one's player unless
    this is an extra turn itself."""
    if not own:
        raise Unsupported(f"{d.id}: an extra turn given in another player's part")
    random_only(eff, d)
    n = eff.scope.players
    who = f"(p + {_SIDE[s.who]}) % {n}"
    controller = "p" if s.controlled else who
    gains = "True" if s.gains_to_controller and s.controlled else "False"
    return ["if not extra:", "    last_normal = p",
            f"xq.append(({who}, {controller}, {gains}))"]


def state_lines() -> list:
    """The game's state for extra turns, before the first turn."""
    return ["ctl = last_normal = 0    # who controls this turn; the last normal turn's player",
            "extra = to_ctl = False   # an extra turn; its player's gains go to the controller",
            "xq = []                  # extra turns to come: (player, controller, to_ctl)"]


def turn_start() -> list:
    """The turn's bot (the controller's), and who gains what its player would."""
    return ["b, bot_rng = seats[ctl], answers[ctl]",
            "gainer = ctl if to_ctl else p",
            "gdisc = discs[gainer]"]


def next_turn(n: int) -> list:
    """The next turn after Clean-up (Phases.end_turn): a queued extra turn first."""
    return ["if xq:",
            "    p, ctl, to_ctl = xq.pop(0)",
            "    extra = True",
            "else:",
            f"    p = last_normal = ((last_normal if extra else p) + 1) % {n}",
            "    ctl, to_ctl, extra = p, False, False",
            "    turns[p] += 1"]
