"""The kingdom compiler: one run's game (its kingdom, rules and bots) as plain Python source,
with what is known before the first game folded in; what it cannot compile runs on the
generic engine. Uses bots, engine, effects, core and dsl.language; used by runs."""
