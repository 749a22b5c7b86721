"""Game records: the kingdom, seed and players of a game and every decision taken, as JSON
lines; replaying one gives the identical game. A record ends with the scores and a digest of
the final state, so a replay that ends elsewhere is caught."""
from __future__ import annotations

import hashlib
import json

from .decisions import Decision

VERSION = 3     # 3: no question is asked that can do nothing (a "may" of a card already
                #    gone, a gain from an empty pile); 2: the shuffle changed


class ReplayError(Exception):
    pass


def encode(d: Decision, answer):
    """An answer as JSON: indices into the options (cards, orders), ids, booleans."""
    if d.kind in ("yesno", "option", "pile", "name", "options"):
        return answer
    index = {id(o): i for i, o in enumerate(d.options)}
    return [index[id(a)] for a in answer]


def decode(d: Decision, value):
    if d.kind in ("yesno", "option", "pile", "name", "options"):
        return value
    try:
        return [d.options[i] for i in value]
    except (IndexError, TypeError):
        raise ReplayError(f"recorded answer {value!r} does not fit '{d.prompt}'") from None


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

    def __init__(self, stream):
        self.stream = stream

    def write(self, obj: dict) -> None:
        self.stream.write(json.dumps(obj, ensure_ascii=False) + "\n")

    def wrap(self, agents: list, header: dict) -> list:
        """Record the game's decisions; the header says which seats play all their
        Treasures unasked (no decision is recorded for that)."""
        autoplay = [bool(getattr(a, "plays_all_treasures", False)) for a in agents]
        self.write({"type": "game", "version": VERSION, **header,
                    "plays_all_treasures": autoplay})
        return [_Recording(a, self) for a in agents]

    def finish(self, game) -> None:
        self.write({"type": "end", "scores": game.scores(),
                    "turns": [p.turns for p in game.players], "digest": digest(game)})


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


def read_records(lines) -> list[tuple[dict, list, dict]]:
    """(header, decisions, end) for each game of a record file."""
    games, header, decisions = [], None, []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise ReplayError(f"line {n}: not JSON ({e.msg})") from None
        kind = obj.get("type") if isinstance(obj, dict) else None
        if kind == "game":
            header, decisions = obj, []
        elif kind == "decision" and header is not None:
            decisions.append(obj)
        elif kind == "end" and header is not None:
            games.append((header, decisions, obj))
            header = None
        else:
            raise ReplayError(f"line {n}: unexpected record {str(obj)[:60]}")
    if header is not None:
        raise ReplayError("the record ends in the middle of a game")
    return games


def replay(catalog, header: dict, decisions: list, end: dict):
    """Replay one recorded game; returns the game, or raises ReplayError if it ends in a
    different state."""
    from .engine import Game
    from .turns import play_game
    if header.get("version") != VERSION:
        raise ReplayError(f"record version {header.get('version')}, expected {VERSION}: "
                          "records of another version replay with other shuffles; make "
                          "the record again with this version")
    agent = _Replaying(decisions)
    n = header["players"]
    autoplay = header.get("plays_all_treasures", [False] * n)
    if not isinstance(autoplay, list) or len(autoplay) != n:
        raise ReplayError("the record's plays_all_treasures is not one true/false per player")
    seats = [_Seat(agent, bool(a)) for a in autoplay]
    game = Game(catalog, header["kingdom"], n, seats, seed=header["seed"],
                names=header.get("names"))
    play_game(game)
    if agent.at != len(decisions):
        raise ReplayError(f"{len(decisions) - agent.at} recorded decision(s) were not asked")
    if game.scores() != end["scores"] or digest(game) != end["digest"]:
        raise ReplayError(f"the replay ended in another state: scores {game.scores()} "
                          f"(recorded {end['scores']})")
    return game
