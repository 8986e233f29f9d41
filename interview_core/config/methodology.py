"""Methodology YAML: ontology, strategies with signal weights, phases, vetoes.

Accepts the reference format unchanged (``method``, ``ontology``, ``signals`` by pool, ``strategies``
with ``signal_weights``/``node_binding``/``focus_mode``, ``phases`` with multipliers and bonuses) and
adds ``signal_norms``, ``vetoes``, ``phase_boundaries``, ``continuation``, strategy ``focus``,
``prompt_hint`` and offline ``question_templates``.

Weight keys are resolved against the signal catalogue at load time (see :func:`resolve_weight_key`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..vocabulary import catalogue
from ..vocabulary.vetoes import VETOES
from .errors import ConfigError, Problem, did_you_mean
from .loader import read_yaml, validate_model

# Placeholders a question template may use: {focus} the focus label made natural, {summary} two or
# three recent concepts joined in words (reflect/synthesis), {concept} the concept's name.
TEMPLATE_PLACEHOLDERS = ("focus", "summary", "concept")
# Opening/closing templates: {stimulus_intro} a short lead-in from the concept's stimulus, {concept}.
METHOD_PLACEHOLDERS = ("concept", "stimulus_intro")
VETO_NAMES = tuple(VETOES)
# Engine-default safeguards a file may set by name (defined in interview_core/scoring/safeguards.py).
SAFEGUARD_NAMES = ("strategy_run", "knowledge_ceiling", "node_exhausted", "element_exhausted", "recent_redundancy",
                   "repetition_penalty", "answer_point")
FocusKind = Literal["node", "element", "none"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MethodInfo(_Strict):
    name: str
    version: str | None = None
    goal: str = ""
    opening_bias: str = ""
    description: str = ""
    opening_templates: list[str] = Field(default_factory=list)
    closing_templates: list[str] = Field(default_factory=list)


class NodeType(_Strict):
    name: str
    level: int | None = None
    terminal: bool = False
    description: str = ""
    examples: list[str] = Field(default_factory=list)
    cues: list[str] = Field(default_factory=list)  # offline classifier cue words/phrases


class EdgeType(_Strict):
    name: str
    description: str = ""
    permitted_connections: list[tuple[str, str]] | None = None  # None: any pair (JTBD v2 style)
    cues: list[str] = Field(default_factory=list)


class RelationshipExample(_Strict):
    description: str = ""
    example: str = ""
    extraction: str = ""


class ExtractabilityCriteria(_Strict):
    extractable_contains: list[str] = Field(default_factory=list)
    non_extractable_contains: list[str] = Field(default_factory=list)


class Ontology(_Strict):
    nodes: list[NodeType]
    edges: list[EdgeType] = Field(default_factory=list)
    extraction_guidelines: list[str] = Field(default_factory=list)
    relationship_examples: dict[str, RelationshipExample] = Field(default_factory=dict)
    extractability_criteria: ExtractabilityCriteria | None = None
    concept_naming_convention: str | None = None


class Strategy(_Strict):
    name: str
    title: str | None = None
    description: str = ""
    signal_weights: dict[str, float] = Field(default_factory=dict)
    node_binding: Literal["none", "required", "optional"] | None = None  # reference format
    focus: FocusKind | None = None  # ours: what the strategy targets
    focus_mode: str | None = None  # reference: e.g. "summary"
    generates_closing_question: bool = False
    prompt_hint: str = ""
    question_templates: list[str] = Field(default_factory=list)

    @property
    def focus_kind(self) -> FocusKind:
        if self.focus is not None:
            return self.focus
        return "none" if self.node_binding == "none" else "node"


class ReferencePhaseBoundaries(_Strict):
    early_max_nodes: int | None = None
    mid_max_nodes: int | None = None


class Phase(_Strict):
    description: str = ""
    signal_weights: dict[str, float] = Field(default_factory=dict)  # strategy -> multiplier
    phase_bonuses: dict[str, float] = Field(default_factory=dict)  # strategy -> additive bonus
    phase_boundaries: ReferencePhaseBoundaries | None = None


class PhaseBoundary(_Strict):
    """Enter the phase once ``min_turns`` have passed and any graph condition holds.

    Graph conditions: ``min_nodes`` (surface nodes), ``min_coverage`` (element coverage ratio),
    ``min_saturation`` (meta.conversation.saturation), ``min_depth`` (graph.max_depth). With no graph
    condition, the turn count alone decides. ``at_turn`` forces the phase at that turn regardless.
    """

    min_turns: int = 0
    min_nodes: int | None = None
    min_coverage: float | None = None
    min_saturation: float | None = None
    min_depth: int | None = None
    at_turn: int | None = None


class Veto(_Strict):
    name: str
    spares: list[str] = Field(default_factory=list)
    threshold: float | None = None
    description: str = ""
    enabled: bool = True  # false: switch this veto off (also an engine default, see scoring/safeguards.py)


class Safeguard(_Strict):
    """A file's setting for one engine-default safeguard (:mod:`interview_core.scoring.safeguards`):
    switch it off, or change its threshold, weight or spared strategies."""

    enabled: bool = True
    threshold: float | None = None
    weight: float | None = None
    spares: list[str] | None = None


class Continuation(_Strict):
    max_turns: int = 20
    min_turns: int = 4
    depth_plateau_turns: int = 6
    plateau_new_nodes: int = 2  # a depth plateau ends the interview only if these turns added at most this many concepts
    quality_degraded_shallow: int = 4
    fatigue_close_coverage: float = 0.6
    # Engine-default safeguard: before this turn a depth plateau or degraded quality ends the interview
    # only when the respondent is fatigued (a quiet stretch early on is not the end of what they know).
    patience_turns: int = 12


class Methodology(_Strict):
    method: MethodInfo
    ontology: Ontology
    signals: dict[str, list[str]] = Field(default_factory=dict)
    signal_norms: dict[str, float] = Field(default_factory=dict)
    strategies: list[Strategy]
    phases: dict[str, Phase] = Field(default_factory=dict)
    phase_boundaries: dict[str, PhaseBoundary] = Field(default_factory=dict)
    vetoes: list[Veto] = Field(default_factory=list)
    safeguards: dict[str, Safeguard] = Field(default_factory=dict)
    continuation: Continuation = Field(default_factory=Continuation)

    # -- convenience -------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.method.name

    def node_type(self, name: str) -> NodeType | None:
        return next((n for n in self.ontology.nodes if n.name == name), None)

    def strategy(self, name: str) -> Strategy | None:
        return next((s for s in self.strategies if s.name == name), None)

    @property
    def node_type_names(self) -> list[str]:
        return [n.name for n in self.ontology.nodes]

    @property
    def terminal_types(self) -> set[str]:
        return {n.name for n in self.ontology.nodes if n.terminal}

    def is_edge_permitted(self, relation: str, source_type: str, target_type: str) -> bool:
        edge = next((e for e in self.ontology.edges if e.name == relation), None)
        if edge is None:
            return False
        if edge.permitted_connections is None:
            return True
        return any(
            (s == "*" or s == source_type) and (t == "*" or t == target_type)
            for s, t in edge.permitted_connections
        )


# --- weight keys ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WeightKey:
    """A resolved weight key: the signal and the level it fires on (None: bare numeric weight)."""

    key: str
    signal: str
    level: str | None

    @property
    def spec(self) -> catalogue.SignalSpec:
        return catalogue.CATALOGUE[self.signal]


class WeightKeyError(ValueError):
    pass


def resolve_weight_key(key: str) -> WeightKey:
    """Resolve ``llm.engagement.mid`` to (``llm.engagement``, ``mid``); raise WeightKeyError with advice.

    ``.low/.mid/.high`` for floats and counts, ``.true/.false`` for booleans, an exact category for
    categoricals, the bare name for a numeric (float or count) weight.
    """
    spec = catalogue.CATALOGUE.get(key)
    if spec is not None:
        if spec.type in ("boolean", "categorical"):
            raise WeightKeyError(
                f"{spec.type} signal {key} needs a level ({spec.type_label()}), e.g. '{key}.{spec.levels[0]}'"
            )
        return WeightKey(key, key, None)
    prefix, _, level = key.rpartition(".")
    spec = catalogue.CATALOGUE.get(prefix)
    if spec is None:
        hint = did_you_mean(key, catalogue.CATALOGUE) or did_you_mean(prefix, catalogue.CATALOGUE)
        raise WeightKeyError(f"unknown signal '{key}'{hint}")
    if level not in spec.levels:
        raise WeightKeyError(
            f"unknown level '{level}' for {prefix} ({spec.type_label()}){did_you_mean(level, spec.levels, cutoff=0.4)}"
        )
    return WeightKey(key, prefix, level)


# --- semantic checks --------------------------------------------------------------------------------


def check_methodology(m: Methodology, file: str) -> list[Problem]:
    """Every cross-reference problem in a structurally valid methodology."""
    problems: list[Problem] = []

    def err(path: str, message: str, severity: str = "error") -> None:
        problems.append(Problem(file, path, message, severity))

    node_types = m.node_type_names
    seen: set[str] = set()
    for n in m.ontology.nodes:
        if n.name in seen:
            err(f"ontology.nodes[{n.name}]", f"duplicate node type '{n.name}'")
        seen.add(n.name)
    for edge in m.ontology.edges:
        for i, pair in enumerate(edge.permitted_connections or []):
            for end in pair:
                if end != "*" and end not in node_types:
                    err(
                        f"ontology.edges[{edge.name}].permitted_connections[{i}]",
                        f"unknown node type '{end}'{did_you_mean(end, node_types)}",
                    )

    for pool, names in m.signals.items():
        for name in names:
            if name not in catalogue.CATALOGUE and name not in catalogue.GROUPS:
                err(f"signals.{pool}", f"unknown signal '{name}'{did_you_mean(name, catalogue.CATALOGUE)}")

    for key, norm in m.signal_norms.items():
        if key not in catalogue.CATALOGUE:
            err(f"signal_norms['{key}']", f"unknown signal '{key}'{did_you_mean(key, catalogue.CATALOGUE)}")
        elif norm <= 0:
            err(f"signal_norms['{key}']", f"norm must be positive (got {norm})")

    names: list[str] = []
    for s in m.strategies:
        if s.name in names:
            err(f"strategies[{s.name}]", f"duplicate strategy name '{s.name}'")
        names.append(s.name)
        if s.focus is not None and s.node_binding is not None:
            expected = "none" if s.node_binding == "none" else "node"
            if s.focus != expected:
                err(f"strategies[{s.name}].focus", f"focus '{s.focus}' contradicts node_binding '{s.node_binding}'")
        for key in s.signal_weights:
            path = f"strategies[{s.name}].signal_weights['{key}']"
            try:
                wk = resolve_weight_key(key)
            except WeightKeyError as exc:
                err(path, str(exc))
                continue
            spec = wk.spec
            if wk.level is None and spec.type == "count":
                if key not in m.signal_norms and not spec.default_norm:
                    err(path, f"numeric signal {key} can exceed 1 and has no norm; add signal_norms['{key}']")
            if spec.scope == "node" and s.focus_kind != "node":
                if s.focus is not None:
                    err(path, f"node-level signal {wk.signal} on strategy '{s.name}' with focus '{s.focus}' (no node binding)")
                else:
                    # Reference-format files (node_binding: none) carry such weights; they never fire.
                    err(path, f"node-level signal {wk.signal} on strategy '{s.name}' with node_binding: none never fires", "warning")
            if spec.scope == "element" and s.focus_kind != "element":
                err(path, f"element-level signal {wk.signal} on strategy '{s.name}' whose focus is not an element")
        for i, tpl in enumerate(s.question_templates):
            tpath = f"strategies[{s.name}].question_templates[{i}]"
            if s.focus_kind != "none" and "{focus}" not in tpl:
                err(tpath, f"template for a focused strategy lacks '{{focus}}': {tpl!r}")
            for bad in _unknown_placeholders(tpl, TEMPLATE_PLACEHOLDERS):
                err(tpath, f"unknown placeholder '{{{bad}}}'{did_you_mean(bad, TEMPLATE_PLACEHOLDERS)} (known: {', '.join(TEMPLATE_PLACEHOLDERS)})")
    for section in ("opening_templates", "closing_templates"):
        for i, tpl in enumerate(getattr(m.method, section)):
            for bad in _unknown_placeholders(tpl, METHOD_PLACEHOLDERS):
                err(f"method.{section}[{i}]", f"unknown placeholder '{{{bad}}}'{did_you_mean(bad, METHOD_PLACEHOLDERS)} (known: {', '.join(METHOD_PLACEHOLDERS)})")

    for phase_name, phase in m.phases.items():
        for section in ("signal_weights", "phase_bonuses"):
            for strat in getattr(phase, section):
                if strat not in names:
                    err(f"phases.{phase_name}.{section}.{strat}", f"unknown strategy '{strat}'{did_you_mean(strat, names)}")
    for phase_name in m.phase_boundaries:
        if phase_name not in ("mid", "late"):
            err(f"phase_boundaries.{phase_name}", f"unknown phase '{phase_name}' (boundaries are for: mid, late)")

    for name, guard in m.safeguards.items():
        path = f"safeguards.{name}"
        if name not in SAFEGUARD_NAMES:
            err(path, f"unknown safeguard '{name}'{did_you_mean(name, SAFEGUARD_NAMES)} (known: {', '.join(SAFEGUARD_NAMES)})")
        if any(v.name == name for v in m.vetoes):
            err(path, f"'{name}' is also listed under vetoes; set it in one place")
        for strat in guard.spares or []:
            if strat not in names:
                err(f"{path}.spares", f"unknown strategy '{strat}'{did_you_mean(strat, names)}")
    for i, veto in enumerate(m.vetoes):
        if veto.name not in VETO_NAMES:
            err(f"vetoes[{veto.name}]", f"unknown veto '{veto.name}'{did_you_mean(veto.name, VETO_NAMES)}")
        for strat in veto.spares:
            if strat not in names:
                err(f"vetoes[{veto.name}].spares", f"unknown strategy '{strat}'{did_you_mean(strat, names)}")
    return problems


def _unknown_placeholders(template: str, known) -> list[str]:
    return [name for name in re.findall(r"{(\w*)}", template) if name not in known]


def parse_methodology(data: dict, file: str) -> tuple[Methodology, list[Problem]]:
    """Validate a parsed YAML mapping; raise ConfigError on errors, return warnings alongside."""
    model = validate_model(Methodology, data, file)
    problems = check_methodology(model, file)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise ConfigError(problems)
    return model, problems


def load_methodology(path: Path | str, text: str | None = None) -> Methodology:
    path = Path(path)
    model, _warnings = parse_methodology(read_yaml(path, text), path.name)
    return model


def methodology_warnings(path: Path | str, text: str | None = None) -> list[Problem]:
    path = Path(path)
    _model, warnings = parse_methodology(read_yaml(path, text), path.name)
    return warnings
