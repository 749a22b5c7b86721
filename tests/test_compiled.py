"""The kingdom compiler (interpreter/compiled) plays the generic engine's games: the same
seeds give the same results and, game for game, the same order of every player's deck,
discard pile and hand at the end (interpreter/runs/compare.py); what it cannot compile is
played by the generic engine, saying why when asked for the compiled one."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.language.fansets import open_sets
from interpreter.compiled import store as cache
from interpreter.compiled.runner import compiled_run
from interpreter.compiled.scope import Unsupported
from interpreter.engine.game import GameError

from interpreter.runs import balance
from interpreter.runs.compare import engine_differences
from interpreter.runs.simulation import run_batch, run_games, Run

ROOT = Path(__file__).resolve().parent.parent
CATALOG = open_sets().catalog
FAN = open_sets([ROOT / "tests/fixtures/compiled_fan"]).catalog
BENCH = ["smithy", "village", "market", "militia", "cellar", "moat", "remodel", "mine",
         "workshop", "woodcutter"]
ATTACK = ["witch", "militia", "moat", "village", "smithy", "market", "cellar", "remodel",
          "mine", "festival"]
FAN_KINGDOM = ["coin_purse", "tax_collector", "town_crier", "manor", "night_watch",
               "guild_master", "village", "smithy", "market", "witch"]
ACTIONS = ["throne_room", "library", "possession", "golem", "scrying_pool", "highway", "wharf",
           "caravan", "tactician", "fishing_village"]
FAN_PLAYS = ["hired_hands", "dowsing_rod", "sifting_pan", "toll_road", "fresh_start", "usurper",
             "night_watch", "coin_purse", "village", "smithy"]
DURATIONS = ["caravan", "wharf", "fishing_village", "merchant_ship", "conspirator", "village",
             "smithy", "market", "festival", "laboratory"]


def compared(catalog, kingdom, bots, games, seed=1, rule_choice=((), ())) -> bool:
    """Whether the run compiled; fails with the differences if its games differ."""
    try:
        differences = engine_differences(catalog, kingdom, bots, seed, games, rule_choice)
    except Unsupported:
        return False
    assert differences == []
    return True


def test_the_speed_matchups_compile_and_play_the_generic_engines_games():
    assert compared(CATALOG, BENCH, ["bm-smithy", "bm"], 60)
    assert compared(CATALOG, ATTACK, ["double-witch", "double-militia"], 60)
    assert compared(CATALOG, BENCH, ["bm-smithy", "bm", "bm", "bm"], 20)
    assert compared(CATALOG, ACTIONS, ["random", "random"], 150)


def test_cards_that_play_reveal_set_aside_cut_costs_and_give_extra_turns():
    """Throne Room (on a Duration too), Golem, Library, Scrying Pool, Tactician, Highway,
    Possession, and fan cards with the same statements put otherwise (a choice of up to one
    card to play, revealing a number of cards, Treasures set aside onto the deck, a larger
    cost cut, a bound discard read by `if`, an extra turn for the player to the right),
    with 2 to 4 random bots; a game whose played cards a play moved is replayed on the
    generic engine (counted), few of them."""
    for bots, seed in ((["random", "random"], 2), (["random"] * 3, 3), (["random"] * 4, 4)):
        assert compared(CATALOG, ACTIONS, bots, 100, seed)
        assert compared(FAN, FAN_PLAYS, bots, 100, seed)
    run = compiled_run(CATALOG, ACTIONS, ["random", "random"])
    assert run.replayed < 5
    source, _ = run.source()
    assert "def play(c, chain):" in source and "xq.append(" in source
    with pytest.raises(Unsupported, match="a question a strategy bot weighs"):
        compiled_run(CATALOG, ["library"] + BENCH[1:], ["bm:library", "bm"])


def test_a_kingdom_without_plays_inside_plays_keeps_its_inline_code():
    source, _ = compiled_run(CATALOG, BENCH, ["bm-smithy", "bm"]).source()
    assert "def play(" not in source and "revs" not in source and "xq" not in source


def test_every_recommended_kingdom_with_a_bot_for_each_of_its_cards():
    done = 0
    for k in CATALOG.kingdoms.values():
        cards = list(k.cards)
        for card in cards:
            done += compared(CATALOG, cards, [f"bm:{card}", "bm"], 4, seed=len(cards) + done)
    assert done >= 60        # most cards' plays are not compiled yet: the rest fall back


def test_random_kingdoms_over_every_card_with_strategy_and_random_bots():
    pool = [c for c in CATALOG.kingdom_ids() if CATALOG.face_of(c).set != "basic"]
    done = 0
    for seed in range(80):
        kingdom = random.Random(seed).sample(pool, 10)
        bots = ([f"bm:{kingdom[seed % 10]}", "bm"], ["bm-smithy", "bm", "bm"],
                ["double-witch", "double-militia"], ["bm", "bm"])[seed % 4]
        done += compared(CATALOG, kingdom, bots, 3, seed)
    assert done >= 40
    simple = ["village", "smithy", "market", "festival", "laboratory", "woodcutter", "witch",
              "militia", "council_room", "great_hall"]
    for bots in (["random", "random"], ["random", "bm", "random"], ["random"] * 5,
                 ["double-militia", "random"]):
        assert compared(CATALOG, simple, bots, 40)


def test_a_fan_sets_cards_compile_from_their_effects():
    """Generic: a Treasure with +Buy, an attack's discard and gain, others drawing, a
    Victory card, a Duration and a bonus on the Actions played, all the fan set's own,
    played by strategy and random bots."""
    for bots in (["bm:tax_collector", "bm:town_crier"], ["random", "random"],
                 ["bm:coin_purse", "random", "bm:manor"], ["bm:night_watch", "bm:guild_master"],
                 ["random"] * 4):
        assert compared(FAN, FAN_KINGDOM, bots, 60)


def test_durations_and_a_bonus_on_the_actions_played_this_turn():
    """Cards that stay in play to their player's next turn (what they left done then, in
    the order left, or the random bot's), and `if count(played where action) >= 3`."""
    for bots in (["bm:wharf", "bm:caravan"], ["bm:conspirator", "random", "bm:fishing_village"],
                 ["random"] * 4, ["bm:merchant_ship", "bm"]):
        assert compared(CATALOG, DURATIONS, bots, 60)


