"""Server-side render time of the dashboard pages with 10k and 200k records.

    python bench/bench_dashboard.py [--sizes 10000 200000] [--days 90] [--runs 7]

For each size: a fresh embedded server, N records spread over `--days` days
(generated in memory, parsed by store.schema.parse_record, bulk-inserted with the
indexes built afterwards), one full aggregate run (`jobs.runner.run_once(db,
"aggregate", full=True)`), then the Overview page through `AppTest`:
- the first run of the app and of the page are warm-up (imports, model warm-up
  thread, first connection) and are not counted;
- "warm": `at.run()` again, the page's st.cache_data getters hit (what a user
  sees when they change nothing or come back within the TTL);
- "cold": `st.cache_data.clear()` before each run, so every store read goes to the
  database (what the first visitor after a TTL expiry sees).
All sizes stay up (one server each) and are timed in turn, round after round, so
load from other work on the machine falls on every size alike.
The Triage page is timed the same way: its default list, the session view
(`?session=chat_5`: the conversation above the list; the bench's sessions hold ~200 turns at
200k, 30 of them drawn) and a drill-down as a chart click opens it
(`?feature=chat&start=D&end=D&metric=faithfulness`, D three days ago).
Prints a Markdown table; figures are medians of `--runs`.
"""
from __future__ import annotations

import argparse
from contextlib import ExitStack
import os
import platform
import random
import statistics
import subprocess
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from store.server import EmbeddedServer  # noqa: E402

FEATURES = ("chat", "viability", "arguments", "clauses")
APP = str(ROOT / "dashboard" / "app.py")


BASE_LEVEL = 0.86  # mean score of the first feature; with these thresholds ~79% of records fail


def make_records(n: int, days: int, seed: int = 1, level: float = BASE_LEVEL, features: int = 0,
                 releases: int = 0):
    """Parsed record documents (the stored shape), spread evenly over `days` days ending today.

    `level` sets the mean scores before clipping at 1.0: the default (0.86) makes ~79% of
    records fail, a worst case for Triage's failing list; 1.12 gives ~8%, like the demo data.
    `features` > 0: that many features (the four above, then `feature-05`, ...) in turn instead of
    the four; `releases` > 0: the period cut into that many releases (`r01`, ... in time order),
    with two models (the second from the middle on) and three prompt versions in turn."""
    from store.schema import ParsedRecord, parse_record
    from core.metrics import default_thresholds, names as metric_names

    rng = random.Random(seed)
    end = datetime.now(timezone.utc).replace(microsecond=0)
    start = end - timedelta(days=days)
    step = (end - start) / n
    now = datetime.now(timezone.utc)
    names = FEATURES + tuple(f"feature-{k + 1:02d}" for k in range(len(FEATURES), features)) \
        if features else FEATURES
    for i in range(n):
        feature = names[i % len(names)]
        base = level - 0.04 * (i % 4)
        evaluation = {}
        for m in metric_names():
            s = round(min(1.0, max(0.0, rng.gauss(base, 0.08))), 3)
            evaluation[m] = {"score": s, "threshold": 0.7, "passed": s >= 0.7, "reason": "bench"}
        raw = {
            "_id": f"bench_{seed}_{i}", "session_id": f"chat_{i % 997}",
            "query": f"What is the punishment under section {100 + i % 300} of the BNS?",
            "answer": "According to the section, the offence is punishable with imprisonment.",
            "context": ["Section text about the offence and its punishment."] * 3,
            "evaluation": evaluation, "regeneration_attempts": rng.choice((0, 0, 0, 0, 1)),
            "timestamp": start + step * i, "feature": feature,
        }
        if releases:
            raw.update(release=f"r{1 + i * releases // n:02d}", model="model-a" if 2 * i < n else "model-b",
                       prompt_version=f"p{1 + i % 3}")
        parsed = parse_record(raw, default_thresholds(), source="bench", now=now)
        assert isinstance(parsed, ParsedRecord)
        yield parsed.doc


def fill(db, n: int, days: int, level: float = BASE_LEVEL, features: int = 0, releases: int = 0) -> float:
    from store.collections import RECORDS
    from store.records import ensure_indexes

    started = time.perf_counter()
    batch = []
    for doc in make_records(n, days, level=level, features=features, releases=releases):
        batch.append(doc)
        if len(batch) == 5000:
            db[RECORDS].insert_many(batch, ordered=False)
            batch = []
    if batch:
        db[RECORDS].insert_many(batch, ordered=False)
    ensure_indexes(db)
    return time.perf_counter() - started


def point_at(uri: str) -> None:
    """Make the app (get_db, the cached handle, the cached reads) use `uri` from now on."""
    import streamlit as st

    from dashboard.common import database
    from settings import reset_settings
    from store.client import reset_client

    os.environ["MONGODB_URI"] = uri
    reset_settings()
    reset_client()
    database.clear()
    st.cache_data.clear()


def open_app(page: str, params: dict | None = None):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(APP, default_timeout=120)
    at.run()  # warm-up: imports, navigation, model warm-up thread started
    try:
        from dashboard.common import model_warmer
        model_warmer().join(timeout=300)  # keep the background model load out of the timings
    except Exception:
        pass
    at.switch_page(page)
    for name, value in (params or {}).items():  # a link's query parameters
        at.query_params[name] = value
    at.run()  # warm-up of the page itself
    return at


def check(at, page: str, min_metrics: int) -> None:
    if at.exception:
        raise RuntimeError(f"{page}: {[e.value for e in at.exception]}")
    if len(at.metric) < min_metrics:  # the page drew its KPI tiles, not an empty state
        raise RuntimeError(f"{page}: {len(at.metric)} metric tiles, expected {min_metrics}")


