"""Provider-assisted canonical slot decision (issue 13): one batched model call every few turns.

The offline matcher (:class:`~interview_core.dedup.canonical.CanonicalGraph`) maps every new surface
node at once; it is the decision that stands unless the model says otherwise. Every
``ProviderSlotSettings.every_turns`` turns, :class:`ProviderSlotDecider` collects the undecided pairs
of the window: each slot created in the last K turns against the other slots of its node type whose
best label similarity reaches ``min_similarity`` (the pairs the offline matcher found below its merge
threshold, nearest first), leaving out pairs the opposite guard blocks. It asks the language router
ONCE for a verdict per pair (same / different / opposite) and merges the pairs the model calls the same
(the newer slot joins the older), unless the opposite guard objects to any pair of their labels: the
guard always wins, also against merges earlier in the same batch. Any failure (no reply, a malformed
reply after the re-ask, a timeout, the breaker cooling off) leaves the offline decisions as they are.

Each decision is a :class:`~interview_core.language.slot_decisions.SlotDecisionRecord` with its source
(``offline`` or ``provider``); the stage puts them in the TurnResult, which the turn's single
transaction stores with the canonical tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from ..config.settings import ProviderSlotSettings
from ..language.slot_decisions import SlotDecisionRecord, SlotDecisionRequest, SlotPair
from ..vocabulary.extraction import Usage
from .canonical import ACTIVE, CanonicalGraph, Slot, SlotDiscoveryResult
from .matcher import HybridMatcher

PROVIDER = "provider"


@dataclass(frozen=True)
class CandidatePair:
    """A pair to ask about: a slot of the window (``slot_id``) and an older or earlier slot of its type;
    ``label``/``other_label`` are their most similar labels, ``similarity`` in [0, 1]."""

    id: str
    node_type: str
    slot_id: str
    other_slot_id: str
    label: str
    other_label: str
    similarity: float


@dataclass
class SlotDecisionOutcome:
    """What one turn's provider step did: its decisions and the usage of its call (empty: no call)."""

    records: list[SlotDecisionRecord] = field(default_factory=list)
    usage: list[Usage] = field(default_factory=list)


def _order(slot: Slot) -> tuple[int, int]:
    """Age of a slot: first turn, then creation order (``s12`` -> 12)."""
    return slot.first_turn, int(slot.id[1:]) if slot.id[1:].isdigit() else 0


def label_similarity(matcher: HybridMatcher, labels_a: list[str], labels_b: list[str]) -> tuple[float, str, str]:
    """The most similar label pair across two slots: ``(similarity, label_a, label_b)``; cosine clipped to
    [0, 1] with embeddings (labels without a vector score 0), else the lexical overlap."""
    best = (0.0, labels_a[0], labels_b[0])
    if matcher.embeddings_available:
        matcher.embed([*labels_a, *labels_b])
        va, vb = matcher.vector_arrays(labels_a), matcher.vector_arrays(labels_b)
        keys = {x: matcher.key(x).text for x in (*labels_a, *labels_b)}
        for a in labels_a:
            for b in labels_b:
                if keys[a] in va and keys[b] in vb:
                    s = max(0.0, min(1.0, float(np.dot(va[keys[a]], vb[keys[b]]))))
                    if s > best[0]:
                        best = (s, a, b)
        return best
    for a in labels_a:
        for b in labels_b:
            s = matcher.lexicon.overlap(matcher.key(a), matcher.key(b))
            if s > best[0]:
                best = (s, a, b)
    return best


def guarded(matcher: HybridMatcher, labels_a: list[str], labels_b: list[str]) -> tuple[str, str] | None:
    """The first label pair across two slots that the opposite guard calls opposite, or None."""
    lex = matcher.lexicon
    for a in labels_a:
        for b in labels_b:
            if lex.apart(matcher.key(a), matcher.key(b)) is not None:
                return a, b
    return None


