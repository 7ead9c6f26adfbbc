"""`python -m jobs export-labels QUEUE_ID OUT.jsonl`: a labelled queue as a regression set.

Each line is what `python -m evaluators score --fail-under RATE` reads (`id`, `query`, `answer`,
`context`, `feature`) with the humans' labels kept (`label`, `relevancy`, `unsupported_claims`)
and the fields bench/bench_quality.py reads (`contexts`, `category`): the team's own answers gate a
release and measure the local scorer. Only records with a settled verdict are written.
"""
from __future__ import annotations

import json
import sys
from typing import IO

from store.client import get_db
from store.errors import ValidationFailed
from store.labels import export_rows


def write_jsonl(rows: list[dict], out: IO[str]) -> int:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False, default=str) + "\n")
    return len(rows)


def cmd_export_labels(args) -> int:
    try:
        rows = export_rows(get_db(), args.queue)
    except ValidationFailed as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.output == "-":
        n = write_jsonl(rows, sys.stdout)
    else:
        try:
            with open(args.output, "w", encoding="utf-8") as fh:
                n = write_jsonl(rows, fh)
        except OSError as exc:
            print(f"error: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
            return 2
    print(f"exported={n} queue={args.queue}", file=sys.stderr)
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("export-labels", help="write a labelled queue as JSONL (scoring CLI and quality bench input)")
    p.add_argument("queue", help="the queue's id (q_...)")
    p.add_argument("output", help="output file, or - for stdout")
    p.set_defaults(func=cmd_export_labels)
