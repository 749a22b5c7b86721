"""Diagnostics: every problem in user input becomes one of these, never a traceback."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Pos:
    """A position in a source file (1-based line and column)."""
    line: int = 0
    col: int = 0


@dataclass
class Diagnostic:
    path: str
    line: int
    col: int
    severity: str          # "error" | "warning"
    code: str
    message: str
    excerpt: str = ""

    def format(self) -> str:
        head = f"{self.path}:{self.line}:{self.col}: {self.severity} {self.code}: {self.message}"
        return head + ("\n" + self.excerpt if self.excerpt else "")

    def as_json(self) -> dict:
        return {"path": self.path, "line": self.line, "col": self.col,
                "severity": self.severity, "code": self.code, "message": self.message}


class DslError(Exception):
    """One or more diagnostics that stop the loading of a file."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.format() for d in diagnostics))


def caret_excerpt(text: str, line: int, col: int) -> str:
    """The source line and a caret under the column, as jinja2 and jmespath show them."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    src = lines[line - 1]
    return f"    {src}\n    {' ' * max(col - 1, 0)}^"


@dataclass
class Report:
    """Collects diagnostics while linting many files."""
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def add(self, d: Diagnostic) -> None:
        self.diagnostics.append(d)

    @property
    def errors(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)
