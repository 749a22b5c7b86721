"""Landscapes: Events (docs/language.md, "Landscapes"): loaded and linted, bought in a game
(Game.buy), offered by buyable(), bought by bots, dealt in random kingdoms, ranked by
`dsl balance`, refused by the kingdom compiler with a reason, rendered as printed. The
rules of buying one are the scenarios of tests/scenarios/landscapes/."""
import random
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.language.fansets import open_sets
from dsl.lint.checks import lint
from interpreter.bots.agents import RandomBot
from interpreter.bots.landscapes import worth_buying
from interpreter.compiled.scope import Scope, Unsupported
from interpreter.core.setup import GameError
from interpreter.engine.game import Game
from interpreter.engine.turns import play_game
from interpreter.runs import balance
from interpreter.runs.dealing import deal_kingdom
from interpreter.runs.simulation import make_bot

FAN = Path(__file__).parent / "fixtures" / "events_fan"
KINGDOM = ["village", "smithy", "market", "militia", "moat"]


@pytest.fixture(scope="module")
def cat():
    return open_sets([FAN]).catalog


def run_dsl(*args):
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True, text=True)


def game_of(cat, kingdom, agents=None, log=True, seed=1):
    agents = agents or [RandomBot(random.Random(seed)), RandomBot(random.Random(seed + 1))]
    return Game(cat, kingdom, len(agents), agents, seed=seed, log=log)


def test_an_event_is_a_landscape_not_a_kingdom_card(cat):
    d = cat.cards["poor_box"]
    assert (d.landscape, d.limit, d.kingdom) == ("event", "turn", False)
    assert cat.is_landscape("poor_box") and not cat.is_kingdom("poor_box")
    assert "poor_box" not in cat.kingdom_ids()
    fan = [e for e in cat.landscape_ids("event") if cat.cards[e].set == "events_fan"]
    assert fan == ["grand_feast", "pilgrims_road", "poor_box", "street_fair"]
    assert not d.triggers and d.on_play       # its on_buy: what buying it does
    assert cat.cards["village"].landscape is None


def test_the_fan_set_lints_clean():
    assert [d.format() for d in lint([str(FAN)]) if d.severity == "error"] == []


BAD = {
    "on_play.yaml": ("id: bad_event\nset: evbad\nlandscape: event\ncost: 2\ntypes: [event]\n"
                     "names: {en: Bad}\non_play: \"+1 card\"\n", "E002", 7, "`on_buy`"),
    "limit.yaml": ("id: limited\nset: evbad\nlimit: turn\ncost: 2\ntypes: [action]\n"
                   "names: {en: L}\non_play: \"+1 card\"\n", "E002", 1, "landscape"),
    "landmark.yaml": ("id: a_landmark\nset: evbad\nlandscape: landmark\ncost: 0\n"
                      "types: [event]\nnames: {en: LM}\n", "E002", 3, "not supported yet"),
    "gains.yaml": ("id: gains_event\nset: evbad\ncost: 2\ntypes: [action]\nnames: {en: G}\n"
                   "on_play: \"gain ok_event\"\n", "E005", 6, "not a card"),
    "ok.yaml": ("id: ok_event\nset: evbad\nlandscape: event\nlimit: game\ncost: 2\n"
                "types: [event]\nnames: {en: OK}\non_buy: \"+1 buy\"\n", None, 0, ""),
}


def test_lint_refuses_what_a_landscape_cannot_have(tmp_path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "set.yaml").write_text("id: evbad\nnames: {en: Bad}\ntypes:\n"
                                       "  - {id: event, names: {en: Event}}\n")
    for name, (text, *_rest) in BAD.items():
        (tmp_path / "cards" / name).write_text(text)
    errors = {Path(d.path).name: d for d in lint([str(tmp_path)]) if d.severity == "error"}
    for name, (_, code, line, words) in BAD.items():
        if code is None:
            assert name not in errors
            continue
        d = errors[name]
        assert (d.code, d.line) == (code, line), d.format()
        assert words in d.message


def test_a_game_with_events_has_them_beside_the_supply(cat):
    g = game_of(cat, KINGDOM + ["poor_box", "street_fair"])
    assert set(g.landscapes) == {"poor_box", "street_fair"}
    assert "poor_box" not in g.supply and "street_fair" not in g.supply
    assert all(c.id not in g.landscapes for z in g.zones() for c in z.cards)


