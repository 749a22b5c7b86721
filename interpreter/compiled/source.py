"""The generated module of one compiled run: its tables (cards by number, piles by slot),
the end of the game, and `game()`, a whole game as one loop over turns in which each card's
play and each bot's answers are written out (interpreter/compiled/effects.py, bots.py).
It mirrors interpreter/engine (a turn's phases, Clean-up, the end, the score) with
everything known at setup folded in."""
from __future__ import annotations

from interpreter.engine.turns import MAX_TURNS
from .bots import BotCode
from .effects import Effects
from . import mixed, triggers, turns
from .plays import play_chain, play_function
from .probe import discard_scores
from .weighed import next_draw_worths
from . import weighing
from .scope import comment
from .tokens import state_lines


def module_source(scope, stats: bool) -> str:
    """The Python source of the run's module (`stats`: its game() also tells a watch what
    a run's statistics read)."""
    s = scope
    effects, bots = Effects(s, stats), BotCode(s)
    plays = {i: effects.play(d) for i, d in enumerate(s.cards) if d.is_action}
    buy_gain = effects.gain("p", "s", "discard", own=True)
    lines = _header(s) + _tables(s, bots) + [""] + _helpers(s) + [""]
    if s.weighs:
        lines += [""] + weighing.helpers() + ["", ""]
    lines += _game(s, stats, plays, bots, buy_gain)
    return "\n".join(lines) + "\n"


def _header(s) -> list:
    rules = comment(", ".join(s.set_rules) or "none")
    return [
        f'"""Compiled from the card data by interpreter.compiled: one game of {s.players} '
        "players on",
        comment(", ".join(s.kingdom)),
        f"(set rules: {rules}), bots {comment(', '.join(b.spec for b in s.bots))}.",
        "Generated: do not edit; `dsl simulate --show-compiled` prints it.",
        '"""',
        "from interpreter.compiled.runtime import Replay, discard_from_hand, draw, shuffle, some_of",
        ""]


def _tables(s, bots) -> list:
    piles = s.plan.piles
    card_of_slot = [s.number.get(cid, -1) for cid, _, _ in piles]
    out = [
        f"CARD_ID = {tuple(d.id for d in s.cards)}    # cards by number",
        f"TREASURES = {s.treasures}        # cards below this number are Treasures",
        f"A_FROM, A_TO = {s.actions_from}, {s.actions_to}    # Actions: these numbers",
        f"PLAIN = {tuple(d.plain_coins for d in s.cards)}    # the coins of its plain +$N lines",
        f"IS_ACTION = {tuple(int(d.is_action) for d in s.cards)}",
        f"COIN = {tuple(d.sweep[0] if d.sweep else 0 for d in s.cards)}    # a Treasure's coins",
        f"RANK = {tuple(bots.ranks())}    # a strategy bot's order of Actions",
        f"FIXED_VP = {tuple(d.fixed_vp or 0 for d in s.cards)}",
        f"START = {tuple(s.number[d.id] for d in s.plan.start)}    # the starting deck",
        "# piles by slot: " + comment(", ".join(f"{i} {cid}"
                                                for i, (cid, _, _) in enumerate(piles))),
        f"PILE_SIZES = {[size for _, _, size in piles]}",
        f"PILE_CARD = {tuple(card_of_slot)}    # its card's number (-1: it never leaves)",
        f"SLOTS = {tuple(range(len(piles)))}",
        f"COINS_COST = {tuple(d.cost.coins for _, d, _ in piles)}",
        f"POTION_COST = {tuple(d.cost.potion for _, d, _ in piles)}",
        f"END_SLOTS = {s.end_slots}    # the piles that end the game when empty",
        f"END_PILES = {s.end_piles}    # ...or this many empty piles",
        f"DISCARD_SCORES = {discard_scores(s) if s.discards else ()}",
    ]
    if s.next_draws:
        out.append(f"NEXT_DRAW = {next_draw_worths(s)}    # bots/value.Weigher.next_draw")
    if s.weighs:
        out += weighing.tables(s)
    if any(d.sweep and d.sweep[1] for d in s.cards):
        out.append(f"SWEEP_OTHERS = {tuple(d.sweep[1] if d.sweep else None for d in s.cards)}")
    return out


