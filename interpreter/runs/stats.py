"""What bot games say beyond who won, collected only when asked for: per bot, the VP at the
end of each of its turns and the coins it had to spend in each buy phase, the cards it
gained; per game, why it ended and how long it was.

A `GameWatch` follows one game (play_game calls it after each turn, play_turn when the buy
phase starts); a `Tally` keeps the sums over many games, per bot (not per seat). Every sum
is an integer, so tallies of chunks played by any number of workers merge, in any order,
to the same numbers."""
from __future__ import annotations

END_PILE, PILES, TURN_LIMIT = "end_pile", "piles", "turn_limit"
END_REASONS = (END_PILE, PILES, TURN_LIMIT)
CSV_COLUMNS = ("section", "bot", "key", "measure", "value")


class GameWatch:
    """The observer of one game. Turn k of a player is his k-th own turn; an extra turn
    (Outpost, a possessed turn) counts with the turn it follows: its coins are added to
    that turn's, its VP is the VP then. A compiled game (interpreter/compiled) tells it
    each turn's end through add_turn()."""
    __slots__ = ("vp", "coins", "gained", "_coins")

    def __init__(self, game=None, players: int | None = None):
        if game is not None:
            game.keeps_history = True        # each turn keeps its gains (nothing else changes)
            players = len(game.players)
        self.vp: list = [[] for _ in range(players)]     # seat -> VP at the end of turn k (k-1)
        self.coins: list = [[] for _ in range(players)]  # seat -> coins in turn k's buy phase
        self.gained: list = [{} for _ in range(players)]  # seat -> card id -> copies gained
        self._coins = 0

    def buy_phase(self, game) -> None:
        """The buy phase starts: the coins the player has now are what this turn made."""
        self._coins = game.turn.coins

    def turn_end(self, game, turn) -> None:
        p = turn.player
        self.add_turn(p, game.players[p].turns or 1, self._coins, game.vp(p),
                      [(q, card.d.id) for q, card in turn.gains] +
                      [(p, lid) for lid in turn.landscapes_bought])   # Events bought too
        self._coins = 0

    def add_turn(self, p: int, k: int, coins: int, vp: int, gains) -> None:
        """Player p's turn k ended with `vp` victory points, after a buy phase begun with
        `coins`; `gains`: (player, card id) of every gain in it (a Curse given too)."""
        vps, coin = self.vp[p], self.coins[p]
        if len(vps) < k:                     # a new turn (not an extra one)
            while len(vps) < k:
                vps.append(0)
                coin.append(0)
            coin[k - 1] = coins
        else:
            coin[k - 1] += coins
        vps[k - 1] = vp
        gained = self.gained
        for q, cid in gains:
            got = gained[q]
            got[cid] = got.get(cid, 0) + 1


def end_reason(game, finished: bool) -> str:
    """Why a game ended: the turn limit stopped it, the end pile emptied (the rules' end
    pile, Province), or enough piles did."""
    return reason_of(finished, finished and
                     any(len(game.supply[cid]) == 0 for cid in game.end_pile_ids))


def reason_of(finished: bool, end_pile_empty: bool) -> str:
    """end_reason() of a game that finished or not, with an end pile empty or not."""
    if not finished:
        return TURN_LIMIT
    return END_PILE if end_pile_empty else PILES


def game_length(game) -> int:
    """A game's length: the turns of the player who took the most (its rounds)."""
    return max(p.turns for p in game.players)


def _add_into(total: list, values: list) -> None:
    if len(total) < len(values):
        total.extend([0] * (len(values) - len(total)))
    for i, v in enumerate(values):
        total[i] += v


