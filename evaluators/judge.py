"""The LLM judge: any OpenAI-compatible chat-completions endpoint through the official `openai` client.

* prompts are data (`prompts.JudgePrompt`: each metric's in its module evaluators/metrics/<name>.py, the
  retrieval assessment's in prompts.py; `prompts.prompt(name)` finds either), answers are JSON validated by
  pydantic models;
* timeouts and bounded retries: the client's own retry loop (exponential backoff, honours
  Retry-After) on connection errors, timeouts, 408/409/429 and 5xx, `max_retries` times;
* output that is not the expected JSON raises `JudgeParseError` with the raw text kept;
* every call's tokens (the endpoint's `usage`, else counted offline with `bpe-openai`) and cost.
"""
from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from . import prompts as P


class JudgeError(RuntimeError):
    """A judge call failed (network, timeout, HTTP error after retries, unusable output)."""


class JudgeNotConfigured(JudgeError):
    """balanced/thorough mode was asked for but no judge endpoint is configured."""

    def __init__(self, message: str | None = None):
        super().__init__(message or (
            "No LLM judge is configured: set OPENAI_BASE_URL and/or OPENAI_API_KEY (and EVALBOARD_JUDGE_MODEL) "
            "for balanced/thorough mode, or use mode 'fast' (CLI: --fallback-fast to fall back automatically)."))


class JudgeParseError(JudgeError):
    """The judge answered, but not with the JSON asked for. `raw` is the text it returned."""

    def __init__(self, message: str, raw: str):
        super().__init__(f"{message}; raw output: {raw[:500]!r}")
        self.raw = raw


@dataclass
class Usage:
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0

    def add(self, other: "Usage") -> None:
        self.calls += other.calls
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.cost_usd += other.cost_usd

    def to_dict(self) -> dict:
        d = asdict(self)
        d["cost_usd"] = round(d["cost_usd"], 8)
        return d


@dataclass
class CallInfo:
    prompt: str
    raw: str
    usage: Usage
    latency_ms: float
    usage_source: str = "endpoint"
    extra: dict = field(default_factory=dict)


_ENCODINGS: dict[str, Any] = {}
_enc_lock = threading.Lock()


def count_tokens(text: str, model: str = "gpt-4o-mini") -> int:
    """Tokens of `text` for `model`, offline (bpe-openai bundles its tables); unknown models use o200k_base."""
    import bpe_openai

    with _enc_lock:
        enc = _ENCODINGS.get(model)
        if enc is None:
            try:
                enc = bpe_openai.encoding_for_model(model)
            except Exception:  # UnsupportedModelError and friends: a local/unknown model name
                enc = bpe_openai.get_encoding("o200k_base")
            _ENCODINGS[model] = enc
    return len(enc.encode(text or ""))


def _extract_json(raw: str) -> Any:
    text = (raw or "").strip()
    fence = re.match(r"^```(?:json)?\s*(.*?)\s*```$", text, re.DOTALL)
    if fence:
        text = fence.group(1)
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        start, end = text.find("{"), text.rfind("}")
        if start >= 0 and end > start:
            return json.loads(text[start:end + 1])
        raise


