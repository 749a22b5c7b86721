"""Scenario files (the contract in docs/scenarios.md): set up a position, perform steps with
scripted answers, check the result. Used by `dsl test` and collected by pytest."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from interpreter.bots.agents import OutOfAnswers, ScriptedAgent
from interpreter.core.decisions import IllegalAnswer
from interpreter.engine.game import Game, GameError
from interpreter.core.state import TurnState
from .scenario_tokens import OWN_KEYS, expect_own, set_up_own

from dsl.language.data import is_shipped
from dsl.language.errors import DslError
from dsl.language.fansets import open_sets
from dsl.language.documents import load_document, read_source
from dsl.language.yamlpos import position_of

COUNTERS = ("actions", "buys", "coins", "potions")


@dataclass
class Result:
    path: str
    name: str
    failures: list = field(default_factory=list)
    log: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


class ScenarioError(Exception):
    pass


MAX_CARD_PATHS = 50


def home_set(path: Path) -> Path | None:
    """The fan set a scenario file belongs to: `my_set/tests/x.yaml` (or one folder
    deeper) with `my_set/set.yaml`. Its scenarios need not say `cards: [..]`."""
    for folder in list(path.resolve().parents)[1:3]:
        if (folder / "set.yaml").is_file() and not is_shipped(folder / "set.yaml"):
            return folder
    return None


def catalog_for(base: Path, extra: list, search=()):
    """The shipped sets, the fan sets on the search path and the scenario's own `cards:`
    (relative to its folder), each path once."""
    if not isinstance(extra, list) or len(extra) > MAX_CARD_PATHS or \
            not all(isinstance(p, str) for p in extra):
        raise ScenarioError(f"cards: a list of at most {MAX_CARD_PATHS} card files or set "
                            "folders")
    paths, seen = [], set()
    for p in list(search) + [(base / p) for p in extra]:
        key = Path(p).resolve()
        if key not in seen:
            seen.add(key)
            paths.append(key)
    try:
        return open_sets(paths).catalog
    except DslError as e:
        raise ScenarioError("cards: " + "; ".join(d.format().splitlines()[0]
                                                  for d in e.diagnostics)) from None


def run_file(path: Path, search=()) -> Result:
    """Run one scenario file; `search`: fan sets to load (--cards, DSL_CARDS) besides the
    scenario's own set (home_set) and its `cards:`."""
    src = read_source(path)
    result = Result(str(path), path.stem)
    if src.diagnostics:
        result.failures = [d.format() for d in src.diagnostics]
        return result
    data = load_document(src, "scenario")      # YAML, then dsl/language/scenario.schema.json
    if data is None:
        result.failures = [d.format() for d in src.diagnostics]
        return result
    positions = src.positions

    def where(*key):
        line, col = position_of(positions, key)
        return f"{path}:{line}:{col}"
    result.name = str(data["name"])
    try:
        home = home_set(path)
        _run(data, path, result, where, list(search) + ([home] if home else []))
    except ScenarioError as e:
        result.failures.append(str(e))
    except Exception as e:         # a bug of ours: say so, and go on with the other files
        result.failures.append(f"{where()}: internal error, please report it: "
                               f"{type(e).__name__}: {e}")
    return result


def _ids(cat, ids, where, *key) -> list:
    if ids is None:
        return []
    if not isinstance(ids, list):
        raise ScenarioError(f"{where(*key)}: expected a list of card ids")
    for i, cid in enumerate(ids):
        if cid not in cat.cards and not (key == ("kingdom",) and cat.is_kingdom(cid)):
            raise ScenarioError(f"{where(*key, i)}: unknown card '{cid}'")
        if key != ("kingdom",) and cat.is_landscape(cid):
            raise ScenarioError(f"{where(*key, i)}: '{cid}' is a landscape (an Event), not a "
                                "card: no zone holds it; list it in kingdom:")
    return list(ids)


