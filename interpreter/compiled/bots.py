"""The bots' answers as Python statements: which Action to play, which Treasures, what to
buy. A strategy's play and buy lists become if/elif chains over the compiled state (as
interpreter/bots/agents.Bot answers: its play list first, then the Action it ranks first;
its first affordable buy whose condition holds, never a buy that ends a game it then
loses); the random bot draws from its generator exactly as interpreter/bots/agents.RandomBot
does (the draws of random.Random's choice, randint and sample written out: each is one
_randbelow(n), the method they all call)."""
from __future__ import annotations

from interpreter.bots.agents import Bot as GenericBot, play_rank
from interpreter.bots.defaults import PLAY_MARGIN
from interpreter.bots.worth import may_hurt
from .answers import check_answers, play_filter, rules_of
from .exprs import Exprs
from . import weighing
from .scope import Unsupported, comment


class BotCode:
    """The lines of one scope's bots' answers; bot `b` of the run is the strategy (or random
    bot) at index b of scope.bots, in the local `b` of the game loop."""

    def __init__(self, scope):
        self.scope = scope
        self.exprs = Exprs(scope, turn=True)
        for bot in scope.bots:
            if not bot.random:
                _check_strategy(scope, bot.strategy)
        # an Action whose play may cost its player: a strategy bot plays it only when its
        # play, weighed, is worth it, unless its `play` rules answer (Bot.action_to_play)
        hurts = [i for i in range(scope.actions_from, scope.actions_to) if may_hurt(scope.cards[i])]
        self.play_values = {b: {i: weighing.play_value(scope, scope.cards[i], b) for i in hurts
                                if rules_of(bot.strategy, scope.cards[i].id, "play") is None}
                            for b, bot in enumerate(scope.bots) if not bot.random}

    def action_choice(self) -> list:
        """Lines setting `c` to the Action card to play (a number), or breaking out of the
        action phase's loop."""
        s = self.scope
        lines = [f"if b == {i}:  # {comment(bot.spec)}" if i == 0 else
                 f"elif b == {i}:  # {comment(bot.spec)}"
                 for i, bot in enumerate(s.bots)]
        out = []
        for i, bot in enumerate(s.bots):
            out.append(lines[i])
            out += ["    " + x for x in (self._random_action() if bot.random
                                         else self._strategy_action(bot.strategy, i))]
        return out

    def _strategy_action(self, strategy, b: int) -> list:
        s = self.scope
        lines = [f"acts = [x for x in hand if {s.actions_from} <= x < {s.actions_to}]",
                 "if not acts:", "    break"]
        lines += play_filter(s, self.exprs, strategy)
        for i, weigh in self.play_values[b].items():
            lines += [f"if {i} in acts:  # {s.cards[i].id}: played if its play is worth it"]
            lines += ["    " + x for x in weigh] + [
                f"    if w_v < {-PLAY_MARGIN!r}:",
                f"        acts = [x for x in acts if x != {i}]",
                "        if not acts:", "            break"]
        chain = []
        for cid, cond in strategy.play:
            if cid not in s.number or not s.cards[s.number[cid]].is_action:
                continue                           # never in a hand: never played
            test = f"{s.number[cid]} in acts"
            if cond is not None:
                test += f" and ({self.exprs.condition(cond, 'p')})"
            chain.append((test, f"c = {s.number[cid]}  # {cid}"))
        rest = "c = acts[0] if len(acts) == 1 else min(acts, key=RANK.__getitem__)"
        for k, (test, then) in enumerate(chain):
            lines += [("if " if k == 0 else "elif ") + test + ":", "    " + then]
        if chain:
            lines += ["else:", "    " + rest]
        else:
            lines.append(rest)
        lines.append("hand.remove(c)")
        return lines

    @staticmethod
    def _random_action() -> list:
        return ["where = [j for j, x in enumerate(hand) if A_FROM <= x < A_TO]",
                "if not where:", "    break",
                "if not bot_rng._randbelow(2):    # sample(options, randint(0, 1)): its draws",
                "    break",
                "c = hand.pop(where[bot_rng._randbelow(len(where))])"]

    # ---- buying ------------------------------------------------------------------------------
    def buy_choice(self) -> list:
        """Lines setting `s` to the pile (slot) to buy, or breaking out of the buy loop."""
        out = []
        for i, bot in enumerate(self.scope.bots):
            out.append(f"if b == {i}:  # {comment(bot.spec)}" if i == 0 else
                       f"elif b == {i}:  # {comment(bot.spec)}")
            body = self._random_buy() if bot.random else self._strategy_buy(bot.strategy)
            out += ["    " + x for x in body]
        return out

    def _strategy_buy(self, strategy) -> list:
        s = self.scope
        chain = []
        for cid, cond in strategy.buy:
            slot = s.slot.get(cid)
            if slot is None:
                continue                           # not in this game: never offered
            d = s.plan.piles[slot][1]
            tests = [f"coins >= {d.cost.coins}"] if d.cost.coins else []   # the first to fail
            if d.cost.potion:
                tests.append(f"potions >= {d.cost.potion}")
            tests.append(f"sizes[{slot}]")
            if cond is not None:
                tests.append(f"({self.exprs.condition(cond, 'p')})")
            tops = ", tops" if slot in s.mixed_live else ""    # its top card (mixed.py)
            tests.append(f"(safe or not loses(p, {slot}, sizes, empty, counts, turns{tops}))")
            chain.append((" and ".join(tests), f"s = {slot}  # {cid}"))
        if not chain:
            return ["break"]
        lines = []
        for k, (test, then) in enumerate(chain):
            lines += [("if " if k == 0 else "elif ") + test + ":", "    " + then]
        return lines + ["else:", "    break"]

    def _random_buy(self) -> list:
        """RandomBot.buy_choice: `choice(offer + [None])` of the affordable piles, in supply
        order; each offer kept by (coins to spend, Potions) until a pile runs out."""
        spend = "coins - cut" if self.scope.cost_cuts else "coins"
        return ["if empty != oempty:", "    offers.clear()", "    oempty = empty",
                f"key = ({spend}, potions)",
                "offer = offers.get(key)",
                "if offer is None:",
                "    offer = offers[key] = [x for x in SLOTS if sizes[x] and COINS_COST[x] "
                "<= key[0] and POTION_COST[x] <= potions] + [None]",
                "if len(offer) == 1:", "    break",
                "s = offer[bot_rng._randbelow(len(offer))]    # choice(offer): its draw",
                "if s is None:", "    break"]

    def ranks(self) -> list:
        """Each card's place in a strategy bot's order of Actions (interpreter/bots/agents.
        Bot.play_rank: those that give Actions first, then the ones worth more)."""
        s = self.scope
        order = sorted(range(len(s.cards)), key=lambda i: play_rank(s.cards[i]))
        ranks = [0] * len(s.cards)
        for place, i in enumerate(order):
            ranks[i] = place
        return ranks


def _check_strategy(scope, strategy) -> None:
    """What a strategy bot does that the compiled game does not (answer rules the compiler
    does not follow, answers.py; conditions on this turn's history)."""
    bot = GenericBot(strategy)
    if bot.reads_history:
        raise Unsupported(f"the strategy {strategy.name} reads this turn's history")
    check_answers(scope, strategy)