class Tally:
    """Sums over games of one run (the same bots), per bot."""
    __slots__ = ("games", "vp", "coins", "reached", "gained", "ends", "lengths")

    def __init__(self, bots: int):
        self.games = 0
        self.vp: list = [[] for _ in range(bots)]       # bot -> turn k-1 -> sum of VP
        self.coins: list = [[] for _ in range(bots)]    # bot -> turn k-1 -> sum of coins
        self.reached: list = [[] for _ in range(bots)]  # bot -> turn k-1 -> games with turn k
        self.gained: list = [{} for _ in range(bots)]   # bot -> card id -> copies
        self.ends: dict = {}                            # reason -> games
        self.lengths: dict = {}                         # length in turns -> games

    def add_game(self, watch: GameWatch, seats: list, reason: str, length: int) -> None:
        """One game; seat s was played by bot seats[s]."""
        self.games += 1
        for s, b in enumerate(seats):
            _add_into(self.vp[b], watch.vp[s])
            _add_into(self.coins[b], watch.coins[s])
            reached, n = self.reached[b], len(watch.vp[s])
            if len(reached) < n:
                reached.extend([0] * (n - len(reached)))
            for i in range(n):
                reached[i] += 1
            got = self.gained[b]
            for cid, n in watch.gained[s].items():
                got[cid] = got.get(cid, 0) + n
        self.ends[reason] = self.ends.get(reason, 0) + 1
        self.lengths[length] = self.lengths.get(length, 0) + 1

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        for b in range(len(self.vp)):
            _add_into(self.vp[b], other.vp[b])
            _add_into(self.coins[b], other.coins[b])
            _add_into(self.reached[b], other.reached[b])
            for cid, n in other.gained[b].items():
                self.gained[b][cid] = self.gained[b].get(cid, 0) + n
        for k, n in other.ends.items():
            self.ends[k] = self.ends.get(k, 0) + n
        for k, n in other.lengths.items():
            self.lengths[k] = self.lengths.get(k, 0) + n

    # ---- the figures ----------------------------------------------------------------------
    def per_turn(self, b: int) -> list[dict]:
        """Bot b's averages for turns 1, 2, ...: over the games in which it took that turn
        (`games`), so late turns average fewer, longer games."""
        return [{"turn": k + 1, "games": n, "avg_vp": self.vp[b][k] / n,
                 "avg_coins": self.coins[b][k] / n}
                for k, n in enumerate(self.reached[b]) if n]

    def gained_per_game(self, b: int) -> dict:
        """Card id -> copies bot b gained per game, most first (ties by id)."""
        g = max(self.games, 1)
        return {cid: n / g for cid, n in sorted(self.gained[b].items(),
                                                key=lambda x: (-x[1], x[0]))}

    def end_reasons(self) -> dict:
        return {r: self.ends.get(r, 0) for r in END_REASONS}

    def length_histogram(self) -> dict:
        return {k: self.lengths[k] for k in sorted(self.lengths)}

    def bot_json(self, b: int) -> dict:
        return {"per_turn": self.per_turn(b), "gained_per_game": self.gained_per_game(b)}

    def game_json(self) -> dict:
        return {"end_reasons": self.end_reasons(),
                "game_lengths": {str(k): n for k, n in self.length_histogram().items()}}

    def csv_rows(self, names: list[str]) -> list[tuple]:
        """(section, bot, key, measure, value) rows: `turn` (key: the turn; games, avg_vp,
        avg_coins), `gained` (key: a card id; copies, per_game), `end` (key: a reason;
        games), `length` (key: turns; games)."""
        rows = []
        for b, name in enumerate(names):
            for t in self.per_turn(b):
                for measure in ("games", "avg_vp", "avg_coins"):
                    rows.append(("turn", name, t["turn"], measure, t[measure]))
        for b, name in enumerate(names):
            for cid, per_game in self.gained_per_game(b).items():
                rows.append(("gained", name, cid, "copies", self.gained[b][cid]))
                rows.append(("gained", name, cid, "per_game", per_game))
        for reason, n in self.end_reasons().items():
            rows.append(("end", "", reason, "games", n))
        for length, n in self.length_histogram().items():
            rows.append(("length", "", length, "games", n))
        return rows


def reason_label(reason: str, catalog, players: int) -> str:
    """An end reason in words: 'Province pile empty', '3 piles empty', 'turn limit'."""
    rules = catalog.rules
    if reason == END_PILE:
        d = catalog.cards.get(rules.end_pile)
        return f"{d.names.get('en', d.id) if d else rules.end_pile} pile empty"
    if reason == PILES:
        return f"{rules.end_empty_piles[players]} piles empty"
    return "turn limit"


def stats_text(tally: Tally, names: list[str], catalog, players: int,
               max_turns: int = 30, top: int = 8) -> list[str]:
    """The statistics as lines of text: per-turn averages (turns at least a tenth of the
    games reached, at most `max_turns`), the cards gained most, end reasons, lengths."""
    out = []
    g = max(tally.games, 1)
    turns = [tally.per_turn(b) for b in range(len(names))]
    shown = max((t["turn"] for rows in turns for t in rows if t["games"] * 10 >= g), default=0)
    shown = min(shown, max_turns)
    width = max([len(n) for n in names] + [10])
    out.append("per-turn averages (VP at the end of the turn, $ in its buy phase; over the "
               "games that reached the turn):")
    out.append("  turn  " + "  ".join(f"{n:>{width}}" for n in names))
    for k in range(1, shown + 1):
        cells = []
        for rows in turns:
            t = rows[k - 1] if k <= len(rows) else None
            cells.append(f"{t['avg_vp']:5.1f} VP ${t['avg_coins']:4.1f}".rjust(width)
                         if t else " " * width)
        out.append(f"  {k:4}  " + "  ".join(cells))
    out.append("cards gained per game:")
    for b, name in enumerate(names):
        gained = list(tally.gained_per_game(b).items())[:top]
        out.append(f"  {name}: " + ", ".join(f"{cid} {n:.2f}" for cid, n in gained))
    out.append("games ended: " + ", ".join(
        f"{reason_label(r, catalog, players)} {n / g:.1%}" for r, n in tally.end_reasons().items()))
    out.append("game length (turns of the player who took the most):")
    hist = tally.length_histogram()
    peak = max(hist.values(), default=1)
    for length, n in hist.items():
        out.append(f"  {length:4} {'#' * max(1, round(40 * n / peak)):40} {n}")
    return out
