"""`dsl balance EVENT`: an Event ranked against the Events of its cost, its buys counted
(an Event bought is in the tally of what each bot got), and a verdict that says so when the
Event's bot never bought it (the figures are then Big Money's own)."""
from dsl.cli.balance import verdict_lines
from dsl.language.loader import load_shipped
from interpreter.runs.balance import make_plan, play

CAT = load_shipped().catalog


def report(event):
    return play(CAT, make_plan(CAT, event, kingdoms=2, games=20, seed=1))


def test_an_event_bought_is_counted_and_ranked_against_events():
    r = report("alms")
    assert r.plan.event and all(CAT.cards[x].landscape == "event" for x in r.plan.rivals)
    assert r.matchups[0].tally.gained[0].get("alms", 0) > 0
    lines = verdict_lines(r)
    assert not any("never bought" in x for x in lines)
    assert any("Event(s) costing $0" in x for x in lines)


def test_an_event_its_bot_never_buys_is_said_to_be_big_moneys_figures():
    r = report("lost_arts")
    assert not any(m.tally.gained[0].get("lost_arts") for m in r.matchups)
    assert any("bm:lost_arts never bought lost_arts" in x for x in verdict_lines(r))