def _run(data: dict, path: Path, result: Result, where, search) -> None:
    cat = catalog_for(path.parent, data.get("cards") or [], search)
    n = int(data.get("players", 2))
    names = [f"p{i + 1}" for i in range(n)]
    answers = data.get("answers") or {}
    for section in ("answers", "setup", "expect"):
        for key in (data.get(section) or {}):
            if key not in names and key not in ("trash", "supply", "error", "pile_tokens",
                                                "turn_of", "game_over"):
                raise ScenarioError(f"{where(section, key, '__key__')}: unknown player "
                                    f"'{key}' (players: {', '.join(names)})")
    _not_supported(data, where)
    agents = [ScriptedAgent(names[i], answers.get(names[i]) or []) for i in range(n)]
    kingdom = _ids(cat, data.get("kingdom"), where, "kingdom")
    supply = data.get("supply") or {}
    for cid in supply:
        if cid not in cat.piles:             # a mixed pile's id, or a card's
            _ids(cat, [cid], where, "supply")
    try:
        game = Game(cat, kingdom, n, agents, seed=int(data.get("seed", 0)), names=names,
                    deal=False, supply_overrides=supply, with_rules=data.get("with") or (),
                    without_rules=data.get("without") or (), bane=data.get("bane"))
    except GameError as e:
        field = "players" if "players" in str(e) else "bane" if str(e).startswith("bane") \
            else "with" if "set rule" in str(e) else "kingdom"
        raise ScenarioError(f"{where(field)}: {e}") from None
    cat = game.catalog           # a rule's added pile's cards marked (the Bane): setup's too
    if data.get("deal"):
        game.deal()              # the starting decks, shuffled by the seed, and first hands
    _set_up(game, data.get("setup") or {}, cat, names, where)
    turn = data.get("turn") or {}
    game.start_turn(TurnState(0, 0), abilities=False)   # the position is past its start
    for k in COUNTERS + ("phase",):
        if k in turn:
            setattr(game.turn, k, turn[k])
    error = (data.get("expect") or {}).get("error")
    failed_with = None
    result.log = game.log          # the same list as the game goes on: a failed step shows it
    for i, step in enumerate(data.get("steps") or []):
        try:
            _step(game, step, cat, names)
            game.check_invariants()
        except (GameError, IllegalAnswer) as e:
            failed_with = str(e)
            if error is None:
                raise ScenarioError(f"{where('steps', i)}: step failed: {e}") from None
            break
        except OutOfAnswers as e:
            raise ScenarioError(f"{where('steps', i)}: {e}") from None
    if error is not None:
        if failed_with is None:
            result.failures.append(f"{where('expect', 'error')}: expected a step to fail with "
                                   f"{error!r}, but every step succeeded")
        elif str(error).lower() not in failed_with.lower():
            result.failures.append(f"{where('expect', 'error')}: expected an error containing "
                                   f"{error!r}, got {failed_with!r}")
        return
    for a in agents:
        if a.answers:
            result.failures.append(f"{where('answers', a.name)}: {len(a.answers)} answer(s) "
                                   f"left over for {a.name}: {a.answers}")
    _check(game, data.get("expect") or {}, names, result, where)


NOT_YET = ("artifacts", "projects")      # in the contract; no card of ours has them yet


def _not_supported(data: dict, where) -> None:
    """Fields of the contract the engine does not support yet: a scenario error saying so
    (the schema accepts them)."""
    for section in ("setup", "expect"):
        for pname, zones in (data.get(section) or {}).items():
            for key in NOT_YET:
                if isinstance(zones, dict) and key in zones:
                    raise ScenarioError(f"{where(section, pname, key)}: {key}: not supported "
                                        "yet (no card of the shipped sets uses them)")


def _set_up(game, setup: dict, cat, names, where) -> None:
    for pname, zones in setup.items():
        if pname == "trash":
            for cid in _ids(cat, zones, where, "setup", "trash"):
                game.new_card(cid, game.trash_zone)
            continue
        if pname == "pile_tokens":
            for cid, kinds in zones.items():
                if cid not in game.supply:
                    raise ScenarioError(f"{where('setup', 'pile_tokens', cid, '__key__')}: "
                                        f"'{cid}' is not a pile in the supply")
                for kind, n in kinds.items():
                    game.add_pile_tokens(cid, kind, n)
            continue
        pl = game.players[names.index(pname)]
        for zname, ids in (zones or {}).items():
            if zname == "tokens":
                pl.tokens.update(ids)
                for kind in ids:          # his turns may spend them
                    game.hook_spending(kind)
                continue
            if zname in OWN_KEYS:
                try:
                    set_up_own(game, pl.index, zname, ids, where("setup", pname, zname))
                except GameError as e:
                    raise ScenarioError(str(e)) from None
                continue
            if zname == "mats":
                for mat, mat_ids in ids.items():
                    for cid in _ids(cat, mat_ids, where, "setup", pname, "mats", mat):
                        game.new_card(cid, pl.mat(mat), pl.index)
                continue
            ids = _ids(cat, ids, where, "setup", pname, zname)
            if zname in ("deck", "discard"):
                ids = list(reversed(ids))          # given top card first
            for cid in ids:
                game.new_card(cid, pl.zones[zname], pl.index)


def _step(game, step, cat, names) -> None:
    p = game.turn.player
    if step == "end_turn":
        game.end_turn()
        return
    if not isinstance(step, dict) or len(step) != 1:
        raise GameError(f"a step is one of play, buy, gain, spend, end_turn; got {step!r}")
    (verb, arg), = step.items()
    if verb == "play":
        hand = game.players[p].hand
        card = next((c for c in reversed(hand.cards) if c.id == arg), None)
        if card is None:
            raise GameError(f"{arg} is not in {names[p]}'s hand")
        game.play_from_hand(p, card)
    elif verb == "buy":
        game.buy(p, arg)
    elif verb == "spend":
        if not isinstance(arg, dict) or not arg:
            raise GameError("spend: give token kinds and counts, e.g. {coffers: 2}")
        for kind, n in arg.items():           # in order
            game.spend(p, kind, n)
    elif verb == "gain":
        who = p
        if isinstance(arg, dict) and "player" in arg:
            if arg["player"] not in names:
                raise GameError(f"unknown player '{arg['player']}' (players: "
                                f"{', '.join(names)})")
            who = names.index(arg["player"])
        cid = arg["card"] if isinstance(arg, dict) else arg
        if game.pile_named(cid) is None and cid not in game.take_any:
            raise GameError(f"{cid} is not in the supply")
        game.gain_from_supply(who, cid)
    else:
        raise GameError(f"unknown step '{verb}' (play, buy, gain, spend, end_turn)")


