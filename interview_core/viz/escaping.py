"""Escaping of respondent text before it reaches vis.js.

Labels are drawn on the canvas in vis.js's ``multi: "html"`` mode, which understands ``<b>``, ``<i>``,
``<code>`` and decodes exactly ``&lt;`` and ``&amp;``; escaping those two characters makes every label
literal text. Tooltips are built as escaped HTML (every piece of respondent text through
:func:`html.escape`, joined with trusted ``<br>``) and turned into DOM elements by our own script, so an
answer such as ``<img src=x onerror=alert(1)>`` is shown as text and runs nothing.
"""

from __future__ import annotations

import html
import re


def escape_label(text: object) -> str:
    """``&`` -> ``&amp;`` and ``<`` -> ``&lt;``: the two entities vis.js's html label mode decodes."""
    return str(text if text is not None else "").replace("&", "&amp;").replace("<", "&lt;")


def tooltip(title: object, lines: list[tuple[str, object]] | None = None, quotes: list[str] | None = None,
            max_quotes: int = 3, max_chars: int = 160) -> str:
    """Escaped HTML for a tooltip: a bold title, ``name: value`` lines, then up to ``max_quotes`` quotes
    (each cut to ``max_chars``). Only the markup added here is unescaped."""
    parts = [f"<b>{html.escape(str(title))}</b>"]
    for name, value in lines or []:
        parts.append(f"{html.escape(str(name))}: {html.escape(str(value))}")
    for q in (quotes or [])[:max_quotes]:
        q = str(q)
        cut = q if len(q) <= max_chars else q[: max_chars - 1] + "\u2026"
        parts.append(f"<i>\u201c{html.escape(cut)}\u201d</i>")
    return "<br>".join(parts)


# Every ASCII punctuation character may be backslash-escaped in CommonMark, and an escaped one is always
# literal: no emphasis, link, image, heading, table, HTML, autolink (``http\://`` is not a URL) and none of
# Streamlit's ``:material/...:`` / ``:red[...]`` directives.
_MARKDOWN_SPECIAL = re.compile(r"([!-/:-@\[-`{-~])")


# GFM turns bare ``http://``, ``www.`` and ``name@host`` into links even when their punctuation is escaped;
# an invisible word joiner (U+2060) inside each keeps them text.
_AUTOLINK = re.compile(r"(?<=:)(?=//)|(?<=www)(?=\.)|(?=@)", re.I)
WORD_JOINER = "\u2060"


def markdown_literal(text: object) -> str:
    """``text`` for a Markdown string (st.markdown, st.caption, alerts) that shows exactly those
    characters: ASCII punctuation backslash-escaped, bare URLs and addresses kept from becoming links (a
    word joiner, U+2060, inside ``://``, ``www.`` and before ``@``), line breaks folded into spaces."""
    flat = " ".join(str(text if text is not None else "").split())
    return _MARKDOWN_SPECIAL.sub(r"\\\1", _AUTOLINK.sub(WORD_JOINER, flat))


def plotly_literal(text: object) -> str:
    """``text`` for a Plotly title or label, whose pseudo-HTML understands ``<a href>``, ``<b>`` etc."""
    return html.escape(str(text if text is not None else ""))


# C0 and C1 control characters except tab and newline, DEL, and the bidirectional overrides/isolates
# (which reorder what a terminal shows).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def escape_controls(text: object) -> str:
    """``text`` for a terminal: control characters (ANSI escape sequences included) shown as ``\\x1b``,
    ``\\u202e`` etc., so respondent text can neither colour, move nor hide what the analyst sees.
    Tabs and newlines are kept."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text if text is not None else ""))
