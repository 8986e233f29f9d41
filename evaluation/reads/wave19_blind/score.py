import sys
from pathlib import Path

import yaml
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from blind_score import score

d = Path(__file__).resolve().parent
score(d, {x["name"] for x in yaml.safe_load((d.parents[1] / "answers" / "wave19_heldout.yaml").read_text())["domains"]})
