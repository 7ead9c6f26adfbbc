"""The judge end to end: the real `openai` client against a chat-completions server on 127.0.0.1."""
from __future__ import annotations

import time

import pytest

import evaluators
from evaluators.judge import Judge, JudgeError, JudgeNotConfigured, JudgeParseError, judge_from_settings
from evaluators.hallucination import hallucination_from_faithfulness

CTX = ["Section 103 of BNS states: Murder shall be punished with death or life imprisonment"]
Q = "What is the punishment for murder?"


def make_judge(server, **kw):
    opts = dict(base_url=server.url, api_key="sk-test", model="gpt-4o-mini", timeout=5.0, max_retries=2,
                input_cost_per_1k=1.0, output_cost_per_1k=2.0)
    opts.update(kw)
    return Judge(**opts)


def test_good_json_gives_statement_verdicts_tokens_and_cost(server):
    judge = make_judge(server)
    verdict, info = judge.faithfulness(Q, "Murder is punishable with death. The fine is Rs. 50,000.", CTX)
    assert [s.supported for s in verdict.statements] == [True, False]
    assert verdict.statements[0].supporting_chunk_ids == [0]
    assert info.usage.input_tokens == 100 and info.usage.output_tokens == 20
    assert info.usage.cost_usd == pytest.approx((100 * 1.0 + 20 * 2.0) / 1000)
    req = server.requests[0]
    assert req["path"] == "/v1/chat/completions" and req["auth"] == "Bearer sk-test"
    assert req["body"]["response_format"] == {"type": "json_object"}


def test_injected_openai_client_is_used(server):
    import openai

    client = openai.OpenAI(base_url=server.url, api_key="sk-injected")
    judge = Judge(client, model="local-model", timeout=5.0, max_retries=0)
    verdict, _ = judge.contextual_precision(Q, CTX)
    assert verdict.chunks[0].relevant is True
    assert server.requests[0]["auth"] == "Bearer sk-injected" and server.requests[0]["body"]["model"] == "local-model"


def test_tokens_counted_offline_when_endpoint_reports_no_usage(server):
    server.script = ["good-no-usage"]
    judge = make_judge(server)
    _, info = judge.answer_relevancy(Q, "Death or life imprisonment.")
    assert info.usage_source == "counted"
    assert 50 < info.usage.input_tokens < 400 and 5 < info.usage.output_tokens < 40


def test_malformed_json_is_an_error_with_raw_text(server):
    server.script = ["malformed"]
    with pytest.raises(JudgeParseError) as exc:
        make_judge(server).answer_relevancy(Q, "x")
    assert exc.value.raw == "this is { not json"
    assert "not JSON" in str(exc.value)


def test_429_then_success_is_retried(server):
    server.script = ["429", "500", "good"]
    verdict, _ = make_judge(server, max_retries=2).answer_relevancy(Q, "Death.")
    assert verdict.score == 0.9 and len(server.requests) == 3


def test_retries_are_bounded(server):
    server.script = ["429", "429", "429", "429"]
    with pytest.raises(JudgeError, match="HTTP 429"):
        make_judge(server, max_retries=1).answer_relevancy(Q, "Death.")
    assert len(server.requests) == 2


def test_timeout_is_an_error(server):
    server.script = [("sleep", 1.5)]
    t = time.perf_counter()
    with pytest.raises(JudgeError, match="timed out"):
        make_judge(server, timeout=0.3, max_retries=0).answer_relevancy(Q, "Death.")
    assert time.perf_counter() - t < 1.4


def test_thorough_mode_uses_the_judge_for_every_metric(server, model):
    judge = make_judge(server)
    r = evaluators.score_one(Q, "Murder is punishable with death. The fine is Rs. 50,000.", CTX,
                             expected_output="Death or life imprisonment.", mode="thorough", judge=judge)
    e = r["evaluation"]
    assert r["mode"] == "thorough"
    assert e["faithfulness"]["score"] == 0.5 and e["faithfulness"]["unsupported_claims"][0]["claim"] == \
        "The fine is Rs. 50,000."
    assert e["answer_relevancy"]["score"] == 0.9 and e["contextual_precision"]["score"] == 1.0
    assert e["contextual_recall"]["score"] == 1.0
    assert r["hallucination_score"] == hallucination_from_faithfulness(0.5) == 0.6875  # the judged share, mapped
    assert r["details"]["faithfulness"]["claims"][0]["chunk_ids"] == [0]
    assert r["retrieval"]["mode_used"] == "thorough" and r["retrieval"]["recommendation"] == "ANSWER"
    assert r["judge_usage"]["calls"] == 5 and r["judge_usage"]["input_tokens"] == 500
    assert r["judge_usage"]["cost_usd"] == pytest.approx(5 * 0.14)


def test_balanced_mode_asks_only_about_borderline_metrics(server, model):
    judge = make_judge(server)
    r = evaluators.score_one(Q, "According to Section 103 of BNS, murder is punishable with death or life "
                                "imprisonment", CTX, mode="balanced", judge=judge)
    judged = r["details"]["judged_metrics"]
    assert r["mode"] == "balanced" and "faithfulness" not in judged  # 1.0 is far from 0.8
    assert r["judge_usage"]["calls"] == len(server.requests) == len(judged) + (
        1 if 0.5 < r["retrieval"]["confidence"] - 0.1 < 0.75 or "judge:" in r["retrieval"]["reasoning"] else 0)


def test_without_judge_balanced_raises_unless_fallback(model, monkeypatch):
    with pytest.raises(JudgeNotConfigured, match="OPENAI_BASE_URL"):
        evaluators.score_one(Q, "Death.", CTX, mode="balanced")
    r = evaluators.score_one(Q, "Death.", CTX, mode="thorough", fallback_to_fast=True)
    assert r["mode"] == "fast" and r["details"]["mode_requested"] == "thorough"
    from settings import reset_settings

    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    reset_settings()
    assert judge_from_settings() is None
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    reset_settings()
    try:
        j = judge_from_settings()
        assert isinstance(j, Judge) and j.model == "gpt-4o-mini"
    finally:
        monkeypatch.delenv("OPENAI_BASE_URL")
        reset_settings()


def test_judge_failure_in_thorough_mode_is_an_error_or_falls_back(server, model):
    server.script = ["malformed"] * 10
    judge = make_judge(server)
    with pytest.raises(JudgeParseError):
        evaluators.score_one(Q, "Death.", CTX, mode="thorough", judge=judge)
    r = evaluators.score_one(Q, "Murder is punishable with death.", CTX, mode="thorough", judge=judge,
                             fallback_to_fast=True)
    assert r["details"]["faithfulness"]["supported_share"] == 1.0 and r["details"]["faithfulness"].get("source") != "judge"  # the local value stands
    assert r["details"]["judge_errors"]
