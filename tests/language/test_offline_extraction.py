"""Offline extraction on hand-written answers: labels, types, edge directions, quotes, elements, stance."""

from pathlib import Path

import pytest
from reference_support import reference_files

from interview_core.config.methodology import load_methodology
from interview_core.language.contracts import ExtractionRequest
from interview_core.vocabulary import FocusRef
from interview_core.language.offline import OfflineLanguage

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = reference_files("reference", "methodologies")
OURS = sorted((ROOT / "config/methodologies").glob("*.yaml"))


def run(methodology, concept, answer, focus=None, known=()):
    request = ExtractionRequest(methodology=methodology, concept=concept, answer=answer, utterance_id="u7",
                                focus=focus or FocusRef(), known_labels=list(known))
    return OfflineLanguage().extract(request)


def nodes_by_label(result):
    return {n.label: n for n in result.nodes}


def edge_set(result):
    return {(e.source_label, e.target_label, e.origin) for e in result.edges}


def test_ladder_answer_nodes_types_and_edges(mec, oat_milk):
    r = run(mec, oat_milk, "I love how creamy it is, so I get a proper froth, which means my morning coffee "
                           "feels like a treat. For me it's about taking care of myself.")
    nodes = nodes_by_label(r)
    assert list(nodes) == ["being creamy", "getting a proper froth", "my morning coffee feeling like a treat",
                           "taking care of myself"]
    assert nodes["being creamy"].node_type == "attribute"
    assert nodes["getting a proper froth"].node_type in ("attribute", "functional_consequence")
    assert nodes["my morning coffee feeling like a treat"].node_type == "psychosocial_consequence"
    assert nodes["taking care of myself"].node_type == "instrumental_value"
    assert edge_set(r) == {
        ("being creamy", "getting a proper froth", "explicit"),
        ("getting a proper froth", "my morning coffee feeling like a treat", "explicit"),
        ("my morning coffee feeling like a treat", "taking care of myself", "explicit"),
    }
    assert all(e.relation_type == "leads_to" for e in r.edges)
    assert r.usage[0].provider == "offline" and r.usage[0].model == "offline-rules"
    assert r.clauses[0] == "I love how creamy it is"


def test_because_points_from_reason_to_claim(mec, oat_milk):
    r = run(mec, oat_milk, "It makes me feel good about myself because it has no added sugar.")
    assert edge_set(r) == {("no added sugar", "feeling good about myself", "explicit")}
    types = {n.label: n.node_type for n in r.nodes}
    assert types["no added sugar"] == "attribute"
    assert types["feeling good about myself"] in ("psychosocial_consequence", "instrumental_value")


def test_because_after_a_valued_concept_gives_the_reason_it_matters(mec, oat_milk):
    """"I like A because B": B is why A matters to the respondent, the next rung up (A -> B); a plain
    causal "A because B" still runs B -> A."""
    r = run(mec, oat_milk, "I like how creamy it is, because it foams properly for my latte.")
    assert edge_set(r) == {("being creamy", "foaming properly for my latte", "explicit")}
    assert nodes_by_label(r)["foaming properly for my latte"].node_type == "functional_consequence"
    r = run(mec, oat_milk, "It foams well because it's thick and smooth.")
    assert edge_set(r) == {("being thick and smooth", "foaming well", "explicit")}


def test_every_edge_is_permitted_and_level_ordered(mec, oat_milk):
    r = run(mec, oat_milk, "It gives me peace of mind because it's healthy, and it's creamy so it froths well. "
                           "That saves me time in the morning, which means I feel less stressed.")
    types = {n.label: n.node_type for n in r.nodes}
    level = {n.name: n.level for n in mec.ontology.nodes}
    assert r.edges
    for e in r.edges:
        assert mec.is_edge_permitted(e.relation_type, types[e.source_label], types[e.target_label])
        assert level[types[e.source_label]] <= level[types[e.target_label]]
    assert types["peace of mind"] == "terminal_value"


