"""pytest collects every scenario file under tests/scenarios as one test, with the collector
that fan sets use (dsl/cli/pytest_plugin.py, the `dominion_cards` pytest plugin), so the
project's scenarios and a designer's run the same way."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from dsl.cli import pytest_plugin

# the card cache (dsl/language/file_cache.py) of this test run, not the user's: the tests and the
# commands they start share it, and nothing is left in ~/.cache
os.environ.setdefault("DSL_CACHE_DIR", tempfile.mkdtemp(prefix="dsl-test-cache-"))

SCENARIOS = Path(__file__).parent / "scenarios"


def pytest_configure(config):
    pytest_plugin.use(config)          # also from a checkout without install metadata
    pytest_plugin.add_scenario_root(config, SCENARIOS)
