"""pytest collects every scenario file under tests/scenarios as one test."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.scenario import run_file

SCENARIOS = Path(__file__).parent / "scenarios"


def pytest_collect_file(parent, file_path: Path):
    if file_path.suffix == ".yaml" and SCENARIOS in file_path.parents:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioFailed(Exception):
    pass


class ScenarioItem(pytest.Item):
    def runtest(self):
        result = run_file(self.path)
        if not result.ok:
            raise ScenarioFailed(result.name, result.failures, result.log)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioFailed):
            name, failures, log = excinfo.value.args
            return "\n".join([f"scenario: {name}"] + failures + ["log: " + " | ".join(log)])
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario {self.path.name}"
