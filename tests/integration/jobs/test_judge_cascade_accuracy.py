"""The cascade against judging everything, with a judge that has an opinion (issue 33 item 5): on a small demo
(14 days x 12 records, seed 7, `now` pinned) the local chat-completions server answers as TruthAnswers (the
demo's hidden truth, which the human labels follow too: faithfulness is the share of the answer's claims that
are not made up, relevancy the logged score; plus N(0, 0.05), fixed per prompt). With the band at 0.10 the
cascade pays for under 30 % of the judge calls of judging everything, judges well under half of the agreement
sample (the record share's floor on the demo is where the local and the logged verdicts differ, BENCHMARKS.md),
and the judge's accuracy on the demo's human labels moves by at most 2 points. The judge matters here: the
local scorer alone is more than 5 points less accurate on faithfulness (measured: 74.4 % local, 98.2 % every
record judged, 98.2 % through the cascade, n = 164 labelled records)."""
from __future__ import annotations

from datetime import timedelta

import pytest

from core import cascade as C
from settings import reset_settings
from store.collections import RECORDS

from .conftest import T0
from .judge_fakes import TruthAnswers, accuracy_on_labels, labelled_items

NOW = T0 + timedelta(days=20, hours=10)


@pytest.fixture
def truth_judge(db, monkeypatch):
    from demo.generate import generate_demo
    from tests.integration.evaluators.conftest import Server

    generate_demo(db, days=14, per_day=12, seed=7, end=NOW)
    server = Server()
    server.answer_fn = TruthAnswers(db[RECORDS].find({}, {"query": 1, "answer": 1, "evaluation": 1}), sigma=0.05)
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("EVALBOARD_JUDGE_MAX_RETRIES", "0")
    reset_settings()
    yield server
    server.close()


def _score(db, items, how: str):
    """{id: result} and the judge calls of scoring `items` locally only, judging every metric of every record
    (one batch: what the cascade turned off does, record by record), or through the cascade (its defaults)."""
    import evaluators
    from evaluators.judge import judge_from_settings
    from jobs.cascade import CascadeScorer
    from store.thresholds import get_thresholds

    judge, thresholds = judge_from_settings(), get_thresholds(db)
    if how == "cascade":
        results = CascadeScorer(db, "test", thresholds=thresholds, judge=judge, now=NOW)(items)
    else:
        results = evaluators.score_many(items, mode="thorough" if how == "every" else "fast", thresholds=thresholds,
                                        judge=judge if how == "every" else None)
    return {r["id"]: r for r in results}, judge.usage.calls


@pytest.mark.usefixtures("truth_judge")  # the judge the settings point at follows the labels
def test_the_cascade_pays_for_a_fraction_of_the_calls_and_keeps_the_accuracy(db):
    from jobs.agreement import run_agreement

    assert C.Policy() == C.Policy(band=0.10)  # the defaults are what is measured
    run_agreement(db, NOW, days=4, per_feature=10)
    reasons = [d["rescored"]["details"]["cascade"]["reason"]
               for d in db[RECORDS].find({"rescored.sample": {"$exists": True}}, {"rescored.details.cascade": 1})]
    judged = sum(r in C.JUDGED_REASONS for r in reasons)
    assert len(reasons) > 40 and 0 < judged < 0.45 * len(reasons), reasons

    items, human = labelled_items(db)
    every, every_calls = _score(db, items, "every")
    cascade, cascade_calls = _score(db, items, "cascade")
    assert 0 < cascade_calls <= 0.30 * every_calls, (cascade_calls, every_calls)
    kept_local = [r for r in cascade.values() if r["details"]["cascade"]["reason"] == C.LOCAL]
    assert kept_local and all(r["details"]["judged_metrics"] == [] for r in kept_local)
    acc_every, acc_cascade = accuracy_on_labels(every, human), accuracy_on_labels(cascade, human)
    assert set(acc_every) == {"faithfulness", "answer_relevancy"} and acc_every["faithfulness"]["n"] > 80
    local = accuracy_on_labels(_score(db, items, "local")[0], human)
    assert local["faithfulness"]["accuracy"] < acc_every["faithfulness"]["accuracy"] - 0.05  # the judge matters here
    for metric, figure in acc_every.items():
        assert abs(acc_cascade[metric]["accuracy"] - figure["accuracy"]) <= 0.02, (metric, figure, acc_cascade)
