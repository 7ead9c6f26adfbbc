"""What a judged run would cost, before it is run: the judge's calls, input and output tokens, and price.

`estimate(items, mode)` runs the real scoring pipeline with a `DryRunJudge`: every prompt the judge
would be sent is rendered exactly as `Judge.ask` renders it and its tokens counted, then the call
"fails" so the pipeline carries on locally (fallback) — so the calls counted are the calls a real run
makes (per metric's declared inputs, balanced mode's margin, the retrieval assessment), no more.

Input tokens are counted with the model's own tokenizer where `bpe-openai` knows the model (the
OpenAI models), else with o200k_base: an approximation, and the estimate says so. Output tokens
cannot be counted before the reply exists: they are estimated from what each prompt asks for (one
JSON entry per statement or chunk, a short reason each), and the estimate says that too.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from . import prompts as P
from .judge import JudgeError, count_tokens

# the chat format's overhead, as Judge.ask counts it when the endpoint reports no usage
_PER_MESSAGE, _PER_REPLY = 4, 3

# Expected reply size per prompt: a fixed part plus a part per unit the prompt asks about (statements
# of the answer, chunks); tokens per unit from replies of gpt-4o-mini-class judges to such prompts.
_REPLY_BASE = {"faithfulness": 20, "contextual_recall": 20, "contextual_precision": 15, "answer_relevancy": 40,
               "retrieval_thorough": 90, "retrieval_quick": 30}
_REPLY_PER_STATEMENT = 35   # {"statement": ..., "supported": ..., "supporting_chunk_ids": ..., "reason": ...}
_REPLY_PER_CHUNK = 25       # {"index": ..., "relevant": ..., "reason": ...}


def known_tokenizer(model: str) -> bool:
    """Whether `model`'s own tokenizer is known offline (else o200k_base stands in for it)."""
    import bpe_openai

    try:
        bpe_openai.encoding_for_model(model)
        return True
    except Exception:  # noqa: BLE001 - an unknown or local model name
        return False


@dataclass
class PromptCost:
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0


@dataclass
class Estimate:
    """The calls and tokens of a judged run over some records, and their price."""
    model: str
    records: int = 0
    by_prompt: dict[str, PromptCost] = field(default_factory=dict)
    input_cost_per_1k: float = 0.0
    output_cost_per_1k: float = 0.0
    exact_tokenizer: bool = True

    @property
    def calls(self) -> int:
        return sum(c.calls for c in self.by_prompt.values())

    @property
    def input_tokens(self) -> int:
        return sum(c.input_tokens for c in self.by_prompt.values())

    @property
    def output_tokens(self) -> int:
        return sum(c.output_tokens for c in self.by_prompt.values())

    @property
    def cost_usd(self) -> float:
        return (self.input_tokens * self.input_cost_per_1k + self.output_tokens * self.output_cost_per_1k) / 1000.0

    def scaled(self, factor: float) -> "Estimate":
        """The same estimate for `factor` times as many records (a sample standing for a larger set)."""
        out = Estimate(self.model, round(self.records * factor), {}, self.input_cost_per_1k,
                       self.output_cost_per_1k, self.exact_tokenizer)
        for name, c in self.by_prompt.items():
            out.by_prompt[name] = PromptCost(round(c.calls * factor), round(c.input_tokens * factor),
                                             round(c.output_tokens * factor))
        return out

    def to_dict(self) -> dict:
        return {"model": self.model, "records": self.records, "calls": self.calls,
                "input_tokens": self.input_tokens, "output_tokens": self.output_tokens,
                "cost_usd": round(self.cost_usd, 6), "exact_tokenizer": self.exact_tokenizer,
                "by_prompt": {k: vars(v) for k, v in sorted(self.by_prompt.items())}}


class DryRun(JudgeError):
    """Raised by DryRunJudge instead of calling the endpoint: the pipeline falls back and carries on."""


def _units(name: str, values: Mapping) -> int:
    if name in ("faithfulness", "contextual_recall"):
        from .text.sentences import split_sentences

        source = values.get("answer") if name == "faithfulness" else values.get("expected")
        return max(1, len(split_sentences(source or "")))
    chunks = values.get("chunks")
    return len(chunks) if isinstance(chunks, list) else 0


def expected_output_tokens(name: str, values: Mapping) -> int:
    per = _REPLY_PER_STATEMENT if name in ("faithfulness", "contextual_recall") else _REPLY_PER_CHUNK
    return _REPLY_BASE.get(name, 40) + per * _units(name, values)


class DryRunJudge:
    """Looks like `evaluators.judge.Judge` to the pipeline; counts what each call would send, sends nothing."""

    def __init__(self, model: str = "gpt-4o-mini"):
        self.model = model
        self.by_prompt: dict[str, PromptCost] = {}

    def ask(self, prompt_name: str, **values):
        spec = P.prompt(prompt_name)
        prompt = spec.render(**dict(values))
        cost = self.by_prompt.setdefault(prompt_name, PromptCost())
        cost.calls += 1
        cost.input_tokens += (count_tokens(P.SYSTEM, self.model) + count_tokens(prompt, self.model)
                              + 2 * _PER_MESSAGE + _PER_REPLY)
        cost.output_tokens += expected_output_tokens(prompt_name, values)
        raise DryRun(f"dry run: {prompt_name} not sent")

    def retrieval_quick(self, query: str, chunks: list[str]):
        return self.ask("retrieval_quick", query=query, chunks=chunks)

    def retrieval_thorough(self, query: str, chunks: list[str]):
        return self.ask("retrieval_thorough", query=query, chunks=chunks)


def estimate(items: Sequence[Mapping], mode: str = "thorough", *, model: str = "gpt-4o-mini",
             thresholds: Mapping | None = None, input_cost_per_1k: float = 0.0,
             output_cost_per_1k: float = 0.0) -> Estimate:
    """The judge's calls and tokens for scoring `items` (scoring-item dicts) in `mode`, nothing sent."""
    from .pipeline import score_many

    judge = DryRunJudge(model)
    if items:
        score_many(list(items), mode=mode, thresholds=thresholds, judge=judge, fallback_to_fast=True)
    return Estimate(model, len(items), judge.by_prompt, input_cost_per_1k, output_cost_per_1k,
                    known_tokenizer(model))


class BudgetReached(JudgeError):
    """Raised by GatedJudge instead of opening a call past the day's budget: the pipeline keeps the local score."""


class GatedJudge:
    """Looks like `evaluators.judge.Judge`; asks `may_call()` before each call (False: BudgetReached, nothing
    sent) and reports what each call cost to `spent(usd)` (failed and unparsable calls cost too)."""

    def __init__(self, judge, may_call, spent):
        self.judge, self.may_call, self.spent = judge, may_call, spent

    def __getattr__(self, name):  # model, usage, prices: the wrapped judge's
        return getattr(self.judge, name)

    def ask(self, prompt_name: str, **values):
        if not self.may_call():
            raise BudgetReached(f"daily judge budget reached: {prompt_name} not sent")
        before = self.judge.usage.cost_usd
        try:
            return self.judge.ask(prompt_name, **values)
        finally:
            self.spent(self.judge.usage.cost_usd - before)

    def retrieval_quick(self, query: str, chunks: list[str]):
        return self.ask("retrieval_quick", query=query, chunks=chunks)

    def retrieval_thorough(self, query: str, chunks: list[str]):
        return self.ask("retrieval_thorough", query=query, chunks=chunks)
