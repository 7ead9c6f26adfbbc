"""Ingest rate and peak memory: N records from a JSONL file into a fresh embedded server.

    python bench/bench_ingest.py [--sizes 20000 100000]

Runs `python -m jobs ingest FILE` as a child process (exactly what users run),
samples its RSS with psutil, and prints records/s and peak RSS per size. Memory
flat in the file size = the peak does not grow with N.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent

from store.server import EmbeddedServer  # noqa: E402

FEATURES = ("chat", "viability", "arguments", "clauses")


def write_file(path: Path, n: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    with path.open("w") as fh:
        for i in range(n):
            scores = {m: round(min(1, max(0, rng.gauss(0.85, 0.08))), 3)
                      for m in ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall")}
            overall = 0.35 * scores["faithfulness"] + 0.3 * scores["answer_relevancy"] + \
                0.2 * scores["contextual_precision"] + 0.15 * scores["contextual_recall"]
            rec = {
                "_id": f"eval_{seed}_{i}", "session_id": f"chat_{i % 997}",
                "query": f"What is the punishment under section {100 + i % 300} of the BNS?",
                "answer": "According to the section, the offence is punishable with imprisonment " * 3,
                "context": ["Section text about the offence and its punishment. " * 5] * 3,
                "evaluation": {**{m: {"score": s, "threshold": 0.7, "passed": s >= 0.7, "reason": "ok"}
                                  for m, s in scores.items()},
                               "overall_quality": {"score": round(overall, 3), "threshold": 0.75,
                                                   "passed": overall >= 0.75}},
                "regeneration_attempts": rng.choice((0, 0, 0, 0, 1)),
                "timestamp": (start + timedelta(seconds=30 * i)).isoformat().replace("+00:00", "Z"),
                "feature": FEATURES[i % 4],
            }
            fh.write(json.dumps(rec) + "\n")


def run(n: int, workdir: Path) -> dict:
    data_file = workdir / f"records_{n}.jsonl"
    write_file(data_file, n)
    with EmbeddedServer(workdir / f"db_{n}", 0) as server:
        env = {**os.environ, "MONGODB_URI": server.uri.rstrip("/") + "/bench"}
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "jobs", "ingest", str(data_file)], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        ps, peak = psutil.Process(proc.pid), 0
        while proc.poll() is None:
            try:
                peak = max(peak, ps.memory_info().rss)
            except psutil.NoSuchProcess:
                break
            time.sleep(0.05)
        elapsed = time.perf_counter() - started
        out = proc.stdout.read().strip()
    return {"records": n, "seconds": round(elapsed, 1), "records_per_s": round(n / elapsed),
            "peak_rss_mb": round(peak / 2**20), "file_mb": round(data_file.stat().st_size / 2**20, 1),
            "summary": out.splitlines()[-1] if out else ""}


def _ingest(data_file: Path, db_dir: Path, extra_env: dict | None = None) -> tuple[float, int, str]:
    with EmbeddedServer(db_dir, 0) as server:
        env = {**os.environ, "MONGODB_URI": server.uri.rstrip("/") + "/bench", **(extra_env or {})}
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "jobs", "ingest", str(data_file)], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        ps, peak = psutil.Process(proc.pid), 0
        while proc.poll() is None:
            try:
                peak = max(peak, ps.memory_info().rss)
            except psutil.NoSuchProcess:
                break
            time.sleep(0.05)
        elapsed = time.perf_counter() - started
        out = proc.stdout.read().strip()
    return elapsed, peak, out.splitlines()[-1] if out else ""


def run_mixed(total_mb: int, workdir: Path) -> list[dict]:
    """The same ~total_mb of records as JSON Lines and as one JSON array: many ordinary records
    plus a few with an 8 MB answer (long strings are what made array ingest slow and large)."""
    small = workdir / "small.jsonl"
    write_file(small, max(1000, (total_mb - 40) * 1024 * 1024 // 1100))
    rows = small.read_text().splitlines()
    long_answer = "A long answer that goes on and on about the section and its punishment. " * 115_000  # ~8 MB
    for k in range(5):
        rec = json.loads(rows[k])
        rec["_id"], rec["answer"] = f"long_{k}", long_answer
        rows.insert(len(rows) * (k + 1) // 6, json.dumps(rec))
    lines, array = workdir / "mixed.jsonl", workdir / "mixed.json"
    lines.write_text("\n".join(rows) + "\n")
    array.write_text("[\n" + ",\n".join(rows) + "\n]\n")
    out = []
    for path in (lines, array):
        elapsed, peak, summary = _ingest(path, workdir / f"db_{path.suffix}")
        out.append({"file": path.name, "file_mb": round(path.stat().st_size / 2**20, 1), "records": len(rows),
                    "seconds": round(elapsed, 1), "peak_rss_mb": round(peak / 2**20), "summary": summary})
    return out


def add_personal_data(path: Path, share: float, seed: int = 31) -> int:
    """Put a client's e-mail, mobile and Aadhaar into `share` of the records (question, answer and a chunk)."""
    rng = random.Random(seed)
    rows, changed = path.read_text().splitlines(), 0
    for i, row in enumerate(rows):
        if rng.random() < share:
            rec = json.loads(row)
            mobile = f"9{rng.randint(100000000, 999999999)}"
            rec["query"] += f" I am ravi{i}@gmail.com, mobile +91 {mobile[:5]} {mobile[5:]}."
            rec["answer"] += f" We will call you on {mobile}; Aadhaar 2345 6789 0124 is on file."
            rec["context"] = [*rec["context"], f"Client: ravi{i}@gmail.com, {mobile[:5]}-{mobile[5:]}, UID 234567890124."]
            rows[i], changed = json.dumps(rec), changed + 1
    path.write_text("\n".join(rows) + "\n")
    return changed


