"""Through real offline turns: a turn's new labels go through the encoder in one pass, no text is embedded
twice in a process (not within a session, not across sessions), and concurrent sessions sharing the encoder
ask exactly the questions they ask one after the other."""

import threading

import pytest

import interview_core.dedup.matcher as matcher_module
import interview_core.pipeline.pipeline as pipeline_module
from interview_core.config.settings import Settings
from interview_core.dedup.embeddings import SentenceTransformerEncoder, VectorCache
from interview_core.dedup.text import normalise_text
from perf_support import CountingModel

ANSWERS = [
    "I like how creamy it is because it foams properly for my latte.",
    "The price is a bit steep, which means I only buy it on offer.",
    "The carton is recyclable, so I feel less guilty about the waste.",
    "It mixes well with tea too, which saves me buying two kinds of milk.",
]


@pytest.fixture
def counting(monkeypatch):
    """Every session built here gets one shared encoder over a counting model; ``stages`` lists, per forward
    pass, the pipeline stage that asked for it."""
    model = CountingModel()
    encoder = SentenceTransformerEncoder(model, "counting", cache=VectorCache())
    monkeypatch.setattr(matcher_module, "get_encoder", lambda *args, **kwargs: encoder)
    current = threading.local()
    stages: list[tuple[str | None, list[str]]] = []
    original_run_stage = pipeline_module.run_stage

    def run_stage(stage, ctx):
        current.name = stage.name
        try:
            return original_run_stage(stage, ctx)
        finally:
            current.name = None

    model.listener = lambda texts: stages.append((getattr(current, "name", None), texts))
    monkeypatch.setattr(pipeline_module, "run_stage", run_stage)
    return model, encoder, stages


def _session(tmp_path, name: str):
    from interview_core.session import InterviewSession

    return InterviewSession.start("means_end_chain", "oat_milk", settings=Settings(database=str(tmp_path / f"{name}.db")),
                                  max_turns=20, seed=3)


def test_new_labels_in_one_pass_per_turn_and_no_text_embedded_twice(counting, tmp_path):
    model, encoder, stages = counting
    session = _session(tmp_path, "one")
    assert session.canonical_status == "embeddings: counting"
    for answer in ANSWERS:
        before = len(stages)
        session.answer(answer)
        turn = stages[before:]
        label_passes = [texts for stage, texts in turn if stage == "GraphUpdate"]
        assert len(label_passes) <= 1, turn
    labels = {normalise_text(label) for label in session.engine.graph.labels()}
    embedded = [t for _, texts in stages for t in texts]
    assert labels <= set(embedded)  # every node label has its vector ...
    assert len(embedded) == len(set(embedded))  # ... and no text went through the model twice
    assert any(stage == "GraphUpdate" for stage, _ in stages) and any(stage == "QuestionGeneration" for stage, _ in stages)


def test_a_second_session_reuses_the_first_ones_vectors(counting, tmp_path):
    model, encoder, stages = counting
    first = _session(tmp_path, "first")
    for answer in ANSWERS:
        first.answer(answer)
    passes, hits = len(stages), encoder.stats().cache_hits
    second = _session(tmp_path, "second")  # another respondent of this process, the same answers
    for answer in ANSWERS:
        second.answer(answer)
    assert len(stages) == passes  # every label and question was already embedded
    assert encoder.stats().cache_hits > hits
    assert second.transcript()[-1]["text"] == first.transcript()[-1]["text"]


def test_concurrent_sessions_ask_what_they_ask_one_after_the_other(counting, tmp_path):
    sequential = []
    for k in range(2):
        s = _session(tmp_path, f"seq{k}")
        sequential.append([s.answer(a).next_question for a in ANSWERS])
    results: dict[int, list[str]] = {}
    errors = []

    def respondent(k: int) -> None:
        try:
            s = _session(tmp_path, f"par{k}")
            results[k] = [s.answer(a).next_question for a in ANSWERS]
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=respondent, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(results[k] == sequential[0] for k in results) and len(results) == 3
