"""The demo's `arguments` answers ("Argument 1: ... Argument 2: ...") score, outside incidents, close to the
faithfulness the demo logs for them (issue 17: numbering is structure, not a fact)."""
from __future__ import annotations

from datetime import datetime, timezone

import evaluators
from demo.generate import build_payloads


def test_local_faithfulness_on_numbered_arguments_is_near_the_logged_one():
    payloads, incidents = build_payloads(days=12, per_day=60, seed=11, end=datetime(2026, 3, 1, tzinfo=timezone.utc))

    def in_incident(p):
        d = datetime.fromisoformat(str(p["timestamp"]).replace("Z", "+00:00")).date()
        return any(p["feature"] in i.features and i.start <= d <= i.end for i in incidents)

    rows = [p for p in payloads if isinstance(p, dict) and p.get("feature") == "arguments" and p.get("context")
            and isinstance(p.get("query"), str) and isinstance(p.get("answer"), str)
            and isinstance(p.get("evaluation"), dict) and isinstance(p["evaluation"].get("faithfulness"), dict)
            and isinstance(p["evaluation"]["faithfulness"].get("score"), float) and isinstance(p.get("timestamp"), str)
            and not in_incident(p)][:40]
    assert len(rows) >= 20 and sum(p["answer"].startswith("Argument 1:") for p in rows) >= len(rows) // 2
    out = evaluators.score_many([{"id": str(i), "query": p["query"], "answer": p["answer"], "context": p["context"]}
                                 for i, p in enumerate(rows)])
    local = [o["details"]["faithfulness"].get("supported_share") for o in out]  # the claims' share (issue 28)
    logged = [p["evaluation"]["faithfulness"]["score"] for p in rows]
    assert None not in local
    assert abs(sum(local) / len(local) - sum(logged) / len(logged)) <= 0.1
