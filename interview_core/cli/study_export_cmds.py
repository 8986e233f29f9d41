"""``interview study export STUDY --format qdpx|qdc|ladders|matrix|graphml|svg|png [--cutoff N] [--out FILE]``."""

from __future__ import annotations

import sys
from pathlib import Path

from ..study.exports import FORMATS


def register_export(actions) -> None:
    e = actions.add_parser("export", help="write a REFI-QDA project or codebook, ladders/matrix CSV or the map")
    e.add_argument("study", help="study id or name")
    e.add_argument("--format", choices=list(FORMATS), default="qdpx")
    e.add_argument("--cutoff", type=int, default=None, help="HVM cut-off for graphml/svg/png (default 2, 1 for one interview)")
    e.add_argument("--out", help="output file (default: <study>_<format>.<ext>; '-' for stdout)")
    e.set_defaults(func=_export)


def _export(args) -> int:
    from ..study.exports import export_filename, export_study
    from ..study.refi import project_qdpx
    from ..viz.escaping import escape_controls
    from .study_cmds import default_cutoff, fail, load_analysis

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
