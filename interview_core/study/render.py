"""Draw a hierarchical value map as SVG (text, with hover titles) or PNG (Pillow).

Codes sit on one row per level, bottom level at the bottom; links are straight lines whose width is
the link's width; each code is a rounded box with its label. Both renderers share :func:`geometry`.
"""

from __future__ import annotations

import io
from html import escape

from .hvm import HvmMap

ROW_HEIGHT, MARGIN, BOX_H, CHAR_W = 110, 40, 34, 7.0
LINK_COLOUR, BOX_FILL, BOX_LINE, TEXT = "#5470c6", "#f4f6fb", "#33415c", "#1b2437"


def geometry(hvm: HvmMap, width: int = 1100) -> tuple[int, int, dict[str, tuple[float, float, float]]]:
    """(width, height, code -> (centre x, centre y, box width)). Rows are spaced evenly from bottom."""
    rows = len(hvm.levels) or 1
    height = MARGIN * 2 + ROW_HEIGHT * (rows - 1) + BOX_H
    boxes = {}
    for n in hvm.nodes:
        label = short_label(n.label)
        w = max(60.0, CHAR_W * len(label) + 16)
        cx = MARGIN + n.x * (width - 2 * MARGIN)
        cy = height - MARGIN - BOX_H / 2 - n.level * ROW_HEIGHT
        boxes[n.code] = (cx, cy, w)
    return width, height, boxes


def short_label(label: str, limit: int = 28) -> str:
    """``label`` cut to ``limit`` characters with an ellipsis."""
    return label if len(label) <= limit else label[: limit - 1] + "…"


def to_svg(hvm: HvmMap, width: int = 1100) -> str:
    """The map as a standalone SVG document; link titles list count and quotes (hover in a browser)."""
    w, h, boxes = geometry(hvm, width)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           f'font-family="sans-serif" font-size="12">', f'<rect width="{w}" height="{h}" fill="white"/>']
    for i, level in enumerate(hvm.levels):
        y = h - MARGIN - BOX_H / 2 - i * ROW_HEIGHT
        out.append(f'<text x="4" y="{y - BOX_H / 2 - 4:.1f}" fill="#8a94a6" font-size="10">{escape(level)}</text>')
    for lk in hvm.links:
        (x1, y1, _), (x2, y2, _) = boxes[lk.source], boxes[lk.target]
        title = f"{lk.count} respondents (direct), {lk.indirect} indirect" + "".join(
            f"\n{r}: {q}" for r, q in lk.quotes)
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{LINK_COLOUR}" '
                   f'stroke-opacity="0.7" stroke-width="{lk.width:.2f}"><title>{escape(title)}</title></line>')
    for n in hvm.nodes:
        cx, cy, bw = boxes[n.code]
        out.append(f'<g><title>{escape(n.label)} ({escape(n.node_type)}, {n.respondents} respondents)</title>'
                   f'<rect x="{cx - bw / 2:.1f}" y="{cy - BOX_H / 2:.1f}" width="{bw:.1f}" height="{BOX_H}" rx="8" '
                   f'fill="{BOX_FILL}" stroke="{BOX_LINE}"/>'
                   f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" fill="{TEXT}">{escape(short_label(n.label))}</text></g>')
    out.append("</svg>")
    return "\n".join(out)


def to_png(hvm: HvmMap, width: int = 1100) -> bytes:
    """The map as PNG bytes (Pillow's default font)."""
    from PIL import Image, ImageDraw, ImageFont

    w, h, boxes = geometry(hvm, width)
    img = Image.new("RGB", (w, h), "white")
    draw = ImageDraw.Draw(img)
    font = ImageFont.load_default()
    for i, level in enumerate(hvm.levels):
        y = h - MARGIN - BOX_H / 2 - i * ROW_HEIGHT
        draw.text((4, y - BOX_H / 2 - 14), level, fill="#8a94a6", font=font)
    for lk in hvm.links:
        (x1, y1, _), (x2, y2, _) = boxes[lk.source], boxes[lk.target]
        draw.line([(x1, y1), (x2, y2)], fill=LINK_COLOUR, width=max(1, round(lk.width)))
    for n in hvm.nodes:
        cx, cy, bw = boxes[n.code]
        draw.rounded_rectangle([cx - bw / 2, cy - BOX_H / 2, cx + bw / 2, cy + BOX_H / 2], radius=8, fill=BOX_FILL,
                               outline=BOX_LINE)
        draw.text((cx, cy), short_label(n.label), fill=TEXT, font=font, anchor="mm")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()
