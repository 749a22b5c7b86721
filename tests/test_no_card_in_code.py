"""No card is ever named in engine or language code: cards are data."""
import ast
from pathlib import Path

from dsl.language.loader import load_shipped

ROOT = Path(__file__).resolve().parent.parent
# The Potion is also the second part of a cost (Alchemy's cost rules), and `curse` is a type;
# `count` is also the language's count() (Dark Ages' Count is named after neither). Adventures'
# Port, Page, Plan and Save are also programming words: the network port the web playground
# listens on, a PDF or web page, a game's setup plan, saving an image file.
RULE_WORDS = {"potion", "count", "port", "page", "plan", "save"}


def _code_words(path: Path):
    """Identifiers and string constants of a module, leaving out docstrings and comments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings:
            yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, ast.arg):
            yield node.lineno, node.arg


def test_no_card_id_or_name_in_dsl_or_interpreter_code():
    catalog = load_shipped().catalog
    ids = set(catalog.cards) - set(catalog.types) - RULE_WORDS
    names = {n.casefold() for c in catalog.cards.values() for n in c.names.values()}
    names -= {catalog.cards[i].names["en"].casefold() for i in set(catalog.cards) - ids}
    hits = []
    for folder in ("dsl", "interpreter"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for line, word in _code_words(path):
                w = word.casefold()
                if w in ids or w in names or any(n in w for n in names if " " in n):
                    hits.append(f"{path.relative_to(ROOT)}:{line}: {word!r}")
    grammar = (ROOT / "dsl" / "language" / "grammar.lark").read_text(encoding="utf-8")
    for i, line in enumerate(grammar.splitlines(), 1):
        code = line.split("//")[0]
        hits += [f"dsl/language/grammar.lark:{i}: {w}" for w in ids if f'"{w}"' in code]
    assert not hits, "card named in code:\n" + "\n".join(hits)


def test_the_scan_would_see_a_card_id(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('"""Docstrings may give examples: Village."""\nx = "village"\n')
    assert (2, "village") in list(_code_words(bad))
    assert all(w != "Docstrings may give examples: Village." for _, w in _code_words(bad))
