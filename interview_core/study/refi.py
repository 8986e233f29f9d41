"""REFI-QDA exports: a project (``.qdpx``) and a codebook (``.qdc``) for NVivo, ATLAS.ti, MAXQDA, QualCoder.

The project is a zip of ``project.qde`` (QDA-XML, namespace ``urn:QDA-XML:project:1.0``) and
``sources/<guid>.txt``, one plain-text transcript per interview (:func:`~.interviews.transcript`).
Codes are grouped under one parent per node type (bottom level first); every node quote, in each of
the node's utterances that contains it, becomes a ``PlainTextSelection`` coded with the node's code, with
``startPosition``/``endPosition`` in Unicode code points into that source, so
``source[start:end] == quote``. Each respondent is a case carrying the interview's attributes as
variable values; the interviewer's choice at every turn (strategy, focus, score, phase) is a note
attached to the source. GUIDs are UUID5 of the study id and the item, so re-exporting an unchanged
study gives the same ids.
"""

from __future__ import annotations

import io
import re
import uuid
import zipfile
from dataclasses import dataclass, field
from xml.etree import ElementTree as ET

from .analysis import StudyAnalysis
from .interviews import transcript

PROJECT_NS = "urn:QDA-XML:project:1.0"
CODEBOOK_NS = "urn:QDA-XML:codebook:1.0"
ORIGIN = "Adaptive interview platform"
LEVEL_COLOURS = ["#4e79a7", "#59a14f", "#f28e2b", "#b07aa1", "#e15759", "#76b7b2", "#edc948", "#9c755f"]
_XML_INVALID = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """``text`` with the characters XML 1.0 cannot carry (controls, lone surrogates) replaced by U+FFFD."""
    return _XML_INVALID.sub("\ufffd", str(text))


def plain_text(text: str) -> str:
    """A source text safe to write as UTF-8 with the same length (lone surrogates become U+FFFD), so
    offsets computed on ``text`` stay exact."""
    return re.sub("[\ud800-\udfff]", "\ufffd", text)


@dataclass
class ExportReport:
    """What an export wrote: ``selections`` coded, ``unlocated`` quotes (not found verbatim in their
    utterance, so not coded), ``sources``, ``codes``, ``notes``."""

    selections: int = 0
    unlocated: list[tuple[str, str]] = field(default_factory=list)  # (respondent, quote)
    sources: int = 0
    codes: int = 0
    notes: int = 0


class _Ids:
    def __init__(self, study_id: str):
        self.ns = uuid.uuid5(uuid.NAMESPACE_URL, f"interview-platform/study/{study_id}")

    def __call__(self, *parts: object) -> str:
        return str(uuid.uuid5(self.ns, "/".join(map(str, parts))))


def _codes_xml(parent: ET.Element, analysis: StudyAnalysis, ids: _Ids) -> int:
    codes = ET.SubElement(parent, "Codes")
    count = 0
    for i, level in enumerate(analysis.levels):
        members = [analysis.codebook.codes[c] for c in analysis.code_order if analysis.codebook.codes[c].node_type == level]
        if not members:
            continue
        colour = LEVEL_COLOURS[i % len(LEVEL_COLOURS)]
        group = ET.SubElement(codes, "Code", guid=ids("type", level), name=xml_text(level), isCodable="false", color=colour)
        ET.SubElement(group, "Description").text = xml_text(f"Node type '{level}' (level {i + 1} of {len(analysis.levels)})")
        for code in members:
            el = ET.SubElement(group, "Code", guid=ids("code", code.id), name=xml_text(code.label), isCodable="true",
                               color=colour)
            ET.SubElement(el, "Description").text = xml_text(
                f"{len(code.respondents())} respondents; labels: {'; '.join(code.labels)}")
            count += 1
    return count


def codebook_xml(analysis: StudyAnalysis, study_id: str) -> bytes:
    """The ``.qdc`` codebook (QDA-XML codebook namespace), UTF-8 with an XML declaration."""
    root = ET.Element("CodeBook", xmlns=CODEBOOK_NS, origin=ORIGIN)
    _codes_xml(root, analysis, _Ids(study_id))
    return _serialise(root)


def _serialise(root: ET.Element) -> bytes:
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _timestamp(value: str) -> str:
    """An ISO timestamp as xsd:dateTime in UTC with a ``Z``."""
    value = (value or "2000-01-01T00:00:00").replace(" ", "T")
    return value[:19] + "Z"


