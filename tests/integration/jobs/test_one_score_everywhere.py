"""Issue 28: the product uses its best signal, the same number everywhere. A record logged without scores is
scored by the batch scorer; the record view (its stored score result), Triage (the list, lowest faithfulness
first by default) and the CLI give the same hallucination score and the faithfulness computed from it, and the
verdict judges that faithfulness."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from core.score_results import ScoreResult
from evaluators import cli
from evaluators.hallucination import faithfulness_from_hallucination
from jobs.score import score_pending
from store.collections import RECORDS
from store.triage import list_records

from .conftest import T0, store_raw

CTX = ["Preheat the oven to 220 \u00b0C (425 \u00b0F). Roast the chicken for about 20 minutes per 500 g, plus 20 "
       "minutes.", "Rest the chicken, loosely covered with foil, for 10 to 15 minutes before carving."]
Q = "How do I roast a chicken?"
ANSWERS = {
    "good": "Roast it in a 220 \u00b0C oven for about 20 minutes per 500 g plus 20 minutes (Passages 1-2). Rest it "
            "under foil for 10 to 15 minutes before carving.",
    "bad": "Roast it in a 180 \u00b0C oven for about 45 minutes per 500 g [2-3]. Rest it under foil for 10 to 15 "
           "minutes before carving and serving it with roast potatoes.",
}


def test_record_view_triage_and_cli_agree(db, tmp_path):
    now = datetime.now(timezone.utc)
    store_raw(db, [{"_id": k, "query": Q, "answer": a, "context": CTX, "feature": "chat",
                    "timestamp": (T0 + timedelta(hours=i)).isoformat()} for i, (k, a) in enumerate(ANSWERS.items())],
              now=now - timedelta(hours=1))
    assert score_pending(db, now=now)["scored"] == 2

    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"id": k, "query": Q, "answer": a, "context": CTX, "feature": "chat"}) + "\n"
                           for k, a in ANSWERS.items()), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    cli.main(["score", "--input", str(src), "--output", str(out)])
    by_cli = {r["id"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}

    triage = list_records(db, {"_id": {"$in": list(ANSWERS)}}, "faithfulness")  # Triage's default order
    assert [r["_id"] for r in triage] == ["bad", "good"]
    for row in triage:
        doc = db[RECORDS].find_one({"_id": row["_id"]})
        view = ScoreResult.read(doc["rescored"])  # what the record view shows
        h = view.hallucination_score
        assert h is not None and by_cli[row["_id"]]["hallucination_score"] == h
        faith = faithfulness_from_hallucination(h)
        assert view.entry("faithfulness").score == faith == by_cli[row["_id"]]["evaluation"]["faithfulness"]["score"]
        assert row["eb"]["scores"]["faithfulness"] == faith
    bad = db[RECORDS].find_one({"_id": "bad"})
    assert "faithfulness" in bad["eb"]["failed_metrics"] and bad["rescored"]["hallucination_score"] > 0.5
    good = db[RECORDS].find_one({"_id": "good"})
    assert "faithfulness" not in good["eb"]["failed_metrics"]
