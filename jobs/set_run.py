"""`python -m jobs run-set --set NAME[@V] --candidate OUT.jsonl --name "prompt v15" [--fail-under RATE]
[--no-worse-than RUN]`, `python -m jobs export-set NAME[@V] OUT.jsonl`, `python -m jobs import-set NAME IN.jsonl`.

A run scores every item of a golden set version with the candidate's answers (evaluators/set_run.py, the
local scorer; the judge too with --mode balanced|thorough where one is configured), stores the run
(store/sets.py: the dashboard's Sets and Compare pages show it), prints per feature the pass rate and
each metric's mean and pass rate with 95 % intervals, and the items whose verdict flipped against the
baseline run (--no-worse-than, else the set version's previous run, for information).

It lives here, not in `evaluators/`: it reads and writes the database, and evaluators/ never imports
store/ (tests/unit/architecture). `python -m evaluators run` says so and names this command.

Exit status (for CI): 2 when the set, the baseline or a file cannot be used; 1 when the candidate
misses items or lines, when the pass rate is below --fail-under, or when the candidate is worse than
the --no-worse-than run beyond noise on any feature x metric (Compare's rule: the 95 % interval
excludes 0 and the difference is at least 0.03 on a mean / 5 points on a pass rate, >= 20 items a side);
0 otherwise.
"""
from __future__ import annotations

import json
import sys
from datetime import datetime, timezone

from core import set_runs
from store.errors import ValidationFailed

CLI_USER = "cli"


def _db():
    from store.client import get_db
    from store.migrate import migrate

    db = get_db()
    migrate(db)  # the sets' indexes on a database no other command has prepared yet (idempotent)
    return db


def _fail(msg: str) -> int:
    print(f"error: {msg}", file=sys.stderr)
    return 2


def cmd_run_set(args) -> int:
    from evaluators.set_run import read_candidate, score_candidate
    from store import sets
    from store.thresholds import get_thresholds

    try:
        with open(args.candidate, "rb") as fh:
            candidate = read_candidate(fh)
    except OSError as exc:
        return _fail(f"cannot read candidate {args.candidate}: {exc.strerror or exc}")
    db = _db()
    try:
        version = sets.get_version(db, args.set)
    except ValidationFailed as exc:
        return _fail(str(exc))
    baseline = None
    if args.no_worse_than:
        baseline = sets.find_run(db, version["name"], args.no_worse_than)
        if baseline is None or baseline["set"] != version["name"]:
            return _fail(f"no run {args.no_worse_than!r} of set {version['name']}")
    judge = None
    if args.mode != "fast":
        from evaluators.judge import judge_from_settings
        judge = judge_from_settings()
        if judge is None:
            return _fail("no judge configured (OPENAI_BASE_URL): use --mode fast")
    items = sets.version_items(db, version)
    thresholds = get_thresholds(db)
    scorer = None
    if judge is not None:  # local first, the judge where it matters, within the day's budget (jobs/cascade.py)
        from jobs.cascade import CascadeScorer
        scorer = CascadeScorer(db, "set-run", thresholds=thresholds, judge=judge, mode=args.mode)
    results, problems = score_candidate(items, candidate, thresholds=thresholds, mode=args.mode, judge=judge,
                                        scorer=scorer)
    reference = baseline or _previous_run(db, version)
    report = set_runs.evaluate(results, reference["results"] if reference else None, fail_under=args.fail_under)
    gate = report["gate"]
    if baseline is None:  # the previous run's flips are shown for information: they decide nothing
        gate = set_runs.gate(results, fail_under=args.fail_under)
        report["gate"] = gate
    run = sets.save_run(db, version, name=args.name, user=args.user, results=results,
                        baseline=baseline["_id"] if baseline else None, mode=args.mode, problems=problems,
                        **set_runs.stored(report))
    against = (f" against {'baseline' if baseline else 'previous run'} {reference['_id']} ({reference['name']})"
               if reference else "")
    print(f"run {run['_id']} · {args.name} · {version['_id']} · {len(results)} items scored{against}")
    for line in set_runs.lines(report):
        print(line)
    for p in problems[:20]:
        print(f"problem: {p}", file=sys.stderr)
    return 1 if problems or not gate["passed"] else 0


def _previous_run(db, version: dict) -> dict | None:
    from store import sets
    for run in sets.list_runs(db, version["name"], limit=20):
        if run["version"] == version["version"]:
            return sets.get_run(db, run["_id"])
    return None


def cmd_export_set(args) -> int:
    from jobs.labels_export import write_jsonl
    from store import sets

    db = _db()
    try:
        version = sets.get_version(db, args.set)
    except ValidationFailed as exc:
        return _fail(str(exc))
    items = sets.version_items(db, version)
    rows = [sets.export_line(item) for item in items]
    if args.output == "-":
        write_jsonl(rows, sys.stdout)
    else:
        try:
            with open(args.output, "w", encoding="utf-8") as fh:
                write_jsonl(rows, fh)
        except OSError as exc:
            return _fail(f"cannot write {args.output}: {exc.strerror or exc}")
    print(f"exported={len(items)} set={version['_id']}", file=sys.stderr)
    return 0


def cmd_import_set(args) -> int:
    from store import sets

    now = datetime.now(timezone.utc)
    try:
        with open(args.input, "rb") as fh:
            items = [sets.item_from_line(json.loads(raw), user=args.user, now=now) for raw in fh if raw.strip()]
    except OSError as exc:
        return _fail(f"cannot read {args.input}: {exc.strerror or exc}")
    except (ValueError, ValidationFailed) as exc:
        return _fail(str(exc))
    try:
        version = sets.add_items(_db(), args.name, items, args.user, via="import", now=now)
    except ValidationFailed as exc:
        return _fail(str(exc))
    print(("unchanged: " if version.get("unchanged") else "new version ") + f"{version['_id']} items={version['count']}")
    return 0


def add_parser(sub) -> None:
    from evaluators.cli import rate_arg

    p = sub.add_parser("run-set", help="score a candidate's answers on a golden set, store the run, gate a release")
    p.add_argument("--set", required=True, help="NAME@VERSION (or NAME: its latest version)")
    p.add_argument("--candidate", required=True, help="JSON Lines: {id, answer, context?} per item")
    p.add_argument("--name", required=True, help="the run's name, e.g. 'prompt v15'")
    p.add_argument("--fail-under", type=rate_arg, default=None, metavar="RATE",
                   help="exit 1 when the share of items that pass is below RATE (0..1)")
    p.add_argument("--no-worse-than", default=None, metavar="RUN",
                   help="a run of the set (id, or name): exit 1 when worse than it beyond noise")
    p.add_argument("--mode", choices=("fast", "balanced", "thorough"), default="fast")
    p.add_argument("--user", default=CLI_USER, help="who ran it (stored with the run)")
    p.set_defaults(func=cmd_run_set)
    p = sub.add_parser("export-set", help="write a golden set version as JSONL (`evaluators score` input)")
    p.add_argument("set", help="NAME@VERSION or NAME")
    p.add_argument("output", help="output file, or - for stdout")
    p.set_defaults(func=cmd_export_set)
    p = sub.add_parser("import-set", help="add the lines of a JSONL file to a golden set (a new version)")
    p.add_argument("name", help="the set's name")
    p.add_argument("input", help="JSON Lines with id, query, answer, context, feature, expected_output?")
    p.add_argument("--user", default=CLI_USER)
    p.set_defaults(func=cmd_import_set)
