"""A strategy's answer rules (dsl/language/strategy_answers.py) as compiled code, as
interpreter/bots/agents.Bot follows them: `play` (whether to play an Action it could,
asked in action_to_play) and `choose` (a `choose one` of its own: the options its rules
name first, in rule order). A `buy` rule is read only when `NAME:CARD` is made
(dsl/language/strategy.py): no game asks it. Any other key is refused (Unsupported)."""
from __future__ import annotations

from dsl.language import ast as A
from dsl.language.walk import nodes

from .exprs import Exprs
from .scope import Unsupported, comment

COMPILED_KEYS = ("play", "choose", "buy")


def check_answers(scope, strategy) -> None:
    """Refuse the answer rules, for a card of the run, that the compiled game does not
    follow."""
    for cid, key, rules in strategy.answers:
        if cid not in scope.number:
            continue
        if key not in COMPILED_KEYS:
            raise Unsupported(f"the strategy {strategy.name}: its `{key}` answers for {cid} "
                              "(only `play`, `choose` and `buy` answers are compiled)")
        for r in rules:
            if r.cond is not None and any(n.__class__ is A.Name and n.name in ("this", "it")
                                          for n in nodes(r.cond)):
                raise Unsupported(f"the strategy {strategy.name}: its `{key}` answers for "
                                  f"{cid} read `this` or `it`")
        if key in ("play", "choose") and scope.controlled_turns:
            raise Unsupported(f"the strategy {strategy.name}: its `{key}` answers for {cid}, "
                              "in a game with turns another player controls")


def rules_of(strategy, cid: str, key: str):
    """The strategy's rules of this key for this card (None: it has none)."""
    for card, k, rules in strategy.answers:
        if card == cid and k == key:
            return rules
    return None


def refused_play(exprs, rules) -> str | None:
    """A Python test that is true when the `play` rules answer no (bots/rules.yes_no: the
    first rule whose condition holds answers; none: the card is played), or None when
    they never do."""
    tests = []
    for r in rules:
        answer = "False" if r.answer else "True"
        if r.cond is None:
            tests.append((None, answer))
            break
        tests.append((exprs.condition(r.cond, "p"), answer))
    if not any(answer == "True" for _, answer in tests):
        return None
    out = "False"
    for cond, answer in reversed(tests):
        out = answer if cond is None else f"({answer} if ({cond}) else {out})"
    return out


def play_filter(scope, exprs, strategy) -> list:
    """Lines taking out of `acts` (the Actions in hand) those the `play` rules refuse."""
    lines = []
    for cid, key, rules in strategy.answers:
        if key != "play" or cid not in scope.number or not scope.cards[scope.number[cid]].is_action:
            continue
        test = refused_play(exprs, rules)
        if test is None:
            continue
        c = scope.number[cid]
        lines += [f"if {c} in acts and {test}:  # {cid}: its `play` rules say no",
                  f"    acts = [x for x in acts if x != {c}]"]
    if lines:
        lines += ["if not acts:", "    break"]
    return lines


def choice_lines(exprs, rules, n: int) -> list | None:
    """Lines setting `k` to the option a strategy's `choose` rules name first
    (bots/rules.option_order, the first of Bot.decide's ranking), or None when they may name
    none (then the defaults' ranking, a weighing, decides)."""
    chain = []
    for r in rules:
        if not isinstance(r.answer, int) or isinstance(r.answer, bool) or r.answer >= n:
            continue
        if r.cond is None:
            chain.append((None, r.answer))
            break
        chain.append((exprs.condition(r.cond, "p"), r.answer))
    if not chain or chain[-1][0] is not None:
        return None
    if len(chain) == 1:
        return [f"k = {chain[0][1]}"]
    lines = []
    for i, (cond, answer) in enumerate(chain):
        head = "else:" if cond is None else ("if " if i == 0 else "elif ") + f"{cond}:"
        lines += [head, f"    k = {answer}"]
    return lines


def ruled_choice(scope, d, s, own: bool, drawn: list, weighed) -> list | None:
    """Lines setting `k` for the turn player's own `choose one`, when a strategy bot of the
    run has `choose` rules for the card: the random bot's draw, each strategy's rules, and
    for a strategy with none the lines weighed() gives (its weighing of the options, or a
    replay on the generic engine). None when no strategy has rules for the card."""
    ruled = {i: rules_of(bot.strategy, d.id, "choose") for i, bot in enumerate(scope.bots)
             if not bot.random}
    ruled = {i: r for i, r in ruled.items() if r is not None}
    if not ruled:
        return None
    if not own or s.by_you:
        raise Unsupported(f"{d.id}: a `choose one` answered by `choose` rules, asked of "
                          "another player than the one whose turn it is")
    exprs = Exprs(scope, turn=True)
    lines = ["if bot_rng is not None:"] + ["    " + x for x in drawn]
    for i, rules in ruled.items():
        chosen = choice_lines(exprs, rules, len(s.options))
        if chosen is None:
            raise Unsupported(f"{d.id}: the strategy {scope.bots[i].strategy.name}'s `choose` "
                              "rules may name no option (the defaults' ranking is a weighing)")
        lines += [f"elif b == {i}:  # {comment(scope.bots[i].spec)}"] + ["    " + x for x in chosen]
    if len(ruled) < sum(1 for bot in scope.bots if not bot.random):
        lines += ["else:"] + ["    " + x for x in weighed()]
    return lines
