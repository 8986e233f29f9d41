"""Settings precedence: explicit > environment > secrets.toml > settings.yaml > defaults."""

import pytest

from interview_core.config.settings import Settings


@pytest.fixture
def isolated(tmp_path, monkeypatch):
    for var in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    for var in list(__import__("os").environ):
        if var.startswith("INTERVIEW_"):
            monkeypatch.delenv(var)
    secrets = tmp_path / "secrets.toml"
    yaml_file = tmp_path / "settings.yaml"
    monkeypatch.setenv("INTERVIEW_SECRETS_FILE", str(secrets))
    monkeypatch.setenv("INTERVIEW_SETTINGS_FILE", str(yaml_file))
    return secrets, yaml_file, monkeypatch


def test_defaults_are_offline(isolated):
    s = Settings()
    assert s.offline and s.effective_provider("question") == "offline"


def test_precedence(isolated):
    secrets, yaml_file, monkeypatch = isolated
    yaml_file.write_text("question:\n  model: from-yaml\n  provider: anthropic\ndatabase: yaml.db\nmax_turns: 12\n")
    assert Settings().question.model == "from-yaml" and Settings().max_turns == 12
    secrets.write_text('database = "secrets.db"\nANTHROPIC_API_KEY = "sk-test-secret"\n')
    s = Settings()
    assert s.database == "secrets.db" and s.has_key("anthropic")
    assert s.effective_provider("question") == "anthropic" and not s.offline
    monkeypatch.setenv("INTERVIEW_DATABASE", "env.db")
    monkeypatch.setenv("INTERVIEW_QUESTION__MODEL", "from-env")
    s = Settings()
    assert s.database == "env.db" and s.question.model == "from-env"
    assert Settings(database="explicit.db").database == "explicit.db"


def test_keys_are_secret_and_never_printed(isolated):
    _, _, monkeypatch = isolated
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-do-not-leak")
    s = Settings()
    assert "sk-do-not-leak" not in repr(s) and "sk-do-not-leak" not in str(s.model_dump())
    assert s.anthropic_api_key.get_secret_value() == "sk-do-not-leak"


def test_provider_without_key_runs_offline(isolated):
    _, _, monkeypatch = isolated
    monkeypatch.setenv("INTERVIEW_EXTRACTION__PROVIDER", "anthropic")
    s = Settings()
    assert s.extraction.provider == "anthropic" and s.effective_provider("extraction") == "offline"
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1")
    assert Settings().with_provider("openai").effective_provider("question") == "openai"


def test_a_typo_in_settings_yaml_is_reported(isolated):
    from interview_core.config.errors import ConfigError

    _, yaml_file, _ = isolated
    yaml_file.write_text("max_turn: 5\nquestion:\n  provider: offline\n  modle: x\n")
    with pytest.raises(ConfigError) as caught:
        Settings()
    messages = sorted(str(p) for p in caught.value.problems)
    assert messages == ["settings.yaml: max_turn: unknown key; did you mean 'max_turns'?",
                        "settings.yaml: question.modle: unknown key; did you mean 'model'?"]


def test_settings_yaml_bad_value_names_the_key(isolated):
    from interview_core.config.errors import ConfigError

    _, yaml_file, _ = isolated
    yaml_file.write_text("prices:\n  m1: {input: 1.0, outptu: 2.0}\nmax_turns: many\n")
    with pytest.raises(ConfigError) as caught:
        Settings()
    text = str(caught.value)
    assert "settings.yaml: prices['m1'].outptu: unknown key; did you mean 'output'?" in text or \
        "settings.yaml: prices.m1.outptu: unknown key; did you mean 'output'?" in text
    assert "settings.yaml: max_turns:" in text and "'many'" in text


def test_environment_keeps_its_prefix_rules(isolated):
    _, yaml_file, monkeypatch = isolated
    yaml_file.write_text("max_turns: 7\n")
    monkeypatch.setenv("INTERVIEW_NOT_A_SETTING", "1")  # other INTERVIEW_* variables are not settings
    monkeypatch.setenv("MAX_TURNS", "3")  # no prefix: not read
    assert Settings().max_turns == 7
