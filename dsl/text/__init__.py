"""Card text in any locale: phrase templates, the renderer of effect ASTs, grammatical forms,
locale catalogs and their checks, translator notes, the terminal game's words.

May use: dsl.language."""
