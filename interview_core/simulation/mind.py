"""The respondent's mind: what a simulated respondent knows and feels about one concept, hidden from the
interviewer.

Format (``config/minds/*.yaml``)::

    id: oat_milk_health_seeker
    concept: oat_milk                 # a concept name (config dirs) or a path to its file
                                      # (relative paths are read from the mind file's folder)
    concepts:
      - id: creamy
        type: attribute               # a node type of the concept's methodology
        phrasings: ["how creamy it is", "it's thick and smooth"]
        stance: 1                     # 1 likes, -1 dislikes, 0 neutral
        element: texture              # optional concept element id
    links:                            # directed means-end links, cause -> effect
      - [creamy, foams_well]
    dont_know: ["I haven't really thought about it beyond that."]

Phrasings read best as short clauses ("it foams properly") or noun phrases ("the creamy texture"):
the respondent joins them with connectors ("..., so ...", "... because ...").
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from ..config import registry
from ..config.concept import Concept
from ..config.errors import ConfigError, Problem, did_you_mean
from ..config.loader import read_yaml, validate_model


class MindConcept(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    type: str
    phrasings: list[str] = Field(min_length=1)
    stance: Literal[-1, 0, 1] = 0
    element: str | None = None


class Mind(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    concept: str
    concepts: list[MindConcept] = Field(min_length=1)
    links: list[tuple[str, str]] = Field(default_factory=list)
    dont_know: list[str] = Field(default_factory=list)
    _folder: Path | None = PrivateAttr(default=None)  # the mind file's folder: where a relative concept path starts

    def concept_path(self, config_dir=None) -> Path:
        """The file of the concept this mind names (by name in the config dirs, or by path from the
        mind's folder)."""
        return registry.resolve("concepts", self.concept, config_dir, relative_to=self._folder)

    def load_concept(self, config_dir=None) -> Concept:
        return registry.load_concept(self.concept_path(config_dir))

    # -- structure -----------------------------------------------------------------------------------
    @cached_property
    def by_id(self) -> dict[str, MindConcept]:
        return {c.id: c for c in self.concepts}

    @cached_property
    def successors(self) -> dict[str, list[str]]:
        """Concept id -> the ids it leads to (one rung up), in file order."""
        out: dict[str, list[str]] = {c.id: [] for c in self.concepts}
        for cause, effect in self.links:
            if cause in out and effect not in out[cause]:
                out[cause].append(effect)
        return out

    @cached_property
    def predecessors(self) -> dict[str, list[str]]:
        """Concept id -> the ids that lead to it (one rung down), in file order."""
        out: dict[str, list[str]] = {c.id: [] for c in self.concepts}
        for cause, effect in self.links:
            if effect in out and cause not in out[effect]:
                out[effect].append(cause)
        return out

    @cached_property
    def roots(self) -> list[str]:
        """Concepts nothing leads to: the bottom rungs where ladders start."""
        return [c.id for c in self.concepts if not self.predecessors[c.id]]

    @cached_property
    def rung(self) -> dict[str, int]:
        """Concept id -> rung number: 1 for roots, else 1 + the highest rung among its causes.

        Cycles (which the validator rejects) are cut by treating a revisited concept as rung 1.
        """
        memo: dict[str, int] = {}

        def visit(cid: str, stack: frozenset[str]) -> int:
            if cid in memo:
                return memo[cid]
            preds = [p for p in self.predecessors[cid] if p not in stack]
            value = 1 + max((visit(p, stack | {cid}) for p in preds), default=0)
            memo[cid] = value
            return value

        return {c.id: visit(c.id, frozenset()) for c in self.concepts}

    @property
    def depth(self) -> int:
        """Number of rungs on the longest ladder."""
        return max(self.rung.values())

    def branch_of(self, cid: str) -> set[str]:
        """Every concept on a ladder through ``cid`` (its ancestors, itself and its descendants)."""
        out = {cid}
        for graph in (self.successors, self.predecessors):
            todo = [cid]
            while todo:
                for nxt in graph[todo.pop()]:
                    if nxt not in out:
                        out.add(nxt)
                        todo.append(nxt)
        return out


def check_mind(mind: Mind, file: str, config_dir: Path | str | None = None, concept: Concept | None = None) -> list[Problem]:
    """Every cross-reference problem: concept, node types, elements, link ends, duplicates, cycles.

    ``concept``: the concept the mind is used with (e.g. given with ``--concept``); by default the one
    the mind names."""
    problems: list[Problem] = []

    def err(path: str, message: str, severity: str = "error") -> None:
        problems.append(Problem(file, path, message, severity))

    ids = [c.id for c in mind.concepts]
    for cid in sorted({i for i in ids if ids.count(i) > 1}):
        err(f"concepts[{cid}]", f"duplicate concept id '{cid}'")
    for i, (cause, effect) in enumerate(mind.links):
        for end in (cause, effect):
            if end not in ids:
                err(f"links[{i}]", f"unknown concept '{end}'{did_you_mean(end, ids)}")
        if cause == effect:
            err(f"links[{i}]", f"link from '{cause}' to itself")
    if len(set(mind.links)) != len(mind.links):
        err("links", "duplicate link", "warning")
    if not problems and _has_cycle(mind):
        err("links", "links form a cycle; a ladder must lead upwards")

    if concept is None:
        try:
            concept = mind.load_concept(config_dir)
        except ConfigError as exc:
            names = [p.stem for p in registry.list_files("concepts", config_dir)]
            reason = exc.problems[0].message if exc.problems else "invalid"
            err("concept", f"cannot load concept '{mind.concept}' ({reason}){did_you_mean(mind.concept, names)}")
            return problems
    try:
        methodology = registry.methodology(concept.methodology, config_dir)
    except ConfigError as exc:
        reason = exc.problems[0].message if exc.problems else "invalid"
        err("concept", f"cannot load methodology '{concept.methodology}' of concept '{concept.id}' ({reason})")
        return problems

    types = methodology.node_type_names
    elements = [e.id for e in concept.elements]
    for c in mind.concepts:
        if c.type not in types:
            err(f"concepts[{c.id}].type", f"unknown node type '{c.type}' for {methodology.name}{did_you_mean(c.type, types)}")
        if c.element is not None and c.element not in elements:
            err(f"concepts[{c.id}].element", f"unknown element '{c.element}' of concept '{concept.id}'{did_you_mean(c.element, elements)}")
        for j, p in enumerate(c.phrasings):
            if not p.strip():
                err(f"concepts[{c.id}].phrasings[{j}]", "empty phrasing")
    return problems


def _has_cycle(mind: Mind) -> bool:
    state: dict[str, int] = {}  # 1 on the stack, 2 done

    def visit(cid: str) -> bool:
        state[cid] = 1
        for nxt in mind.successors[cid]:
            if state.get(nxt) == 1 or (nxt not in state and visit(nxt)):
                return True
        state[cid] = 2
        return False

    return any(cid not in state and visit(cid) for cid in mind.by_id)


def parse_mind(path: Path | str, text: str | None = None, config_dir=None,
               concept: Concept | None = None) -> tuple[Mind, list[Problem]]:
    """Load and check a mind file; raise ConfigError on errors, return warnings alongside."""
    path = Path(path)
    mind = validate_model(Mind, read_yaml(path, text), path.name)
    mind._folder = path.resolve().parent
    problems = check_mind(mind, path.name, config_dir, concept)
    if any(p.severity == "error" for p in problems):
        raise ConfigError(problems)
    return mind, problems


def load_mind(name_or_path: str | Path, config_dir=None, concept: Concept | None = None) -> Mind:
    """A mind by name (``oat_milk_health_seeker``) or path, checked against ``concept`` when given (else
    the concept it names); raise ConfigError when invalid."""
    path = registry.resolve("minds", str(name_or_path), config_dir)
    return parse_mind(path, config_dir=config_dir, concept=concept)[0]