def _helpers(s) -> list:
    ends = [line for e in s.end_slots
            for line in (f"    if sizes[{e}] < n:", f"        n = sizes[{e}]")]
    vp_terms = " + ".join(f"cnt[{i}] * {d.fixed_vp}" for i, d in enumerate(s.cards)
                          if d.fixed_vp) or "0"
    fewer_turns = s.rules.tie_break == "fewer_turns"
    return [
        "def to_end(sizes):",
        '    """(the fewest gains that would end the game, the largest of the smallest piles',
        '    they count)."""',
        "    o = sorted(sizes)",
        f"    n = {' + '.join(f'o[{i}]' for i in range(s.end_piles)) or '0'}",
        *ends,
        f"    return n, o[{max(s.end_piles - 1, 0)}]",
        "",
        "",
        "def vp(cnt):",
        '    """Victory points of a player\'s card counts."""',
        f"    return {vp_terms}",
        "",
        "",
        "def loses(p, s, sizes, empty, counts, turns" +
        (", tops=PILE_CARD):" if s.mixed_live else "):"),
        '    """bots.endgame.loses_by_ending, when a gain can end the game: taking pile s would',
        '    end it without player p the only winner."""',
        "    if sizes[s] != 1 or s not in END_SLOTS and empty + 1 < END_PILES:",
        "        return False",
        "    scores = [vp(cnt) for cnt in counts]",
        f"    scores[p] += FIXED_VP[{'tops' if s.mixed_live else 'PILE_CARD'}[s]]",
        "    score = scores[p]",
        "    best = max(x for q, x in enumerate(scores) if q != p)",
        "    if score > best:",
        "        return False",
    ] + ([
        "    if score < best:",
        "        return True",
        "    return not all(turns[q] > turns[p] for q, x in enumerate(scores)",
        "                   if q != p and x == score)",
    ] if fewer_turns else ["    return True"])


def _game(s, stats: bool, plays: dict, bots, buy_gain: list) -> list:
    n, hand_size = s.players, s.rules.hand_size
    start = s.plan.start
    counts = [0] * len(s.cards)
    for d in start:
        counts[s.number[d.id]] += 1
    over = " or ".join([f"not sizes[{e}]" for e in s.end_slots] + ["empty >= END_PILES"])
    lasting = s.durations
    lines = [
        "def game(rng, seats, answers, watch=None):",
        '    """One game: seat i is played by bot seats[i] of the run, whose random generator',
        '    is answers[i] (None: a strategy bot). Returns the scores, the turns, whether it',
        '    finished, and the final zones (decks, discard piles, hands, in play; pile sizes)."""',
        "    randbytes = rng.randbytes",
    ] + ["    " + x for x in mixed.setup_lines(s)] + [
        "    sizes = list(PILE_SIZES)",
        "    empty = sizes.count(0)",
        f"    decks = [list(START) for _ in range({n})]",
        f"    discs = [[] for _ in range({n})]",
        f"    hands = [[] for _ in range({n})]",
        f"    counts = [{counts} for _ in range({n})]",
        f"    money = [{sum(d.plain_coins for d in start)}] * {n}",
        f"    size = [{len(start)}] * {n}",
        f"    nact = [{sum(d.is_action for d in start)}] * {n}",
        f"    for q in range({n}):",
        "        shuffle(decks[q], randbytes)",
        f"        draw(decks[q], discs[q], hands[q], {hand_size}, randbytes)",
        "    tte, least = to_end(sizes)",
    ] + (["    offers, oempty = {}, -1    # the random bot's buy offers, by what it can pay"]
         if any(bot.random for bot in s.bots) else []) + ([
        f"    inplays = [[] for _ in range({n})]    # cards in play (some stay a turn)",
        f"    stayss = [[] for _ in range({n})]     # where in it those that stay are",
        f"    pendings = [[] for _ in range({n})]   # (card, body) to do at the next turn",
    ] if lasting else []) + [
    ] + ([
        f"    revs = [[] for _ in range({n})]      # revealed cards",
        f"    asides = [[] for _ in range({n})]    # cards set aside",
    ] if s.side_zones else []) + [
    ] + ["    " + x for x in state_lines(s)] + [
        f"    turns = [0] * {n}",
        "    turns[0] = 1",
        "    p = played = 0",
        "    finished = True",
    ] + (["    " + x for x in play_function(s, plays)] if s.plays_inside else []) + [
        "    " + x for x in (turns.state_lines() if s.controlled_turns else [])] + [
        "    while True:"] + [
        "        " + x for x in (turns.turn_start() if s.controlled_turns else
                                 ["b, bot_rng = seats[p], answers[p]"])] + [
        "        hand, deck, disc = hands[p], decks[p], discs[p]",
    ] + ([
        "        inplay, stays, due = inplays[p], stayss[p], pendings[p]",
        "        pend = pendings[p] = []",
        "        stays.clear()    # what stayed from his last turn leaves play this turn",
        "        first = len(inplay)",
    ] if lasting else ["        inplay = []"]) + [
        "        actions = buys = 1",
        "        coins = potions = 0",
    ]
    if stats:
        lines.append("        gains = []")
    body = _next_turn(s) if lasting else []
    if plays:
        body += ["# the action phase", "while actions > 0 and nact[p]:"]
        body += ["    " + x for x in bots.action_choice()]
        body += ["    actions -= 1", "    inplay.append(c)"]
        if s.plays_inside:
            body.append("    play(c, (len(inplay) - 1,))")
        else:
            body += ["    " + x for x in play_chain(s, plays)]
    body += _treasures(s)
    if stats:
        body.append("turn_coins = coins")
    body += ["# the buy phase"]
    pay = "COINS_COST[s]"
    if s.cost_cuts:        # Costs.cost: the cost changes of the cards in play, not below $0
        body.append("cut = " + " + ".join(f"inplay.count({i}) * {k}"
                                          for i, k in s.cost_cuts.items()))
        pay = "max(0, COINS_COST[s] + cut)"
    body += ["while buys > 0:"]
    body += ["    safe = tte > 1    # no gain can end the game: no buy loses it"]
    body += ["    " + x for x in bots.buy_choice()]
    body += ["    buys -= 1", f"    coins -= {pay}", "    potions -= POTION_COST[s]"]
    body += ["    " + x for x in triggers.buy_lines(s, buy_gain)]
    body.append("# Clean-up, and the next turn unless the game is over")
    if lasting:
        if s.plays_inside:     # a card and what played it: in play order, once each
            body += ["if stays:", "    stays[:] = sorted(set(stays))"]
        body += ["if stays:",
                 "    disc += [x for j, x in enumerate(inplay) if j not in stays]",
                 "    inplay[:] = [inplay[j] for j in stays]",
                 "else:",
                 "    disc += inplay",
                 "    inplay.clear()"]
    else:
        body.append("disc += inplay")
    body += ["disc += hand"] + ([
             f"if {hand_size} <= len(deck):    # the new hand: draw() without a shuffle",
             f"    hand[:] = deck[:{-hand_size - 1}:-1]",
             f"    del deck[{-hand_size}:]",
             "else:",
             "    hand.clear()",
             f"    draw(deck, disc, hand, {hand_size}, randbytes)",
             ] if hand_size > 0 else ["hand.clear()"]) + [
             f"over = {over}",
             "last = p",
             "if not over:"] + ["    " + x for x in (
                 turns.next_turn(n) if s.controlled_turns else [f"p = (p + 1) % {n}", "turns[p] += 1"])]
    if stats:
        body.append("watch.add_turn(last, turns[last] or 1, turn_coins, vp(counts[last]), gains)")
    body += ["played += 1",
             f"if played >= {MAX_TURNS}:",
             "    finished = False",
             "    break",
             "if over:",
             "    break"]
    lines += ["        " + x for x in body]
    in_play = "inplays" if lasting else f"[[] for _ in range({n})]"
    lines += ["    return [vp(cnt) for cnt in counts], turns, finished, "
              f"(decks, discs, hands, {in_play}, sizes)"]
    return lines


