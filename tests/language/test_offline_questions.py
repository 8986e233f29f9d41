"""Question writing: templates with a natural focus, no near-repeats, determinism, opening and closing."""

from pathlib import Path

import pytest

from interview_core.config.methodology import Strategy
from interview_core.language.contracts import Turn, QuestionRequest
from interview_core.vocabulary import FocusRef
from interview_core.language.offline import OfflineLanguage, is_near_repeat
from interview_core.language.offline.naturalise import natural_label

ROOT = Path(__file__).resolve().parents[2]


def ask(m, c, **kw):
    return OfflineLanguage().write_question(QuestionRequest(methodology=m, concept=c, **kw)).question


@pytest.mark.parametrize("label,natural", [
    ("creamy texture", "the creamy texture"),
    ("Creamy texture.", "the creamy texture"),
    ("take care of myself", "taking care of yourself"),
    ("foams properly", "foaming properly"),
    ("how creamy it is", "how creamy it is"),
    ("self-respect", "self-respect"),
    ("peace of mind", "peace of mind"),
    ("No added sugar", "no added sugar"),
    ("Nordic oats", "Nordic oats"),
    ("my morning coffee feels like a treat", "your morning coffee feeling like a treat"),
    ("wait it says you can take", "\"wait it says you can take\""),
    ("the in control", "\"the in control\""),
    ("app", "the app"),
    ("one two three four five six seven eight nine", '"one two three four five six seven eight nine"'),
])
def test_natural_label(label, natural):
    assert natural_label(label, frozenset({"Nordic"})) == natural


def test_template_with_natural_focus(mec, oat_milk):
    strategy = Strategy(name="deepen", focus="node", question_templates=["Why does {focus} matter to you?"])
    q = ask(mec, oat_milk, strategy=strategy, focus=FocusRef(kind="node", label="Creamy texture."), turn_number=2)
    assert q.endswith("Why does the creamy texture matter to you?") or q.endswith("why does the creamy texture matter to you?")


def test_deterministic_and_varied(mec, oat_milk):
    deepen = mec.strategy("deepen")
    focus = FocusRef(kind="node", label="creamy texture")
    same = {ask(mec, oat_milk, strategy=deepen, focus=focus, turn_number=4, seed=9) for _ in range(3)}
    assert len(same) == 1
    varied = {ask(mec, oat_milk, strategy=deepen, focus=focus, turn_number=t, seed=9) for t in range(12)}
    assert len(varied) >= 4
    assert all("creamy texture" in q for q in varied)


def test_never_near_repeats_the_last_six(mec, oat_milk):
    deepen = mec.strategy("deepen")
    focus = FocusRef(kind="node", label="creamy texture")
    asked: list[str] = []
    for turn in range(8):
        q = ask(mec, oat_milk, strategy=deepen, focus=focus, turn_number=turn, recent_questions=asked[-6:])
        assert not is_near_repeat(q, asked[-6:]), (q, asked)
        asked.append(q)


def test_near_repeat_rules():
    assert is_near_repeat("Why does price matter to you?", ["Why does the price matter to you?"])
    assert is_near_repeat("Why does the price matter to you so much?", ["Why does the price matter to you?"])
    assert not is_near_repeat("Why does the price matter to you?", ["Why does the creamy texture matter to you?"])
    assert not is_near_repeat("Could you tell me more about the price?", ["Why does the price matter to you?"])
    older = ["Why does the price matter to you?"] + [f"Question number {i} about topic {i}?" for i in range(6)]
    assert not is_near_repeat("Why does the price matter to you?", older)  # only the last six count


def test_summary_and_unfocused(mec, oat_milk):
    # A summary lists what the parser confirms as phrases in the respondent's answers (wave 4).
    said = [Turn(question="q", answer="The creamy texture. Taking care of myself, mostly.")]
    q = ask(mec, oat_milk, strategy=mec.strategy("reflect"), summary_labels=["creamy texture", "take care of myself"],
            recent_turns=said)
    assert "the creamy texture and taking care of yourself" in q.lower()
    assert "{" not in ask(mec, oat_milk, strategy=mec.strategy("explore"))


def test_fallback_without_templates(mec, oat_milk):
    bare = Strategy(name="probe_friction", description="Find obstacles and pain points", focus="node")
    q = ask(mec, oat_milk, strategy=bare, focus=FocusRef(kind="node", label="recyclable carton"))
    assert "the recyclable carton" in q and q.endswith("?")


def test_opening_and_closing(mec, oat_milk):
    opening = ask(mec, oat_milk, kind="opening")
    assert opening.startswith("Imagine a new barista-edition oat milk.") and "oat milk" in opening
    closing = ask(mec, oat_milk, kind="closing")
    assert "Thank you" in closing and closing.endswith("?")
    bare = mec.model_copy(update={"method": mec.method.model_copy(update={"opening_templates": [], "closing_templates": []})})
    assert "oat milk" in ask(bare, oat_milk, kind="opening")
    assert "thank" in ask(bare, oat_milk, kind="closing").lower()


