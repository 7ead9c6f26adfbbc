"""Scores unchanged by redaction (issue 31), and the default demo free of false positives.

    python bench/bench_privacy.py [--per-feature 60] [--seed 7]

1. The default demo (`python -m jobs demo`: 90 days x 400 a day, seed 7): every text field of every
   payload is passed through the privacy stage; it must find nothing (the demo's legal text is not
   personal data), so its stored records — and their scores — are exactly those without the stage.
2. Scores with personal data in them: a sample of demo records (`--per-feature` per feature) gets a
   client's name, e-mail, mobile and Aadhaar in the question, a sentence in the answer that states
   them, and a chunk (last rank) that holds them in other spellings — as a legal assistant's logs do.
   Every local metric is scored (evaluators, fast mode) on those records as they came and after the
   stage (placeholders consistent between answer and chunk); the mean of each metric per feature
   must move by at most 0.02.
3. The noise floor (`--noise`): the same records given other made-up persons, scored as logged. The raw
   scores move with the particular values (an e-mail that repeats the name, a phone the chunk spells
   otherwise), so a difference below this spread cannot be asked of any placeholder.

The scorer reads a placeholder as one token equal only to itself, a number's placeholder as a number, and
the embedding model reads a fixed made-up stand-in value for it (evaluators/placeholders.py).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.privacy import Policy, detect, parse_terms, redact_record  # noqa: E402
from core.privacy.checksums import verhoeff_digit  # noqa: E402

NAMES = ("Ramesh Chandra Gupta", "Priya Venkataraman", "Sunita Devi", "Anil Kumar Yadav", "Harpreet Kaur Sandhu")
TERMS = parse_terms("\n".join(NAMES))
END = datetime(2026, 6, 1, tzinfo=timezone.utc)


def _texts(payload: dict) -> list[str]:
    out = [payload.get("query"), payload.get("answer"), payload.get("expected_output")]
    out += list(payload.get("context") or []) if isinstance(payload.get("context"), list) else []
    for metric in (payload.get("evaluation") or {}).values() if isinstance(payload.get("evaluation"), dict) else []:
        if isinstance(metric, dict):
            out.append(metric.get("reason"))
    return [t for t in out if isinstance(t, str)]


def demo_findings() -> tuple[int, int, list]:
    from demo.generate import iter_payloads
    records = findings = 0
    examples = []
    for payload in iter_payloads(90, 400, 7, END):
        records += 1
        for text in _texts(payload):
            found = detect(text)
            if found:
                findings += len(found)
                examples.append([(text[f.start:f.end], f.kind) for f in found][:3])
    return records, findings, examples[:5]


def _persona(rng: random.Random) -> dict:
    mobile = str(rng.randint(6, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(9))
    body = str(rng.randint(2, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(10))
    aadhaar = body + verhoeff_digit(body)
    name = rng.choice(NAMES)
    return {"name": name, "email": name.split()[0].lower() + f".{rng.randint(1, 99)}@gmail.com", "mobile": mobile,
            "aadhaar": aadhaar}


def with_personal_data(payload: dict, rng: random.Random, separate: bool = False) -> dict:
    """The client's details in the question, a sentence of the answer that states them, and the same
    values in the context: appended to the top chunk (the case file the product retrieved), or with
    `separate` as a chunk of their own at the last rank (nothing but personal data: the stress case)."""
    p = _persona(rng)
    m, a = p["mobile"], p["aadhaar"]
    record = f"Client record: {p['name']}, mobile {m[:5]}-{m[5:]}, e-mail {p['email']}, Aadhaar {a}."
    context = list(payload["context"])
    if separate or not context:
        context.append(record)
    else:
        context[0] = f"{context[0]} ({record})"
    return {
        **payload,
        "query": f"{payload['query']} I am {p['name']} (mobile +91 {m[:5]} {m[5:]}, e-mail {p['email']}).",
        "answer": f"{payload['answer']} Your record shows mobile {m[:5]}-{m[5:]} and Aadhaar {a}.",
        "context": context,
    }


def sample(per_feature: int, seed: int, separate: bool = False, persons_seed: int | None = None) -> list[dict]:
    """Demo records with personal data; `persons_seed` draws other persons for the same records."""
    from demo.generate import iter_payloads
    rng = random.Random(seed)
    by_feature: dict[str, list[dict]] = defaultdict(list)
    for payload in iter_payloads(30, 120, 7, END):
        feature = payload.get("feature")
        if isinstance(payload.get("answer"), str) and isinstance(payload.get("context"), list) and \
                isinstance(payload.get("query"), str) and len(by_feature[feature]) < per_feature * 3:
            by_feature[feature].append(payload)
    chosen = [p for feature, payloads in sorted(by_feature.items()) if feature in ("chat", "viability", "arguments",
              "clauses") for p in rng.sample(payloads, min(per_feature, len(payloads)))]
    persons = rng if persons_seed is None else random.Random(persons_seed)
    return [with_personal_data(p, persons, separate) for p in chosen]


def score_means(payloads: list[dict]) -> dict[str, dict[str, float]]:
    from evaluators.pipeline import score_many
    sums: dict[tuple[str, str], list[float]] = defaultdict(list)
    for start in range(0, len(payloads), 40):
        batch = payloads[start:start + 40]
        items = [{"id": str(i), "query": p["query"], "answer": p["answer"], "context": p["context"],
                  **({"expected_output": p["expected_output"]} if p.get("expected_output") else {})} for i, p in
                 enumerate(batch)]
        for payload, result in zip(batch, score_many(items, mode="fast")):
            for metric, value in (result.get("evaluation") or {}).items():
                if isinstance(value, dict) and isinstance(value.get("score"), (int, float)):
                    sums[(payload["feature"], metric)].append(float(value["score"]))
    out: dict[str, dict[str, float]] = defaultdict(dict)
    for (feature, metric), values in sums.items():
        out[feature][metric] = sum(values) / len(values)
    return out


def stage_cost(n: int = 3000) -> dict:
    """CPU time (process_time: little moved by other processes' load) per record of parsing (what ingest
    does anyway) and of the privacy stage, on bench_ingest.py's records with 1 in 10 carrying personal data."""
    import tempfile

    from bench.bench_ingest import add_personal_data, write_file
    from store.schema import parse_record
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "records.jsonl"
        write_file(path, n)
        add_personal_data(path, 0.1)
        payloads = [json.loads(line) for line in path.read_text().splitlines()]
    started = time.process_time()
    docs = [parse_record(p, {}, source="bench").doc for p in payloads]
    parse_s = time.process_time() - started
    policy = Policy("redact", TERMS)
    started = time.process_time()
    found = sum(1 for d in docs if redact_record(d, policy)[1])
    redact_s = time.process_time() - started
    return {"records": n, "with_personal_data": found, "parse_us": round(parse_s / n * 1e6, 1),
            "redact_us": round(redact_s / n * 1e6, 1), "load": round(os.getloadavg()[0], 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-feature", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--separate-chunk", action="store_true", help="the stress case: the personal data in a chunk "
                        "of their own instead of inside the top chunk")
    parser.add_argument("--skip-demo-scan", action="store_true")
    parser.add_argument("--noise", action="store_true", help="also score the same records with other persons, as "
                        "logged: how far the raw means move with the values alone")
    parser.add_argument("--cost", action="store_true", help="only: CPU time of the stage per record vs parsing")
    args = parser.parse_args()
    print(f"# {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, load {os.getloadavg()[0]:.1f}", flush=True)
    if args.cost:
        print(json.dumps(stage_cost()))
        return
    started = time.perf_counter()
    if not args.skip_demo_scan:
        records, findings, examples = demo_findings()
        print(json.dumps({"default_demo_records": records, "findings": findings, "examples": examples,
                          "seconds": round(time.perf_counter() - started, 1)}), flush=True)
    payloads = sample(args.per_feature, args.seed, args.separate_chunk, persons_seed=args.seed + 1)
    policy = Policy("redact", TERMS)
    redacted = [redact_record(p, policy)[0] for p in payloads]
    assert all("@" not in r["query"] for r in redacted)
    started = time.perf_counter()
    raw_means, red_means = score_means(payloads), score_means(redacted)
    other = score_means(sample(args.per_feature, args.seed, args.separate_chunk, persons_seed=args.seed + 2)) \
        if args.noise else None
    worst = noise = 0.0
    print("| feature | metric | as logged | redacted | difference |" + (" other persons, as logged | difference |"
          if other else "") + "\n|---|---|---:|---:|---:|" + ("---:|---:|" if other else ""))
    for feature in sorted(raw_means):
        for metric in sorted(raw_means[feature]):
            a, b = raw_means[feature][metric], red_means[feature].get(metric)
            if b is None:
                continue
            worst = max(worst, abs(a - b))
            row = f"| {feature} | {metric} | {a:.4f} | {b:.4f} | {b - a:+.4f} |"
            if other and metric in other.get(feature, {}):
                noise = max(noise, abs(other[feature][metric] - a))
                row += f" {other[feature][metric]:.4f} | {other[feature][metric] - a:+.4f} |"
            print(row)
    print(json.dumps({"records": len(payloads), "largest_difference": round(worst, 4),
                      "within_0_02": worst <= 0.02, **({"noise_floor": round(noise, 4)} if other else {}),
                      "seconds": round(time.perf_counter() - started, 1), "load": round(os.getloadavg()[0], 1)}),
          flush=True)


if __name__ == "__main__":
    main()