class Judge:
    """An LLM judge. Pass an `openai.OpenAI` client, or base_url/api_key/model to build one."""

    def __init__(self, client=None, *, base_url: str | None = None, api_key: str | None = None,
                 model: str = "gpt-4o-mini", timeout: float = 30.0, max_retries: int = 3,
                 input_cost_per_1k: float = 0.00015, output_cost_per_1k: float = 0.0006,
                 temperature: float = 0.0, max_tokens: int = 1500):
        import openai

        if client is None:
            client = openai.OpenAI(base_url=base_url, api_key=api_key or "not-needed",
                                   timeout=timeout, max_retries=max_retries)
        else:
            client = client.with_options(timeout=timeout, max_retries=max_retries)
        self.client = client
        self.model = model
        self.timeout = timeout
        self.max_retries = max_retries
        self.input_cost_per_1k = input_cost_per_1k
        self.output_cost_per_1k = output_cost_per_1k
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.usage = Usage()
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"Judge(model={self.model!r}, base_url={str(self.client.base_url)!r})"

    # -- one call -------------------------------------------------------------
    def ask(self, prompt_name: str, **values) -> tuple[BaseModel, CallInfo]:
        """Render prompt `prompt_name`, call the endpoint, validate the JSON. Raises JudgeError."""
        import openai

        spec = P.prompt(prompt_name)
        prompt = spec.render(**values)
        messages = [{"role": "system", "content": P.SYSTEM}, {"role": "user", "content": prompt}]
        t0 = time.perf_counter()
        try:
            resp = self.client.chat.completions.create(
                model=self.model, messages=messages, temperature=self.temperature, max_tokens=self.max_tokens,
                response_format={"type": "json_object"})
        except openai.APITimeoutError as exc:
            raise JudgeError(f"judge timed out after {self.timeout:g}s ({self.max_retries} retries)") from exc
        except openai.APIStatusError as exc:
            raise JudgeError(f"judge endpoint returned HTTP {exc.status_code} after {self.max_retries} retries: "
                             f"{str(exc)[:300]}") from exc
        except openai.APIConnectionError as exc:
            raise JudgeError(f"cannot reach the judge endpoint {self.client.base_url}: {exc}") from exc
        latency = (time.perf_counter() - t0) * 1000
        raw = ""
        try:
            raw = resp.choices[0].message.content or ""
        except (AttributeError, IndexError, TypeError):
            raw = str(resp)
        usage = Usage(calls=1)
        source = "endpoint"
        u = getattr(resp, "usage", None)
        if u is not None and getattr(u, "prompt_tokens", None) is not None:
            usage.input_tokens = int(u.prompt_tokens or 0)
            usage.output_tokens = int(u.completion_tokens or 0)
        else:
            source = "counted"
            usage.input_tokens = sum(count_tokens(m["content"], self.model) + 4 for m in messages) + 3
            usage.output_tokens = count_tokens(raw, self.model)
        usage.cost_usd = (usage.input_tokens * self.input_cost_per_1k + usage.output_tokens
                          * self.output_cost_per_1k) / 1000.0
        with self._lock:
            self.usage.add(usage)
        info = CallInfo(prompt=prompt, raw=raw, usage=usage, latency_ms=latency, usage_source=source)
        try:
            data = _extract_json(raw)
        except (json.JSONDecodeError, ValueError) as exc:
            raise JudgeParseError(f"judge output for {prompt_name!r} is not JSON ({exc})", raw) from exc
        try:
            parsed = spec.schema.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            raise JudgeParseError(f"judge output for {prompt_name!r} does not match the schema "
                                  f"({'.'.join(map(str, first['loc']))}: {first['msg']})", raw) from exc
        return parsed, info

    # -- metrics ----------------------------------------------------------------
    def faithfulness(self, query: str, answer: str, chunks: list[str]):
        return self.ask("faithfulness", query=query, answer=answer, chunks=chunks)

    def answer_relevancy(self, query: str, answer: str):
        return self.ask("answer_relevancy", query=query, answer=answer)

    def contextual_precision(self, query: str, chunks: list[str], expected: str | None = None):
        return self.ask("contextual_precision", query=query, chunks=chunks, expected=expected or "")

    def contextual_recall(self, expected: str, chunks: list[str]):
        return self.ask("contextual_recall", expected=expected, chunks=chunks)

    def retrieval_quick(self, query: str, chunks: list[str]):
        return self.ask("retrieval_quick", query=query, chunks=chunks)

    def retrieval_thorough(self, query: str, chunks: list[str]):
        return self.ask("retrieval_thorough", query=query, chunks=chunks)


def judge_from_settings(settings=None) -> Judge | None:
    """A Judge built from `settings.get_settings()`, or None when no endpoint is configured."""
    if settings is None:
        from settings import get_settings

        settings = get_settings()
    if not settings.judge_configured:
        return None
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
    return Judge(base_url=settings.openai_base_url, api_key=key, model=settings.judge_model,
                 timeout=settings.judge_timeout_s, max_retries=settings.judge_max_retries,
                 input_cost_per_1k=settings.judge_input_cost_per_1k,
                 output_cost_per_1k=settings.judge_output_cost_per_1k)
