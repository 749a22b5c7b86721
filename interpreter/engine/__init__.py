"""The state machine of the rules: the game (moves, gains, costs, the end), a turn's phases,
events and listeners, the supply's figures, whole turns driven by agents.

May use: interpreter.effects, interpreter.core, dsl.language."""
