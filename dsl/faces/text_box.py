"""The text box of a card face: the rendered lines set as a printed card sets them.

Why its own module: this is the part that must never overflow. Bonus lines (`+1 Card`,
`+$2`) are large and bold, a lone `$1` or `2 VP` is a big symbol, the dividing line is a
rule, other lines are wrapped sentences; `$N` in a text becomes a coin and the locale's VP
word a shield. A Victory card's own VP goes last, below a rule, as printed. A number is
never left at a line's end apart from its word ("+1 Action"), nor is any word of the
locale's list of words that may not end a line (dsl.faces.typesetting). The whole box is
tried at sizes from large to small until everything fits inside it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .shapes import Coin, Line, Potion, Shield, Text, text_width
from .typesetting import PLAIN, Typesetting
from dsl.text.phrases import DIVIDER

INK = "#1b1712"
SIZES = [x / 2 for x in range(56, 7, -1)]       # 28 down to 4, in half points
BONUS = re.compile(r"[+-]\S+( \S+)?")           # +1 Card, +2 Actions, +$2, +1 akció
COIN = re.compile(r"\$(\d+)(P?)")
NUMBER = re.compile(r"[+\-\u2212]?\$?\d+P?")     # a word that stays with the next one
COIN_R = {False: 0.58, True: 0.84}              # coin radius / size: in a sentence, a bonus
BIG_COIN_PAD = 0.28                             # room above and below a bonus line's coin
ASCENT, DESCENT = 0.93, 0.24                    # of the font size, from the font's hhea
MAX_CHARS = 15000                               # more than a card holds even at size 4


@dataclass(frozen=True)
class Block:
    kind: str            # para | bonus | coin | vp | rule
    text: str
    number: str = ""


def blocks(lines, vp_value=None) -> list[Block]:
    """What each rendered line is on the face."""
    out = []
    for line in lines:
        if line == DIVIDER:
            out.append(Block("rule", line))
        elif (m := re.fullmatch(r"\$(\d+)", line)):
            out.append(Block("coin", line, m.group(1)))
        elif vp_value is not None and (m := re.fullmatch(r"(-?\d+) \S+", line)) \
                and int(m.group(1)) == vp_value:
            out.append(Block("vp", line, m.group(1)))
        elif BONUS.fullmatch(line) and not line.endswith("."):
            out.append(Block("bonus", line))
        else:
            out.append(Block("para", line))
    vp = [b for b in out if b.kind == "vp"]
    rest = [b for b in out if b.kind != "vp"]
    while rest and rest[0].kind == "rule":      # the divider that stood below the VP
        rest = rest[1:]
    if vp and rest:                     # the card's own VP at the bottom, below a rule
        return rest + [Block("rule", DIVIDER)] + vp
    return out


def _pieces(word: str, ts: Typesetting = PLAIN) -> list[tuple]:
    """A word as text and symbols: `+$2.` -> ("t", "+"), ("c", "2"), ("t", "."); the
    locale's VP word (`VP`, `VP-t`) -> ("v", "") and what follows it."""
    vp = ts.vp_prefix(word)
    if vp:
        rest = word[len(vp):]
        return [("v", "")] + (_pieces(rest, PLAIN) if rest else [])
    out, at = [], 0
    for m in COIN.finditer(word):
        if m.start() > at:
            out.append(("t", word[at:m.start()]))
        out.append(("c", m.group(1)))
        if m.group(2):
            out.append(("p", ""))
        at = m.end()
    if at < len(word):
        out.append(("t", word[at:]))
    return out


def _coin_r(size: float, bold: bool = False) -> float:
    return COIN_R[bold] * size


def _piece_width(p: tuple, size: float, bold: bool) -> float:
    if p[0] == "t":
        return text_width(p[1], size, bold)
    if p[0] == "c":
        return 2 * _coin_r(size, bold) + 0.12 * size
    if p[0] == "v":
        return 0.92 * size
    return 0.75 * size


def _word_width(word: list, size: float, bold: bool) -> float:
    return sum(_piece_width(p, size, bold) for p in word)


def _split_long(word: list, size: float, bold: bool, width: float) -> list[list]:
    """A word wider than the box, cut between characters (a last resort)."""
    out, cur = [], []
    for p in word:
        chars = [("t", ch) for ch in p[1]] if p[0] == "t" else [p]
        for c in chars:
            if cur and _word_width(cur + [c], size, bold) > width:
                out.append(cur)
                cur = []
            cur.append(c)
    return out + ([cur] if cur else [])


