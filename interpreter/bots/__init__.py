"""Who answers decisions: scripted answers, strategy bots and their weighed defaults, a random
player, a human at the terminal.

May use: interpreter.engine and below, dsl.text (a human's words), dsl.language."""
