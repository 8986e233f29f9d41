"""Respondent text made literal for Markdown (st.markdown, captions, alerts, metric values) and Plotly."""

from __future__ import annotations

import pytest

from interview_core.viz.escaping import WORD_JOINER, markdown_literal, plotly_literal


@pytest.mark.parametrize("raw,expected", [
    ("plain words", "plain words"),
    ("![x](http://h/p.png)", "\\!\\[x\\]\\(http\\:" + WORD_JOINER + "\\/\\/h\\/p\\.png\\)"),
    ("[c](u) **b** _i_ `k`", "\\[c\\]\\(u\\) \\*\\*b\\*\\* \\_i\\_ \\`k\\`"),
    (":red[x] :material/home:", "\\:red\\[x\\] \\:material\\/home\\:"),
    ("<b>hi</b>", "\\<b\\>hi\\<\\/b\\>"),
    ("# head\n- item", "\\# head \\- item"),
    ("www.example.org", "www" + WORD_JOINER + "\\.example\\.org"),
    ("me@example.org", "me" + WORD_JOINER + "\\@example\\.org"),
    (None, ""),
])
def test_markdown_literal(raw, expected):
    assert markdown_literal(raw) == expected


def test_markdown_literal_renders_the_same_characters():
    """CommonMark drops the backslash before punctuation; the joiner is invisible: what is read is the input."""
    raw = "![pic](http://198.51.100.7/p.png) & <img> 50% $x$"
    shown = markdown_literal(raw).replace(WORD_JOINER, "")
    import re
    assert re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", shown) == raw


def test_plotly_literal():
    assert plotly_literal('<a href="http://h">x</a>') == "&lt;a href=&quot;http://h&quot;&gt;x&lt;/a&gt;"
