"""Write the golden game records of tests/golden/: one recorded game per recommended kingdom
(three players: a random bot, Big Money, a random bot). The tests replay them; a change in
the engine's behaviour makes a replay fail. Run this after an intended change (all of
them, or the kingdoms named):

    python tools/golden.py [KINGDOM_ID ...]
"""
from __future__ import annotations

import sys
from pathlib import Path

from dsl.language.loader import load_shipped
from interpreter.runs.record import Recorder
from interpreter.runs.simulation import run_games

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
BOTS = ["random", "bm", "random"]


def main() -> int:
    catalog = load_shipped().catalog
    GOLDEN.mkdir(parents=True, exist_ok=True)
    wanted = set(sys.argv[1:])
    for kid, kingdom in sorted(catalog.kingdoms.items()):
        if wanted and kid not in wanted:
            continue
        path = GOLDEN / f"{kid}.jsonl"
        with path.open("w", encoding="utf-8") as f:     # its rulebook's set rules, as `dsl
            bane = (kingdom.bane,) if kingdom.bane else ()      # and its Bane
            run_games(catalog, list(kingdom.cards), BOTS, 1, seed=1, recorder=Recorder(f),
                      rule_choice=(kingdom.rules, ()) + bane)   # simulate --kingdom NAME` plays it
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