def balance_runs(rival: str) -> list:
    """The runs of `dsl balance smithy --kingdoms 10 --against RIVAL` against bm:RIVAL:
    its 10 kingdoms, drawn from every official kingdom card, every shipped set's."""
    plan = balance.make_plan(CATALOG, "smithy", 10, 1000, 0, [rival])
    return [r for r in plan.runs() if f"bm:{rival}" in r.bots]


def compiled_balance_runs(rival: str, games: int) -> int:
    """How many of the balance runs against bm:RIVAL compile; each plays the generic
    engine's games (seeded as the balance command seeds them), none of them replayed on
    the generic engine midway (engine_differences compares a replayed game too, and it is
    the generic engine's by construction). A run that does not compile falls back to the
    generic engine for a card of its kingdom the compiler leaves to it, which its reason
    names, never for the rival's own card."""
    done = 0
    for r in balance_runs(rival):
        try:
            differences = engine_differences(CATALOG, r.kingdom, r.bots, r.seed, games,
                                             r.rule_choice)
        except Unsupported as e:
            named = str(e).split(":")[0]
            assert named in r.kingdom and named != rival, (r.kingdom, str(e))
            continue
        assert differences == []
        assert compiled_run(CATALOG, r.kingdom, r.bots, r.rule_choice).replayed == 0
        done += 1
    return done