def _next_turn(s) -> list:
    """Lines doing what the player's cards left for this turn (`at start of next turn`), in
    the order they were left; the random bot orders them (interpreter/engine/phases.py
    _resolve_pending: asked only when two or more of different cards are due)."""
    out = ["# what his cards left for this turn",
           "if due:",
           "    if len(due) > 1 and bot_rng is not None and len({x for x, _ in due}) > 1:",
           "        bot_rng.shuffle(due)",
           "    for c, k in due:"]
    for k, body in enumerate(s.pending_bodies):
        out.append(("        if " if k == 0 else "        elif ") + f"k == {k}:")
        out += ["            " + x for x in body]
    return out


def _treasures(s) -> list:
    """Lines playing Treasures: a strategy bot plays all of them in hand order, the random
    bot the ones it draws, in the order drawn (bots/agents.py)."""
    others = any(d.sweep and d.sweep[1] for d in s.cards)
    add = ["coins += COIN[x]"]
    if others:
        add += ["more = SWEEP_OTHERS[x]", "if more is not None:",
                "    potions += more[0]", "    buys += more[1]", "    actions += more[2]"]
    strategy = ["tre = [x for x in hand if x < TREASURES]",
                "if tre:",
                "    inplay += tre",
                "    if len(tre) == len(hand):",
                "        hand.clear()",
                "    else:",
                "        hand[:] = [x for x in hand if x >= TREASURES]"]
    strategy += ["    for x in tre:"] + ["        " + x for x in add]
    random = ["where = [j for j, x in enumerate(hand) if x < TREASURES]",
              "if where:",
              "    pick = some_of(bot_rng, len(where))",
              "    chosen = [where[i] for i in pick]",
              "    for j in chosen:",
              "        x = hand[j]",
              "        inplay.append(x)"] + ["        " + x for x in add] + [
              "    for j in sorted(chosen, reverse=True):",
              "        del hand[j]"]
    kinds = {bot.random for bot in s.bots}
    out = ["# Treasures"]
    if kinds == {False}:
        return out + strategy
    if kinds == {True}:
        return out + random
    return out + ["if bot_rng is None:"] + ["    " + x for x in strategy] + \
        ["else:"] + ["    " + x for x in random]
