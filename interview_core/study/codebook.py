"""The study codebook: one code per canonical concept across every interview of a study.

:func:`build_codebook` runs the canonical-slot machinery (:class:`~interview_core.dedup.CanonicalGraph`)
over the surface nodes of all interviews at once, so paraphrases from different respondents land in
one code. Distinct (node type, normalised label) pairs are matched once: a label equal to one already
seen always joins its code (the matcher's exact tier), so matching each distinct label once gives the
same slots for a fraction of the work.

The researcher's edits (:class:`CodebookEdit`: rename, merge, split) are an ordered list applied on
top of the automatic codebook by :func:`apply_edits`; undo removes the last one. Code ids are stable
across rebuilds: a hash of the node type and the code's first label (in study order), so stored edits
keep pointing at the same codes when the codebook is rebuilt.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..dedup.canonical import CanonicalGraph
from ..graph.matching import ExactMatcher, NodeMatcher, normalise_label
from .interviews import StudyInterview

MemberKey = tuple[str, str]  # (session id, surface node id)


@dataclass
class Code:
    """A code: ``label`` (what the researcher sees), ``node_type``, ``labels`` (distinct member labels
    in study order) and ``members`` (the surface nodes coded with it, as (session id, node id))."""

    id: str
    label: str
    node_type: str
    labels: list[str] = field(default_factory=list)
    members: list[MemberKey] = field(default_factory=list)

    def respondents(self) -> set[str]:
        """Session ids of the interviews that mention the code."""
        return {sid for sid, _ in self.members}


@dataclass
class Codebook:
    """Codes in order of first appearance, the surface node -> code index and each surface node's label."""

    codes: dict[str, Code] = field(default_factory=dict)
    node_code: dict[MemberKey, str] = field(default_factory=dict)
    member_label: dict[MemberKey, str] = field(default_factory=dict)

    def code_of(self, session_id: str, node_id: str) -> str | None:
        return self.node_code.get((session_id, node_id))

    def copy(self) -> "Codebook":
        codes = {k: replace(c, labels=list(c.labels), members=list(c.members)) for k, c in self.codes.items()}
        return Codebook(codes, dict(self.node_code), self.member_label)

    def reindex(self) -> None:
        self.node_code = {m: c.id for c in self.codes.values() for m in c.members}


def code_id(node_type: str, label: str) -> str:
    """Stable id of a code: ``c`` + 10 hex digits of SHA-1 over the node type and normalised label."""
    digest = hashlib.sha1(f"{node_type}\x1f{normalise_label(label)}".encode("utf-8")).hexdigest()
    return f"c{digest[:10]}"


def build_codebook(interviews: list[StudyInterview], matcher: NodeMatcher | None = None) -> Codebook:
    """Codes for the surface nodes of ``interviews`` (in the given order).

    ``matcher``: the slot matcher (a :class:`~interview_core.dedup.HybridMatcher` is used with the
    looser slot thresholds of ``config/dedup.yaml``); default exact label equality. Nodes without a
    node type are left out.
    """
    book = Codebook()
    groups: dict[tuple[str, str], list[MemberKey]] = {}
    first_label: dict[tuple[str, str], str] = {}
    for iv in interviews:
        for n in iv.nodes:
            if not n.get("node_type"):
                continue
            key = (n["node_type"], normalise_label(n["label"]))
            groups.setdefault(key, []).append((iv.session_id, n["id"]))
            book.member_label[(iv.session_id, n["id"])] = n["label"]
            first_label.setdefault(key, n["label"])
    keys = list(groups)
    pseudo = [{"id": f"g{i}", "label": first_label[k], "node_type": k[0], "utterance_ids": [], "created_turn": 1}
              for i, k in enumerate(keys)]
    canonical = CanonicalGraph(matcher or ExactMatcher(), min_support=1)
    canonical.update(pseudo, [], turn=1)
    by_slot: dict[str, Code] = {}
    for i, key in enumerate(keys):
        slot = canonical.slots[canonical.mapping[f"g{i}"]]
        code = by_slot.get(slot.id)
        if code is None:
            code = Code(code_id(slot.node_type, slot.label), slot.label, slot.node_type)
            by_slot[slot.id] = code
            book.codes[code.id] = code
        code.members.extend(groups[key])
        code.labels.extend(dict.fromkeys(book.member_label[m] for m in groups[key]))
    book.reindex()
    return book


class CodebookEdit(BaseModel):
    """One researcher edit. ``rename``: ``code`` gets ``label``. ``merge``: every code in ``codes`` joins
    ``code`` (the survivor keeps its id and label). ``split``: the members of ``code`` whose label is in
    ``labels`` move to a new code called ``label``."""

    model_config = ConfigDict(extra="forbid")
    op: Literal["rename", "merge", "split"]
    code: str
    label: str | None = None
    codes: list[str] = Field(default_factory=list)
    labels: list[str] = Field(default_factory=list)


class EditError(ValueError):
    """An edit that cannot apply to the codebook (unknown code, empty label, nothing to split)."""


def apply_edits(book: Codebook, edits: list[CodebookEdit]) -> tuple[Codebook, list[tuple[int, str]]]:
    """The codebook after ``edits`` in order (``book`` itself is not changed), and the edits that could
    not apply as (index, reason): e.g. a merge naming a code that no longer exists after new
    interviews changed the automatic codebook. A failed edit changes nothing."""
    out = book.copy()
    skipped = []
    for i, edit in enumerate(edits):
        try:
            apply_edit(out, edit)
        except EditError as exc:
            skipped.append((i, str(exc)))
    return out, skipped


def apply_edit(book: Codebook, edit: CodebookEdit) -> None:
    """Apply one edit in place; raise :class:`EditError` (leaving ``book`` unchanged) when it cannot."""
    code = book.codes.get(edit.code)
    if code is None:
        raise EditError(f"no code '{edit.code}'")
    if edit.op == "rename":
        label = (edit.label or "").strip()
        if not label:
            raise EditError("a code needs a non-blank name")
        code.label = label
    elif edit.op == "merge":
        others = [c for c in dict.fromkeys(edit.codes) if c != code.id]
        missing = [c for c in others if c not in book.codes]
        if missing or not others:
            raise EditError(f"cannot merge: {'no code ' + ', '.join(missing) if missing else 'nothing to merge'}")
        for other_id in others:
            other = book.codes.pop(other_id)
            code.members.extend(other.members)
            code.labels.extend(lbl for lbl in other.labels if lbl not in code.labels)
    else:
        _split(book, code, edit)
    book.reindex()


def _split(book: Codebook, code: Code, edit: CodebookEdit) -> None:
    label = (edit.label or "").strip()
    wanted = {normalise_label(x) for x in edit.labels}
    moving_labels = [x for x in code.labels if normalise_label(x) in wanted]
    if not label or not moving_labels or len(moving_labels) == len(code.labels):
        raise EditError("a split needs a new name and some, but not all, of the code's labels")
    new_id = code_id(code.node_type, f"split:{label}")
    if new_id in book.codes:
        raise EditError(f"a code from a split called '{label}' already exists")
    moving = {normalise_label(x) for x in moving_labels}
    new = Code(new_id, label, code.node_type, moving_labels, [])
    keep = []
    for m in code.members:
        (new.members if normalise_label(book.member_label[m]) in moving else keep).append(m)
    code.members = keep
    code.labels = [x for x in code.labels if normalise_label(x) not in moving]
    book.codes[new_id] = new

