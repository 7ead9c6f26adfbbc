"""`/triage?flaky=1` (issue 33 item 4): after the noise job re-judged a small logged set three times against the
local chat-completions server with Gaussian noise on the relevancy score, Triage lists exactly the records
whose verdict differed between runs, each with the "flaky" badge; without the parameter the badge marks
the same records among the others. `now` is taken once and the records are built before it."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from tests.integration.dashboard.conftest import open_with_params as open_app
from tests.integration.jobs.judge_fakes import NoisyAnswers, logged_records

NOW = datetime.now(timezone.utc).replace(microsecond=0)
THRESHOLD = 0.7  # chat's answer relevancy


@pytest.fixture
def server():
    from tests.integration.evaluators.conftest import Server

    s = Server()
    yield s
    s.close()




def test_flaky_lists_exactly_the_records_whose_verdict_differed(db, server):
    from evaluators.judge import Judge
    from jobs.judge_noise import run_noise

    offsets = (-0.03, -0.01, 0.0, 0.02, 0.2, 0.25)  # near the threshold: may flip; far above: never
    bases = logged_records(db, NOW, n=12, base=lambda i: THRESHOLD + offsets[i % len(offsets)])
    fake = NoisyAnswers(bases, 0.05, seed=7)
    server.answer_fn = fake
    run_noise(db, NOW, judge=Judge(base_url=server.url, max_retries=0), runs=3, days=7, per_feature=12)
    differed = {f"nz{i}" for i in bases if len({v >= THRESHOLD for v in fake.draws[i]}) > 1}
    assert 0 < len(differed) < len(bases)

    at = open_app("views/triage.py", flaky="1")
    assert set(at.session_state["triage_page_ids"]) == differed
    assert set(at.dataframe[0].value["Verdict"]) == {"🎲 flaky"}
    assert any("flaky verdict" in str(i.value) for i in at.info)

    at = open_app("views/triage.py")  # every record (of the period): the badge on the same ones
    at.toggle(key="triage_failing").set_value(False).run()
    ids = at.session_state["triage_page_ids"]
    badges = at.dataframe[0].value["Verdict"].tolist()
    assert {rid for rid, badge in zip(ids, badges) if badge} == differed and len(ids) == len(bases)
