"""A set's emblem: a simple vector figure drawn from data (dsl/faces/emblems.json), for the
set badge on the type line and the art area of a card without art.

Why data and a derived fallback: a shipped set's emblem is chosen once, in the table; a fan
set gets its own without writing anything, derived from its id (the same id, the same
emblem), so two fan sets on a table do not look alike."""
from __future__ import annotations

import hashlib
import json
import math
from functools import lru_cache
from importlib.resources import files

from .shapes import Polygon

FAN_COLOURS = ("#c0504d", "#4f81bd", "#9bbb59", "#8064a2", "#4bacc6", "#f79646", "#7f6a4f")
FAN_SHAPES = ((5, 0.45), (6, 0.5), (4, 0.4), (8, 0.55), (3, 1.0), (6, 1.0), (5, 1.0))


@lru_cache(maxsize=1)
def _table() -> dict:
    raw = json.loads(files("dsl.faces").joinpath("emblems.json").read_text(encoding="utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def emblem_spec(set_id: str) -> dict:
    """points, inner, turn and colour of a set's emblem."""
    if set_id in _table():
        return _table()[set_id]
    h = hashlib.sha256(set_id.encode("utf-8")).digest()
    points, inner = FAN_SHAPES[h[0] % len(FAN_SHAPES)]
    return {"points": points, "inner": inner, "turn": 0,
            "colour": FAN_COLOURS[h[1] % len(FAN_COLOURS)]}


def star(cx: float, cy: float, r: float, points: int, inner: float, turn: float = 0) -> tuple:
    """The corners of a star (inner < 1) or regular polygon (inner = 1), pointing up; a
    disc (points 0) as a 36-gon."""
    if points < 3:
        return tuple((cx + r * math.sin(2 * math.pi * i / 36), cy - r * math.cos(2 * math.pi * i / 36))
                     for i in range(36))
    out = []
    corners = points * (1 if inner >= 1 else 2)
    for i in range(corners):
        a = math.radians(turn) + 2 * math.pi * i / corners
        k = r if inner >= 1 or i % 2 == 0 else r * inner
        out.append((cx + k * math.sin(a), cy - k * math.cos(a)))
    return tuple(out)


def emblem(set_id: str, cx: float, cy: float, r: float, fill: str | None = None,
           stroke: str | None = None, stroke_width: float = 0) -> Polygon:
    """The set's emblem centred at (cx, cy), within radius r."""
    spec = emblem_spec(set_id)
    pts = star(cx, cy, r, int(spec["points"]), float(spec["inner"]), float(spec["turn"]))
    return Polygon(pts, fill or spec["colour"], stroke, stroke_width)


def mix(a: str, b: str, t: float) -> str:
    """The colour t of the way from a to b (#rrggbb)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))