def collect_pairs(canonical: CanonicalGraph, turn: int, settings: ProviderSlotSettings) -> list[CandidatePair]:
    """The undecided pairs of the window ``(turn - every_turns, turn]``, most similar first.

    Each slot whose first turn lies in the window is paired with at most ``candidates_per_slot`` other
    slots of its node type (older slots, and window slots created before it, so a pair is asked once),
    those with the highest best-label similarity at or above ``min_similarity`` that the opposite guard
    allows. At most ``max_pairs`` pairs, ids ``p1``, ``p2``, ... in that order.
    """
    matcher = canonical.matcher
    slots = sorted(canonical.slots.values(), key=_order)
    window = [s for s in slots if turn - settings.every_turns < s.first_turn <= turn]
    found: list[CandidatePair] = []
    for slot in window:
        others = [o for o in slots if o.node_type == slot.node_type and _order(o) < _order(slot)]
        scored = sorted(((label_similarity(matcher, slot.labels, o.labels), o) for o in others),
                        key=lambda x: -x[0][0])
        taken = 0
        for (sim, label, other_label), other in scored:
            if sim < settings.min_similarity or taken >= settings.candidates_per_slot:
                break
            if guarded(matcher, slot.labels, other.labels):
                continue
            found.append(CandidatePair("", slot.node_type, slot.id, other.id, label, other_label, round(sim, 4)))
            taken += 1
    found.sort(key=lambda p: -p.similarity)
    return [replace(p, id=f"p{i}") for i, p in enumerate(found[:settings.max_pairs], 1)]


def merge_slots(canonical: CanonicalGraph, source_id: str, target_id: str) -> list[str]:
    """Move every surface node of slot ``source_id`` into ``target_id`` and drop the source slot; the
    surface ids moved. Support and edges are refreshed by the next :meth:`CanonicalGraph.update`; an
    active source makes the target active from the earlier of their activation turns."""
    source, target = canonical.slots.pop(source_id), canonical.slots[target_id]
    for surface_id in source.surface_ids:
        target.surface_ids.append(surface_id)
        canonical.mapping[surface_id] = target_id
    target.labels.extend(x for x in source.labels if x not in target.labels)
    target.first_turn = min(target.first_turn, source.first_turn)
    if source.activated_turn is not None:
        turns = [t for t in (target.activated_turn, source.activated_turn) if t is not None]
        target.status, target.activated_turn = ACTIVE, min(turns)
    return list(source.surface_ids)


def apply_verdicts(canonical: CanonicalGraph, pairs: list[CandidatePair], verdicts: dict[str, str],
                   turn: int) -> tuple[list[SlotDecisionRecord], dict[str, str], list[dict]]:
    """Apply the model's verdicts to the slots, in pair order.

    Returns the decision records, the redirects (merged-away slot -> slot it joined) and the merge dicts
    (``surface_id, slot_id, similarity, method="provider"``, as :class:`SlotDiscoveryResult` keeps them).
    A ``same`` verdict merges the newer of the two slots into the older unless the opposite guard finds
    an opposite label pair across them (their labels as they are now, after earlier merges).
    """
    matcher = canonical.matcher
    redirect: dict[str, str] = {}

    def find(slot_id: str) -> str:
        while slot_id in redirect:
            slot_id = redirect[slot_id]
        return slot_id

    records, merges = [], []
    for pair in pairs:
        verdict = verdicts.get(pair.id)
        base = dict(turn=turn, node_type=pair.node_type, label=pair.label, slot_id=pair.slot_id,
                    other_label=pair.other_label, other_slot_id=pair.other_slot_id, similarity=pair.similarity,
                    offline="different", provider=verdict, pair_id=pair.id)
        if verdict is None:
            records.append(SlotDecisionRecord(**base, decision="different", source="offline",
                                              note="the model gave no verdict on this pair"))
            continue
        if verdict != "same":
            records.append(SlotDecisionRecord(**base, decision=verdict, source=PROVIDER))
            continue
        a, b = find(pair.slot_id), find(pair.other_slot_id)
        if a == b:
            records.append(SlotDecisionRecord(**base, decision="same", source=PROVIDER, note="already one slot"))
            continue
        opposite = guarded(matcher, canonical.slots[a].labels, canonical.slots[b].labels)
        if opposite is not None:
            records.append(SlotDecisionRecord(**{**base, "offline": "opposite"}, decision="opposite", source="offline",
                                              note=f"opposite guard: {opposite[0]!r} / {opposite[1]!r}"))
            continue
        source, target = sorted((a, b), key=lambda s: _order(canonical.slots[s]), reverse=True)
        moved = merge_slots(canonical, source, target)
        redirect[source] = target
        merges.extend({"surface_id": s, "slot_id": target, "similarity": pair.similarity, "method": PROVIDER}
                      for s in moved)
        records.append(SlotDecisionRecord(**base, method=PROVIDER, decision="same", source=PROVIDER, merged=True))
    return records, redirect, merges