def _groups(text: str, ts: Typesetting) -> list[list[str]]:
    """The words of a text in groups that no line break splits: a number with the word
    after it, a word of the locale's list with the word after it."""
    out, glue = [], False
    for raw in text.split():
        if glue:
            out[-1].append(raw)
        else:
            out.append([raw])
        glue = bool(NUMBER.fullmatch(raw)) or ts.binds(raw)
    return out


def wrap(text: str, size: float, bold: bool, width: float,
         ts: Typesetting = PLAIN) -> list[list]:
    """Greedy line breaking; each line is a list of words, each word a list of pieces (a
    group of words kept together is one word with its spaces inside)."""
    space = text_width(" ", size, bold)
    lines, cur, cur_w = [], [], 0.0
    for group in _groups(text, ts):
        word = [p for i, raw in enumerate(group)
                for p in ([("t", " ")] if i else []) + _pieces(raw, ts)]
        w = _word_width(word, size, bold)
        if w <= width:
            parts = [word]
        else:                          # a group too wide for a line: its words apart
            parts = []
            for raw in group:
                one = _pieces(raw, ts)
                parts += [one] if _word_width(one, size, bold) <= width else \
                    _split_long(one, size, bold, width)
        for part in parts:
            pw = _word_width(part, size, bold)
            if cur and cur_w + space + pw > width:
                lines.append(cur)
                cur, cur_w = [], 0.0
            cur_w += (space if cur else 0) + pw
            cur.append(part)
    return lines + ([cur] if cur else [])


def _coin(cx: float, cy: float, r: float, number: str) -> Coin:
    label = 1.15 * r if len(number) < 2 else 0.95 * r
    return Coin(cx, cy, r, number, label, text_width(number, label, True))


def _line_items(words: list, size: float, bold: bool, cx: float, baseline: float) -> tuple:
    """(the primitives of one line centred on `cx`, its width)."""
    space = text_width(" ", size, bold)
    total = sum(_word_width(w, size, bold) for w in words) + space * (len(words) - 1)
    x = cx - total / 2
    items, run, run_x = [], "", x
    mid = baseline - 0.36 * size
    pieces = [p for i, word in enumerate(words) for p in ([("t", " ")] if i else []) + word]
    for p in pieces:
        if p[0] == "t":
            if not run:
                run_x = x
            run += p[1]
        else:
            if run:
                items.append(Text(run_x, baseline, run, size, bold, INK,
                                  text_width(run, size, bold)))
                run = ""
            if p[0] == "c":
                r = _coin_r(size, bold)
                items.append(_coin(x + 0.06 * size + r, mid, r, p[1]))
            elif p[0] == "v":
                items.append(Shield(x + 0.46 * size, mid - 0.04 * size, 0.5 * size))
            else:
                items.append(Potion(x + 0.375 * size, mid, 0.42 * size))
        x += _piece_width(p, size, bold)
    if run:
        items.append(Text(run_x, baseline, run, size, bold, INK, text_width(run, size, bold)))
    return tuple(items), total


def _sizes(size: float) -> dict:
    return {"para": size, "bonus": min(size * 1.4, 44), "icon": min(size * 3.6, 120)}


def _icon(b: Block, s: float, cx: float, y: float) -> tuple:
    """(items, width, height) of a lone `$1` (a big coin) or `2 VP` (number and shield)."""
    if b.kind == "coin":
        r = 0.6 * s
        return [_coin(cx, y + r, r, b.number)], 2 * r, 2 * r
    n = 0.8 * s
    nw = text_width(b.number, n, True)
    sh = 0.45 * n
    total = nw + 0.12 * n + 1.6 * sh
    left = cx - total / 2
    base = y + ASCENT * n
    return [Text(left, base, b.number, n, True, INK, nw),
            Shield(left + nw + 0.12 * n + 0.8 * sh, base - 0.36 * n, sh)], total, \
        (ASCENT + DESCENT) * n


