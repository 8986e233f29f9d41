"""The three-respondent study of study_support.py: matrix, cut-off maps, chains, ladders, edits."""

from __future__ import annotations

import pytest

from interview_core.study.analysis import StudyAnalysis
from interview_core.study.codebook import CodebookEdit, EditError, apply_edit, build_codebook, code_id
from interview_core.study.hvm import level_order
from study_support import LEVELS, three_respondents


@pytest.fixture
def study():
    return StudyAnalysis(three_respondents(), LEVELS, [])


def ids(study, *labels):
    by_label = {c.label.lower(): c.id for c in study.codebook.codes.values()}
    return tuple(by_label[x] for x in labels)


def test_codebook_merges_case_variants_across_respondents(study):
    book = study.codebook
    assert len(book.codes) == 6
    (c,) = ids(study, "creamy texture")
    assert book.codes[c].labels == ["creamy texture", "Creamy Texture"]
    assert book.codes[c].respondents() == {"s1", "s2", "s3"}
    assert book.code_of("s2", "m1") == c


def test_implication_matrix_hand_computed(study):
    C, F, P, V, L, S = ids(study, "creamy texture", "foams well", "feel proud", "self-respect", "low price", "saves money")
    m = study.matrix
    expected = {(C, F): "3.0", (F, P): "2.0", (P, V): "2.0", (L, S): "2.0", (C, P): "1.2", (C, V): "0.2", (F, V): "0.1"}
    for (a, b), cell in expected.items():
        assert m.cell(a, b) == cell, (a, b)
    nonempty = {(a, b) for a in m.codes for b in m.codes if m.cell(a, b)}
    assert nonempty == set(expected)
    assert sum(m.direct.values()) == 10
    assert sorted(m.respondents[(C, P)]) == ["s3"]
    assert m.codes[:2] == [C, L]  # attributes first, then by first appearance


@pytest.mark.parametrize("cutoff, kept_links, share", [(1, 5, 1.0), (2, 4, 0.9), (3, 1, 0.3), (4, 0, 0.0)])
def test_cutoff_keeps_links_and_share(study, cutoff, kept_links, share):
    hvm = study.hvm(cutoff)
    assert len(hvm.links) == kept_links
    assert hvm.share_kept == pytest.approx(share)
    assert hvm.total_relations == 10


def test_map_levels_and_widths(study):
    C, F, P, V, L, S = ids(study, "creamy texture", "foams well", "feel proud", "self-respect", "low price", "saves money")
    hvm = study.hvm(2)
    assert {n.code: n.level for n in hvm.nodes} == {C: 0, L: 0, F: 1, S: 1, P: 2, V: 4}
    width = {(lk.source, lk.target): lk.width for lk in hvm.links}
    # cut-off 2, strongest 3: count 2 gets the thinnest line (1.0), count 3 the widest (8.0)
    assert width[(C, F)] == 8.0 and width[(F, P)] == 1.0
    quotes = next(lk.quotes for lk in hvm.links if (lk.source, lk.target) == (L, S))
    assert [r for r, _ in quotes] == ["R02", "R03"]
    assert all("low price saves money" in q for _, q in quotes)


def test_dominant_chains_hand_computed(study):
    # cut-off 2: C->F->P->V is supported only by R1 (R2 lacks P->V, R3 never goes F->P); L->S by R2 and R3
    chains = study.chains(2)
    assert [(study.chain_text(c), c.respondents) for c in chains] == [
        ("low price → saves money", 2), ("creamy texture → foams well → feel proud → self-respect", 1)]
    # cut-off 1 adds C->P (1 respondent); C->P->V holds for R1 (C reaches P via F) and R3: 2 respondents
    chains = study.chains(1)
    assert [(study.chain_text(c), c.respondents) for c in chains] == [
        ("creamy texture → feel proud → self-respect", 2), ("low price → saves money", 2),
        ("creamy texture → foams well → feel proud → self-respect", 1)]


