"""The card language and the files it is written in: grammar, parser, AST, checks, errors,
YAML with positions, the model, the loader and its cache, where the data is, fan sets,
strategy files.

May use: nothing else of this project (it is the bottom layer)."""
