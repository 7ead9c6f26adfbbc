"""Evalboard settings: one pydantic-settings class, read once.

Everything configurable comes from the environment (or a `.env` file). Tests
override by setting environment variables and calling `reset_settings()`.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Literal
from urllib.parse import urlparse

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DB_NAME = "evalboard"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    # --- database -------------------------------------------------------
    mongodb_uri: str | None = Field(default=None, description="MongoDB URI; unset = embedded server")
    data_dir: str = Field(default="./.data", alias="EVALBOARD_DATA_DIR")
    # the embedded server's WiredTiger cache: "256M", "1G", ... Its memory is bounded by EVALBOARD_DB_MAX_RSS_MB
    # (read by the server process itself, store/server_memory.py; docs/deploy.md, Memory)
    db_cache_size: str = Field(default="512M", pattern=r"^\d+(\.\d+)?[KMG]$", alias="EVALBOARD_DB_CACHE_SIZE")
    embedded_port: int = Field(default=27018, alias="EVALBOARD_DB_PORT")

    # --- LLM judge (any OpenAI-compatible endpoint) ----------------------
    openai_base_url: str | None = None
    openai_api_key: SecretStr | None = None
    judge_model: str = Field(default="gpt-4o-mini", alias="EVALBOARD_JUDGE_MODEL")
    judge_timeout_s: float = Field(default=30.0, alias="EVALBOARD_JUDGE_TIMEOUT_S")
    judge_max_retries: int = Field(default=3, alias="EVALBOARD_JUDGE_MAX_RETRIES")
    judge_input_cost_per_1k: float = Field(default=0.00015, alias="EVALBOARD_JUDGE_INPUT_COST_PER_1K")
    judge_output_cost_per_1k: float = Field(default=0.0006, alias="EVALBOARD_JUDGE_OUTPUT_COST_PER_1K")

    # --- alert channels --------------------------------------------------
    webhook_url: str | None = Field(default=None, alias="EVALBOARD_WEBHOOK_URL")
    smtp_host: str | None = Field(default=None, alias="EVALBOARD_SMTP_HOST")
    smtp_port: int = Field(default=25, alias="EVALBOARD_SMTP_PORT")
    smtp_user: str | None = Field(default=None, alias="EVALBOARD_SMTP_USER")
    smtp_password: SecretStr | None = Field(default=None, alias="EVALBOARD_SMTP_PASSWORD")
    smtp_starttls: bool = Field(default=False, alias="EVALBOARD_SMTP_STARTTLS")
    mail_from: str = Field(default="evalboard@localhost", alias="EVALBOARD_MAIL_FROM")
    # channel name -> comma-separated e-mail recipients, e.g. {"qa": "qa@x.com"}
    mail_to_qa: str = Field(default="qa-team@localhost", alias="EVALBOARD_MAIL_TO_QA")
    mail_to_ai: str = Field(default="ai-team@localhost", alias="EVALBOARD_MAIL_TO_AI")
    mail_to_critical: str = Field(default="oncall@localhost", alias="EVALBOARD_MAIL_TO_CRITICAL")
    # one delivery (webhook POST or SMTP conversation) ends by this, all of it together;
    # kept well under the outbox claim (store/outbox.py CLAIM_S) so no second run resends
    notify_deadline_s: float = Field(default=20.0, ge=1.0, le=60.0, alias="EVALBOARD_NOTIFY_DEADLINE_S")

    # --- time, jobs, dashboard --------------------------------------------
    timezone: str = Field(default="UTC", alias="EVALBOARD_TIMEZONE")
    job_interval_minutes: int = Field(default=5, alias="EVALBOARD_JOB_INTERVAL_MINUTES")
    # a margin for clock skew between hosts that write records and the worker (0: none needed on one host);
    # batches still being written are held back by their in-flight markers, not by this (store/state.py)
    aggregate_settle_s: float = Field(default=0.0, ge=0, alias="EVALBOARD_AGGREGATE_SETTLE_S")
    # a batch being written whose writer sent no heartbeat for this long (dead, or its process frozen)
    # stops holding the aggregates back; if it lands later its days are recounted (store/state.py)
    inflight_timeout_s: float = Field(default=20.0, gt=0, alias="EVALBOARD_INFLIGHT_TIMEOUT_S")
    # the work of a tick that can take long (the agreement sample, report backfills) stops after this
    # many seconds and goes on at the next tick, so aggregates and alerts are never kept waiting
    tick_budget_s: float = Field(default=60.0, gt=0, alias="EVALBOARD_TICK_BUDGET_S")
    # job locks: a holder that stops renewing (dead, paused) loses its lock after this long
    job_lock_ttl_s: float = Field(default=60.0, gt=0, alias="EVALBOARD_JOB_LOCK_TTL_S")
    users_file: str = Field(default="./users.toml", alias="EVALBOARD_USERS_FILE")
    # a dashboard session ends after this long without a page run, and after this long in all
    session_idle_minutes: float = Field(default=30.0, gt=0, alias="EVALBOARD_SESSION_IDLE_MINUTES")
    session_max_hours: float = Field(default=12.0, gt=0, alias="EVALBOARD_SESSION_MAX_HOURS")
    # signs the session cookie (issue 34: a sign-in lasts across reloads); empty: a random key kept in a
    # 0600 file next to the users file (so every dashboard process of one install shares it)
    session_secret: str = Field(default="", alias="EVALBOARD_SESSION_SECRET", repr=False)
    dashboard_url: str = Field(default="http://127.0.0.1:8501", alias="EVALBOARD_DASHBOARD_URL")
    # the port `make run` serves the dashboard on
    dashboard_port: int = Field(default=8501, ge=1, le=65535, alias="EVALBOARD_DASHBOARD_PORT")

    # --- judge agreement sample (jobs/agreement.py) -----------------------------
    agreement_sample_per_feature: int = Field(default=200, ge=0, alias="EVALBOARD_AGREEMENT_SAMPLE")
    agreement_days: int = Field(default=14, ge=1, le=400, alias="EVALBOARD_AGREEMENT_DAYS")
    agreement_max_per_run: int = Field(default=10000, ge=1, alias="EVALBOARD_AGREEMENT_MAX_PER_RUN")
    agreement_use_judge: bool = Field(default=True, alias="EVALBOARD_AGREEMENT_USE_JUDGE")

    # --- the judge's budget and cascade (issue 33; jobs/cascade.py) ------------------------------
    # USD a day (the worker's local day) for every judged job together; empty: no cap. Per feature:
    # "chat=0.20,clauses=0.10" (a feature not named has only the overall cap)
    judge_budget_usd: float | None = Field(default=None, ge=0, alias="EVALBOARD_JUDGE_BUDGET_USD")
    judge_budget_features: str = Field(default="", alias="EVALBOARD_JUDGE_BUDGET_FEATURES")
    # every record is scored locally first; the judge is asked (a) for the metrics within this band of their
    # threshold that no logged score on the same side settles, when they can flip the verdict, (b) for the
    # metrics of a local verdict that disagrees with the logged one, (c) for every metric of an audit share
    judge_cascade: bool = Field(default=True, alias="EVALBOARD_JUDGE_CASCADE")
    judge_cascade_band: float = Field(default=0.10, ge=0, le=1, alias="EVALBOARD_JUDGE_CASCADE_BAND")
    judge_cascade_disagree: bool = Field(default=True, alias="EVALBOARD_JUDGE_CASCADE_DISAGREE")
    judge_audit_share: float = Field(default=0.05, ge=0, le=1, alias="EVALBOARD_JUDGE_AUDIT_SHARE")
    # the demo `make run` loads into an empty database (`python -m jobs demo`; its flags override these):
    # smaller on a slow laptop, or in a test of the start-up flow
    demo_days: int = Field(default=90, ge=1, le=3650, alias="EVALBOARD_DEMO_DAYS")
    demo_per_day: int = Field(default=400, ge=1, le=100_000, alias="EVALBOARD_DEMO_PER_DAY")
    # the noise floor (jobs/judge_noise.py): records per feature re-judged `judge_noise_runs` times
    judge_noise_runs: int = Field(default=3, ge=2, le=10, alias="EVALBOARD_JUDGE_NOISE_RUNS")
    judge_noise_per_feature: int = Field(default=30, ge=1, le=1000, alias="EVALBOARD_JUDGE_NOISE_SAMPLE")

    # --- bounded cardinality (jobs/ingest.py) -----------------------------------
    # distinct feature names; a record with a new name beyond it is quarantined with the reason
    max_features: int = Field(default=50, ge=1, le=1000, alias="EVALBOARD_MAX_FEATURES")

    # --- the intake: OTLP/HTTP traces and JSON records (intake/, `python -m intake serve`) ----------
    intake_host: str = Field(default="127.0.0.1", alias="EVALBOARD_INTAKE_HOST")
    intake_port: int = Field(default=4318, ge=1, le=65535, alias="EVALBOARD_INTAKE_PORT")
    # a trace becomes a record once its root span is in and no span came for this long (or at the cap)
    intake_quiet_s: float = Field(default=2.0, ge=0, alias="EVALBOARD_INTAKE_QUIET_S")
    intake_trace_cap: int = Field(default=1000, ge=1, alias="EVALBOARD_INTAKE_TRACE_CAP")
    # a trace whose root never comes is quarantined after this long
    intake_max_wait_s: float = Field(default=1800.0, gt=0, alias="EVALBOARD_INTAKE_MAX_WAIT_S")
    intake_max_body_bytes: int = Field(default=16_000_000, ge=1000, alias="EVALBOARD_INTAKE_MAX_BODY_BYTES")
    intake_max_spans: int = Field(default=10_000, ge=1, alias="EVALBOARD_INTAKE_MAX_SPANS")
    intake_max_attribute_bytes: int = Field(default=262_144, ge=100, alias="EVALBOARD_INTAKE_MAX_ATTRIBUTE_BYTES")
    intake_max_records: int = Field(default=5000, ge=1, alias="EVALBOARD_INTAKE_MAX_RECORDS")
    # --- privacy (core/privacy, issue 31): personal data replaced before it is stored ---------------
    # off | report (count only) | redact; per source "demo=off,mongodb=report"; a file of names/terms
    privacy_mode: Literal["off", "report", "redact"] = Field(default="redact", alias="EVALBOARD_PRIVACY")
    privacy_sources: str = Field(default="", alias="EVALBOARD_PRIVACY_SOURCES")
    privacy_terms_file: str | None = Field(default=None, alias="EVALBOARD_PRIVACY_TERMS_FILE")

    @property
    def db_name(self) -> str:
        """The database named by the URI's path, `evalboard` when the path is empty."""
        if not self.mongodb_uri:
            return DEFAULT_DB_NAME
        path = urlparse(self.mongodb_uri).path.strip("/")
        return path or DEFAULT_DB_NAME

    @property
    def judge_configured(self) -> bool:
        return bool(self.openai_base_url or self.openai_api_key)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()


def reset_settings() -> None:
    """Forget the cached settings (tests change the environment, then call this)."""
    get_settings.cache_clear()
