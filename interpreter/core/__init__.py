"""What a game in progress is made of: card instances, zones, players, the turn, decisions and
the setup plan of a kingdom.

May use: dsl.language."""