def _layout(bl: list, size: float, box: tuple, ts: Typesetting = PLAIN):
    """(items, height, widest line) at one size, laid out from y = 0."""
    x, _, w, _ = box
    cx = x + w / 2
    z = _sizes(size)
    items, y, widest = [], 0.0, 0.0
    for i, b in enumerate(bl):
        if i:
            y += 0.45 * size
        if b.kind == "rule":
            items.append(Line(x + w * 0.2, y + 0.5 * size, x + w * 0.8, y + 0.5 * size,
                              INK, max(1.0, size / 12)))
            y += size
            continue
        if b.kind in ("coin", "vp"):
            more, iw, ih = _icon(b, z["icon"], cx, y)
            items += more
            widest = max(widest, iw)
            y += ih
            continue
        s, bold = (z["bonus"], True) if b.kind == "bonus" else (z["para"], False)
        for words in wrap(b.text, s, bold, w, ts):
            big = bold and any(p[0] == "c" for word in words for p in word)
            y += BIG_COIN_PAD * s if big else 0
            line_items, lw = _line_items(words, s, bold, cx, y + ASCENT * s)
            items += line_items
            widest = max(widest, lw)
            y += (ASCENT + DESCENT) * s * (1.04 if b.kind == "para" else 1.0)
            y += BIG_COIN_PAD * s if big else 0
    return items, y, widest


def _shift(item, dy: float):
    """An item moved down by dy."""
    from dataclasses import replace
    if isinstance(item, Line):
        return replace(item, y1=item.y1 + dy, y2=item.y2 + dy)
    if isinstance(item, Text):
        return replace(item, y=item.y + dy)
    return replace(item, cy=item.cy + dy)


def _cut(bl: list, n: int) -> list:
    """The blocks with only their first n words (the cut one ending in an ellipsis)."""
    out = []
    for b in bl:
        words = b.text.split() if b.kind in ("para", "bonus") else [b.text]
        if n <= 0:
            out.append(Block("para", "…"))       # cut between blocks: still say so
            break
        if len(words) <= n:
            out.append(b)
            n -= len(words)
        else:
            out.append(Block("para", " ".join(words[:n]) + " …"))
            break
    return out


def _fits(bl: list, size: float, box: tuple, ts: Typesetting = PLAIN):
    items, height, widest = _layout(bl, size, box, ts)
    return (items, height) if height <= box[3] and widest <= box[2] + 1e-6 else None


def _within_reach(bl: list, box: tuple, size: float) -> list:
    """Only the blocks that could show at `size` (the smallest): at most one more than the
    box has rows, and at most one more character than its rows hold of the narrowest
    character. What is left out could never fit, so the text is cut (with its ellipsis)
    either way, and the work stays bounded by the box, not by the text's length."""
    rows = int(box[3] / ((ASCENT + DESCENT) * size)) + 1
    budget = rows * (int(box[2] / text_width("i", size, False)) + 1) + 1
    out, chars = [], 0
    for b in bl:
        if len(out) >= rows or chars >= budget:
            break
        if chars + len(b.text) > budget:          # a long block: its words within reach
            words = b.text.split()
            kept, n = [], chars
            for w in words:
                if n > budget:
                    break
                kept.append(w)
                n += len(w) + 1
            b = Block(b.kind, " ".join(kept), b.number)
        out.append(b)
        chars += len(b.text)
    return out


def typeset(lines, box: tuple, vp_value=None, largest: float = 28,
            ts: Typesetting = PLAIN) -> tuple:
    """(items, size): the lines in the box (x, y, w, h) at the largest size that fits,
    centred vertically, following the locale's typesetting `ts`. Nothing is ever drawn outside the box: when even the smallest
    size is too big (a fan card's text far too long), the text is cut and ends in an
    ellipsis."""
    sizes = [s for s in SIZES if s <= largest]
    bl = _within_reach(blocks(lines, vp_value), box, sizes[-1])
    if sum(len(b.text) for b in bl) > MAX_CHARS:       # surely cut: do not try every size
        sizes = sizes[-1:]
    size, fit = sizes[0], _fits(bl, sizes[0], box, ts)
    if not fit and len(sizes) > 1:    # the largest size that fits, found by halving
        lo, hi = 1, len(sizes) - 1    # (a smaller size never fits worse)
        while lo < hi:
            mid = (lo + hi) // 2
            if _fits(bl, sizes[mid], box, ts):
                hi = mid
            else:
                lo = mid + 1
        size, fit = sizes[lo], _fits(bl, sizes[lo], box, ts)
    if not fit:                       # the most words that fit, found by halving
        size = sizes[-1]
        words = sum(len(b.text.split()) if b.kind in ("para", "bonus") else 1 for b in bl)
        lo, hi = 0, words
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if _fits(_cut(bl, mid), size, box, ts):
                lo = mid
            else:
                hi = mid - 1
        fit = _fits(_cut(bl, lo), size, box, ts) or ((), 0.0)
    items, height = fit
    top = box[1] + (box[3] - height) / 2
    return tuple(_shift(it, top) for it in items), size
