"""A card's art: the image file its card file names, read within bounds, and the one error
a face that cannot be made raises.

One check for every face (SVG, PNG, the gallery): at most 2 MB, of the type its first
bytes say (PNG, JPEG or SVG, whatever its name), and a PNG or JPEG of at most 40 million
pixels by the size its header states, read here without Pillow (a small file may unpack
to a huge image: 109 KB of PNG can hold 900 million pixels)."""
from __future__ import annotations

import re
import struct
from pathlib import Path

MAX_ART_BYTES = 2 * 1024 * 1024
MAX_ART_PIXELS = 40_000_000
ART_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
             ".svg": "image/svg+xml"}
_PNG = b"\x89PNG\r\n\x1a\n"
_SVG_START = re.compile(rb"\A(\xef\xbb\xbf)?\s*(<\?xml[^>]*>\s*|<!--.*?-->\s*|<!DOCTYPE[^>]*>\s*)*"
                        rb"<svg[\s>]", re.S)
# JPEG start-of-frame markers (those that state the image size): C0-CF but C4, C8, CC
_SOF = {m for m in range(0xC0, 0xD0) if m not in (0xC4, 0xC8, 0xCC)}


class FaceError(Exception):
    """A face that cannot be made (art unreadable or too large, Pillow missing)."""


def read_art(card) -> tuple[bytes, str] | None:
    """(image bytes, MIME type) of the card's art, or None when it has none. The loader
    has checked that the file is inside the card's set folder."""
    if not getattr(card, "art", None):
        return None
    path = Path(card.art)
    if ART_TYPES.get(path.suffix.lower()) is None:
        raise FaceError(f"{card.path}: art {path.name}: not a PNG, JPEG or SVG file")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_ART_BYTES + 1)
    except OSError as e:
        raise FaceError(f"{card.path}: art {path}: cannot read it: {e.strerror}") from None
    if len(data) > MAX_ART_BYTES:
        raise FaceError(f"{card.path}: art {path}: over {MAX_ART_BYTES} bytes (2 MB); make "
                        "the image smaller")
    try:
        return data, checked_image(data)
    except FaceError as e:
        raise FaceError(f"{card.path}: art {path}: {e}") from None


def checked_image(data: bytes) -> str:
    """The MIME type of image bytes by their first bytes, once their size is checked: a
    FaceError for anything not a PNG, JPEG or SVG image, or a PNG or JPEG over
    MAX_ART_PIXELS."""
    if data.startswith(_PNG):
        mime, size = "image/png", _png_size(data)
    elif data.startswith(b"\xff\xd8\xff"):
        mime, size = "image/jpeg", _jpeg_size(data)
    elif _SVG_START.match(data[:4096]):
        return "image/svg+xml"
    else:
        raise FaceError("not a PNG, JPEG or SVG image (its first bytes are "
                        f"{data[:8]!r}, whatever its name says)")
    if size is None or 0 in size:
        raise FaceError(f"a broken {mime[6:].upper()} file: its header states no image size")
    w, h = size
    if w * h > MAX_ART_PIXELS:
        raise FaceError(f"the art image is {w} x {h} pixels, at most "
                        f"{MAX_ART_PIXELS // 10**6} million; make it smaller")
    return mime


def _png_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG's IHDR chunk, which must come first."""
    if len(data) < 24 or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a JPEG's first start-of-frame segment, walking the segments."""
    i, n = 2, len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:                          # fill byte
            i += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):     # markers without a length
            i += 2
            continue
        if marker in (0xD9, 0xDA):                  # end of image, start of scan: no frame
            return None
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in _SOF:
            if i + 9 > n:
                return None
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h
        if length < 2:
            return None
        i += 2 + length
    return None
