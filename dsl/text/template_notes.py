"""Translator notes: what each placeholder of the phrase templates holds, an example
rendering of every template, and the file and line where each template is written.

Why: a translator works in the .po file alone (Poedit, Weblate). A bare msgid such as
"{what} from {them}" does not say what will be filled in; the `#.` comments written from
here do ("{what}: a card phrase, e.g. a card"), with an example from a real card ("e.g.
Workshop: “gain a card costing up to $4”") or, for a template no shipped card uses, one
filled from the sample values below.
"""
from __future__ import annotations

import ast
import string
from functools import lru_cache
from pathlib import Path

SAMPLE_NAME = "Lantern Fair"     # an invented card name (no shipped card is named in code)
# placeholder -> (what it holds, a sample value for an example rendering)
GLOSSARY = {
    "a": ("the first of the two words, phrases or numbers the template joins", "Action"),
    "b": ("the second of the two words, phrases or numbers the template joins", "Treasure"),
    "actions": ("how many Actions the player has left (a number)", "1"),
    "amount": ("a number phrase worked out during play", "the number of cards in your hand"),
    "body": ("what happens as each card is drawn (a clause)", "you may set it aside"),
    "bonus": ("a bonus phrase", "+1 Card"),
    "buys": ("how many Buys the player has left (a number)", "1"),
    "card": ("a card's name, already translated", SAMPLE_NAME),
    "cards": ("a card phrase in the plural, or the word for cards", "Action cards"),
    "coins": ("how many coins the player has (a number)", "2"),
    "cond": ("a condition (a clause)", "you have a Potion card in play"),
    "cost": ("a cost, or a phrase for one", "$4"),
    "count": ("how many cards a prompt asks for (a number or 'up to 2')", "2"),
    "counter": ("the word for what is counted (Cards, Actions, Buys, coins)", "Cards"),
    "draw": ("the drawing phrase", "draw until you have 7 cards in hand"),
    "event": ("what happened to the card this turn (a verb phrase)", "was gained"),
    "first": ("the first case of a list of cases (a card kind and its bonus)",
              "an Action card, +1 Action"),
    "hi": ("the largest number allowed", "3"),
    "high": ("the highest cost of a range", "$6"),
    "how": ("how many items the player chooses (a phrase)", "up to 2"),
    "it": ("the card the template speaks of (a phrase)", "the trashed card"),
    "high": ("the highest cost of a range", "$6"),
    "k": ("how many VP (a number)", "2"),
    "kind": ("a card type or kind of card, used as an adjective", "Treasure"),
    "low": ("the lowest cost of a range", "$3"),
    "lo": ("the smallest number allowed", "1"),
    "low": ("the lowest cost of a range", "$3"),
    "mat": ("a mat's name", "Lantern"),
    "n": ("a number (how many cards, coins, times)", "2"),
    "name": ("a name the player typed, or a variable's name", SAMPLE_NAME),
    "op": ("a comparison", "at least"),
    "other": ("a second card's name (what a card is exchanged for, a pile's card), already "
              "translated", SAMPLE_NAME),
    "piles": ("which Supply piles (a noun phrase in the singular)", "Victory card Supply pile"),
    "per": ("what each bonus is counted per (a card phrase in the singular)",
            "Action card in play"),
    "phase": ("the name of the turn's phase, already translated", "action"),
    "play": ("a play phrase (play this, play it)", "play it"),
    "player": ("a player (a name or a phrase such as 'the player to your left')",
               "the player to your left"),
    "players": ("the winners' names, separated by commas", "Ann, Bob"),
    "pred": ("what the card is (a card phrase)", "an Action card"),
    "problem": ("what was wrong with the player's answer (a sentence)", "answer y or n"),
    "rest": ("the other cases of the list, separated by semicolons",
             "Treasure card, +$1; Victory card, +1 Card"),
    "them": ("a phrase for several cards", "the revealed cards"),
    "tokens": ("a player's tokens: each kind's count and name, separated by commas",
               "3 Coffers, 1 VP"),
    "then": ("what happens then (a clause)", "+1 Action"),
    "shown": ("how many cards the gallery's filters show (a number)", "12"),
    "total": ("how many cards the gallery has (a number)", "124"),
    "turn": ("whose turn it is (a phrase)", "Ann's turn"),
    "turns": ("how many turns the player took (a number)", "17"),
    "usual": ("the usual number (a number)", "5"),
    "verb": ("a verb of a prompt, already translated", "trash"),
    "vp": ("a number of victory points", "30"),
    "what": ("a card phrase, the object of the verb", "a card"),
    "where": ("where the cards go (a phrase)", "on top of your deck"),
    "x": ("a clause (an effect or a phrase)", "gain a Silver"),
    "y": ("a second clause", "+1 Action"),
}
TERMINAL = {"player": "Ann", "what": SAMPLE_NAME, "count": "2", "how": "up to 2",
            "kind": "Coffers"}   # dsl/text/terminal.py's
