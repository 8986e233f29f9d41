"""Everything a completed turn writes: graph snapshot, canonical tables, engine state, scoring, result."""

from __future__ import annotations

from .codec import from_json, to_json, utc_now
from .database import Database
from .rows import checked

NODE_KEYS = ("id", "label", "node_type", "stance", "reaction", "element_id", "utterance_ids", "quotes",
             "created_turn", "extra")
EDGE_KEYS = ("id", "source", "target", "relation_type", "utterance_id", "quote", "created_turn", "extra")
SCORING_KEYS = ("strategy", "focus", "score", "phase", "signals")
ALTERNATIVE_KEYS = ("strategy", "focus", "base", "multiplier", "bonus", "final", "vetoed", "veto", "veto_reason",
                    "contributions", "rank")
CANONICAL_KEYS = ("slots", "edges", "mapping")


def _node_params(session_id: str, position: int, node: dict) -> tuple:
    n = checked("node", node, NODE_KEYS, ("id", "label"))
    return (session_id, n["id"], position, n["label"], n.get("node_type"), n.get("stance"), n.get("reaction"),
            n.get("element_id"), to_json(list(n.get("utterance_ids") or [])), to_json(list(n.get("quotes") or [])),
            n.get("created_turn"), to_json(n.get("extra") or {}))


def _edge_params(session_id: str, position: int, edge: dict) -> tuple:
    e = checked("edge", edge, EDGE_KEYS, ("id", "source", "target", "relation_type"))
    return (session_id, e["id"], position, e["source"], e["target"], e["relation_type"], e.get("utterance_id"),
            e.get("quote"), e.get("created_turn"), to_json(e.get("extra") or {}))


def _alternative_params(session_id: str, turn: int, index: int, alt: dict) -> tuple:
    a = checked("alternative", alt, ALTERNATIVE_KEYS, ("strategy",))
    return (session_id, turn, a.get("rank", index + 1), a["strategy"], to_json(a.get("focus")), a.get("base"),
            a.get("multiplier"), a.get("bonus"), a.get("final"), int(bool(a.get("vetoed"))), a.get("veto"),
            a.get("veto_reason"), to_json(a.get("contributions") or {}))


