#!/usr/bin/env python3
"""Draw the app icons: assets/icons/icon.svg, icon-192.png, icon-512.png and
icon-maskable-512.png (full-bleed background, artwork inside the safe zone).

One list of shapes feeds both the SVG and a tiny pure-Python rasteriser
(anti-aliased edges, PNG written with zlib), so no image library is needed.
The outputs are committed; run this again only to change the design:

    python3 scripts/make_icons.py
"""
from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "assets" / "icons"
SIZE = 512.0  # design units

BG = "#c4532f"
INK = "#2b2420"
# (kind, params, colour); painted in order, last on top. Rect: cx, cy, w, h, r, angle (deg).
CARDS = [
    ("rect", (214, 272, 176, 252, 26, -17), "#e9a33b"),
    ("rect", (256, 250, 176, 252, 26, 0), "#5a6fd0"),
    ("rect", (300, 268, 176, 252, 26, 17), INK),
    ("rect", (300, 268, 152, 228, 16, 17), "#fffdf9"),
    ("circle", (300, 268, 46), "#d2463c"),
    ("circle", (300 - 50 * math.cos(math.radians(17)) + 80 * math.sin(math.radians(17)),
                268 - 50 * math.sin(math.radians(17)) - 80 * math.cos(math.radians(17)), 13), "#d2463c"),
    ("circle", (300 + 50 * math.cos(math.radians(17)) - 80 * math.sin(math.radians(17)),
                268 + 50 * math.sin(math.radians(17)) + 80 * math.cos(math.radians(17)), 13), "#d2463c"),
]


def shapes(maskable: bool) -> list[tuple[str, tuple, str]]:
    bg = ("rect", (256, 256, 512, 512, 0 if maskable else 112, 0), BG)
    if not maskable:
        return [bg] + CARDS
    # maskable: keep the artwork inside the central 80% circle
    k = 0.78
    out = [bg]
    for kind, p, colour in CARDS:
        if kind == "rect":
            cx, cy, w, h, r, a = p
            p = (256 + (cx - 256) * k, 256 + (cy - 256) * k, w * k, h * k, r * k, a)
        else:
            cx, cy, r = p
            p = (256 + (cx - 256) * k, 256 + (cy - 256) * k, r * k)
        out.append((kind, p, colour))
    return out


def inside(kind: str, p: tuple, x: float, y: float) -> bool:
    if kind == "circle":
        cx, cy, r = p
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    cx, cy, w, h, r, a = p
    dx, dy = x - cx, y - cy
    if a:
        c, s = math.cos(math.radians(-a)), math.sin(math.radians(-a))
        dx, dy = dx * c - dy * s, dx * s + dy * c
    ax, ay = abs(dx), abs(dy)
    if ax > w / 2 or ay > h / 2:
        return False
    qx, qy = ax - (w / 2 - r), ay - (h / 2 - r)
    return qx <= 0 or qy <= 0 or qx * qx + qy * qy <= r * r


def rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def render(size: int, maskable: bool) -> bytes:
    shp = shapes(maskable)
    colours = [rgb(c) for _, _, c in shp]
    scale = SIZE / size

    def top(x: float, y: float) -> int:
        for i in range(len(shp) - 1, -1, -1):
            kind, p, _ = shp[i]
            if inside(kind, p, x * scale, y * scale):
                return i
        return -1

    corners = [[top(x, y) for x in range(size + 1)] for y in range(size + 1)]
    ss = 4
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter type 0
        for x in range(size):
            c = {corners[y][x], corners[y][x + 1], corners[y + 1][x], corners[y + 1][x + 1]}
            if len(c) == 1:
                samples = [c.pop()] * 1
            else:
                samples = [top(x + (i + 0.5) / ss, y + (j + 0.5) / ss) for j in range(ss) for i in range(ss)]
            n = len(samples)
            r = g = b = a = 0
            for s in samples:
                if s >= 0:
                    cr, cg, cb = colours[s]
                    r += cr; g += cg; b += cb; a += 1
            if a:
                row += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / n)))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(w: int, h: int, raw: bytes) -> bytes:
    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def svg() -> str:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">']
    for kind, p, colour in shapes(False):
        if kind == "circle":
            parts.append(f'<circle cx="{p[0]:.1f}" cy="{p[1]:.1f}" r="{p[2]:g}" fill="{colour}"/>')
        else:
            cx, cy, w, h, r, a = p
            rot = f' transform="rotate({a:g} {cx:g} {cy:g})"' if a else ""
            parts.append(f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w:g}" height="{h:g}" rx="{r:g}" fill="{colour}"{rot}/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg(), encoding="utf-8")
    for name, size, maskable in [("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True)]:
        (OUT / name).write_bytes(render(size, maskable))
        print(f"wrote assets/icons/{name}")
    print("wrote assets/icons/icon.svg")


if __name__ == "__main__":
    main()
