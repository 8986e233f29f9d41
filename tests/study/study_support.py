"""A three-respondent study worked out by hand; shared by the study tests.

Codes (exact label matching; R2 writes 'Creamy Texture', which is the same code):
  C creamy texture (attribute)        L low price (attribute)
  F foams well (functional_consequence)  S saves money (functional_consequence)
  P feel proud (psychosocial_consequence)
  V self-respect (terminal_value)

Respondent links:
  R1: C->F, F->P, P->V
  R2: C->F, F->P, L->S
  R3: C->P, P->V, L->S, C->F

Implication matrix, "direct.indirect" respondents (a respondent counts once per pair):
  C->F 3.0 (R1 R2 R3)     F->P 2.0 (R1 R2)     P->V 2.0 (R1 R3)     L->S 2.0 (R2 R3)
  C->P 1.2 (direct R3; indirect R1 via F, R2 via F)
  C->V 0.2 (indirect R1, R3)                     F->V 0.1 (indirect R1)
  All direct respondent-links: 3 + 2 + 2 + 2 + 1 = 10.
"""

from __future__ import annotations

from interview_core.study.interviews import StudyInterview

LEVELS = ["attribute", "functional_consequence", "psychosocial_consequence", "instrumental_value", "terminal_value"]
TYPES = {"creamy texture": "attribute", "low price": "attribute", "foams well": "functional_consequence",
         "saves money": "functional_consequence", "feel proud": "psychosocial_consequence",
         "self-respect": "terminal_value"}


def interview(sid: str, name: str, answers: list[str], nodes: dict[str, str], links: list[tuple[str, str]]) -> StudyInterview:
    """Build an interview: ``answers`` become turns 1..n (with a question before each); every node label
    is quoted from the first answer containing it (case-insensitively); links quote the answer that
    holds both ends."""
    utterances = []
    for t, text in enumerate(answers, start=1):
        utterances.append({"id": f"u_{sid}_{t}_i", "turn": t, "speaker": "interviewer", "text": f"Question {t}?"})
        utterances.append({"id": f"u_{sid}_{t}_r", "turn": t, "speaker": "respondent", "text": text})

    def where(label: str) -> tuple[str, str]:
        for t, text in enumerate(answers, start=1):
            at = text.lower().find(label.lower())
            if at >= 0:
                return f"u_{sid}_{t}_r", text[at:at + len(label)]
        raise AssertionError(label)

    node_rows = []
    for nid, label in nodes.items():
        uid, quote = where(label)
        node_rows.append({"id": nid, "label": label, "node_type": TYPES[label.lower()], "utterance_ids": [uid],
                          "quotes": [quote]})
    edge_rows = []
    for i, (a, b) in enumerate(links):
        uid, _ = where(nodes[b])
        edge_rows.append({"id": f"e{i}", "source": a, "target": b, "relation_type": "leads_to", "utterance_id": uid,
                          "quote": next(u["text"] for u in utterances if u["id"] == uid)})
    decisions = [{"turn": t, "strategy": "deepen", "focus": "creamy texture", "score": 0.5, "phase": "early"}
                 for t in range(1, len(answers) + 1)]
    return StudyInterview(sid, name, status="finished", turns=len(answers), created_at="2026-11-22T10:00:00",
                          attributes={"session": sid, "status": "finished", "turns": len(answers), "policy": "adaptive"},
                          utterances=utterances, nodes=node_rows, edges=edge_rows,
                          decisions=decisions)


def three_respondents() -> list[StudyInterview]:
    r1 = interview("s1", "R01", ["I love the creamy texture because it foams well.",
                                 "Foaming well makes me feel proud, and that is about self-respect."],
                   {"n1": "creamy texture", "n2": "foams well", "n3": "feel proud", "n4": "self-respect"},
                   [("n1", "n2"), ("n2", "n3"), ("n3", "n4")])
    r2 = interview("s2", "R02", ["The Creamy Texture foams well, so I feel proud.",
                                 "A low price saves money."],
                   {"m1": "Creamy Texture", "m2": "foams well", "m3": "feel proud", "m4": "low price", "m5": "saves money"},
                   [("m1", "m2"), ("m2", "m3"), ("m4", "m5")])
    r3 = interview("s3", "R03", ["The creamy texture lets me feel proud; feeling proud is self-respect.",
                                 "A low price saves money. Also the creamy texture foams well."],
                   {"k1": "creamy texture", "k2": "feel proud", "k3": "self-respect", "k4": "low price",
                    "k5": "saves money", "k6": "foams well"},
                   [("k1", "k2"), ("k2", "k3"), ("k4", "k5"), ("k1", "k6")])
    return [r1, r2, r3]