def time_interleaved(page: str, uris: dict[int, str], runs: int, min_metrics: int = 0,
                     params: dict | None = None) -> dict[int, dict]:
    """Time `page` against each database in turn, round after round, so that load from other
    work on the machine falls on every size alike. Per round and size: switch the app to that
    database, one untimed run (connection, caches), one timed warm run, then a timed cold run."""
    import streamlit as st

    apps, times = {}, {n: {"warm": [], "cold": []} for n in uris}
    for n, uri in uris.items():
        point_at(uri)
        apps[n] = open_app(page, params)
        check(apps[n], page, min_metrics)
    for _ in range(runs):
        for n, uri in uris.items():
            at = apps[n]
            point_at(uri)
            at.run()
            t = time.perf_counter()
            at.run()
            times[n]["warm"].append(time.perf_counter() - t)
            st.cache_data.clear()
            t = time.perf_counter()
            at.run()
            times[n]["cold"].append(time.perf_counter() - t)
            check(at, page, min_metrics)
    return {n: {"warm": statistics.median(v["warm"]), "cold": statistics.median(v["cold"]),
                "cold_max": max(v["cold"])} for n, v in times.items()}


def prepare(server, n: int, days: int, level: float = BASE_LEVEL) -> dict:
    """Fill a fresh server with n records and run the full aggregate once."""
    from jobs.runner import run_once
    from store.client import make_client

    uri = server.uri.rstrip("/") + "/bench"
    client = make_client(uri, timeout_ms=600_000)
    db = client["bench"]
    insert_s = fill(db, n, days, level)
    # The embedded server answers heartbeats slowly while it runs a long pipeline; with the
    # app's 3 s timeouts the driver then drops the pool and cancels the aggregate (seen at
    # 200k). The one-off full rebuild gets a client with patient timeouts; the page keeps the app's.
    t = time.perf_counter()
    ok = run_once(db, "aggregate", full=True)
    aggregate_s = time.perf_counter() - t
    client.close()
    if not ok:
        raise RuntimeError("the full aggregate failed; see the log above")
    return {"records": n, "uri": uri, "insert_s": insert_s, "aggregate_s": aggregate_s}


def machine() -> str:
    try:
        model = next(line.split(":", 1)[1].strip() for line in subprocess.run(
            ["lscpu"], capture_output=True, text=True).stdout.splitlines() if line.startswith("Model name"))
    except StopIteration:
        model = platform.processor() or "unknown CPU"
    return f"{os.cpu_count()} cores, {model}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 200_000])
    parser.add_argument("--days", type=int, default=90)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--level", type=float, default=BASE_LEVEL,
                        help="mean score level: 0.86 (default) ~79%% failing, 1.12 ~8%% failing")
    args = parser.parse_args()
    print(f"Machine: {machine()}; {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC; Python {platform.python_version()}")
    results = []
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        for n in args.sizes:
            server = stack.enter_context(EmbeddedServer(Path(tmp) / f"db_{n}", 0))
            res = prepare(server, n, args.days, args.level)
            results.append(res)
            print(f"  {n:,} records: insert {res['insert_s']:.1f} s, full aggregate {res['aggregate_s']:.1f} s",
                  flush=True)
        uris = {r["records"]: r["uri"] for r in results}
        for r, t in zip(results, time_interleaved("views/overview.py", uris, args.runs, min_metrics=9).values()):
            r["overview"] = t
        if (ROOT / "dashboard" / "views" / "triage.py").exists():
            try:
                for r, t in zip(results, time_interleaved("views/triage.py", uris, args.runs).values()):
                    r["triage"] = t
            except Exception as exc:  # report, don't abort
                print(f"  triage: {exc.__class__.__name__}: {str(exc)[:200]}", flush=True)
            day = (datetime.now(timezone.utc) - timedelta(days=3)).date().isoformat()
            for name, params in (("session", {"session": "chat_5"}),
                                 ("drill", {"feature": "chat", "start": day, "end": day, "metric": "faithfulness"})):
                try:
                    for r, t in zip(results, time_interleaved("views/triage.py", uris, args.runs,
                                                              params=params).values()):
                        r[name] = t
                except Exception as exc:  # report, don't abort
                    print(f"  {name}: {exc.__class__.__name__}: {str(exc)[:200]}", flush=True)
    print()
    pages = ("overview", "triage", "session", "drill")
    print("| records | insert + index (s) | full aggregate (s) | " + " | ".join(
        f"{name} warm (ms) | {name} cold (ms)" for name in ("Overview", "Triage", "Session view", "Drill-down"))
        + " |")
    print("|---:|---:|---:|" + "---:|" * 2 * len(pages))

    def cells(t: dict | None) -> str:
        return f"{t['warm']*1000:.0f} | {t['cold']*1000:.0f}" if t else "— | —"

    for r in results:
        print(f"| {r['records']:,} | {r['insert_s']:.1f} | {r['aggregate_s']:.1f} | "
              + " | ".join(cells(r.get(name)) for name in pages) + " |")
    if len(results) >= 2:
        small, big = results[0]["overview"], results[-1]["overview"]
        print(f"\nOverview cold ratio {results[-1]['records']:,} / {results[0]['records']:,}: "
              f"{big['cold'] / small['cold']:.2f}×; warm ratio {big['warm'] / small['warm']:.2f}×")


if __name__ == "__main__":
    main()
