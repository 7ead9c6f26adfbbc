"""The judge's price before spending (issue 33 item 1): `python -m jobs estimate-judge` counts the calls
and tokens a judged run would send, on the real model and database; a real run of the same records
against the local chat-completions server (which reports the tokens it was really sent) lands within
±15 % of the estimate, and the estimate sent nothing."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

NOW = datetime.now(timezone.utc).replace(microsecond=0)


@pytest.fixture
def demo_db(db):
    from demo.generate import generate_demo

    generate_demo(db, days=3, per_day=10, seed=3, end=NOW)
    return db


def test_the_estimate_is_within_15_percent_of_a_real_run(demo_db, server, model, capsys):
    from evaluators.judge import Judge
    from evaluators.pipeline import score_many
    from jobs.__main__ import main as jobs_main
    from jobs.judge_estimate import estimate_job, items_for, job_ids
    from store.thresholds import get_thresholds

    est, total, counted = estimate_job(demo_db, "rescore", days=2, now=NOW)
    assert total == counted > 5 and est.calls >= total  # every record asks at least one prompt
    assert server.requests == []  # nothing was sent

    server.count_usage = True
    judge = Judge(base_url=server.url, model="gpt-4o-mini")
    items = items_for(demo_db, job_ids(demo_db, "rescore", days=2, feature=None, now=NOW))
    score_many(items, mode="thorough", thresholds=get_thresholds(demo_db), judge=judge, fallback_to_fast=True)
    real = judge.usage
    assert real.calls == est.calls == len(server.requests)
    assert abs(real.input_tokens - est.input_tokens) <= 0.15 * real.input_tokens
    real_total, est_total = real.input_tokens + real.output_tokens, est.input_tokens + est.output_tokens
    assert abs(real_total - est_total) <= 0.15 * real_total

    # the command prints the same figures (the agreement sample by default; here a re-score)
    assert jobs_main(["estimate-judge", "--job", "rescore", "--days", "2", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert printed["calls"] >= est.calls and printed["exact_tokenizer"] is True  # gpt-4o-mini's own tokenizer
    assert printed["cost_usd"] > 0


def test_a_feature_and_a_sample_narrow_and_scale_the_estimate(demo_db):
    from jobs.judge_estimate import estimate_job

    whole, total, _ = estimate_job(demo_db, "rescore", days=2, now=NOW)
    one, n_chat, _ = estimate_job(demo_db, "rescore", days=2, feature="chat", now=NOW)
    assert 0 < n_chat < total and one.calls < whole.calls
    scaled, total_again, counted = estimate_job(demo_db, "rescore", days=2, sample=5, now=NOW)
    assert total_again == total and counted == 5 and scaled.records == total
    assert 0.5 * whole.input_tokens < scaled.input_tokens < 1.5 * whole.input_tokens


def test_the_agreement_estimate_counts_the_jobs_own_sample(demo_db):
    from jobs.agreement import select_sample
    from jobs.judge_estimate import agreement_ids
    from core.timebuckets import bucket_range, today
    from store.agreement import day_candidates

    yesterday = today(None, NOW) - timedelta(days=1)
    start, end = bucket_range(yesterday)
    chosen = select_sample(day_candidates(demo_db, start, end), yesterday.isoformat(), 1000)
    expected = {d["_id"] for docs in chosen.values() for d in docs}
    assert expected and set(agreement_ids(demo_db, NOW, 1, None)) == expected