def test_frame_of_recognises_a_template_behind_lead_ins():
    from interview_core.language.offline.questions import frame_of
    templates = ["You mentioned {focus}. What does that give you?", "Why is {focus} important to you?"]
    assert frame_of("Okay. You mentioned the price. What does that give you?", templates) == templates[0]
    assert frame_of("why is peace of mind important to you?", templates) == templates[1]
    assert frame_of("How would it be different without the price?", templates) is None


def test_same_frame_masks_the_focus():
    from interview_core.language.offline.questions import same_frame
    templates = ["You mentioned {focus}. What does that give you?", "Why is {focus} important to you?"]
    previous = ["You mentioned A. What does that give you?"]
    assert same_frame(templates[0], previous, templates)
    assert not same_frame(templates[1], previous, templates)
    # near-identical frames count too ("... to you?" / "... to you personally?")
    assert same_frame("Why is {focus} important to you personally?", ["Why is the price important to you?"], templates)


def test_frames_rotate_across_changing_foci(mec, oat_milk):
    deepen = mec.strategy("deepen")
    from interview_core.language.offline.questions import frame_of
    asked: list[str] = []
    frames = []
    for turn, label in enumerate(["the price", "creamy texture", "recyclable carton", "peace of mind", "the foam", "oat taste"]):
        q = ask(mec, oat_milk, strategy=deepen, focus=FocusRef(kind="node", label=label), turn_number=turn,
                seed=3, recent_questions=asked[-6:])
        frames.append(frame_of(q, deepen.question_templates))
        asked.append(q)
    # With n templates, the first min(n, 6) questions use distinct frames; with fewer than six, the
    # next question takes a built-in wording rather than repeat a frame used in the last six.
    from interview_core.language.offline.questions import fits_topic
    from interview_core.language.offline.topics import Topic
    # Only templates whose slot takes any noun phrase are used for a parser-checked topic (wave 4).
    n = len([t for t in deepen.question_templates if fits_topic(t, Topic("np", text="the price"))])
    k = min(n, 6)
    assert len(set(frames[:k])) == k and None not in frames[:k]
    if n < 6:
        assert frames[n] is None
    assert "oat taste" in asked[5]
    assert not any(is_near_repeat(q, asked[:k]) for k, q in enumerate(asked))


@pytest.mark.parametrize("label,bad", [
    ("how creamy it is", "does how creamy it is"),  # a wh-clause is never a subject
    ("take care of myself", "have taking care of yourself"),  # nor a gerund the object of "have"
    ("foams properly", "have the fact that"),
])
def test_template_fits_the_label_shape(mec, oat_milk, label, bad):
    deepen = mec.strategy("deepen")
    for turn in range(8):
        q = ask(mec, oat_milk, strategy=deepen, focus=FocusRef(kind="node", label=label), turn_number=turn)
        assert bad not in q.lower(), q


def test_a_slot_takes_a_parsed_phrase_only_where_any_phrase_fits():
    from interview_core.language.offline.questions import fits_topic
    from interview_core.language.offline.topics import Topic
    np, gerund = Topic("np", text="the price"), Topic("gerund", text="growing veg")
    assert fits_topic("What is it about {focus} that makes a difference for you?", np)
    assert fits_topic("Why is {focus} important to you?", gerund)  # a subject before its verb
    assert not fits_topic("When you have {focus}, what does that do for you?", gerund)
    assert not fits_topic("Can you put {focus} another way, so I'm sure I follow?", np)  # after a verb
    assert not fits_topic("Since {focus}, do you do anything differently?", np)  # wants an event


def test_semantic_repeat_check_skips_questions_that_mean_the_same():
    """With an embedding hook, a candidate whose meaning repeats a recent question is passed over."""
    import numpy as np

    from interview_core.language.offline.questions import SEMANTIC_REPEAT, _semantic_pick

    def embed(texts):  # "same" questions share a direction, others are orthogonal
        out = []
        for t in texts:
            v = np.array([1.0, 0.0]) if "matter" in t else np.array([0.0, 1.0])
            out.append(v / np.linalg.norm(v))
        return out

    candidates = [((False, False, False, False), "Why does the price matter to you?"),
                  ((False, True, False, False), "What would you miss without the price?")]
    recent = ["Why does the creamy texture matter to you?"]
    assert _semantic_pick(candidates, recent, embed) == "What would you miss without the price?"
    assert _semantic_pick(candidates, ["Tell me about your day"], embed) == "Why does the price matter to you?"
    assert SEMANTIC_REPEAT == 0.85


def test_offline_language_uses_the_embed_hook(mec, oat_milk):
    from interview_core.language.offline import OfflineLanguage

    calls = []

    def embed(texts):
        calls.append(list(texts))
        return [None for _ in texts]  # nothing embeddable: the lexical choice stands

    deepen = mec.strategy("deepen")
    request = QuestionRequest(methodology=mec, concept=oat_milk, strategy=deepen,
                              focus=FocusRef(kind="node", label="price"), recent_questions=["Why is taste important to you?"])
    plain = OfflineLanguage().write_question(request).question
    hooked = OfflineLanguage(embed=embed).write_question(request).question
    assert calls and calls[0][-1] == "Why is taste important to you?" and hooked == plain