class TurnStore:
    db: Database

    def save_turn(self, session_id: str, turn: int, *, nodes: list[dict], edges: list[dict], engine_state: dict,
                  engine_state_version: int, scoring: dict, alternatives: list[dict], turn_result: dict,
                  canonical: dict | None = None) -> None:
        """Record a completed turn in one transaction: all of it is stored, or none of it.

        ``nodes``/``edges`` replace the session's graph snapshot (keys: NODE_KEYS / EDGE_KEYS; anything
        free-form goes under ``extra``). ``engine_state`` replaces the stored state. ``scoring`` (SCORING_KEYS)
        and ``alternatives`` (ALTERNATIVE_KEYS; ``rank`` defaults to list position from 1) and
        ``turn_result`` replace anything already stored for this turn, so re-saving a turn is safe.
        ``canonical`` ({"slots": [...], "edges": [...], "mapping": {surface_id: slot_id}}), when given,
        replaces the canonical tables; each slot needs an ``id``.
        """
        turn = int(turn)
        node_rows = [_node_params(session_id, i, n) for i, n in enumerate(nodes)]
        edge_rows = [_edge_params(session_id, i, e) for i, e in enumerate(edges)]
        score = checked("scoring", scoring, SCORING_KEYS)
        alt_rows = [_alternative_params(session_id, turn, i, a) for i, a in enumerate(alternatives)]
        now = utc_now()
        with self.db.transaction():
            self._require_session(session_id)
            with self.db.write_batch():  # nothing below is read back: one round trip on PostgreSQL
                self.db.execute("DELETE FROM nodes WHERE session_id = ?", (session_id,))
                self.db.execute("DELETE FROM edges WHERE session_id = ?", (session_id,))
                self.db.executemany(
                    """INSERT INTO nodes (session_id, id, position, label, node_type, stance, reaction, element_id,
                           utterance_ids, quotes, created_turn, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    node_rows)
                self.db.executemany(
                    """INSERT INTO edges (session_id, id, position, source, target, relation_type, utterance_id, quote,
                           created_turn, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", edge_rows)
                self.db.execute(
                    """INSERT INTO engine_state (session_id, turn, version, state, updated_at) VALUES (?, ?, ?, ?, ?)
                       ON CONFLICT (session_id) DO UPDATE SET turn = excluded.turn, version = excluded.version,
                           state = excluded.state, updated_at = excluded.updated_at""",
                    (session_id, turn, int(engine_state_version), to_json(engine_state), now))
                for table in ("scoring", "scoring_alternatives", "turn_results"):
                    self.db.execute(f"DELETE FROM {table} WHERE session_id = ? AND turn = ?", (session_id, turn))
                self.db.execute(
                    "INSERT INTO scoring (session_id, turn, strategy, focus, score, phase, signals) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (session_id, turn, score.get("strategy"), to_json(score.get("focus")), score.get("score"),
                     score.get("phase"), to_json(score.get("signals") or {})))
                self.db.executemany(
                    """INSERT INTO scoring_alternatives (session_id, turn, rank, strategy, focus, base, multiplier, bonus,
                           final, vetoed, veto, veto_reason, contributions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    alt_rows)
                self.db.execute("INSERT INTO turn_results (session_id, turn, result, created_at) VALUES (?, ?, ?, ?)",
                                (session_id, turn, to_json(turn_result), now))
                if canonical is not None:
                    self._replace_canonical(session_id, checked("canonical", canonical, CANONICAL_KEYS))
                self._touch(session_id)

    def commit_turn(self, session_id: str, turn: int, *, question_id: str, question: str, llm_calls: list[dict],
                    termination_reason: str | None, finished: bool, **turn_record) -> None:
        """All of a turn's writes after the answer, in one transaction: the interviewer's next question
        (which must get ``question_id``), the turn record (``save_turn``'s arguments), the turn's language
        calls and, when ``finished``, the session's end. A crash leaves all of it or none of it, so a
        resumed session never finds a question without its turn (or the reverse)."""
        with self.db.transaction():
            # Row lock + check: of several processes completing the same turn, one records it; the others
            # get TurnConflict here and nothing of theirs is written.
            self.claim_turn(session_id, turn)
            stored_id = self.add_utterance(session_id, turn, "interviewer", question)
            if stored_id != question_id:
                raise RuntimeError(f"turn {turn}: the question was to be {question_id} but would be {stored_id}; "
                                   "another writer added to this session")
            self.save_turn(session_id, turn, **turn_record)
            if llm_calls:
                self._next_call_seq(session_id, peek=True)  # read the positions now: the inserts go as one batch
                with self.db.write_batch():
                    for usage in llm_calls:
                        self.log_llm_call(session_id, turn, usage)
            if finished:
                self.update_session(session_id, status="finished", termination_reason=termination_reason)

    def _replace_canonical(self, session_id: str, canonical: dict) -> None:
        for table in ("canonical_slots", "canonical_edges", "canonical_mapping"):
            self.db.execute(f"DELETE FROM {table} WHERE session_id = ?", (session_id,))
        slots = canonical.get("slots") or []
        if any(not isinstance(s, dict) or s.get("id") is None for s in slots):
            raise ValueError("canonical: every slot must be a dict with an 'id'")
        self.db.executemany(
            "INSERT INTO canonical_slots (session_id, slot_id, position, label, node_type, data) VALUES (?, ?, ?, ?, ?, ?)",
            [(session_id, s["id"], i, s.get("label"), s.get("node_type"), to_json(s)) for i, s in enumerate(slots)])
        self.db.executemany(
            """INSERT INTO canonical_edges (session_id, position, source, target, relation_type, data)
               VALUES (?, ?, ?, ?, ?, ?)""",
            [(session_id, i, e.get("source"), e.get("target"), e.get("relation_type"), to_json(e))
             for i, e in enumerate(canonical.get("edges") or [])])
        self.db.executemany(
            "INSERT INTO canonical_mapping (session_id, surface_id, slot_id) VALUES (?, ?, ?)",
            [(session_id, surface, slot) for surface, slot in (canonical.get("mapping") or {}).items()])

    def load_state(self, session_id: str) -> dict | None:
        """``{"engine_state": dict, "engine_state_version": int, "turn": last saved turn}``, or None."""
        row = self.db.query_one("SELECT turn, version, state FROM engine_state WHERE session_id = ?", (session_id,))
        if row is None:
            return None
        return {"engine_state": from_json(row["state"]), "engine_state_version": row["version"], "turn": row["turn"]}

    def list_nodes(self, session_id: str) -> list[dict]:
        """The latest graph snapshot's nodes, in the order they were saved, with NODE_KEYS."""
        rows = self.db.query(f"SELECT {', '.join(NODE_KEYS)} FROM nodes WHERE session_id = ? ORDER BY position",
                             (session_id,))
        for r in rows:
            r["utterance_ids"], r["quotes"], r["extra"] = (from_json(r["utterance_ids"]), from_json(r["quotes"]),
                                                           from_json(r["extra"]))
        return rows

    def list_edges(self, session_id: str) -> list[dict]:
        """The latest graph snapshot's edges, in the order they were saved, with EDGE_KEYS."""
        rows = self.db.query(f"SELECT {', '.join(EDGE_KEYS)} FROM edges WHERE session_id = ? ORDER BY position",
                             (session_id,))
        for r in rows:
            r["extra"] = from_json(r["extra"])
        return rows

    def canonical(self, session_id: str) -> dict:
        """``{"slots": [...], "edges": [...], "mapping": {surface_id: slot_id}}`` as last saved (empty if never)."""
        slots = self.db.query("SELECT data FROM canonical_slots WHERE session_id = ? ORDER BY position", (session_id,))
        edges = self.db.query("SELECT data FROM canonical_edges WHERE session_id = ? ORDER BY position", (session_id,))
        mapping = self.db.query("SELECT surface_id, slot_id FROM canonical_mapping WHERE session_id = ? ORDER BY surface_id",
                                (session_id,))
        return {"slots": [from_json(r["data"]) for r in slots], "edges": [from_json(r["data"]) for r in edges],
                "mapping": {r["surface_id"]: r["slot_id"] for r in mapping}}

    def scoring_history(self, session_id: str) -> list[dict]:
        """Per turn, in turn order: the scoring row plus ``alternatives`` ordered by rank."""
        history = self.db.query(
            "SELECT turn, strategy, focus, score, phase, signals FROM scoring WHERE session_id = ? ORDER BY turn",
            (session_id,))
        alternatives = self.db.query(
            f"""SELECT turn, {', '.join(ALTERNATIVE_KEYS)} FROM scoring_alternatives WHERE session_id = ?
                ORDER BY turn, rank""", (session_id,))
        by_turn: dict[int, list[dict]] = {}
        for a in alternatives:
            turn = a.pop("turn")
            a["focus"], a["contributions"], a["vetoed"] = from_json(a["focus"]), from_json(a["contributions"]), bool(a["vetoed"])
            by_turn.setdefault(turn, []).append(a)
        for row in history:
            row["focus"], row["signals"] = from_json(row["focus"]), from_json(row["signals"])
            row["alternatives"] = by_turn.get(row["turn"], [])
        return history

    def turn_results(self, session_id: str) -> list[dict]:
        """The stored TurnResult dicts, in turn order."""
        rows = self.db.query("SELECT result FROM turn_results WHERE session_id = ? ORDER BY turn", (session_id,))
        return [from_json(r["result"]) for r in rows]
