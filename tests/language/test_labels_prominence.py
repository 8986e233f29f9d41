"""Each offline node is stamped with how its answer carries it (point / supporting / backdrop) and with
whether the answer already gave its reason; the engine then follows the point. Cases of our own, in a
domain no evaluation file uses (a beekeeping supplies shop)."""

from __future__ import annotations

import pytest
import yaml

from interview_core.config import registry
from interview_core.language.contracts import ExtractionRequest
from interview_core.language.offline import OfflineLanguage
from interview_core.session import InterviewSession

STORY = "Calm bees. My neighbour's hive swarmed twice last spring and stung the postman."


def stamps(answer: str) -> dict[str, tuple]:
    r = OfflineLanguage().extract(ExtractionRequest(
        methodology=registry.methodology("means_end_chain"), concept=registry.concept("oat_milk"),
        answer=answer, utterance_id="u"))
    return {n.label: (n.prominence, n.reason_given) for n in r.nodes}


@pytest.mark.parametrize(("answer", "expected"), [
    # a fragment that names the point, then a story told of someone else in the past: backdrop, and the
    # reason the point matters (wave 9: a story after a point gives its reason without a "because")
    (STORY, {"calm bees": ("point", True), "my neighbour's hive swarming": ("backdrop", False),
             "sting the postman": ("backdrop", False)}),
    # "X, because Y": X has its reason; the reason given for the point is the point too
    ("The smoker, because it keeps the bees calm when I open the hive",
     {"smoker": ("point", True), "keeping the bees calm": ("point", False), "opening the hive": ("supporting", False)}),
])
def test_prominence_and_reason_stamps(answer, expected):
    assert stamps(answer) == expected


def test_an_answer_with_no_marked_point_is_all_point():
    got = stamps("The veil is a bit itchy.")
    assert got and all(p == "point" for p, _ in got.values())


@pytest.mark.parametrize(("answer", "focus"), [
    # the point first, then a story of someone else's: not "whole colony swarming into the neighbour's chimney"
    ("Proper training. My cousin bought a hive online, had no idea what he was doing, and the whole colony "
     "swarmed into the neighbour's chimney.", "proper training"),
    ("A suit that fits. Last summer my friend lent me hers and the gloves were so big that a bee got in and "
     "stung my wrist.", "suit that fits"),
    # the hive's reason is given: the next "why" goes up the ladder from the reason
    ("the starter hive, because I want honey from my own garden. my dad tried it in the 90s and the colony "
     "died in winter", "honey"),
])
def test_the_next_question_follows_the_point_not_the_backdrop(tmp_path, answer, focus):
    path = tmp_path / "hive_shop.yaml"
    path.write_text(yaml.safe_dump({"id": "hive_shop", "name": "HiveHouse", "methodology": "means_end_chain",
                                    "stimulus": "HiveHouse: a beekeeping supplies shop with starter hives, "
                                                "smokers and suits, and a weekend course for beginners."}))
    s = InterviewSession.start(None, str(path), max_turns=8, db_path=str(tmp_path / "s.db"), provider="offline")
    r = s.answer(answer)
    assert r.focus.kind == "node" and r.focus.label == focus, (r.strategy_selected, r.focus)
    stored = {n["label"]: n["extra"] for n in s.graph_snapshot()["nodes"]}
    assert stored[focus]["prominence"] == "point"  # persisted with the graph
