"""Timing of a golden-set run (issue 30): `python -m jobs run-set` on a 2,000-item set, end to end.

A fresh embedded server; a 2,000-item set imported from tests/data/rag_cases.jsonl (each case repeated
under new ids, over four features); a candidate answering every item; then `run-set` twice in a
subprocess as CI calls it: the baseline, and a candidate against it (--no-worse-than), each timed from
process start to exit (model load, read, score, compare, store, print). Run: `python -m bench.bench_set_run
[--cold]`. The set repeats 340 cases, so the embedding cache serves most texts after the first 340 items;
`--cold` turns the cache off in the runs (EVALBOARD_EMBED_CACHE=0: only texts repeated within one 64-item
batch are encoded once), the cost of 2,000 distinct items.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from store.server import EmbeddedServer  # noqa: E402

N_ITEMS = 2_000
FEATURES = ("chat", "viability", "arguments", "clauses")


COLD = "--cold" in sys.argv[1:]


def _jobs(uri: str, *args: str) -> tuple[float, subprocess.CompletedProcess]:
    t0 = time.perf_counter()
    env = {**os.environ, "MONGODB_URI": uri, "HF_HUB_OFFLINE": "1", **({"EVALBOARD_EMBED_CACHE": "0"} if COLD else {})}
    done = subprocess.run([sys.executable, "-m", "jobs", *args], cwd=REPO, capture_output=True, text=True, env=env,
                          timeout=1800)
    return time.perf_counter() - t0, done


def main() -> None:
    print(f"load: {os.getloadavg()}; {os.cpu_count()} CPUs; cache {'off' if COLD else 'on'}")
    cases = [json.loads(x) for x in (REPO / "tests" / "data" / "rag_cases.jsonl").read_text().splitlines() if x.strip()]
    items = [{"id": f"item{i}", "query": c["query"], "answer": c["answer"], "context": c["contexts"],
              "feature": FEATURES[i % len(FEATURES)]} for i, c in ((i, cases[i % len(cases)]) for i in range(N_ITEMS))]
    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedServer(Path(tmp), 0, log_path=str(Path(tmp) / "server.log"))
        uri = server.start().rstrip("/") + "/bench_sets"
        try:
            set_file, cand = Path(tmp) / "set.jsonl", Path(tmp) / "cand.jsonl"
            set_file.write_text("".join(json.dumps(x) + "\n" for x in items))
            cand.write_text("".join(json.dumps({"id": x["id"], "answer": x["answer"]}) + "\n" for x in items))
            seconds, done = _jobs(uri, "import-set", "bench-golden", str(set_file))
            print(f"import-set {N_ITEMS} items: {seconds:.1f} s ({done.stdout.strip()})")
            seconds, done = _jobs(uri, "run-set", "--set", "bench-golden@1", "--candidate", str(cand), "--name", "base")
            run_id = done.stdout.split()[1]
            print(f"run-set baseline: {seconds:.1f} s, exit {done.returncode}, {N_ITEMS / seconds:.0f} items/s")
            seconds, done = _jobs(uri, "run-set", "--set", "bench-golden@1", "--candidate", str(cand), "--name", "cand",
                                  "--no-worse-than", run_id)
            print(f"run-set against the baseline: {seconds:.1f} s, exit {done.returncode}, "
                  f"{N_ITEMS / seconds:.0f} items/s")
            print(done.stdout.splitlines()[-1], done.stderr[-500:])
        finally:
            server.stop()
    print(f"load: {os.getloadavg()}; cache {'off' if COLD else 'on'}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")


if __name__ == "__main__":
    main()