def project_qdpx(analysis: StudyAnalysis, study: dict) -> tuple[bytes, ExportReport]:
    """The ``.qdpx`` zip as bytes, with what it contains. ``study``: the study row (``study_id``,
    ``name``, ``created_at``)."""
    ids = _Ids(study["study_id"])
    report = ExportReport()
    now = _timestamp(study.get("updated_at") or study.get("created_at"))
    user = ids("user")
    root = ET.Element("Project", xmlns=PROJECT_NS, name=xml_text(study["name"]), origin=ORIGIN,
                      creatingUserGUID=user, creationDateTime=_timestamp(study.get("created_at")))
    ET.SubElement(ET.SubElement(root, "Users"), "User", guid=user, name="interview engine", id="engine")
    report.codes = _codes_xml(ET.SubElement(root, "CodeBook"), analysis, ids)
    variables = sorted({k for iv in analysis.interviews for k in iv.attributes})
    kinds = {k: _variable_kind([iv.attributes.get(k) for iv in analysis.interviews]) for k in variables}
    if variables:
        vs = ET.SubElement(root, "Variables")
        for k in variables:
            ET.SubElement(vs, "Variable", guid=ids("variable", k), name=xml_text(k), typeOfVariable=kinds[k])
    if analysis.interviews:
        cases = ET.SubElement(root, "Cases")
        for iv in analysis.interviews:
            case = ET.SubElement(cases, "Case", guid=ids("case", iv.session_id), name=iv.respondent)
            for k in variables:
                if k in iv.attributes:
                    _variable_value(case, ids("variable", k), kinds[k], iv.attributes[k])
            ET.SubElement(case, "SourceRef", targetGUID=ids("source", iv.session_id))
    files: dict[str, str] = {}
    notes: list[ET.Element] = []
    if analysis.interviews:
        sources = ET.SubElement(root, "Sources")
        for iv in analysis.interviews:
            files.update(_source(sources, notes, analysis, iv, ids, user, now, report))
    if notes:
        ET.SubElement(root, "Notes").extend(notes)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("project.qde", _serialise(root))
        for name, text in files.items():
            z.writestr(f"sources/{name}", text.encode("utf-8"))
    report.sources = len(files)
    report.notes = len(notes)
    return buf.getvalue(), report


def _variable_kind(values: list) -> str:
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return "Integer"
    return "Text"


def _variable_value(parent: ET.Element, guid: str, kind: str, value) -> None:
    vv = ET.SubElement(parent, "VariableValue")
    ET.SubElement(vv, "VariableRef", targetGUID=guid)
    ET.SubElement(vv, "IntegerValue" if kind == "Integer" else "TextValue").text = xml_text(str(value))


def _source(parent, notes, analysis, iv, ids, user, now, report) -> dict[str, str]:
    tr = transcript(iv)
    text = plain_text(tr.text)
    guid = ids("source", iv.session_id)
    src = ET.SubElement(parent, "TextSource", guid=guid, name=f"{iv.respondent} ({iv.session_id})",
                        plainTextPath=f"internal://{guid}.txt", creatingUser=user, creationDateTime=now)
    seen: set[tuple[int, int, str]] = set()
    for node in iv.nodes:
        code = analysis.codebook.code_of(iv.session_id, node["id"])
        if code is None:
            continue
        spans = []
        for quote in node.get("quotes") or []:
            # a quote repeated in several of the node's utterances is coded in each of them
            found = [span for uid in node.get("utterance_ids") or [] if (span := tr.locate(uid, quote))]
            if not found:
                report.unlocated.append((iv.respondent, quote))
            spans.extend(found)
        for start, end in spans:
            if (start, end, code) in seen:
                continue
            seen.add((start, end, code))
            sel = ET.SubElement(src, "PlainTextSelection", guid=ids("selection", iv.session_id, start, end, code),
                                name=xml_text(text[start:end][:80]), startPosition=str(start), endPosition=str(end),
                                creatingUser=user, creationDateTime=now)
            coding = ET.SubElement(sel, "Coding", guid=ids("coding", iv.session_id, start, end, code), creatingUser=user,
                                   creationDateTime=now)
            ET.SubElement(coding, "CodeRef", targetGUID=ids("code", code))
            report.selections += 1
    for d in iv.decisions:
        note_id = ids("note", iv.session_id, d["turn"])
        note = ET.Element("Note", guid=note_id, name=f"{iv.respondent} turn {d['turn']}: {d.get('strategy') or '-'}",
                          creatingUser=user, creationDateTime=now)
        ET.SubElement(note, "PlainTextContent").text = xml_text(strategy_note(d))
        notes.append(note)
        ET.SubElement(src, "NoteRef", targetGUID=note_id)
    return {f"{guid}.txt": text}


def strategy_note(decision: dict) -> str:
    """The interviewer's reason for a turn's question, in words."""
    focus = decision.get("focus")
    score = decision.get("score")
    parts = [f"Turn {decision['turn']}: the interviewer chose '{decision.get('strategy') or 'none'}'"]
    if focus:
        parts.append(f" on '{focus}'")
    if score is not None:
        parts.append(f" (score {score:.3f}")
        parts.append(f", phase {decision['phase']})" if decision.get("phase") else ")")
    elif decision.get("phase"):
        parts.append(f" (phase {decision['phase']})")
    return "".join(parts) + "."
