from datetime import datetime, timezone

import numpy as np
import pytest

from interview_core.vocabulary import FocusRef
from interview_core.persistence.codec import from_json, to_json


def test_engine_values_encode_to_plain_json():
    value = {"vec": np.array([0.5, -0.25], dtype=np.float32), "score": np.float64(1.5), "n": np.int64(3),
             "focus": FocusRef(kind="node", id="n1"), "tags": {"b", "a"},
             "at": datetime(2026, 2, 3, tzinfo=timezone.utc), "text": "émoji 🥛"}
    assert from_json(to_json(value)) == {"vec": [0.5, -0.25], "score": 1.5, "n": 3,
                                         "focus": {"kind": "node", "id": "n1", "label": None, "node_type": None},
                                         "tags": ["a", "b"], "at": "2026-02-03T00:00:00+00:00",
                                         "text": "émoji 🥛"}


def test_none_is_sql_null_and_null_decodes_to_default():
    assert to_json(None) is None
    assert from_json(None, {}) == {}


def test_unencodable_values_fail_loudly():
    with pytest.raises(TypeError, match="object"):
        to_json({"x": object()})
