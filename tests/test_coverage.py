"""Every kingdom card has scenarios of its own."""
from pathlib import Path

import yaml

from dsl.language.loader import load_shipped

SCENARIOS = Path(__file__).parent / "scenarios"


def test_every_kingdom_card_is_played_or_set_up_in_some_scenario():
    catalog = load_shipped().catalog
    kingdom_cards = {k for k in catalog.kingdom_ids() if catalog.face_of(k).set != "basic"}
    assert len(kingdom_cards) == 200 and "knights" in kingdom_cards    # a pile counts once
    named = {}
    for path in SCENARIOS.rglob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for cid in data.get("kingdom") or []:
            named[cid] = named.get(cid, 0) + 1
    thin = sorted(c for c in kingdom_cards if named.get(c, 0) < 2)
    assert not thin, f"kingdom cards with fewer than 2 scenarios: {thin}"


def test_every_card_of_a_kingdom_pile_has_a_scenario_of_its_own():
    """The Knights: each of the ten is set up in some scenario (its own text), not only
    the pile they make."""
    catalog = load_shipped().catalog
    texts = [p.read_text(encoding="utf-8") for p in SCENARIOS.rglob("*.yaml")]
    members = {c for m in catalog.piles.values() if m.kingdom for c, _ in m.cards}
    assert len(members) == 10
    missing = sorted(c for c in members if not any(f"{c}" in t for t in texts))
    assert not missing, f"cards of a kingdom pile in no scenario: {missing}"