def _check(game, expect: dict, names, result: Result, where) -> None:
    fails = result.failures
    for key, want in expect.items():
        if key == "trash":
            got = [c.id for c in game.trash_zone.cards]
            if Counter(got) != Counter(want or []):
                fails.append(f"{where('expect', 'trash')}: trash is {sorted(got)}, "
                             f"expected {sorted(want or [])}")
        elif key == "supply":
            for cid, n in want.items():
                pile = game.pile_named(cid)      # a pile beside the Supply too
                got = len(pile) if pile is not None else None
                if pile is None and cid in game.take_any:    # a card of a `take: any` pile
                    got = sum(c.d.id == cid for c in game.take_any[cid].cards)
                if got != n:
                    fails.append(f"{where('expect', 'supply', cid)}: supply {cid} has {got}, "
                                 f"expected {n}")
        elif key == "pile_tokens":
            for cid, kinds in want.items():
                for kind, n in kinds.items():
                    got = game.pile_tokens.get(cid, {}).get(kind, 0)
                    if got != n:
                        fails.append(f"{where('expect', 'pile_tokens', cid, kind)}: the {cid} "
                                     f"pile has {got} {kind} token(s), expected {n}")
        elif key == "game_over":
            if game.over != bool(want):
                fails.append(f"{where('expect', 'game_over')}: the game is "
                             f"{'over' if game.over else 'not over'}, expected "
                             f"{'it over' if want else 'it to go on'}")
        elif key == "turn_of":
            got = names[game.turn.player]
            if got != want:
                fails.append(f"{where('expect', 'turn_of')}: it is {got}'s turn, expected "
                             f"{want}'s")
        elif key in names:
            _check_player(game, names.index(key), key, want or {}, fails, where)
        else:
            fails.append(f"{where('expect', key, '__key__')}: unknown expectation '{key}'")


def _check_player(game, p: int, pname: str, want: dict, fails: list, where) -> None:
    pl = game.players[p]
    for key, value in want.items():
        at = where("expect", pname, key)
        if key in ("hand", "discard", "in_play", "set_aside", "revealed"):
            got = [c.id for c in pl.zones[key].cards]
            if Counter(got) != Counter(value or []):
                fails.append(f"{at}: {pname} {key} is {sorted(got)}, expected {sorted(value or [])}")
        elif key in ("deck", "deck_top"):
            got = [c.id for c in reversed(pl.deck.cards)]
            value = list(value or [])
            ok = got == value if key == "deck" else got[:len(value)] == value
            if not ok:
                fails.append(f"{at}: {pname} deck (top first) is {got}, expected "
                             f"{'to start with ' if key == 'deck_top' else ''}{value}")
        elif key == "all_cards":
            got = [c.id for c in pl.all_cards()]
            if Counter(got) != Counter(value or []):
                fails.append(f"{at}: {pname} has {sorted(got)}, expected {sorted(value or [])}")
        elif key.endswith("_count") and key[:-6] in ("hand", "deck", "discard", "in_play"):
            got = len(pl.zones[key[:-6]].cards)
            if got != value:
                fails.append(f"{at}: {pname} has {got} card(s) in {key[:-6]}, expected {value}")
        elif key in COUNTERS:       # another player's: what he got off-turn
            got = getattr(game.turn, key) if game.turn.player == p else \
                pl.off_turn.get(key, 0)
            if got != value:
                fails.append(f"{at}: {pname} {key} is {got}, expected {value}")
        elif key == "vp":
            got = game.vp(p)
            if got != value:
                fails.append(f"{at}: {pname} has {got} VP, expected {value}")
        elif key == "tokens":
            for kind, n in value.items():
                got = pl.tokens.get(kind, 0)
                if got != n:
                    fails.append(f"{where('expect', pname, 'tokens', kind)}: {pname} has {got} "
                                 f"{kind} token(s), expected {n}")
        elif key in OWN_KEYS:
            fails += expect_own(game, p, pname, key, value, where("expect", pname, key))
        elif key == "mats":
            for mat, ids in value.items():
                zone = pl.mats.get(mat)
                got = [c.id for c in zone.cards] if zone is not None else []
                if Counter(got) != Counter(ids or []):
                    fails.append(f"{where('expect', pname, 'mats', mat)}: {pname}'s {mat} mat "
                                 f"holds {sorted(got)}, expected {sorted(ids or [])}")
        else:
            fails.append(f"{at}: unknown expectation '{key}'")
