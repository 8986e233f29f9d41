"""Pure parts of the API and the load benchmark, against hand-computed values."""

import hashlib

import pytest

from interview_core.api import auth, embed
from interview_core.api.errors import ApiError
from benchmarks.load import percentile


def test_keys_are_held_as_hashes_only():
    key = "a researcher key"
    digest = hashlib.sha256(key.encode()).hexdigest()
    assert auth.hash_key(f"  {key}\n") == digest
    hashes = auth.configured_key_hashes({auth.KEY_HASHES_ENV: f"{digest.upper()}, {'0' * 64}"})
    assert hashes == [digest, "0" * 64]
    auth.check_researcher_key(key, hashes)
    with pytest.raises(ApiError) as wrong:
        auth.check_researcher_key("another key", hashes)
    assert wrong.value.status == 401 and wrong.value.code == "invalid_api_key"


def test_a_plain_key_in_the_environment_is_refused():
    with pytest.raises(ValueError, match="hash"):
        auth.configured_key_hashes({auth.KEY_HASHES_ENV: "sk-plain-key-not-a-hash"})


def test_no_configured_key_disables_researcher_calls():
    with pytest.raises(ApiError) as off:
        auth.check_researcher_key("anything", [])
    assert off.value.status == 503


def test_start_links_are_signed_per_target():
    sig = auth.sign_start("concept:oat_milk", "s3cret")
    auth.check_start_signature("concept:oat_milk", sig, "s3cret")
    for target, signature, secret in [("concept:coffee", sig, "s3cret"), ("concept:oat_milk", sig, "other"),
                                      ("concept:oat_milk", None, "s3cret")]:
        with pytest.raises(ApiError):
            auth.check_start_signature(target, signature, secret)


def test_embed_page_embeds_the_token_as_an_inert_string():
    page = embed.page('</script><script>alert(1)</script>"')
    assert "</script><script>alert(1)" not in page
    assert '"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\""' in page
    assert 'src="https://x/embed/start?a=1&amp;b=&lt;2&gt;"' in embed.iframe_snippet("https://x/embed/start?a=1&b=<2>")


@pytest.mark.parametrize("values, q, expected", [
    ([], 95, 0.0),
    ([7.0], 95, 7.0),
    ([1, 2, 3, 4], 50, 2),          # nearest rank: ceil(0.5 * 4) = 2nd
    ([1, 2, 3, 4], 95, 4),          # ceil(0.95 * 4) = 4th
    (list(range(1, 21)), 95, 19),   # ceil(0.95 * 20) = 19th
    (list(range(1, 101)), 50, 50),
])
def test_percentile_nearest_rank(values, q, expected):
    assert percentile(values, q) == expected
