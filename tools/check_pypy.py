"""The tool under PyPy (the pypy3 the system packages offer): installed from this checkout
into a fresh PyPy virtual environment, it must lint the shipped sets and play the same
games as CPython, seed for seed, on the generic engine and on the compiled one. Run by CI;
prints how much faster PyPy played on each engine, and the compiled engine than the generic.

    python tools/check_pypy.py [--games 2000] [--pypy pypy3]

Why a check and not a test: it needs a second Python and an install, as a user running
long simulations under PyPy would do.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMING = re.compile(r"^\d+ game\(s\), seed \d+, [\d.]+s \([\d.]+ games/s\)")


def simulate(dsl: str, games: int, env: dict, engine: str = "auto") -> tuple[float, list[str]]:
    """(seconds, the output without its timing) of a bot run on a recommended kingdom."""
    start = time.perf_counter()
    r = subprocess.run([dsl, "simulate", "--kingdom", "First Game", "--bots", "bm:smithy,bm",
                        "--games", str(games), "--seed", "7", "--engine", engine],
                       capture_output=True, text=True, env=env, check=True)
    took = time.perf_counter() - start
    return took, [TIMING.sub("GAMES", line) for line in r.stdout.splitlines()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--pypy", default="pypy3")
    args = ap.parse_args()
    pypy = shutil.which(args.pypy)
    if pypy is None:
        print(f"check_pypy: {args.pypy} not found (apt-get install pypy3)", file=sys.stderr)
        return 1
    tmp = Path(tempfile.mkdtemp(prefix="dsl-pypy-"))
    try:
        subprocess.run([pypy, "-m", "venv", str(tmp / "venv")], check=True)
        pip = [str(tmp / "venv" / "bin" / "python"), "-m", "pip", "install", "--quiet"]
        subprocess.run(pip + [str(ROOT)], check=True, cwd=tmp)
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DSL_CARDS")}
        env["DSL_CACHE_DIR"] = str(tmp / "cache")
        pypy_env = dict(env, PYPY_GC_NURSERY="32M")      # see docs/speed.md
        lint = subprocess.run([str(tmp / "venv" / "bin" / "dsl"), "lint", "--quiet"],
                              capture_output=True, text=True, env=env)
        ok = lint.returncode == 0 and "0 error(s)" in lint.stdout
        print(("ok  " if ok else "FAIL") + "  pypy: dsl lint (the shipped sets)")
        cpython_dsl = shutil.which("dsl") or str(Path(sys.executable).parent / "dsl")
        for dsl, dsl_env in ((str(tmp / "venv" / "bin" / "dsl"), pypy_env), (cpython_dsl, env)):
            simulate(dsl, 1, dsl_env)      # the cache warm, as at a user's second run
        pypy_dsl = str(tmp / "venv" / "bin" / "dsl")
        times, outs = {}, {}
        for engine in ("generic", "compiled"):
            for name, dsl, dsl_env in (("pypy", pypy_dsl, pypy_env), ("cpython", cpython_dsl, env)):
                times[name, engine], outs[name, engine] = simulate(dsl, args.games, dsl_env,
                                                                   engine)
        same = all(out == outs["cpython", "generic"] for out in outs.values())
        print(("ok  " if same else "FAIL") + f"  pypy plays the same {args.games} games as "
              "CPython (seed 7), on both engines (start-up included):")
        for engine in ("generic", "compiled"):
            pypy_s, cpython_s = times["pypy", engine], times["cpython", engine]
            print(f"      {engine + ':':9} pypy {pypy_s:.1f} s against CPython {cpython_s:.1f} s, "
                  f"{cpython_s / pypy_s:.2f}x")
        for name in ("pypy", "cpython"):
            print(f"      compiled against generic under {name}: "
                  f"{times[name, 'generic'] / times[name, 'compiled']:.2f}x")
        if not same:
            for key, out in outs.items():
                print("\n".join([f"{key}:"] + out))
        return 0 if ok and same else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
