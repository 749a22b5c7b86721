"""A pytest plugin (entry point `dominion_cards`): `pytest` in a fan set's repository runs
its scenario files, each file one test, a failure printed as `dsl test` prints it
(file:line:col). The project's own tests/conftest.py uses the same collector.

A YAML file is a scenario only by where it is or by an option, so that a project that just
has this package installed never sees its YAML files collected:
- a `*.yaml` file below the `tests/` folder of a set folder (a folder with `set.yaml` and
  `cards/`): the files `dsl test --cards my_set` runs;
- a file matching a glob of the ini option `dominion_scenarios` (relative to the ini file);
- a file below a folder a conftest gives with `add_scenario_root(config, folder)`.
The fan sets a scenario plays with, besides its own set and its `cards:`: the DSL_CARDS
search path, the ini option `dominion_cards` and `--dsl-cards PATH`.

Nothing heavy is imported until a scenario runs: the plugin costs an unrelated test run
nothing but a few path checks per YAML file."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

NAME = "dominion_cards"
_ROOTS = pytest.StashKey[list]()
_GLOBBED = pytest.StashKey[set]()
_SETS = pytest.StashKey[list]()
_SET_FOLDERS = pytest.StashKey[dict]()


def pytest_addoption(parser) -> None:
    group = parser.getgroup(NAME, "Dominion card language scenarios")
    group.addoption("--dsl-cards", action="append", default=[], metavar="PATH",
                    dest="dsl_cards", help="a fan set folder or card file the scenarios play "
                    "with (repeatable; also DSL_CARDS and the ini option dominion_cards)")
    parser.addini("dominion_scenarios", type="linelist", default=[],
                  help="globs of scenario files (relative to the ini file), collected besides "
                       "the *.yaml files below each set folder's tests/")
    parser.addini("dominion_cards", type="paths", default=[],
                  help="fan set folders or card files the scenarios play with")


def use(config) -> None:
    """Register the plugin if its entry point did not (a checkout run without install
    metadata); options then take their defaults."""
    import sys
    if not config.pluginmanager.has_plugin(NAME):
        config.pluginmanager.register(sys.modules[__name__], NAME)


def add_scenario_root(config, folder: Path) -> None:
    """Collect every *.yaml file below `folder` as a scenario (a project's own tests)."""
    config.stash.setdefault(_ROOTS, []).append(Path(folder).resolve())


def _is_set_folder(config, folder: Path) -> bool:
    known = config.stash.setdefault(_SET_FOLDERS, {})
    if folder not in known:
        known[folder] = (folder / "set.yaml").is_file() and (folder / "cards").is_dir()
    return known[folder]


def pytest_configure(config) -> None:
    """Check the options before anything is collected: a bad one is a usage error."""
    base = config.inipath.parent if config.inipath else config.rootpath
    found = set()
    for pattern in config.getini("dominion_scenarios"):
        try:
            found |= {p.resolve() for p in base.glob(pattern) if p.is_file()}
        except (ValueError, NotImplementedError) as e:
            raise pytest.UsageError(f"dominion_scenarios: {pattern!r}: {e}; give a glob "
                                    "relative to the ini file's folder") from None
    config.stash[_GLOBBED] = found
    for where, paths in (("dominion_cards", config.getini("dominion_cards")),
                         ("--dsl-cards", config.getoption("dsl_cards", default=[]) or [])):
        for p in paths:
            if not Path(p).exists():
                raise pytest.UsageError(f"{where}: {p}: no such file or folder; give a fan "
                                        "set folder or card file")


def is_scenario(config, path: Path) -> bool:
    """Whether pytest should collect `path` as a scenario file (the rules above)."""
    if path.suffix != ".yaml":
        return False
    path = path.resolve()
    if any(root in path.parents for root in config.stash.get(_ROOTS, [])):
        return True
    for folder in path.parents:
        if folder.name == "tests" and _is_set_folder(config, folder.parent):
            return True
    return path in config.stash.get(_GLOBBED, set())


def pytest_collect_file(parent, file_path: Path):
    if is_scenario(parent.config, file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


def fan_sets(config) -> list:
    """DSL_CARDS, then the ini option `dominion_cards`, then --dsl-cards (once per run)."""
    if _SETS not in config.stash:
        from dsl.language.fansets import search_path
        try:
            ini = config.getini("dominion_cards")
        except ValueError:
            ini = []
        config.stash[_SETS] = search_path(list(ini) + list(config.getoption("dsl_cards",
                                                                              default=[]) or []))
    return config.stash[_SETS]


class ScenarioFile(pytest.File):
    """One scenario file: one test, named by the file's stem."""

    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioFailed(Exception):
    """A scenario that did not do what it expects: its result (failures with positions)."""


class ScenarioItem(pytest.Item):
    def runtest(self):
        from dsl.language.errors import DslError
        from interpreter.runs.scenario import run_file
        try:
            search = fan_sets(self.config)
        except DslError as e:
            raise ScenarioFailed("the fan sets", [str(e)], []) from None
        result = run_file(self.path, search)
        if not result.ok:
            raise ScenarioFailed(result.name, result.failures, result.log)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioFailed):
            name, failures, log = excinfo.value.args
            lines = [f"scenario: {name}"] + list(failures)
            if log:
                lines.append("log: " + " | ".join(log))
            here = str(self.config.invocation_params.dir) + os.sep
            return "\n".join(lines).replace(here, "")      # paths as `dsl test` prints them
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"scenario {self.path.name}"
