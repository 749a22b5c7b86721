"""The generic interpreter of effect ASTs: statements, control, lasting effects, steps, and the
compiler of expressions into closures.

May use: interpreter.core, dsl.language."""
