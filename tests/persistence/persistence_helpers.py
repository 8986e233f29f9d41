"""Builders shared by the persistence tests (a uniquely named module, unlike conftest)."""

SUMMARY = {"extraction": {"provider": "offline", "model": None}, "question": {"provider": "anthropic",
           "model": "claude-sonnet-4-5"}, "max_turns": 12}


def new_session(repo, session_id="s1", **overrides):
    args = dict(session_id=session_id, concept_id="oat-milk", methodology_name="means_end_chain",
                methodology_yaml="method: {name: mec}\n", concept_yaml="id: oat-milk\n", max_turns=12,
                settings_summary=SUMMARY)
    args.update(overrides)
    return repo.create_session(**args)


def sample_turn(turn=1):
    """Arguments for save_turn with every field populated."""
    nodes = [
        {"id": "n1", "label": "creamy texture", "node_type": "attribute", "stance": 1, "reaction": "positive",
         "element_id": "texture", "utterance_ids": [f"u_s1_{turn}_r"], "quotes": ["it's so creamy"],
         "created_turn": turn, "extra": {"embedding": [0.125, -0.5, 0.25]}},
        {"id": "n2", "label": "feel indulgent", "node_type": "psychosocial_consequence", "stance": 0,
         "reaction": None, "element_id": None, "utterance_ids": [f"u_s1_{turn}_r"], "quotes": ["feels like a treat"],
         "created_turn": turn, "extra": {}},
    ]
    edges = [{"id": "e1", "source": "n1", "target": "n2", "relation_type": "leads_to",
              "utterance_id": f"u_s1_{turn}_r", "quote": "creamy so it feels like a treat", "created_turn": turn,
              "extra": {"origin": "explicit"}}]
    scoring = {"strategy": "deepen", "focus": {"kind": "node", "id": "n1"}, "score": 1.75, "phase": "early",
               "signals": {"graph.node.count": 2, "llm.response_depth": "moderate"}}
    alternatives = [
        {"strategy": "deepen", "focus": {"kind": "node", "id": "n1"}, "base": 1.25, "multiplier": 1.2, "bonus": 0.25,
         "final": 1.75, "vetoed": False, "veto": None, "veto_reason": None,
         "contributions": {"llm.engagement.high": 0.5, "graph.node.exhausted": -0.25}, "rank": 1},
        {"strategy": "clarify", "focus": {"kind": "node", "id": "n2"}, "base": 0.5, "multiplier": 1.0, "bonus": 0.0,
         "final": 0.0, "vetoed": True, "veto": "exhausted_focus", "veto_reason": "node n2 is exhausted",
         "contributions": {}, "rank": 2},
    ]
    return dict(nodes=nodes, edges=edges, engine_state={"trackers": {"n1": {"focus_count": 1}}},
                engine_state_version=3, scoring=scoring, alternatives=alternatives,
                turn_result={"turn_number": turn, "next_question": "Why does creaminess matter?", "strategy": "deepen"})
