"""``interview study create|list|add|show|export``: studies across interviews, from the terminal.

``export STUDY --format qdpx|qdc|ladders|matrix|graphml|svg|png [--cutoff N] [--out FILE]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..config.errors import ConfigError
from ..config.settings import load_settings
from ..persistence import Repository
from ..study.exports import FORMATS
from ..viz.escaping import escape_controls

def register(sub) -> None:
    p = sub.add_parser("study", help="create studies, add interviews, show the analysis, export")
    p.add_argument("--db", help="SQLite database path (default: settings.database)")
    actions = p.add_subparsers(dest="action", required=True)
    c = actions.add_parser("create", help="create a study from a study file or from options")
    c.add_argument("--file", help="study YAML (name, concept, methodology, consent_text, language, max_turns)")
    c.add_argument("--name")
    c.add_argument("--concept")
    c.add_argument("--methodology")
    c.add_argument("--consent-text", default="")
    c.add_argument("--language", default="en")
    c.add_argument("--max-turns", type=int, default=20)
    c.set_defaults(func=_create)
    actions.add_parser("list", help="list studies").set_defaults(func=_list)
    a = actions.add_parser("add", help="add existing sessions to a study")
    a.add_argument("study", help="study id or name")
    a.add_argument("sessions", nargs="+")
    a.set_defaults(func=_add)
    s = actions.add_parser("show", help="interviews, counts, codebook, implication matrix and chains")
    s.add_argument("study", help="study id or name")
    s.add_argument("--cutoff", type=int, default=None, help="HVM cut-off (default: 2, or 1 for one interview)")
    s.add_argument("--chains", type=int, default=10, help="dominant chains to list")
    s.set_defaults(func=_show)
    e = actions.add_parser("export", help="write a REFI-QDA project or codebook, ladders/matrix CSV or the map")
    e.add_argument("study", help="study id or name")
    e.add_argument("--format", choices=list(FORMATS), default="qdpx")
    e.add_argument("--cutoff", type=int, default=None, help="HVM cut-off for graphml/svg/png (default 2, 1 for one interview)")
    e.add_argument("--out", help="output file (default: <study>_<format>.<ext>; '-' for stdout)")
    e.set_defaults(func=_export)


def repo_of(args) -> Repository:
    return Repository(args.db or load_settings().database)


def fail(message: str) -> int:
    print(escape_controls(message), file=sys.stderr)
    return 2


def _create(args) -> int:
    from ..study.model import Study, load_study
    from ..study.service import create_study
    from pydantic import ValidationError

    try:
        if args.file:
            study = load_study(args.file)
        else:
            if not args.name or not args.concept:
                return fail("study create: give --file, or --name and --concept")
            study = Study(name=args.name, concept=args.concept, methodology=args.methodology,
                          consent_text=args.consent_text, language=args.language, max_turns=args.max_turns)
        row = create_study(repo_of(args), study)
    except ConfigError as exc:
        for problem in exc.problems:
            print(escape_controls(str(problem)), file=sys.stderr)
        return 2
    except ValidationError as exc:
        for err in exc.errors():
            print(f"{'.'.join(map(str, err['loc']))}: {err['msg']}", file=sys.stderr)
        return 2
    except ValueError as exc:
        return fail(str(exc))
    print(f"{row['study_id']}  {escape_controls(row['name'])}  [{row['concept_id']} / {row['methodology_name']}]")
    return 0


def _list(args) -> int:
    rows = repo_of(args).list_studies()
    if not rows:
        print("no studies")
    for r in rows:
        print(f"{r['study_id']}  {escape_controls(r['name']):30s} {r['concept_id']:20s} {r['methodology_name']:18s} "
              f"interviews={r['sessions']} language={r['language']} max_turns={r['max_turns']}")
    return 0


def _add(args) -> int:
    from ..study.service import add_session, require_study

    repo = repo_of(args)
    try:
        study = require_study(repo, args.study)
        for sid in args.sessions:
            added = add_session(repo, study["study_id"], sid)
            print(f"{sid}: {'added' if added else 'already in the study'}")
    except (KeyError, ValueError) as exc:
        return fail(exc.args[0] if exc.args else str(exc))
    return 0


def load_analysis(args):
    """(repo, study row, analysis) for ``args.study``; KeyError for an unknown study."""
    from ..study.service import analyse, require_study, study_matcher

    repo = repo_of(args)
    study = require_study(repo, args.study)
    return repo, study, analyse(repo, study["study_id"], matcher=study_matcher(load_settings()))


def default_cutoff(analysis) -> int:
    return 1 if len(analysis.interviews) < 2 else 2


def _show(args) -> int:
    try:
        repo, study, analysis = load_analysis(args)
    except KeyError as exc:
        return fail(exc.args[0])
    labels = analysis.labels
    print(f"Study {study['study_id']}: {escape_controls(study['name'])} [{study['concept_id']} / {study['methodology_name']}], "
          f"language {study['language']}, max turns {study['max_turns']}")
    print("\nInterviews")
    for iv in analysis.interviews:
        print(f"  {iv.respondent}  {iv.session_id}  {iv.status:9s} turns={iv.turns}")
    c = analysis.counts
    print(f"\nCounts: {c['interviews']} interviews, {c['codes']} codes, {c['ladders']} ladders "
          f"({c['ladders_per_respondent']:.2f} per respondent, mean length {c['mean_ladder_length']:.2f}), "
          f"{c['links']} links ({c['links_across_levels']} across levels, {c['links_skipping_levels']} skipping a level)")
    for i, reason in analysis.skipped_edits:
        print(f"  codebook edit {i + 1} no longer applies: {escape_controls(reason)}")
    print("\nCodebook")
    for level in analysis.levels:
        codes = [analysis.codebook.codes[cid] for cid in analysis.code_order if analysis.codebook.codes[cid].node_type == level]
        for code in codes:
            print(f"  [{level}] {escape_controls(code.label)}  ({len(code.respondents())} respondents; "
                  f"{escape_controls('; '.join(code.labels[:4]))}{' ...' if len(code.labels) > 4 else ''})")
    print("\nImplication matrix (direct.indirect respondents)")
    m = analysis.matrix
    for (a, b) in sorted(set(m.direct) | set(m.indirect), key=lambda p: (-m.total(p), p)):
        print(f"  {escape_controls(labels[a])} -> {escape_controls(labels[b])}: {m.cell(a, b)}")
    cutoff = args.cutoff or default_cutoff(analysis)
    hvm = analysis.hvm(cutoff)
    print(f"\nHierarchical value map at cut-off {cutoff}: {len(hvm.links)} links, "
          f"{hvm.share_kept:.0%} of {hvm.total_relations} relations kept")
    print("\nDominant chains")
    for chain in analysis.chains(cutoff, args.chains):
        print(f"  {chain.respondents:3d}  {escape_controls(analysis.chain_text(chain))}")
    return 0


def _export(args) -> int:
    from ..study.exports import export_filename, export_study
    from ..study.refi import project_qdpx

    try:
        _, study, analysis = load_analysis(args)
    except KeyError as exc:
        return fail(exc.args[0])
    cutoff = args.cutoff or default_cutoff(analysis)
    if args.format == "qdpx":
        data, report = project_qdpx(analysis, study)
        print(f"{report.sources} sources, {report.codes} codes, {report.selections} coded selections, "
              f"{report.notes} notes; {len(report.unlocated)} quotes not found verbatim (not coded)", file=sys.stderr)
    else:
        data = export_study(analysis, study, args.format, cutoff)
    if args.out == "-":
        sys.stdout.buffer.write(data)
        return 0
    out = Path(args.out or export_filename(study, args.format, cutoff))
    out.write_bytes(data)
    print(f"wrote {escape_controls(str(out))}", file=sys.stderr)
    return 0
