"""Every study export by name: what the CLI's ``--format`` and the Study page's download buttons use."""

from __future__ import annotations

from .analysis import StudyAnalysis
from .refi import codebook_xml, project_qdpx
from .render import to_png, to_svg
from .tables import hvm_graphml, ladders_csv, matrix_csv

FORMATS = {  # name -> (extension, MIME type)
    "qdpx": ("qdpx", "application/zip"),
    "qdc": ("qdc", "application/xml"),
    "ladders": ("csv", "text/csv"),
    "matrix": ("csv", "text/csv"),
    "graphml": ("graphml", "application/xml"),
    "svg": ("svg", "image/svg+xml"),
    "png": ("png", "image/png"),
}


def export_study(analysis: StudyAnalysis, study: dict, fmt: str, cutoff: int = 1) -> bytes:
    """The export ``fmt`` (one of :data:`FORMATS`) as bytes; ``cutoff`` applies to the map formats."""
    if fmt == "qdpx":
        return project_qdpx(analysis, study)[0]
    if fmt == "qdc":
        return codebook_xml(analysis, study["study_id"])
    if fmt == "ladders":
        return ladders_csv(analysis).encode("utf-8")
    if fmt == "matrix":
        return matrix_csv(analysis).encode("utf-8")
    if fmt == "graphml":
        return hvm_graphml(analysis.hvm(cutoff)).encode("utf-8")
    if fmt == "svg":
        return to_svg(analysis.hvm(cutoff)).encode("utf-8")
    if fmt == "png":
        return to_png(analysis.hvm(cutoff))
    raise ValueError(f"unknown study export format '{fmt}' (use one of {', '.join(FORMATS)})")


def export_filename(study: dict, fmt: str, cutoff: int | None = None) -> str:
    """``<study name slug>_<format>[_cutoffN].<ext>``."""
    slug = "_".join("".join(ch if ch.isalnum() else " " for ch in study["name"].lower()).split())[:40] or study["study_id"]
    ext = FORMATS[fmt][0]
    suffix = f"_cutoff{cutoff}" if cutoff and fmt in ("graphml", "svg", "png") else ""
    stem = slug if fmt in ("qdpx", "qdc") else f"{slug}_{fmt}"
    return f"{stem}{suffix}.{ext}"
