"""Graph HTML: escaping, no remote resources, colouring, sizing, markers, canonical view, node details."""

import re

import pytest

from interview_core.viz.escaping import escape_label, tooltip
from interview_core.viz.graph_view import (
    FOCUS_COLOUR, clusters, colour_keys, degrees, exhausted_ids, graph_html, legend, node_details, node_size,
    strip_remote_resources, view_elements,
)

XSS = "<img src=x onerror=alert(1)>"
SNAP = {
    "nodes": [
        {"id": "n1", "label": XSS, "node_type": "attribute", "utterance_ids": ["u1"], "quotes": [XSS]},
        {"id": "n2", "label": "creamy", "node_type": "functional_consequence", "utterance_ids": ["u1", "u3"], "quotes": ["so creamy"]},
        {"id": "n3", "label": "calm", "node_type": "terminal_value", "utterance_ids": ["u3"], "quotes": ["calm"]},
        {"id": "n4", "label": "price", "node_type": "attribute", "utterance_ids": ["u5"], "quotes": ["price"]},
    ],
    "edges": [
        {"source": "n1", "target": "n2", "relation_type": "leads_to", "quote": "because"},
        {"source": "n2", "target": "n3", "relation_type": "leads_to", "quote": "so"},
    ],
}
CANON = {"slots": [{"id": "s1", "label": "texture", "node_type": "attribute", "status": "active", "support": 3},
                   {"id": "s2", "label": "calm", "node_type": "terminal_value", "status": "candidate", "support": 1}],
         "edges": [{"source": "s1", "target": "s2", "relation_type": "leads_to", "support": 2}],
         "mapping": {"n1": "s1", "n2": "s1", "n3": "s2"}}


def test_escape_label_makes_markup_literal():
    assert escape_label("<b>&x</b>") == "&lt;b>&amp;x&lt;/b>"
    assert escape_label(None) == ""


def test_tooltip_escapes_every_piece_but_keeps_its_own_markup():
    t = tooltip(XSS, [("type", "<script>")], [XSS, "x" * 400], max_quotes=2, max_chars=10)
    assert "<img" not in t and "<script>" not in t
    assert t.startswith("<b>&lt;img src=x onerror=alert(1)&gt;</b><br>type: &lt;script&gt;")
    assert t.count("<i>") == 2 and "xxxxxxxxx\u2026" in t


def test_page_has_no_remote_resources_and_no_raw_payload():
    nodes, edges = view_elements(SNAP)
    page = graph_html(nodes, edges)
    assert not re.search(r"<script[^>]+src=", page, re.I)
    assert not re.search(r"<link[^>]+href=", page, re.I)
    assert "vis.Network" in page  # vis.js is inlined
    assert XSS not in page  # neither raw in data nor in tooltips
    assert "onerror=alert(1)" in page  # the text is there, escaped


def test_strip_remote_resources():
    page = '<link href="https://cdn/x.css" rel="stylesheet"><script src="http://cdn/x.js"></script><script>ok()</script>'
    assert strip_remote_resources(page) == "<script>ok()</script>"


def test_degrees_sizes_and_clusters():
    nodes, edges = view_elements(SNAP)
    assert degrees(nodes, edges) == {"n1": 1, "n2": 2, "n3": 1, "n4": 0}
    assert node_size(0) == 10 and node_size(4) == 22 and node_size(10**6) == 46
    part = clusters(nodes, edges)
    assert part["n1"] == part["n2"] == part["n3"] != part["n4"]


def test_cluster_names_are_their_most_central_label_and_unique():
    from interview_core.viz.graph_view import ViewEdge, ViewNode, cluster_names

    nodes = [ViewNode("a", "oat milk", "attribute", 1), ViewNode("b", "foam", "attribute", 3),
             ViewNode("c", "oat milk", "attribute", 1), ViewNode("d", "x" * 60, "attribute", 1)]
    names = cluster_names(nodes, [ViewEdge("a", "b", "leads_to")])  # {a, b}: tie on links, b has more mentions
    assert sorted(names.values()) == sorted(["foam", "oat milk", "x" * 39 + "\u2026"])
    twins = cluster_names([ViewNode("a", "same", "t", 1), ViewNode("b", "same", "t", 1)], [])
    assert sorted(twins.values()) == ["same", "same (2)"]


