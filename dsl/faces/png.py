"""A card face (dsl.faces.layout) as a PNG image, drawn with Pillow (the `png` extra).

Why Pillow and the shipped font: Pillow installs from the package index alone (wheels, no
system library), and drawing with dsl/faces/fonts/ makes the face the same on every machine.
The face is drawn at twice the size and scaled down, which smooths edges Pillow draws
without antialiasing.
"""
from __future__ import annotations

import io
from functools import lru_cache

from .art import MAX_ART_PIXELS, FaceError
from .shapes import Coin, Image, Line, Polygon, Potion, Rect, Shield, Text, font_path
from .svg import (COIN_INK, EDGE, POTION_BLUE, POTION_SHINE, VP_GREEN, potion_points,
                  shield_points)

SUPERSAMPLE = 2
PNG_EXTRA = "install the png extra: pip install 'dominion-card-language[png]'"


def pillow():
    """The PIL modules, or FaceError with how to install them."""
    try:
        from PIL import Image as PILImage, ImageDraw, ImageFont
    except ImportError:
        raise FaceError(f"PNG faces need Pillow; {PNG_EXTRA}") from None
    return PILImage, ImageDraw, ImageFont


@lru_cache(maxsize=64)
def _font(bold: bool, px: int):
    _, _, ImageFont = pillow()
    with font_path(bold).open("rb") as f:
        return ImageFont.truetype(io.BytesIO(f.read()), px)


def _rgb(hex_colour: str) -> tuple:
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def _gradient(colours: tuple, w: int, h: int):
    """A top-to-bottom gradient through the colours, as an image."""
    PILImage, _, _ = pillow()
    strip = PILImage.new("RGB", (1, max(h, 1)))
    stops = [_rgb(c) for c in colours]
    for y in range(max(h, 1)):
        t = y / max(h - 1, 1) * (len(stops) - 1)
        i = min(int(t), len(stops) - 2)
        f = t - i
        strip.putpixel((0, y), tuple(round(a + (b - a) * f) for a, b in zip(stops[i],
                                                                             stops[i + 1])))
    return strip.resize((max(w, 1), max(h, 1)))


