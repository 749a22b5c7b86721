"""Command-line commands about card text and locales: render, locales, locale init."""
from __future__ import annotations


def register(sub) -> None:
    """Add this module's subcommands to the `dsl` argument parser."""
