"""The Dominion card language: grammar, AST, card files, checks and the command line."""