def run_privacy_ab(n: int, rounds: int, share: float, workdir: Path) -> list[dict]:
    """Ingest the same file with the privacy stage off and on (redact), alternating, `rounds` each."""
    data_file = workdir / f"privacy_{n}.jsonl"
    write_file(data_file, n)
    personal = add_personal_data(data_file, share)
    out = []
    for r in range(rounds):
        for mode in (("off", "redact") if r % 2 == 0 else ("redact", "off")):
            elapsed, peak, summary = _ingest(data_file, workdir / f"db_{mode}_{r}", {"EVALBOARD_PRIVACY": mode})
            out.append({"mode": mode, "round": r, "records": n, "with_personal_data": personal,
                        "seconds": round(elapsed, 2), "records_per_s": round(n / elapsed),
                        "load": round(os.getloadavg()[0], 1), "summary": summary})
            print(json.dumps(out[-1]), flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="*", default=[20_000, 100_000])
    parser.add_argument("--mixed-mb", type=int, default=0,
                        help="instead: ingest a mixed file of about this many MB as JSONL and as an array")
    parser.add_argument("--privacy-ab", type=int, default=0,
                        help="instead: ingest this many records with EVALBOARD_PRIVACY=off and =redact, alternating")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--personal-share", type=float, default=0.1,
                        help="--privacy-ab: share of the records that carry personal data")
    args = parser.parse_args()
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    print(f"# {datetime.now(timezone.utc):%Y-%m-%d} {platform.node()} {os.cpu_count()} cores {cpu}")
    with tempfile.TemporaryDirectory() as tmp:
        if args.privacy_ab:
            rows = run_privacy_ab(args.privacy_ab, args.rounds, args.personal_share, Path(tmp))
            best = {m: max(r["records_per_s"] for r in rows if r["mode"] == m) for m in ("off", "redact")}
            print(json.dumps({"best_records_per_s": best, "redact_share_of_off": round(best["redact"] / best["off"], 3)}))
            return
        if args.mixed_mb:
            for row in run_mixed(args.mixed_mb, Path(tmp)):
                print(json.dumps(row), flush=True)
            return
        for n in args.sizes:
            print(json.dumps(run(n, Path(tmp))), flush=True)


if __name__ == "__main__":
    main()