def test_a_trash_and_an_attacks_discard_of_one_named_card_from_hand():
    """Moneylender's and Cutpurse's moves (every candidate of one name: taken without
    asking), bound and read by an `if`; a fan card's too, with two cards discarded."""
    for rival in ("moneylender", "cutpurse"):
        assert compiled_balance_runs(rival, 12) == 9     # one has Duchess: generic
    kingdom = ["reeve", "coin_purse", "tax_collector", "town_crier", "manor", "village",
               "smithy", "market", "witch", "moneylender"]
    for bots in (["bm:reeve", "bm:moneylender"], ["random", "random"],
                 ["bm:reeve", "random", "bm"]):
        assert compared(FAN, kingdom, bots, 60)


def test_cards_revealed_from_the_deck_kept_put_back_in_order_or_discarded():
    """Scout's reveal (Victory cards into hand, the rest back in the bot's order) and a fan
    card's: its player's look, and each other player's reveal, discard and put back."""
    assert compiled_balance_runs("scout", 12) == 9     # one has Duchess: generic
    kingdom = ["augur", "scout", "coin_purse", "tax_collector", "town_crier", "manor",
               "village", "smithy", "market", "militia"]
    for bots in (["bm:augur", "bm:scout"], ["random", "random"],
                 ["bm:augur", "random", "bm:scout"], ["bm:augur", "bm:smithy", "bm:militia"]):
        assert compared(FAN, kingdom, bots, 60)


def test_a_choice_to_put_back_or_discard_the_revealed_cards():
    """Navigator's `if revealed { choose one ... }` (a strategy bot weighs the cards' worth
    as the next draws against the deck's density) and a fan card's, its victims' too."""
    assert compiled_balance_runs("navigator", 12) == 9     # one has Duchess: generic
    kingdom = ["tide_reader", "navigator", "coin_purse", "tax_collector", "town_crier",
               "manor", "village", "smithy", "market", "militia"]
    for bots in (["bm:tide_reader", "bm:navigator"], ["random", "random"],
                 ["bm:tide_reader", "random", "bm:navigator"],
                 ["bm:tide_reader", "bm:smithy", "bm:militia"]):
        assert compared(FAN, kingdom, bots, 60)


def test_starting_cards_that_hear_their_own_trash_or_a_buy_from_hand():
    """Shelters (Hovel: may trash itself from hand when its owner buys a Victory card, which
    a strategy bot does; Overgrown Estate: heard only when trashed, which nothing here does)
    in the balance runs of their kingdoms, and a fan set rule's starting cards with the same
    triggers; the random bot's answer is drawn."""
    shelters = [r for r in balance.make_plan(CATALOG, "smithy", 10, 1000, 0, None).runs()
                if r.bots == ["bm:smithy", "bm"] and
                any(CATALOG.cards[cid].set == "dark_ages" for cid in r.kingdom)]
    assert len(shelters) == 7        # the rule is drawn per game in a kingdom of mixed sets
    for r in shelters:
        run = compiled_run(CATALOG, r.kingdom, r.bots, r.rule_choice)
        assert run.variant(("shelters",), False) is not None
        assert engine_differences(CATALOG, r.kingdom, r.bots, r.seed, 30, r.rule_choice) == []
    hearths = (("hearths",), ())
    kingdom = ["reeve", "coin_purse", "tax_collector", "town_crier", "manor", "village",
               "smithy", "market", "witch", "moneylender"]
    for bots in (["bm:smithy", "bm:moneylender"], ["bm:reeve", "bm", "bm:witch"]):
        assert compared(FAN, kingdom, bots, 60, rule_choice=hearths)
        assert "# hearth: may trash this" in compiled_run(FAN, kingdom, bots, hearths).source()[0]
    for bots in (["bm:smithy", "random"], ["random", "random", "random"]):
        for seed in (1, 2, 3):
            assert compared(FAN, kingdom, bots, 60, seed, rule_choice=hearths)


