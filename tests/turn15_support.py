"""The invented domain of turn15's tests (wave 15): a harpsichord delivered for a weekend house concert."""

from __future__ import annotations

from pathlib import Path

import yaml

STIMULUS = ("Quill & Jack harpsichord hire: a small two-manual harpsichord delivered to your home for a weekend "
            "house concert, tuned on arrival by a technician who stays for the first hour; 180 pounds including "
            "delivery.")
FIRST = "I like that the technician tunes it on arrival, because our hall is cold and I'd never manage the quills."


def harpsichord_concept(tmp_path: Path) -> str:
    """The concept file, written under ``tmp_path``; its path."""
    path = tmp_path / "harpsichord_hire.yaml"
    path.write_text(yaml.safe_dump({"id": "harpsichord_hire", "name": "Quill and Jack harpsichord hire",
                                    "methodology": "means_end_chain", "stimulus": STIMULUS}), encoding="utf-8")
    return str(path)
