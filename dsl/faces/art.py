"""A card's art: the image file its card file names, read within bounds, and the one error
a face that cannot be made raises."""
from __future__ import annotations

from pathlib import Path

MAX_ART_BYTES = 2 * 1024 * 1024
ART_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
             ".svg": "image/svg+xml"}


class FaceError(Exception):
    """A face that cannot be made (art unreadable or too large, Pillow missing)."""


def read_art(card) -> tuple[bytes, str] | None:
    """(image bytes, MIME type) of the card's art, or None when it has none. The loader
    has checked that the file is inside the card's set folder."""
    if not getattr(card, "art", None):
        return None
    path = Path(card.art)
    mime = ART_TYPES.get(path.suffix.lower())
    if mime is None:
        raise FaceError(f"{card.path}: art {path.name}: not a PNG, JPEG or SVG file")
    try:
        size = path.stat().st_size
        if size > MAX_ART_BYTES:
            raise FaceError(f"{card.path}: art {path}: {size} bytes, at most "
                            f"{MAX_ART_BYTES} (2 MB); make the image smaller")
        return path.read_bytes(), mime
    except OSError as e:
        raise FaceError(f"{card.path}: art {path}: cannot read it: {e.strerror}") from None