def test_cards_in_play_that_gain_a_copy_of_a_card_bought():
    """Talisman (a non-Victory card costing $4 or less) and a fan card (an Action costing $3
    or more): each one in play gains a copy from the pile before the bought card is gained,
    while the pile lasts (the random bot shuffles the abilities of several names, a card
    in hand's that hears the buy too)."""
    assert compiled_balance_runs("talisman", 12) == 9     # one has Duchess: generic
    kingdom = ["lucky_charm", "talisman", "coin_purse", "manor", "village", "smithy",
               "market", "witch", "moneylender", "laboratory"]
    for bots in (["bm:lucky_charm", "bm:talisman"], ["bm:talisman", "bm:lucky_charm", "bm"],
                 ["bm:lucky_charm", "bm:smithy"]):
        for seed in (1, 2):
            assert compared(FAN, kingdom, bots, 60, seed)
    source = compiled_run(FAN, kingdom, ["bm:lucky_charm", "bm:talisman"]).source()[0]
    assert "# lucky_charm: gain a copy" in source and "# talisman: gain a copy" in source
    for bots in (["bm:talisman", "random"], ["random", "random"]):
        for seed in (1, 2, 3):
            assert compared(FAN, kingdom, bots, 60, seed)
    assert compared(FAN, kingdom, ["random"] * 3, 300, 2)     # game 284: both names in play
    for seed in (1, 2):     # Hearth and Talisman both hear a Silver bought: shuffled
        assert compared(FAN, kingdom, ["random"] * 3, 200, seed, rule_choice=(("hearths",), ()))


WEIGHED = ["scrap_cart", "rat_catcher", "pawnbroker", "village", "smithy", "market",
           "militia", "coin_purse", "manor", "moneylender"]


def test_a_strategy_bots_weighed_plays_trashes_and_choices():
    """Rats (played only when its play, weighed, is worth it; the card it trashes weighed;
    Overgrown Estate's trigger when it trashes one, with Shelters) and Spice Merchant (a
    `may trash` weighed with the `choose one` it leads to, which is weighed too), and fan
    cards: Death Cart's play (`may trash 1 action from hand as X` weighed with the `if not
    X { trash this }` after it), Rats' and Spice Merchant's put otherwise, with the fan
    rule's starting card that hears its own trash; strategy and random bots."""
    for rival in ("rats", "spice_merchant"):
        # Rats' ten kingdoms: one has Duchess (heard from the Supply), played generic
        assert compiled_balance_runs(rival, 30) == (9 if rival == "rats" else 10)
    hearths = (("hearths",), ())
    for bots in (["bm:scrap_cart", "bm:rat_catcher"], ["bm:pawnbroker", "bm:scrap_cart", "bm"],
                 ["bm:rat_catcher", "random"], ["random", "bm:pawnbroker", "random"],
                 ["random", "random"]):
        for rule_choice in (((), ()), hearths):
            assert compared(FAN, WEIGHED, bots, 60, rule_choice=rule_choice)
    source = compiled_run(FAN, WEIGHED, ["bm:scrap_cart", "bm:rat_catcher"]).source()[0]
    assert "# scrap_cart trashes itself" in source and "# rat_catcher: played if" in source
    kingdom = ["rats", "spice_merchant", "village", "smithy", "market", "festival",
               "laboratory", "witch", "militia", "moneylender"]
    for bots in (["bm:rats", "bm:spice_merchant", "bm:witch"], ["bm:rats", "random"],
                 ["random", "bm:spice_merchant", "random", "bm:militia"]):
        assert compared(CATALOG, kingdom, bots, 60)
    kingdom = kingdom[2:]          # cards whose plays and choices are weighed alike
    for card in ("junk_dealer", "jack_of_all_trades", "nobles", "squire"):
        assert compared(CATALOG, [card] + kingdom, [f"bm:{card}", "random", "bm:militia"], 40)
    with pytest.raises(Unsupported, match="trash this. other than the play.s own, once .or with cards that play cards"):
        compiled_run(FAN, WEIGHED[:3] + ["throne_room"] + WEIGHED[4:], ["random", "random"])


