"""Card faces: the layout of a printed card and its SVG, PNG and card-generator forms, with the
fonts they are set in.

May use: dsl.text, dsl.language."""
