"""The rules engine: a minimal state machine of Dominion's rules, and a generic interpreter
of card effect ASTs. It never reads a file and never names a card."""