RUINS_FAN = ["rag_picker", "raiding_party", "smithy", "village", "market", "coin_purse",
             "manor", "militia", "laboratory", "festival"]
DEATH_CART = ["death_cart", "smithy", "village", "market", "festival", "laboratory",
              "woodcutter", "witch", "militia", "vagrant"]


def test_a_mixed_pile_cards_leave_and_a_cards_own_gain_ability():
    """Ruins (a mixed pile shuffled at setup, its top card gained) taken by a fan card's
    `on_gain` (a buy's and a gain's), by a fan attack's victims and by the random bot's
    buys, with and without the fan set rule that Looters bring; strategy bots play the
    Ruins (Survivors' choice weighed), 2 to 4 players; the statistics are the same."""
    for rule_choice in (((), ("hearths",)), ((), ())):
        for bots in (["bm:rag_picker", "bm:smithy"], ["bm:rag_picker", "bm"],
                     ["bm:raiding_party", "bm:rag_picker", "bm"], ["random", "random"],
                     ["random", "bm:rag_picker", "random", "bm:raiding_party"]):
            assert compared(FAN, RUINS_FAN, bots, 200, rule_choice=rule_choice)
    bots = ["bm:rag_picker", "bm:raiding_party", "bm"]    # a gain of a mixed pile's card
    generic = run_games(FAN, RUINS_FAN, bots, 150, 3, stats=True, engine="generic")
    compiled = run_games(FAN, RUINS_FAN, bots, 150, 3, stats=True, engine="compiled")
    assert [b.as_json() for b in compiled.bots] == [b.as_json() for b in generic.bots]
    assert compiled.stats.game_json() == generic.stats.game_json()


def test_death_cart_with_random_bots_and_its_bm_bot():
    """Death Cart: `on_gain` two Ruins, its `may trash an Action from hand` the random bot's
    draws or a strategy bot's weighing, `trash this` when it trashed none (Vagrant's test
    of the Ruins type too); bm:death_cart's balance runs."""
    for bots in (["random", "random"], ["random"] * 3, ["random"] * 4):
        assert compared(CATALOG, DEATH_CART, bots, 300)
    assert compared(CATALOG, DEATH_CART, ["bm:smithy", "bm", "bm:vagrant"], 100)
    assert compared(CATALOG, DEATH_CART, ["bm:death_cart", "bm:smithy", "random"], 100)
    assert compiled_balance_runs("death_cart", 60) == 10


def test_set_rules_drawn_per_game_and_a_mixed_pile_nobody_takes():
    # Prosperity's Colony rule is drawn per game in a kingdom of mixed sets; the Knights
    # (a mixed pile, shuffled at setup) are in the kingdom but nobody buys one
    kingdom = ["bank", "city", "smithy", "village", "market", "knights", "militia", "moat",
               "cellar", "chapel"]
    run = compiled_run(CATALOG, kingdom, ["bm-smithy", "bm"])
    assert run.variant(("platinum_colony",), False) is not None
    assert compared(CATALOG, kingdom, ["bm-smithy", "bm"], 40)


def test_statistics_and_workers_give_the_same_report():
    for kingdom, bots in ((BENCH, ["bm-smithy", "bm"]),
                          (ATTACK, ["double-witch", "double-militia"]),
                          (ACTIONS, ["random", "random"])):
        generic = run_games(CATALOG, kingdom, bots, 150, 3, stats=True, engine="generic")
        compiled = run_games(CATALOG, kingdom, bots, 150, 3, stats=True, engine="compiled")
        assert [b.as_json() for b in compiled.bots] == [b.as_json() for b in generic.bots]
        for b in range(2):
            assert compiled.stats.bot_json(b) == generic.stats.bot_json(b)
        assert compiled.stats.game_json() == generic.stats.game_json()
    runs = [Run(BENCH, ["bm-smithy", "bm"], 120, 5), Run(ATTACK, ["double-militia", "bm"], 120, 6)]
    one = run_batch(CATALOG, runs, 1, stats=True)
    two = run_batch(CATALOG, runs, 2, stats=True)
    generic = run_batch(CATALOG, runs, 2, stats=True, engine="generic")
    for a, b, c in zip(one, two, generic):
        assert [x.as_json() for x in a.bots] == [x.as_json() for x in b.bots] == \
            [x.as_json() for x in c.bots]
        assert a.stats.game_json() == b.stats.game_json() == c.stats.game_json()


