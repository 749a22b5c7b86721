"""Every kingdom card has scenarios of its own."""
from pathlib import Path

import yaml

from dsl.language.loader import load_shipped

SCENARIOS = Path(__file__).parent / "scenarios"


def test_every_kingdom_card_is_played_or_set_up_in_some_scenario():
    catalog = load_shipped().catalog
    kingdom_cards = {c.id for c in catalog.cards.values() if c.set != "basic" and c.kingdom}
    assert len(kingdom_cards) == 172
    named = {}
    for path in SCENARIOS.rglob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for cid in data.get("kingdom") or []:
            named[cid] = named.get(cid, 0) + 1
    thin = sorted(c for c in kingdom_cards if named.get(c, 0) < 2)
    assert not thin, f"kingdom cards with fewer than 2 scenarios: {thin}"