SOURCES = ("dsl/text/amount_phrases.py", "dsl/text/clause_phrases.py",
           "dsl/text/landscape_words.py",
           "dsl/text/name_phrases.py", "dsl/text/phrases.py", "dsl/text/phrases_lasting.py",
           "dsl/text/phrases_mats.py", "dsl/text/terminal.py", "dsl/text/token_phrases.py",
           "dsl/text/web_words.py")   # the modules that mark
#                      templates (N_, ngettext), in the order `pybabel extract` walks them (by name)
MARKERS = {"N_": 1, "ngettext": 2}


def placeholder_names(template) -> list[str]:
    """The placeholders of a template (str or (singular, plural)), in order, once each."""
    out = []
    for text in (template,) if isinstance(template, str) else template:
        for _, name, _, _ in string.Formatter().parse(text):
            base = name.split(".")[0].split("[")[0] if name else name
            if base and base not in out:
                out.append(base)
    return out


def _source_root() -> Path:
    return Path(__file__).resolve().parents[2]


def source_templates(root: Path | None = None) -> list[tuple]:
    """(template, "dsl/text/phrases.py", line) of every marked template, found the way
    `pybabel extract` finds them: calls of N_ and ngettext with string arguments."""
    root = root or _source_root()
    out = []
    for rel in SOURCES:
        tree = ast.parse((root / rel).read_text(encoding="utf-8"), filename=rel)
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and
                 isinstance(n.func, ast.Name) and n.func.id in MARKERS]
        for call in sorted(calls, key=lambda c: (c.lineno, c.col_offset)):
            args = [a.value for a in call.args[:MARKERS[call.func.id]]
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if len(args) == MARKERS[call.func.id]:
                out.append((args[0] if len(args) == 1 else tuple(args), rel, call.lineno))
    return out


@lru_cache(maxsize=4)
def _shipped_examples() -> dict:
    from dsl.language.fansets import shipped
    return card_examples(shipped().catalog)


def card_examples(catalog) -> dict:
    """msgid -> (card name, English text) for the first card (in file order) that uses it."""
    from .i18n import get_locale
    from .forms import english_articles
    from .render import render_card
    english, found = get_locale("en"), {}
    for card in sorted(catalog.cards.values(), key=lambda c: str(c.path)):
        seen: dict = {}
        try:
            render_card(card, catalog, english, examples=seen)
        except Exception:        # noqa: BLE001 (a card that cannot render gives no example)
            continue
        for msgid, (text, _values) in seen.items():
            found.setdefault(msgid, (card.names.get("en", card.id), english_articles(text)))
    return found


def sample_text(template, terminal: bool = False) -> str:
    """The template filled with the glossary's sample values (the plural with n = 2)."""
    text = template if isinstance(template, str) else template[1]
    values = {name: (TERMINAL.get(name) if terminal else None) or
              GLOSSARY.get(name, (None, name))[1] for name in placeholder_names(template)}
    from .forms import english_articles
    try:
        return english_articles(text.format(**values))
    except (KeyError, IndexError, ValueError):
        return text


def template_comments(template, example: tuple | None, where: str = "") -> list[str]:
    """The translator comments (`#.` lines) of one template."""
    lines, terminal = [], where.endswith("terminal.py")
    for name in placeholder_names(template):
        what, sample = GLOSSARY.get(name, ("(not described)", name))
        sample = (TERMINAL.get(name) if terminal else None) or sample
        lines.append(f"{{{name}}}: {what}, e.g. “{sample}”")
    if example is not None:
        lines.append(f"e.g. {example[0]}: “{example[1]}”")
    elif terminal:
        lines.append(f"e.g. in the terminal game (dsl play): “{sample_text(template, True)}”")
    elif where.endswith("web_words.py"):
        lines.append(f"e.g. in the gallery (dsl gallery) or a card face: “{sample_text(template)}”")
    else:
        lines.append(f"e.g. (no shipped card uses it yet): “{sample_text(template)}”")
    return lines


def notes(catalog=None, root: Path | None = None) -> list[tuple]:
    """(template, comments, [(path, line), ...]) of every template in source order, once
    each (a template written in two places has both references). The examples come from
    the catalog's cards (the shipped ones by default)."""
    examples = card_examples(catalog) if catalog is not None else _shipped_examples()
    out, index = [], {}
    for template, rel, line in source_templates(root):
        key = template if isinstance(template, str) else template[0]
        if key in index:
            index[key][2].append((rel, line))
            continue
        index[key] = (template, template_comments(template, examples.get(key), rel), [(rel, line)])
        out.append(index[key])
    return out


def extract_templates(fileobj, keywords, comment_tags, options):
    """Babel extractor for dsl/text/phrases.py and dsl/text/terminal.py (see babel.cfg): the
    templates with the translator comments and lines `dsl locale template` writes, so
    `pybabel extract` gives the same template catalog."""
    path = Path(getattr(fileobj, "name", "") or "").resolve()
    rel = next((s for s in SOURCES if path.as_posix().endswith("/" + s)), None)
    if rel is None:
        return
    root = path.parents[len(Path(rel).parts) - 1]     # the project folder the source is in
    for template, comments, locations in notes(None, root):
        for where, line in locations:
            if where == rel:
                yield line, "N_" if isinstance(template, str) else "ngettext", template, comments