def test_what_cannot_be_compiled_falls_back_or_says_why():
    kingdom = ["chapel", "smithy", "village", "market", "militia", "moat", "cellar",
               "remodel", "mine", "workshop"]
    with pytest.raises(Unsupported, match="chapel"):
        compiled_run(CATALOG, kingdom, ["bm:chapel", "bm"])
    auto = run_games(CATALOG, kingdom, ["bm:chapel", "bm"], 30, 2)
    generic = run_games(CATALOG, kingdom, ["bm:chapel", "bm"], 30, 2, engine="generic")
    assert [b.as_json() for b in auto.bots] == [b.as_json() for b in generic.bots]
    with pytest.raises(GameError, match="cannot be compiled: chapel"):
        run_games(CATALOG, kingdom, ["bm:chapel", "bm"], 3, 2, engine="compiled")
    with pytest.raises(GameError, match="unknown engine"):
        run_games(CATALOG, kingdom, ["bm", "bm"], 3, 2, engine="fast")


def test_the_generated_module_is_kept_by_content_and_run_only_with_its_hmac(tmp_path,
                                                                            monkeypatch):
    monkeypatch.setenv("DSL_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cache, "_MODULES", {})
    key = cache.run_key("a test", 1)
    made = cache.module(key, lambda: "VALUE = 1\n")
    assert made["VALUE"] == 1
    path = cache.source_path(key)
    assert path.read_text().splitlines()[1] == "VALUE = 1"
    monkeypatch.setattr(cache, "_MODULES", {})
    assert cache.module(key, lambda: "VALUE = 2\n")["VALUE"] == 1     # read back, not made
    head = path.read_text().splitlines()[0]
    path.write_text(head + "\nraise SystemExit('a hostile cache entry ran')\n")
    monkeypatch.setattr(cache, "_MODULES", {})
    assert cache.module(key, lambda: "VALUE = 3\n")["VALUE"] == 3     # made anew, not run
    assert cache.run_key("a test", 1) != cache.run_key("a test", 2)


def _dsl(*args):
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True,
                          text=True, cwd=ROOT)


def test_the_command_line_shows_the_compiled_source_and_chooses_the_engine():
    shown = _dsl("simulate", "--kingdom", "First Game", "--bots", "bm:smithy,bm",
                 "--show-compiled")
    assert shown.returncode == 0 and "def game(rng, seats, answers, watch=None):" in shown.stdout
    compile(shown.stdout, "shown", "exec")                    # it is the whole module
    refused = _dsl("simulate", "--kingdom", "First Game", "--bots", "bm:workshop,bm",
                   "--show-compiled")
    assert refused.returncode == 1 and "cannot be compiled: workshop" in refused.stderr
    outs = [json.loads(_dsl("simulate", "--kingdom", "First Game", "--bots", "bm:smithy,bm",
                            "--games", "200", "--format", "json", "--engine", e).stdout)
            for e in ("auto", "generic")]
    assert outs[0]["bots"] == outs[1]["bots"]


def test_a_bots_path_never_becomes_code_in_the_generated_source(tmp_path):
    strategy = tmp_path / 'a\nraise SystemExit("injected")\n"""x.yaml'
    strategy.write_text("name: typed\nbuy:\n  - province\n  - gold\n  - silver\n")
    run = compiled_run(CATALOG, BENCH, [str(strategy), "bm"])
    source, _ = run.source()
    assert "injected" in source and not any(
        line.lstrip().startswith("raise SystemExit") for line in source.splitlines())
    assert run.play(7, [0, 1], random.Random()) is not None