def test_ladders_and_counts(study):
    C, F, P, V, L, S = ids(study, "creamy texture", "foams well", "feel proud", "self-respect", "low price", "saves money")
    lad = {r: {tuple(x) for x in lads} for r, lads in study.ladders.items()}
    assert lad == {"R01": {(C, F, P, V)}, "R02": {(C, F, P), (L, S)}, "R03": {(C, F), (C, P, V), (L, S)}}
    counts = study.counts
    assert counts["ladders"] == 6 and counts["ladders_per_respondent"] == 2.0
    assert counts["mean_ladder_length"] == pytest.approx(16 / 6)
    assert counts["links"] == 10 and counts["links_across_levels"] == 10
    assert counts["links_skipping_levels"] == 3  # R1 P->V, R3 C->P and P->V


def test_edits_rename_merge_split_flow_into_matrix():
    base = StudyAnalysis(three_respondents(), LEVELS, [])
    C, F, S, L = ids(base, "creamy texture", "foams well", "saves money", "low price")
    edits = [CodebookEdit(op="rename", code=C, label="creaminess"),
             CodebookEdit(op="merge", code=F, codes=[S])]
    merged = StudyAnalysis(base.interviews, LEVELS, edits, base=base.base_codebook)
    assert merged.labels[C] == "creaminess" and S not in merged.codebook.codes
    assert merged.matrix.cell(L, F) == "2.0"  # R2 and R3 linked low price to the merged code
    assert merged.matrix.cell(C, F) == "3.0"
    split = StudyAnalysis(base.interviews, LEVELS, [*edits, CodebookEdit(op="split", code=F, labels=["saves money"],
                                                                         label="saving money")], base=base.base_codebook)
    new = code_id("functional_consequence", "split:saving money")
    assert split.codebook.codes[new].members == [("s2", "m5"), ("s3", "k5")]
    assert split.matrix.cell(L, new) == "2.0" and split.matrix.cell(L, F) == ""
    assert base.codebook.codes[S].label == "saves money"  # the automatic codebook is untouched


def test_edit_errors_change_nothing():
    book = build_codebook(three_respondents())
    before = {k: (c.label, list(c.members)) for k, c in book.codes.items()}
    for edit in [CodebookEdit(op="rename", code="nope", label="x"), CodebookEdit(op="rename", code=next(iter(book.codes)), label=" "),
                 CodebookEdit(op="merge", code=next(iter(book.codes)), codes=["nope"]),
                 CodebookEdit(op="split", code=next(iter(book.codes)), labels=["creamy texture", "Creamy Texture"], label="x")]:
        with pytest.raises(EditError):
            apply_edit(book, edit)
    assert {k: (c.label, list(c.members)) for k, c in book.codes.items()} == before


def test_stale_edit_is_skipped_and_reported():
    a = StudyAnalysis(three_respondents(), LEVELS, [CodebookEdit(op="rename", code="cdeadbeef00", label="x")])
    assert a.skipped_edits == [(0, "no code 'cdeadbeef00'")]
    assert len(a.codebook.codes) == 6


def test_empty_study():
    a = StudyAnalysis([], LEVELS, [])
    assert a.matrix.respondent_count == 0 and a.hvm(1).links == [] and a.hvm(1).share_kept == 0.0
    assert a.chains(1) == [] and a.counts["ladders_per_respondent"] == 0.0


def test_level_order_uses_declared_levels():
    assert level_order(["value", "attribute", "consequence"], {"value": 3, "attribute": 1, "consequence": 2}) == [
        "attribute", "consequence", "value"]
    assert level_order(["job", "outcome"]) == ["job", "outcome"]


def test_maximal_paths_cycles_and_limit():
    from interview_core.study.matrix import maximal_paths

    # a -> b -> c -> a is a cycle nothing enters: entered at 'a'; x -> y is separate
    assert maximal_paths({("a", "b"), ("b", "c"), ("c", "a"), ("x", "y")}, 10) == [["x", "y"], ["a", "b", "c"]]
    # s -> p -> q and p <-> q: the cycle is entered from s, not again on its own
    assert maximal_paths({("s", "p"), ("p", "q"), ("q", "p")}, 10) == [["s", "p", "q"]]
    fan = {("r", str(i)) for i in range(50)}
    assert len(maximal_paths(fan, 7)) == 7
