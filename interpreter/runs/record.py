"""Game records: the kingdom, seed and players of a game and every decision taken, as JSON
lines; replaying one gives the identical game. A record ends with the scores and a digest of
the final state, so a replay that ends elsewhere is caught."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from dsl.language.outputs import Output, OutputError
from interpreter.core.decisions import Decision

VERSION = 3     # 3: no question is asked that can do nothing (a "may" of a card already
                #    gone, a gain from an empty pile); 2: the shuffle changed


class ReplayError(Exception):
    pass


class RecordFileError(Exception):
    """A record that cannot be written where asked (a folder, no such folder, a full disk)."""


class RecordFile:
    """A record written whole or not at all (dsl.language.outputs): into a temporary file
    beside the target, moved into place by `commit()`; `discard()` (an error, SIGTERM)
    leaves nothing behind. A device or FIFO named as the record is written into."""

    def __init__(self, path: str):
        target = Path(path)
        try:
            self._out = Output(target, text=True)
        except OutputError as e:
            raise RecordFileError(str(e).replace("cannot write ", "cannot write the record to ",
                                                 1)) from None
        self.path = target
        self.stream = self._out.stream

    def commit(self) -> None:
        try:
            self._out.commit()
        except OutputError as e:
            raise RecordFileError(str(e).replace("cannot write ", "cannot write the record to ",
                                                 1)) from None

    def discard(self) -> None:
        self._out.discard()


def encode(d: Decision, answer):
    """An answer as JSON: indices into the options (cards, orders), ids, booleans."""
    if d.kind in ("yesno", "option", "pile", "name", "options", "amount"):
        return answer
    index = {id(o): i for i, o in enumerate(d.options)}
    return [index[id(a)] for a in answer]


def decode(d: Decision, value):
    """A recorded answer for this decision (checked against it by the game)."""
    if d.kind in ("yesno", "option", "pile", "name", "options", "amount"):
        return value
    n = len(d.options)
    if not isinstance(value, list) or not all(_is_int(i, 0, n - 1) for i in value):
        raise ReplayError(f"recorded answer {str(value)[:40]} does not fit '{d.prompt}' "
                          f"({n} choices)")
    return [d.options[i] for i in value]


def digest(game) -> str:
    """A fingerprint of the final state: every zone's cards, piles, trash, scores, turns."""
    state = {"supply": {cid: len(z) for cid, z in game.supply.items()},
             "trash": sorted(c.id for c in game.trash_zone.cards),
             "players": [{z: [c.id for c in zone.cards] for z, zone in p.zones.items()}
                         | {"turns": p.turns} for p in game.players],
             "scores": game.scores()}
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


class _Recording:
    def __init__(self, agent, recorder):
        self.agent, self.recorder = agent, recorder
        self.name = getattr(agent, "name", "agent")
        self.plays_all_treasures = getattr(agent, "plays_all_treasures", False)

    def decide(self, game, d: Decision):
        answer = self.agent.decide(game, d)
        self.recorder.write({"type": "decision", "player": d.player, "kind": d.kind,
                             "purpose": d.purpose, "answer": encode(d, answer)})
        return answer


class Recorder:
    """Writes game records to a text stream, one JSON object per line."""

    def __init__(self, stream, fan_sets=()):
        self.stream = stream
        self.fan_sets = list(fan_sets)     # dsl.fansets.fan_manifest: the fan cards' hashes

    def write(self, obj: dict) -> None:
        self.stream.write(json.dumps(obj, ensure_ascii=False) + "\n")

    def wrap(self, agents: list, header: dict) -> list:
        """Record the game's decisions; the header says which seats play all their
        Treasures unasked (no decision is recorded for that)."""
        autoplay = [bool(getattr(a, "plays_all_treasures", False)) for a in agents]
        fans = {"fan_sets": self.fan_sets} if self.fan_sets else {}
        self.write({"type": "game", "version": VERSION, **header,
                    "plays_all_treasures": autoplay, **fans})
        return [_Recording(a, self) for a in agents]

    def finish(self, game) -> None:
        bane = {"bane": game.bane} if game.bane is not None else {}   # what was drawn
        self.write({"type": "end", "scores": game.scores(),
                    "turns": [p.turns for p in game.players], "digest": digest(game), **bane})