def test_a_game_without_events_pays_nothing_for_them(cat):
    g = game_of(cat, KINGDOM)
    assert g.landscapes == {} and "landscapes" not in g.__dict__
    assert "buyable" not in g.__dict__          # the class's own buyable(), unchanged


def test_buyable_offers_affordable_events_within_their_limits(cat):
    g = game_of(cat, KINGDOM + ["poor_box", "street_fair", "grand_feast"])
    t = g.turn
    t.phase, t.coins = "buy", 2
    offered = g.buyable()
    assert "poor_box" in offered and "street_fair" in offered
    assert "grand_feast" not in offered                  # $3
    g.buy(t.player, "poor_box")
    assert t.buys == 0 and t.bought and t.coins == 2
    assert not set(g.buyable()) & set(g.landscapes)      # no Buy left
    t.buys = 1
    assert "poor_box" not in g.buyable()                # once per turn
    with pytest.raises(GameError, match="once per turn"):
        g.buy(t.player, "poor_box")
    assert any(x.endswith("buys the Event poor_box") for x in g.log)


def test_once_per_game_is_for_each_player(cat):
    g = game_of(cat, KINGDOM + ["grand_feast"])
    t = g.turn
    t.phase, t.coins, t.buys = "buy", 6, 2
    g.buy(t.player, "grand_feast")
    with pytest.raises(GameError, match="once per game"):
        g.buy(t.player, "grand_feast")
    assert g.why_not_landscape(1 - t.player, g.landscapes["grand_feast"]) is None


def test_an_event_is_never_a_pile(cat):
    with pytest.raises(GameError, match="landscape"):
        Game(cat, KINGDOM + ["poor_box"], 2, [None, None], deal=False,
             supply_overrides={"poor_box": 3})


def test_random_bots_buy_events_and_games_end(cat):
    kingdom = KINGDOM + ["poor_box", "street_fair", "grand_feast", "pilgrims_road"]
    bought = 0
    for seed in range(6):
        g = game_of(cat, kingdom, seed=seed)
        assert play_game(g, check_invariants=True)
        bought += sum("buys the Event" in x for x in g.log)
    assert bought > 0


def test_bm_event_buys_the_event_when_it_is_worth_it(cat):
    bot = make_bot("bm:grand_feast", cat, None)
    buy = [cid for cid, _ in bot.strategy.buy]
    assert buy.index("grand_feast") == buy.index("silver") - 1     # before Silver
    assert buy.index("gold") < buy.index("grand_feast")
    g = game_of(cat, KINGDOM + ["grand_feast"], agents=[bot, make_bot("bm", cat, None)])
    assert play_game(g)
    assert any("buys the Event grand_feast" in x for x in g.log)


def test_a_strategy_bot_buys_an_event_once_a_turn(cat):
    bot = make_bot("bm:street_fair", cat, None)
    g = game_of(cat, KINGDOM + ["street_fair"], agents=[bot, make_bot("bm", cat, None)])
    t = g.turn
    t.phase, t.coins, t.buys = "buy", 2, 1
    assert bot.buy_choice(g, t.player, g.buyable()) == "street_fair"   # nothing better
    g.buy(t.player, "street_fair")
    t.coins = 2
    assert "street_fair" in g.buyable()
    assert bot.buy_choice(g, t.player, g.buyable()) != "street_fair"
    t.coins = 4                        # $4: a Silver is worth more than +2 Buys and $2
    assert worth_buying(g, t.player, bot, g.landscapes["street_fair"]) is False


def test_random_kingdoms_deal_the_landscapes_of_the_sets_in_use(cat):
    pool = [c for c in cat.kingdom_ids() if cat.face_of(c).set == "base"]
    assert deal_kingdom(cat, random.Random(3), pool) == random.Random(3).sample(pool, 10)
    events = [e for e in cat.landscape_ids("event")      # the fan set's 4 Events only
              if cat.cards[e].set == "events_fan"]
    dealt = [deal_kingdom(cat, random.Random(s), pool, landscapes=events)
             for s in range(200)]
    for k in dealt:
        cards = [c for c in k if not cat.is_landscape(c)]
        assert len(cards) == 10 and len(k) - len(cards) <= 2
        assert k[:10] == cards                      # the Events after the cards
    assert any(len(k) > 10 for k in dealt) and any(len(k) == 10 for k in dealt)


