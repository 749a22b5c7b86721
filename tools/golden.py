"""Write the golden game records of tests/golden/: one recorded game per recommended kingdom
(three players: a random bot, Big Money, a random bot). The tests replay them; a change in
the engine's behaviour makes a replay fail. Run this after an intended change:

    python tools/golden.py
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
    for kid, kingdom in sorted(catalog.kingdoms.items()):
        path = GOLDEN / f"{kid}.jsonl"
        with path.open("w", encoding="utf-8") as f:
            run_games(catalog, list(kingdom.cards), BOTS, 1, seed=1, recorder=Recorder(f))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
