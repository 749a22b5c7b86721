"""Player tokens a set lets players spend (part of Game): spending them by the rules of
their kind (set.yaml `tokens: [{spend: ...}]`: Coffers, Villagers, Debt), paying them
(`pay up to N KIND tokens`), and overpaying for a card (`overpay`), which may spend the
tokens the buyer could still spend; and giving a player tokens (add_tokens: one of a kind
he may spend puts the turn that asks about spending in place, hooks.py). A game in which
no player gets a token he may spend never looks at any of this."""
from __future__ import annotations

from interpreter.core.decisions import Decision
from interpreter.core.setup import GameError
from interpreter.effects.lasting import Paid


class Spending:
    """Part of Game (needs catalog, players, turn, interp, decide, say, logging)."""

    def spend(self, p: int, kind: str, n: int) -> None:
        """Player p spends n tokens of a kind, by its spend rule: a GameError names the
        rule a spend breaks (a kind with no rule, fewer tokens, the phase, after buying,
        coins to pay)."""
        spendable = self.catalog.spendable()
        rule = spendable.get(kind)
        if rule is None:
            known = ", ".join(sorted(spendable)) or "none in this game"
            raise GameError(f"spend: '{kind}' tokens cannot be spent (no set gives that "
                            f"kind a spend rule; spendable kinds: {known})")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise GameError(f"spend: spend at least 1 {kind} token (got {n!r})")
        t = self.turn
        if p != t.player:
            raise GameError(f"spend: only the player whose turn it is spends {kind}")
        have = self.players[p].tokens.get(kind, 0)
        if have < n:
            raise GameError(f"spend: {self.name(p)} has {have} {kind} token(s), not {n}")
        if rule.phase == "action":
            if t.phase != "action":
                raise GameError(f"spend: {kind} are spent in the action phase, which ends "
                                "when a Treasure is played or a card bought")
        else:
            if t.phase not in ("action", "buy"):
                raise GameError(f"spend: {kind} are spent in the buy phase")
            if rule.before_buying and t.bought:
                raise GameError(f"spend: {kind} are spent before buying, not after")
        if rule.pays and t.coins < rule.pays * n:
            raise GameError(f"spend: {n} {kind} cost ${rule.pays * n} to pay off; "
                            f"{self.name(p)} has ${t.coins}")
        if rule.phase == "buy":
            t.phase = "buy"                  # as playing a Treasure: the action phase ends
        self.spend_tokens(p, kind, n, rule)

    def spend_tokens(self, p: int, kind: str, n: int, rule) -> None:
        """Remove n tokens and do what each gives (no rule checked: an overpay's spending
        is part of a buy); logged."""
        tokens = self.players[p].tokens
        tokens[kind] = tokens.get(kind, 0) - n
        t = self.turn
        t.coins -= rule.pays * n
        if self.logging:
            self.say(f"{self.name(p)} spends {n} {kind}")
        if rule.gives:
            for _ in range(n):
                self.interp.run_spend(p, kind, rule.gives)

    def add_tokens(self, p: int, kind: str, n: int) -> bool:
        """Give (n > 0) or take (n < 0) a player's tokens of a kind; never below none."""
        tokens = self.players[p].tokens
        have = tokens.get(kind, 0)
        tokens[kind] = max(0, have + n)
        if n > 0:
            self.hook_spending(kind)             # his turns may spend them (hooks.py)
        if tokens[kind] != have and self.logging:
            self.say(f"{self.name(p)} {'takes' if n > 0 else 'loses'} {abs(tokens[kind] - have)}"
                     f" {kind} token(s)")
        return tokens[kind] != have

    def pay_tokens(self, p: int, kind: str, n: int) -> int:
        """Player p pays (removes) up to n of his tokens of a kind; how many he paid."""
        tokens = self.players[p].tokens
        paid = min(max(n, 0), tokens.get(kind, 0))
        if paid:
            tokens[kind] -= paid
            if self.logging:
                self.say(f"{self.name(p)} pays {paid} {kind}")
        return paid

    def overpay_sources(self, p: int) -> list:
        """(kind, rule, tokens) of player p's tokens he could still spend for coins now,
        during a buy of his turn: a buy-phase kind, giving coins; a `before_buying` kind
        only while this buy is the turn's first."""
        t = self.turn
        out = []
        if p != t.player:
            return out
        for kind, rule in self.catalog.spendable().items():
            have = self.players[p].tokens.get(kind, 0)
            if not have or rule.phase != "buy" or rule.coins_each <= 0:
                continue
            if rule.before_buying and t.earlier_buys:
                continue
            out.append((kind, rule, have))
        return out

    def overpay(self, p: int, source, effect=None, frame=None, potion=False):
        """The buyer's overpay for a card just bought: an amount of 0 up to his coins left
        and what his tokens could still give; tokens are spent for what the coins do not
        cover. With `potion` (the effect counts a Potion) and a Potion left, then a yes/no:
        a Potion too. Returns the amount paid (a Paid with the Potion)."""
        t = self.turn
        coins = t.coins if p == t.player else 0
        sources = self.overpay_sources(p) if self.catalog.token_kinds else []
        highest = coins + sum(rule.coins_each * have for _, rule, have in sources)
        paid = 0
        if highest > 0:
            paid = self.decide(Decision(p, "amount", "overpay",
                                        f"overpay for {source} ($0 to ${highest})",
                                        (0, highest), 0, highest, source, None, effect, frame))
        self._pay_over(p, paid, coins, sources)
        if potion and p == t.player and t.potions > 0 and self.decide(Decision(
                p, "yesno", "overpay", f"overpay a Potion for {source} too", (), 0, 1,
                source, None, effect, frame)):
            t.potions -= 1
            if self.logging:
                self.say(f"{self.name(p)} overpays a Potion")
            return Paid(paid, 1)
        return paid

    def _pay_over(self, p: int, paid: int, coins: int, sources: list) -> None:
        """Pay an overpay of `paid`: the coins, and tokens spent for what they lack."""
        t = self.turn
        short = paid - coins
        for kind, rule, have in sources:
            if short <= 0:
                break
            k = min(have, -(-short // rule.coins_each))
            self.spend_tokens(p, kind, k, rule)
            short -= rule.coins_each * k
        if paid:
            t.coins -= paid
            if self.logging:
                self.say(f"{self.name(p)} overpays ${paid}")