class _Replaying:
    """The recorded answers, in order, whichever seat is asked."""

    def __init__(self, entries: list):
        self.entries = entries
        self.at = 0

    def decide(self, game, d: Decision):
        if self.at >= len(self.entries):
            raise ReplayError(f"the record has no answer for '{d.prompt}'")
        e = self.entries[self.at]
        self.at += 1
        if (e["player"], e["kind"], e["purpose"]) != (d.player, d.kind, d.purpose):
            raise ReplayError(f"the game diverged from the record at decision {self.at}: "
                              f"recorded {e['kind']}/{e['purpose']} for p{e['player'] + 1}, "
                              f"asked {d.kind}/{d.purpose} of p{d.player + 1}")
        return decode(d, e["answer"])


class _Seat:
    """One seat of a replay: the shared recorded answers, and whether the seat played all
    its Treasures unasked."""

    def __init__(self, answers: _Replaying, plays_all_treasures: bool):
        self.answers, self.plays_all_treasures = answers, plays_all_treasures

    def decide(self, game, d: Decision):
        return self.answers.decide(game, d)


MAX_RECORD_BYTES = 200_000_000
_KINDS = ("cards", "pile", "yesno", "option", "options", "name", "order", "amount")


def read_records(lines) -> list[tuple[dict, list, dict]]:
    """(header, decisions, end) for each game of a record file; a line that is not one of
    a record's three kinds, or that does not have their fields, is a ReplayError naming it."""
    games, header, decisions = [], None, []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise ReplayError(f"line {n}: not JSON ({e.msg})") from None
        except (ValueError, RecursionError) as e:       # a 5,000-digit number, deep nesting
            raise ReplayError(f"line {n}: not a record line ({type(e).__name__})") from None
        kind = obj.get("type") if isinstance(obj, dict) else None
        problem = _check_line(kind, obj)
        if problem:
            raise ReplayError(f"line {n}: {problem}")
        if kind == "game":
            header, decisions = obj, []
            header["line"] = n
        elif kind == "decision" and header is not None:
            decisions.append(obj)
        elif kind == "end" and header is not None:
            games.append((header, decisions, obj))
            header = None
        else:
            raise ReplayError(f"line {n}: unexpected {str(kind or obj)[:40]!r} (a record is a "
                              "'game' line, its 'decision' lines, then an 'end' line)")
    if header is not None:
        raise ReplayError("the record ends in the middle of a game")
    if not games:
        raise ReplayError("no game in the record (it is empty)")
    return games


