"""Alerts on the default demo: what the rules raise, by rule and by how the evidence was judged.

`python bench/bench_alert_evidence.py [--end 2026-11-23T09:00:00+00:00]` — a fresh embedded server,
the default demo (`python -m jobs demo` defaults: 90 days, 400 a day, seed 7) ending at `--end`, a
full aggregate build and the alerts job (no judge-agreement sample: the agreement rules stay quiet).
Prints the alerts per (rule, evidence mode), the open ones with their message, and the timings.
Run it with PYTHONPATH at another checkout to compare rule versions on the same data.
"""
from __future__ import annotations

import argparse
import collections
import os
import tempfile
import time
from datetime import datetime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--end", default="2026-11-23T09:00:00+00:00")
    args = parser.parse_args()
    end = datetime.fromisoformat(args.end)

    from store.server import EmbeddedServer
    data = tempfile.mkdtemp()
    server = EmbeddedServer(data, 0, log_path=os.path.join(data, "server.log"))
    uri = server.start()
    os.environ["MONGODB_URI"] = uri.rstrip("/") + "/bench"
    try:
        from settings import reset_settings
        reset_settings()
        from store.client import make_client
        from store.migrate import migrate
        db = make_client(uri)["bench"]
        migrate(db)
        from jobs.aggregate import refresh
        from jobs.alerts import evaluate
        from demo.generate import generate_demo
        t0 = time.perf_counter()
        generate_demo(db, days=90, per_day=400, seed=7, end=end)
        t1 = time.perf_counter()
        refresh(db, full=True, now=end)
        t2 = time.perf_counter()
        evaluate(db, now=end)
        t3 = time.perf_counter()
        alerts = list(db["alerts"].find())
        by = collections.Counter((a["rule_id"], a.get("evidence_mode", "daily")) for a in alerts)
        for (rule, mode), n in sorted(by.items()):
            print(f"{rule:28s} {mode:7s} {n}")
        print(f"total {len(alerts)}, open {sum(a['state'] == 'open' for a in alerts)}")
        for a in alerts:
            if a["state"] == "open":
                print("OPEN", a["message"])
            elif a.get("evidence_mode") == "test":
                print("TESTED", a["message"])
        print(f"demo {t1 - t0:.1f} s, aggregate {t2 - t1:.1f} s, alerts (90-day replay) {t3 - t2:.2f} s")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
