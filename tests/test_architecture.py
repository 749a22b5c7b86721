"""The layout is the architecture (docs/architecture.md): the import-linter contracts of
pyproject.toml hold (layers import only downwards, no import circles), they catch a planted
upward import, every subpackage says what it holds and what it may use, and no module is
over 500 lines."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("dsl", "interpreter")
MAX_LINES = 500


def _lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    tool = Path(sys.executable).with_name("lint-imports")
    if not tool.exists():
        pytest.fail("import-linter is not installed: pip install -e '.[test]'")
    env = dict(os.environ, PYTHONPATH=str(cwd))
    return subprocess.run([str(tool), "--no-cache", "--config", str(cwd / "pyproject.toml")],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_the_import_contracts_hold():
    run = _lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


@pytest.mark.parametrize("module, planted, broken", [
    # the language importing the command line: a layer imports upwards
    ("dsl/language/walk.py", "import dsl.cli.main", "each layer imports only those below"),
    # the engine's state importing the game that uses it: a circle inside interpreter
    ("interpreter/core/state.py", "import interpreter.engine.game", "each layer imports only"),
    # two modules of one package importing each other
    ("dsl/text/forms.py", "import dsl.text.words", "No import circles"),
])
def test_a_planted_import_breaks_a_contract(tmp_path, module, planted, broken):
    for pkg in PACKAGES:
        shutil.copytree(ROOT / pkg, tmp_path / pkg,
                        ignore=shutil.ignore_patterns("__pycache__", "*.ttf"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{planted}\n", encoding="utf-8")
    run = _lint_imports(tmp_path)
    assert run.returncode != 0, run.stdout
    assert broken in run.stdout, run.stdout


def test_every_subpackage_says_what_it_holds_and_what_it_may_use():
    for pkg in PACKAGES:
        for init in sorted((ROOT / pkg).glob("*/__init__.py")):
            doc = init.read_text(encoding="utf-8")
            assert doc.startswith('"""') and "May use:" in doc, \
                f"{init.relative_to(ROOT)}: a docstring saying what it holds and 'May use: ...'"


def test_no_module_is_over_500_lines():
    big = []
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            n = len(path.read_text(encoding="utf-8").splitlines())
            if n > MAX_LINES:
                big.append(f"{path.relative_to(ROOT)}: {n} lines")
    assert not big, "split by concern: " + ", ".join(big)
