"""The web: `dsl gallery` (a static site of the cards) and `dsl serve` (the playground), with
their static files.

May use: dsl.faces, dsl.lint, dsl.text, dsl.language."""
