"""What the invariant checker (interpreter/engine/invariants.py, own_tokens.py) sees in
games of Cornucopia, Guilds and Adventures: tokens never fewer than none, every card in one
place (the Prize pile, the piles beside the Supply, mats, set-aside cards), every own token
once and what it turns on as it lies, Events in no zone; and that the fuzzer's random
kingdoms deal those sets' cards, their Events and the Bane."""
import random

import pytest

from dsl.language.loader import load_shipped
from interpreter.engine.game import Game
from interpreter.runs.dealing import deal_kingdom
from interpreter.runs.fuzz import fuzz_game

CAT = load_shipped().catalog
ADVENTURES = ["page", "peasant", "ranger", "bridge_troll", "coin_of_the_realm", "ratcatcher",
              "lost_arts", "ferry", "alms", "raid"]       # + 4 Events, two of them sent here


def game(kingdom=("page", "ranger", "lost_arts", "ferry", "raid", "alms")):
    return Game(CAT, list(kingdom), 2, [None, None], seed=3)


def test_an_event_in_a_zone_is_caught():
    g = game()
    g.check_invariants()
    g.new_card("alms", g.players[0].hand, 0)           # as a bug that gained an Event would
    with pytest.raises(AssertionError, match="landscape"):
        g.check_invariants()


def test_tokens_below_none_are_caught_on_players_and_the_shared_mat():
    g = game(("trade_route", "village"))
    g.check_invariants()
    g.shared_tokens["trade_route"] = -1
    with pytest.raises(AssertionError, match="shared mat"):
        g.check_invariants()
    g = game(("baker", "village"))
    g.players[1].tokens["coffers"] = -2
    with pytest.raises(AssertionError, match="fewer than no tokens"):
        g.check_invariants()


def test_turn_counters_below_none_are_caught():
    g = game()
    g.turn.coins = -1
    with pytest.raises(AssertionError, match="below none"):
        g.check_invariants()


def test_own_tokens_what_they_turn_on_follows_where_they_lie():
    g = game()
    assert g.place_token(0, "minus_cost", "page") and g.place_token(1, "minus_coin", "take")
    assert g.place_token(1, "minus_card", "deck")
    g.check_invariants()
    g.own_places[(0, "minus_cost")] = "ranger"         # moved without its cost change
    with pytest.raises(AssertionError, match="costs"):
        g.check_invariants()
    g = game()
    g.place_token(1, "minus_coin", "take")
    g.next_coins = 0                                   # taken, but its $ not counted
    with pytest.raises(AssertionError, match="own tokens kept"):
        g.check_invariants()
    g = game()
    g.place_token(1, "minus_card", "deck")
    del g.__dict__["draw"]                             # on the deck, its draw hook gone
    with pytest.raises(AssertionError, match="draw"):
        g.check_invariants()


def test_only_a_two_sided_token_is_turned():
    g = game()
    assert g.turn_token(0, "journey")
    g.check_invariants()
    g.face_down = g.face_down | {(1, "plus_card")}
    with pytest.raises(AssertionError, match="two-sided"):
        g.check_invariants()


def test_a_card_on_a_mat_or_in_the_prize_pile_counts_once():
    g = game(("tournament", "page", "coin_of_the_realm"))
    assert "prizes" in g.aside or any(p.mixed for p in g.aside.values())
    g.move(g.players[0].hand.cards[0], g.players[0].mat("tavern"))
    g.check_invariants()
    g.players[1].hand.cards.append(g.players[0].mats["tavern"].cards[0])   # also in a hand
    with pytest.raises(AssertionError):
        g.check_invariants()
    g = game(("tournament", "page"))
    prizes = next(p for p in g.aside.values() if p.cards and p.cards[0].d.id != "treasure_hunter")
    prizes.cards.pop()                                 # a Prize lost
    with pytest.raises(AssertionError, match="lost"):
        g.check_invariants()


def test_random_kingdoms_deal_the_new_sets_their_events_and_the_bane():
    pool = [k for k in CAT.kingdom_ids() if CAT.face_of(k).set != "basic"]
    sets, events, banes = set(), set(), 0
    for seed in range(400):                             # tools/fuzz.py's 400 kingdoms
        kingdom = deal_kingdom(CAT, random.Random(seed), pool)
        sets |= {CAT.face_of(c).set for c in kingdom if not CAT.is_landscape(c)}
        events |= {c for c in kingdom if CAT.is_landscape(c)}
        banes += "young_witch" in kingdom
    assert {"cornucopia", "guilds", "adventures"} <= sets
    assert len(events) >= 15 and banes >= 5
    kingdom = deal_kingdom(CAT, random.Random(0), ["young_witch"] + pool[:40], size=10)
    _, g = fuzz_game(CAT, kingdom, 4)
    assert "young_witch" not in kingdom or g.bane is not None


@pytest.mark.parametrize("seed", range(6))
def test_random_games_of_the_new_sets_keep_every_invariant(seed):
    kingdom = ADVENTURES if seed % 2 else \
        ["young_witch", "tournament", "horn_of_plenty", "baker", "butcher", "plaza",
         "masterpiece", "stonemason", "doctor", "journeyman", "bonfire", "pilgrimage"]
    finished, g = fuzz_game(CAT, kingdom, seed)
    assert finished and g.over
    g.check_invariants()
