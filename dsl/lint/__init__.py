"""`dsl lint`: every check on card, set, strategy and rule files, as diagnostics (the language's
own checks plus printed text and locale names).

May use: dsl.text, dsl.language."""