def test_palette_has_no_faint_colour():
    from interview_core.viz.graph_view import PALETTE

    def luminance(hex_colour):
        channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    contrast = {c: 1.05 / (luminance(c) + 0.05) for c in PALETTE}
    assert min(contrast.values()) >= 2.2, contrast  # the old pale yellow #F0E442 had 1.3
    assert len(set(PALETTE)) == len(PALETTE) == 12


def test_legend_and_tools_sit_above_the_canvas_and_labels_are_large():
    nodes, edges = view_elements(SNAP)
    page = graph_html(nodes, edges, focus_id="n2")
    bar, canvas = page.index('class="iv-bar"'), page.index('<div id="mynetwork"')
    assert bar < canvas and "position:absolute" not in page.split("<style>")[-1].split("</style>")[0]
    assert 'id="iv-png"' in page and 'id="iv-svg"' in page
    assert '"size": 16' in page and "var MIN_SCALE = 0.8, FOCUS = \"n2\"" in page
    assert "ivGraphNode" in page  # a click reports the node id to the page around the frame


def test_colour_by_type_follows_ontology_order_and_cluster_numbers():
    nodes, edges = view_elements(SNAP)
    key_of, colours = colour_keys(nodes, edges, "type", ["terminal_value", "attribute"])
    assert list(colours) == ["terminal_value", "attribute", "functional_consequence"]
    assert key_of["n4"] == "attribute"
    key_of, colours = colour_keys(nodes, edges, "cluster")
    # n1 -> n2 -> n3: n2 has two links inside its cluster, so the cluster is named after it
    assert list(colours) == ["creamy", "price"] and key_of["n1"] == "creamy" and key_of["n4"] == "price"
    with pytest.raises(ValueError):
        colour_keys(nodes, edges, "shape")


def test_focus_and_exhausted_markers_and_legend():
    nodes, edges = view_elements(SNAP)
    page = graph_html(nodes, edges, focus_id="n2", exhausted={"n4"}, size_by="degree")
    assert FOCUS_COLOUR in page and "borderDashes" in page
    assert "current focus" in page and "exhausted (dashed grey ring)" in page and "size = links" in page
    entries = legend({"a": "#000"}, "support", has_focus=False, has_exhausted=False)
    assert [e.label for e in entries] == ["a", "size = mentions"]


def test_canonical_view_uses_slots_and_member_quotes():
    nodes, edges = view_elements(SNAP, CANON, "canonical")
    by_id = {n.id: n for n in nodes}
    assert by_id["s1"].members == ["n1", "n2"] and by_id["s1"].support == 3
    assert by_id["s1"].quotes == [XSS, "so creamy"]
    assert by_id["s1"].utterance_ids == ["u1", "u3"]
    assert [(e.source, e.target, e.support) for e in edges] == [("s1", "s2", 2)]
    with pytest.raises(ValueError):
        view_elements(SNAP, CANON, "both")


def test_node_details_lists_quotes_and_source_utterances():
    nodes, _ = view_elements(SNAP)
    utts = [{"id": "u1", "turn": 1, "speaker": "respondent", "text": "a"}, {"id": "u2", "turn": 1, "speaker": "interviewer", "text": "q"},
            {"id": "u3", "turn": 2, "speaker": "respondent", "text": "b"}]
    d = node_details(nodes[1], utts)
    assert d["quotes"] == ["so creamy"] and [u["id"] for u in d["utterances"]] == ["u1", "u3"]


def test_exhausted_ids_from_stored_tracker():
    from interview_core.state.node_state import NodeState, NodeStateTracker

    tracker = NodeStateTracker()
    tracker.states["n1"] = NodeState("n1", "a", 1, focus_count=3, turns_since_last_yield=3, current_focus_streak=2,
                                     all_response_depths=["shallow", "surface", "shallow"])
    tracker.states["n2"] = NodeState("n2", "b", 1)
    assert exhausted_ids({"tracker": tracker.to_dict()}) == {"n1"}
    assert exhausted_ids(None) == set()


def test_node_choices_are_unique_and_most_mentioned_first():
    from interview_core.viz.graph_view import ViewNode, node_choices

    nodes = [ViewNode("a", "foam", "attribute", 1), ViewNode("b", "foam", "attribute", 2), ViewNode("c", "calm", "value", 3)]
    assert list(node_choices(nodes)) == ["calm (value)", "foam (attribute) [b]", "foam (attribute) [a]"]