def offline_merge_records(result: SlotDiscoveryResult, canonical: CanonicalGraph, labels: dict[str, str]) -> list[SlotDecisionRecord]:
    """The offline matcher's merges of this turn as decision records (``labels``: surface id -> label)."""
    out = []
    for m in result.merges:
        slot = canonical.slots.get(m["slot_id"])
        if slot is None:
            continue
        out.append(SlotDecisionRecord(
            turn=result.turn, node_type=slot.node_type, label=labels.get(m["surface_id"], m["surface_id"]),
            slot_id=m["slot_id"], other_label=slot.label, other_slot_id=m["slot_id"], similarity=m["similarity"],
            method=m["method"], offline="same", decision="same", source="offline", merged=True))
    return out


class ProviderSlotDecider:
    """The provider step of slot discovery: every ``settings.every_turns`` turns, one batched call.

    Parameters
    ----------
    canonical : the session's canonical graph (its matcher must be a :class:`HybridMatcher`).
    judge : the language router (``decide_slot_pairs(request, task)`` -> reply or None).
    settings : ``Settings.provider_slots``.
    topic, node_types : context for the prompt (the concept's name; node type -> description).
    """

    def __init__(self, canonical: CanonicalGraph, judge, settings: ProviderSlotSettings, topic: str = "",
                 node_types: dict[str, str] | None = None):
        self.canonical, self.judge, self.settings = canonical, judge, settings
        self.topic, self.node_types = topic, dict(node_types or {})

    def due(self, turn: int) -> bool:
        """Whether ``turn`` (1-based) closes a window: turns K, 2K, 3K, ..."""
        return turn % self.settings.every_turns == 0

    def run(self, result: SlotDiscoveryResult, nodes: list[dict], edges: list[dict], turn: int) -> SlotDecisionOutcome:
        """After the offline update of ``turn``: ask about the window's pairs (when due) and apply the
        verdicts; ``result`` is brought up to date (mapping, new and activated slots, merges)."""
        if not self.due(turn):
            return SlotDecisionOutcome()
        pairs = collect_pairs(self.canonical, turn, self.settings)
        if not pairs:
            return SlotDecisionOutcome()
        slots = self.canonical.slots
        request = SlotDecisionRequest(topic=self.topic, node_types=self.node_types, pairs=[
            SlotPair(id=p.id, node_type=p.node_type, labels_a=_first(p.label, slots[p.slot_id].labels),
                     labels_b=_first(p.other_label, slots[p.other_slot_id].labels)) for p in pairs])
        reply = self.judge.decide_slot_pairs(request, self.settings.task)
        if reply is None:  # the task runs offline
            return SlotDecisionOutcome()
        records, redirect, merges = apply_verdicts(self.canonical, pairs, reply.verdicts(), turn)
        if redirect:
            refreshed = self.canonical.update(nodes, edges, turn)
            _follow(result, redirect, merges, refreshed.activated_slot_ids)
        return SlotDecisionOutcome(records=records, usage=list(reply.usage))


def _first(label: str, labels: list[str]) -> list[str]:
    return [label, *(x for x in labels if x != label)]


def _follow(result: SlotDiscoveryResult, redirect: dict[str, str], merges: list[dict], activated: list[str]) -> None:
    """Bring the turn's offline result in line with provider merges."""

    def find(slot_id: str) -> str:
        while slot_id in redirect:
            slot_id = redirect[slot_id]
        return slot_id

    result.mapped = {s: find(slot) for s, slot in result.mapped.items()}
    for m in result.merges:
        m["slot_id"] = find(m["slot_id"])
    result.merges.extend(merges)
    result.new_slot_ids = [s for s in result.new_slot_ids if s not in redirect]
    result.activated_slot_ids = [s for s in dict.fromkeys([*result.activated_slot_ids, *activated]) if s not in redirect]


def build_slot_decider(settings: ProviderSlotSettings, canonical, language, topic: str = "",
                       node_types: dict[str, str] | None = None) -> ProviderSlotDecider | None:
    """The decider when it can run: enabled, a canonical graph over a :class:`HybridMatcher`, and a
    language router whose ``settings.task`` runs on a provider (not offline). Else None: offline only."""
    if not settings.enabled or canonical is None or not isinstance(canonical.matcher, HybridMatcher):
        return None
    provider = (getattr(language, "providers", None) or {}).get(settings.task, "offline")
    if provider == "offline" or not hasattr(language, "decide_slot_pairs"):
        return None
    return ProviderSlotDecider(canonical, language, settings, topic, node_types)