def test_chain_position_lifts_an_effect(mec, oat_milk):
    # "a treat" alone has a psychosocial cue; what it leads to must sit at or above it.
    r = run(mec, oat_milk, "It feels like a treat, which means I am kind to myself.")
    types = {n.label: n.node_type for n in r.nodes}
    level = {n.name: n.level for n in mec.ontology.nodes}
    (edge,) = r.edges
    assert level[types[edge.target_label]] >= level[types[edge.source_label]] >= 3


def test_quotes_are_exact_substrings_and_cover_clauses(mec, oat_milk):
    answer = "Well — it's creamy, because it FOAMS properly; and I get a proper froth!"
    r = run(mec, oat_milk, answer)
    assert r.nodes and r.edges
    for item in [*r.nodes, *r.edges]:
        assert item.quote in answer
    froth_edge = next(e for e in r.edges if e.origin == "explicit")
    assert "because" in froth_edge.quote


def test_conversational_edge_from_focus_to_first_new_concept(mec, oat_milk):
    focus = FocusRef(kind="node", id="n3", label="creamy texture", node_type="attribute")
    r = run(mec, oat_milk, "It makes my morning coffee feel like a treat.", focus=focus, known=["creamy texture"])
    (edge,) = [e for e in r.edges if e.origin == "conversational"]
    assert (edge.source_label, edge.target_label) == ("creamy texture", "making my morning coffee feel like a treat")
    assert edge.quote in "It makes my morning coffee feel like a treat."


def test_no_conversational_edge_when_the_pair_is_not_permitted(mec, oat_milk):
    # Nothing sits above a terminal value except another terminal value; an attribute answer gets no edge.
    focus = FocusRef(kind="node", label="peace of mind", node_type="terminal_value")
    r = run(mec, oat_milk, "The recyclable carton.", focus=focus)
    assert r.nodes and not [e for e in r.edges if e.origin == "conversational"]


def test_known_label_is_reused(mec, oat_milk):
    r = run(mec, oat_milk, "Creamy texture, because of the oats.", known=["Creamy Texture"])
    assert "Creamy Texture" in {n.label for n in r.nodes}


def test_element_mapping_by_aliases_and_focus(mec, oat_milk):
    r = run(mec, oat_milk, "The carton is recyclable, and the froth is great for lattes.")
    mapping = {n.label: n.element_mapping for n in r.nodes}
    assert mapping == {"carton being recyclable": "packaging", "froth being great for lattes": "foaming"}
    r = run(mec, oat_milk, "Worth every penny for me.", focus=FocusRef(kind="element", id="price", label="Costs a little more"))
    assert r.nodes[0].element_mapping == "price"


def test_stance_and_reaction(mec, oat_milk):
    r = run(mec, oat_milk, "I love the mild taste. But it's too expensive. I doubt the carton gets recycled. "
                           "I wonder how it froths with espresso?")
    nodes = list(r.nodes)
    assert (nodes[0].stance, nodes[0].reaction) == (1, "positive")
    assert (nodes[1].stance, nodes[1].reaction) == (-1, "negative")
    assert nodes[2].reaction == "skeptical"
    assert nodes[3].reaction == "curious"


def test_deflections_make_no_nodes(mec, oat_milk):
    for answer in ("Hmm, I haven't really thought about that before...", "I don't know, never thought about it.",
                   "Okay.", "I'm not sure I have a strong opinion on that..."):
        assert run(mec, oat_milk, answer).nodes == [], answer


def test_jtbd_types_from_its_own_ontology(oat_milk):
    jtbd = load_methodology(ROOT / "config/methodologies/jobs_to_be_done.yaml")
    r = run(jtbd, oat_milk, "When I'm rushing to work I need to get breakfast sorted, but cooking takes too long "
                            "and it's stressful, so I order a meal kit.")
    types = {n.label: n.node_type for n in r.nodes}
    assert types["rushing to work"] == "job_context"
    assert types["getting breakfast sorted"] == "job_statement"
    assert types["cooking taking too long"] == "pain_point"
    for e in r.edges:
        assert jtbd.is_edge_permitted(e.relation_type, types[e.source_label], types[e.target_label])