def _is_int(x, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def _check_line(kind, obj) -> str | None:
    """What is wrong with one line's fields, or None."""
    if kind == "game":
        v = obj.get("version")
        if v != VERSION:
            return (f"record version {v!r}, expected {VERSION}: records of another version "
                    "replay differently; make the record again with this version")
        n = obj.get("players")
        if not _is_int(n, 1, 12):
            return "'players' is not a number of players"
        if not _is_int(obj.get("seed"), -2 ** 63, 2 ** 64):
            return "'seed' is not a whole number"
        kingdom = obj.get("kingdom")
        if not isinstance(kingdom, list) or not all(isinstance(c, str) for c in kingdom):
            return "'kingdom' is not a list of card ids"
        names = obj.get("names", [f"p{i + 1}" for i in range(n)])
        if not isinstance(names, list) or len(names) != n or \
                not all(isinstance(x, str) and len(x) < 200 for x in names):
            return f"'names' is not one name per player ({n})"
        auto = obj.get("plays_all_treasures", [False] * n)
        if not isinstance(auto, list) or len(auto) != n or \
                not all(isinstance(a, bool) for a in auto):
            return "'plays_all_treasures' is not one true/false per player"
        for key in ("with", "without"):
            rules = obj.get(key, [])
            if not isinstance(rules, list) or len(rules) > 50 or \
                    not all(isinstance(x, str) and len(x) < 200 for x in rules):
                return f"'{key}' is not a list of set rule names"
        bane = obj.get("bane")
        if bane is not None and not (isinstance(bane, str) and len(bane) < 200):
            return "'bane' is not a card id"
        if not _fan_sets_ok(obj.get("fan_sets", [])):
            return "'fan_sets' is not a list of {\"id\": set id, \"cards\": {card id: hash}}"
    elif kind == "decision":
        if not _is_int(obj.get("player"), 0, 11) or obj.get("kind") not in _KINDS or \
                not isinstance(obj.get("purpose"), str) or "answer" not in obj:
            return "a decision needs 'player' (a seat), 'kind', 'purpose' and 'answer'"
    elif kind == "end":
        scores = obj.get("scores")
        if not isinstance(scores, list) or not all(_is_int(x, -10 ** 9, 10 ** 9) for x in scores) \
                or not isinstance(obj.get("digest"), str):
            return "an end needs 'scores' (numbers) and 'digest'"
    return None


def _fan_sets_ok(sets) -> bool:
    def strings(x, limit: int) -> bool:
        return isinstance(x, str) and 0 < len(x) <= limit
    return isinstance(sets, list) and len(sets) <= 100 and all(
        isinstance(s, dict) and strings(s.get("id"), 200) and isinstance(s.get("cards"), dict)
        and len(s["cards"]) <= 5000 and all(strings(k, 200) and strings(v, 64)
                                            for k, v in s["cards"].items())
        for s in sets)


def read_record_file(path: str) -> list[tuple[dict, list, dict]]:
    """The games of a record file; any problem is a ReplayError (OSError for no file)."""
    from dsl.language.inputs import InputError, read_bounded
    try:
        raw = read_bounded(path, MAX_RECORD_BYTES, "a record file")
    except InputError as e:
        raise ReplayError(str(e).replace("file too large", "the record is too large")) \
            from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ReplayError(f"not a record: not UTF-8 text (byte {e.start})") from None
    return read_records(text.splitlines())


def replay(catalog, header: dict, decisions: list, end: dict):
    """Replay one recorded game; returns the game, or raises ReplayError saying where it
    left the record and why."""
    from interpreter.core.decisions import IllegalAnswer
    from interpreter.engine.game import Game, GameError
    from interpreter.engine.turns import play_game
    from dsl.language.fansets import fan_set_changes
    problem = _check_line("game", header) or fan_set_changes(catalog, header.get("fan_sets"))
    if problem:
        raise ReplayError(problem)
    agent = _Replaying(decisions)
    n = header["players"]
    autoplay = header.get("plays_all_treasures", [False] * n)
    seats = [_Seat(agent, bool(a)) for a in autoplay]
    try:
        game = Game(catalog, header["kingdom"], n, seats, seed=header["seed"],
                    names=header.get("names"), with_rules=header.get("with", ()),
                    without_rules=header.get("without", ()), bane=header.get("bane"))
    except GameError as e:
        raise ReplayError(f"the recorded game cannot be set up: {e}") from None
    try:
        play_game(game)
    except IllegalAnswer as e:
        raise ReplayError(f"the game diverged from the record at decision {agent.at}: the "
                          f"recorded answer is not legal there ({e})") from None
    except GameError as e:
        raise ReplayError(f"the game diverged from the record at decision {agent.at}: {e}") \
            from None
    if agent.at != len(decisions):
        raise ReplayError(f"{len(decisions) - agent.at} recorded decision(s) were not asked")
    if game.scores() != end["scores"] or digest(game) != end["digest"]:
        raise ReplayError(f"the replay ended in another state: scores {game.scores()} "
                          f"(recorded {end['scores']})")
    return game