class _Canvas:
    def __init__(self, face, k: float):
        PILImage, ImageDraw, _ = pillow()
        self.k = k
        self.img = PILImage.new("RGBA", (round(face.width * k), round(face.height * k)),
                                (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.img)

    def box(self, x, y, w, h) -> list:
        k = self.k
        return [round(x * k), round(y * k), round((x + w) * k), round((y + h) * k)]

    def rect(self, r: Rect) -> None:
        PILImage, ImageDraw, _ = pillow()
        b = self.box(r.x, r.y, r.w, r.h)
        radius = round(r.radius * self.k)
        width = max(1, round(r.stroke_width * self.k)) if r.stroke else 0
        if len(r.fills) > 1:
            mask = PILImage.new("L", self.img.size, 0)
            ImageDraw.Draw(mask).rounded_rectangle(b, radius, fill=255)
            grad = _gradient(r.fills, b[2] - b[0], b[3] - b[1])
            full = PILImage.new("RGB", self.img.size)
            full.paste(grad, (b[0], b[1]))
            self.img.paste(full, (0, 0), mask)
            fill = None
        else:
            fill = _rgb(r.fills[0]) if r.fills else None
        self.draw.rounded_rectangle(b, radius, fill=fill,
                                    outline=_rgb(r.stroke) if r.stroke else None, width=width)

    def text(self, t: Text) -> None:
        k = self.k
        self.draw.text((t.x * k, t.y * k), t.text, font=_font(t.bold, round(t.size * k)),
                       fill=_rgb(t.colour), anchor="ls")

    def disc(self, cx, cy, r, fill, outline, width) -> None:
        k = self.k
        self.draw.ellipse([(cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k],
                          fill=_rgb(fill), outline=_rgb(outline), width=max(1, round(width * k)))

    def coin(self, c: Coin) -> None:
        self.disc(c.cx, c.cy, c.r, COIN_INK[2], COIN_INK[2], 1)            # rim
        self.disc(c.cx, c.cy, c.r * 0.88, COIN_INK[1], COIN_INK[1], 1)
        self.disc(c.cx, c.cy, c.r * 0.74, COIN_INK[0], COIN_INK[0], 1)
        self.text(Text(c.cx - c.label_width / 2, c.cy + 0.36 * c.label_size, c.label,
                       c.label_size, True, "#2a1d05", c.label_width))

    def potion(self, p: Potion) -> None:
        outline, (hx, hy), hr = potion_points(p)
        self.polygon(Polygon(tuple(outline), POTION_BLUE, EDGE, max(0.8, p.r / 10)))
        self.disc(hx, hy, hr, POTION_SHINE, POTION_SHINE, 0)

    def polygon(self, g: Polygon) -> None:
        k = self.k
        pts = [(x * k, y * k) for x, y in g.points]
        self.draw.polygon(pts, fill=_rgb(g.fill), outline=_rgb(g.stroke) if g.stroke else None,
                          width=max(1, round(g.stroke_width * k)) if g.stroke else 0)

    def shield(self, s: Shield) -> None:
        k = self.k
        pts = [(x * k, y * k) for x, y in shield_points(s)]
        self.draw.polygon(pts, fill=_rgb(VP_GREEN), outline=_rgb(EDGE),
                          width=max(1, round(s.r / 10 * k)))

    def image(self, i: Image) -> None:
        """The art, cropped to fill its box (an SVG image cannot be drawn by Pillow: the
        art area stays empty in a PNG face)."""
        PILImage, _, _ = pillow()
        from PIL import ImageOps, UnidentifiedImageError
        if i.mime == "image/svg+xml":
            return
        try:                  # faces.art has checked its type and stated size; Pillow again
            art = PILImage.open(io.BytesIO(i.data))
            if art.width * art.height > MAX_ART_PIXELS:
                raise FaceError(f"the art image is {art.width} x {art.height} pixels, at "
                                f"most {MAX_ART_PIXELS // 10**6} million; make it smaller")
            art.load()
        except PILImage.DecompressionBombError:
            raise FaceError(f"the art image is too large to unpack: at most "
                            f"{MAX_ART_PIXELS // 10**6} million pixels") from None
        except (UnidentifiedImageError, OSError, ValueError):
            raise FaceError("the art is not an image Pillow can read (PNG or JPEG)") from None
        b = self.box(i.x, i.y, i.w, i.h)
        art = ImageOps.fit(art.convert("RGBA"), (b[2] - b[0], b[3] - b[1]))
        self.img.paste(art, (b[0], b[1]), art)


def to_png(face, scale: float = 1.0) -> bytes:
    """The face as PNG bytes, `scale` pixels per face unit (600 x 926 at 1)."""
    PILImage, _, _ = pillow()
    canvas = _Canvas(face, scale * SUPERSAMPLE)
    for it in face.items:
        if isinstance(it, Rect):
            canvas.rect(it)
        elif isinstance(it, Text):
            canvas.text(it)
        elif isinstance(it, Line):
            k = canvas.k
            canvas.draw.line([it.x1 * k, it.y1 * k, it.x2 * k, it.y2 * k],
                             fill=_rgb(it.colour), width=max(1, round(it.width * k)))
        elif isinstance(it, Coin):
            canvas.coin(it)
        elif isinstance(it, Potion):
            canvas.potion(it)
        elif isinstance(it, Shield):
            canvas.shield(it)
        elif isinstance(it, Polygon):
            canvas.polygon(it)
        elif isinstance(it, Image):
            canvas.image(it)
    size = (round(face.width * scale), round(face.height * scale))
    out = canvas.img.resize(size, PILImage.LANCZOS)
    buf = io.BytesIO()
    out.save(buf, "PNG", optimize=False)
    return buf.getvalue()