@pytest.mark.parametrize("path", REFERENCE + [pytest.param(p, id=p.name) for p in OURS])
def test_any_methodology_gives_permitted_edges(path, oat_milk):
    m = load_methodology(path)
    answer = ("The first time I tried it I was rushing to work, so I asked the barista for oat milk, and it tasted "
              "amazing, which made me feel relieved because dairy upsets my stomach.")
    r = run(m, oat_milk, answer, focus=FocusRef(kind="node", label="morning coffee", node_type=m.ontology.nodes[0].name))
    types = {n.label: n.node_type for n in r.nodes} | {"morning coffee": m.ontology.nodes[0].name}
    assert len(r.nodes) >= 3
    assert all(n.node_type in m.node_type_names for n in r.nodes)
    for e in r.edges:
        assert m.is_edge_permitted(e.relation_type, types[e.source_label], types[e.target_label])
        assert e.quote in answer


# Each class of discourse filler on its own makes no node, and a concept said alongside it survives.
@pytest.mark.parametrize("answer", [
    "I noticed it again just last week.",  # time remark about the respondent's own experience
    "That happens every time.",
    "It happened only the other day.",
    "Like this morning, actually.",
    "That's something I notice pretty much every time.",
    "To be honest.",  # hedges and frames
    "If I'm honest, that's just the bottom line for me.",
    "First thing for me:",
    "Like I said.",
    "I can't go deeper than that.",  # meta comments about the interview
    "That's as far as I can take it.",
    "I haven't thought about it beyond that.",
    "I think I've covered most of it, really.",
    "That's about it.",
    "Compared to that.",  # bare comparative without its object
    "Without that, honestly, I'd go back to what I had before.",
    "No strong feelings.",
    "I couldn't tell you more than that.",
    "Anyway, what was the question again?",  # lost thread and self-correction
    "Actually wait, that contradicts what I said earlier, doesn't it?",
])
def test_filler_clauses_make_no_nodes(mec, oat_milk, answer):
    assert run(mec, oat_milk, answer).nodes == [], answer


@pytest.mark.parametrize("answer,label", [
    ("For me the big one is the recyclable packaging.", "recyclable packaging"),
    ("What I mean is the carton can be recycled.", "carton being recycled"),
    ("No strong feelings, the built-in lights is just how it is.", "built-in lights"),
    ("There's nothing sugary added to it, I suppose.", "nothing sugary added"),
    ("The fact that it foams properly.", "foaming properly"),
    ("What bugs me is the price. I noticed it again just last week.", "price"),
    ("To be honest, the froth holds its shape. That happens every time.", "froth holding its shape"),  # a phrase, not a clause
    ("Compared to that, the aftertaste is where it falls down for me.", "aftertaste"),
    ("Well, it has no added sugar.", "no added sugar"),
    ("So no hassle at all.", "no hassle"),  # "no" before a concept is a negation, not an answer particle
])
def test_frames_are_stripped_from_labels(mec, oat_milk, answer, label):
    r = run(mec, oat_milk, answer)
    assert [n.label for n in r.nodes] == [label]
    assert all(n.quote in answer for n in r.nodes)


def test_a_causal_link_survives_a_dropped_frame_clause(mec, oat_milk):
    # "so in the end," is a frame clause of its own; its "so" still links the concepts around it.
    answer = "It feels like a treat. So in the end, I am kind to myself."
    r = run(mec, oat_milk, answer)
    assert [n.label for n in r.nodes] == ["feeling like a treat", "being kind to myself"]
    assert edge_set(r) == {("feeling like a treat", "being kind to myself", "explicit")}
    assert all(e.quote in answer for e in r.edges)


def test_a_sentence_announcing_a_digression_makes_no_nodes(mec, oat_milk):
    answer = "The foam holds up. My neighbour's dog barked all night, by the way, so I'm tired. The price is fine."
    r = run(mec, oat_milk, answer)
    # "fine" is a judgement of the price: the stance keeps it, the label names what is judged (wave 18)
    assert [n.label for n in r.nodes] == ["foam holding up", "price"]
