"""The judge's noise floor (issue 33 item 3), against the local chat-completions server with Gaussian noise
injected on the relevancy score: with sigma 0.05 the job reports a spread of 0.05 +- 0.01 and a flip rate
within 3 points of the simulated one; with sigma 0 nothing flips. Small generated data, `now` pinned."""
from __future__ import annotations

from datetime import timedelta
from statistics import NormalDist

import pytest

from core import noise as N
from store.collections import JUDGE_NOISE, RECORDS

from .conftest import T0
from .judge_fakes import NoisyAnswers, logged_records

NOW = T0 + timedelta(days=10, hours=9)
N_RECORDS = 60
THRESHOLD = 0.7  # chat's answer relevancy
OFFSETS = (-0.08, -0.05, -0.03, -0.01, 0.0, 0.01, 0.03, 0.05, 0.08, 0.15)


@pytest.fixture
def server():
    from tests.integration.evaluators.conftest import Server

    s = Server()
    yield s
    s.close()


def _run(db, server, sigma: float):
    from evaluators.judge import Judge
    from jobs.aggregate import refresh
    from jobs.judge_noise import run_noise

    bases = logged_records(db, NOW, n=N_RECORDS, base=lambda i: THRESHOLD + OFFSETS[i % len(OFFSETS)])
    refresh(db, full=True, now=NOW)  # the days' counts: the per-day noise is over each day's records
    fake = NoisyAnswers(bases, sigma)
    server.answer_fn = fake
    counts = run_noise(db, NOW, judge=Judge(base_url=server.url, max_retries=0), runs=3, days=7,
                       per_feature=N_RECORDS)
    return counts, fake, bases


def test_sigma_005_gives_the_spread_and_the_flip_rate_that_were_simulated(db, server):
    counts, fake, bases = _run(db, server, 0.05)
    assert counts["rejudged"] == N_RECORDS and counts["errors"] == 0
    fig = db[JUDGE_NOISE].find_one({"_id": "metric|chat|answer_relevancy"})
    assert fig["runs"] == 3 and fig["n"] == N_RECORDS
    assert fig["spread"] == pytest.approx(0.05, abs=0.01)
    # the simulated flips: the fake judge's own draws against the threshold
    simulated = sum(N.flip_probability([v >= THRESHOLD for v in fake.draws[i]]) for i in bases) / len(bases)
    assert abs(fig["flip_rate"] - simulated) <= 0.03
    # and the expectation for these offsets: two runs differ with probability 2p(1 - p)
    expected = sum(2 * p * (1 - p) for p in (NormalDist(b, 0.05).cdf(THRESHOLD) for b in bases.values())) / len(bases)
    assert abs(fig["flip_rate"] - expected) <= 0.08  # 60 records x 3 runs: the sampling error of the estimate
    assert db[JUDGE_NOISE].find_one({"_id": "metric|chat|faithfulness"})["spread"] == 0.0  # steady answers
    # records whose verdict differed between runs are marked flaky, the others not
    flaky = {d["_id"] for d in db[RECORDS].find({"noise.flaky": True}, {"_id": 1})}
    differed = {f"nz{i}" for i in bases if len({v >= THRESHOLD for v in fake.draws[i]}) > 1}
    assert flaky == differed and 0 < len(flaky) < N_RECORDS
    # and each day of the window has the pass rate's noise from the judge alone
    day = db[JUDGE_NOISE].find_one({"kind": "day", "feature": "chat"})
    verdict = db[JUDGE_NOISE].find_one({"_id": "metric|chat|__verdict__"})
    assert day["pass_rate_sd"] == pytest.approx(N.rate_sd(verdict["pass_var"], day["records"]))


def test_sigma_0_flips_nothing(db, server):
    counts, _, _ = _run(db, server, 0.0)
    assert counts["rejudged"] == N_RECORDS and counts["flaky"] == 0
    for fig in db[JUDGE_NOISE].find({"kind": "metric", "feature": "chat"}):
        assert fig["flip_rate"] == 0.0 and fig["spread"] in (0.0, None), fig  # the verdict has no spread
    assert db[RECORDS].count_documents({"noise.flaky": True}) == 0
    assert db[JUDGE_NOISE].find_one({"kind": "day", "feature": "chat"})["floor"] == 0.0


def test_the_tick_measures_once_a_local_day_and_only_with_a_judge(db, server, monkeypatch):
    """The scheduler's form (jobs.registry, job "noise"): nothing without a judge; with one, one measurement
    per local day — the second tick of the day skips, the next day measures again."""
    from jobs.aggregate import refresh
    from jobs.runner import run_job
    from settings import reset_settings

    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    reset_settings()
    bases = logged_records(db, NOW, n=20, base=lambda i: THRESHOLD + OFFSETS[i % len(OFFSETS)])
    refresh(db, full=True, now=NOW)
    _, counts = run_job(db, "noise", now=NOW, in_tick=True)
    assert "no judge configured" in counts["skipped"] and db[JUDGE_NOISE].count_documents({}) == 0

    server.answer_fn = NoisyAnswers(bases, 0.05)
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("EVALBOARD_JUDGE_MAX_RETRIES", "0")
    reset_settings()
    _, first = run_job(db, "noise", now=NOW, in_tick=True)
    assert first["rejudged"] == 20, first
    calls = len(server.requests)
    _, again = run_job(db, "noise", now=NOW + timedelta(hours=3), in_tick=True)
    assert "measured today" in again["skipped"], again
    assert len(server.requests) == calls  # the second tick of the day asks the judge nothing
    _, next_day = run_job(db, "noise", now=NOW + timedelta(days=1), in_tick=True)
    assert next_day.get("rejudged") == 20, next_day
