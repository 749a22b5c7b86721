"""The kingdom compiler: one run's games (its kingdom, rules and bots) as generated plain
Python, with what is known before the first game folded in.

May use: interpreter.bots and below, dsl.language."""
