import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from blind_score import score

score(Path(__file__).resolve().parent, {"septic tank emptying", "mobile windscreen repair", "indoor go-karting track"})