def test_the_kingdom_compiler_refuses_events_with_a_reason(cat):
    from interpreter.compiled.scope import Bot as CBot
    with pytest.raises(Unsupported, match="street_fair: a landscape"):
        Scope(cat, KINGDOM + ["street_fair"], [CBot("random"), CBot("random")], ())


def test_balance_ranks_an_event_against_events(cat):
    plan = balance.make_plan(cat, "grand_feast", 2, 4, 0, ["street_fair"])
    assert plan.event and plan.bot == "bm:grand_feast"
    assert all(k[0] == "grand_feast" and len(k) == 11 for k in plan.kingdoms)
    runs = plan.runs()
    assert all(r.kingdom[-1] == "street_fair" and len(r.kingdom) == 12 for r in runs[2:])
    assert balance.same_cost(cat, "grand_feast") == ["bonfire", "expedition", "ferry",
                                                     "plan"]   # Adventures' $3 Events
    plan = balance.make_plan(cat, "smithy", 1, 2, 0, ["moat"], ("grand_feast",))
    assert all(r.kingdom[-1] == "grand_feast" and "smithy" in r.kingdom
               for r in plan.runs())
    assert "moat" in plan.runs()[-1].kingdom


def test_cli_events_option_and_balance():
    out = run_dsl("simulate", "--cards", str(FAN), "--kingdom", "First Game", "--events",
                  "grand_feast,street_fair", "--bots", "bm:grand_feast,bm", "--games", "4")
    assert out.returncode == 0, out.stderr
    assert "grand_feast, street_fair" in out.stdout
    bad = run_dsl("simulate", "--cards", str(FAN), "--kingdom", "First Game", "--events",
                  "smithy", "--bots", "bm,bm", "--games", "1")
    assert bad.returncode == 2 and "--events smithy: not an Event" in bad.stderr
    out = run_dsl("balance", "--cards", str(FAN), "street_fair", "--against",
                  "pilgrims_road", "--kingdoms", "1", "--games", "4")
    assert out.returncode == 0, out.stderr
    assert "vs bm:pilgrims_road" in out.stdout
    out = run_dsl("balance", "--cards", str(FAN), "smithy", "--events", "grand_feast",
                  "--against", "moat", "--kingdoms", "1", "--games", "2", "--format", "json")
    assert out.returncode == 0 and '"events": [' in out.stdout, out.stderr
    bad = run_dsl("balance", "--cards", str(FAN), "street_fair", "--against", "smithy",
                  "--kingdoms", "1", "--games", "4")
    assert bad.returncode == 2 and "Events" in bad.stderr
    out = run_dsl("cards", "--cards", str(FAN), "--set", "events_fan")
    assert "once per turn" in out.stdout and "poor_box" in out.stdout


def test_an_event_reads_as_printed(cat):
    from dsl.text.i18n import get_locale
    from dsl.text.render import render_card
    r = render_card(cat.cards["poor_box"], cat, get_locale("en"))
    assert r.types == ("Event",)
    assert r.text[0].startswith("Once per turn: If ") and "gain a card costing up to $4" \
        in r.text[0]
    assert not any("buy this" in x for x in r.text)
    r = render_card(cat.cards["pilgrims_road"], cat, get_locale("en"))
    assert r.text[0].startswith("+1 Buy. Gain a Silver")      # one paragraph, as printed


def test_records_keep_events_and_replay_them(tmp_path):
    rec = tmp_path / "games.jsonl"
    out = run_dsl("simulate", "--cards", str(FAN), "--kingdom", "fair_and_feast", "--bots",
                  "random,bm", "--games", "3", "--record", str(rec))
    assert out.returncode == 0, out.stderr
    assert '"poor_box", "street_fair"]' in rec.read_text().splitlines()[0]
    out = run_dsl("replay", "--cards", str(FAN), str(rec))
    assert out.returncode == 0, out.stderr
    assert "buys the Event" in out.stdout


def test_a_scenario_putting_an_event_in_a_zone_is_refused_with_its_position(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(f"name: x\ncards: [{FAN}]\nkingdom: [poor_box]\nsetup:\n"
                 "  p1: {hand: [poor_box]}\nsteps:\n  - end_turn\n")
    out = run_dsl("test", str(f))
    assert out.returncode != 0
    assert "bad.yaml:5:15: 'poor_box' is a landscape (an Event), not a card" in out.stdout + \
        out.stderr
