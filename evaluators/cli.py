"""`python -m evaluators score --input IN.jsonl --output OUT.jsonl [--mode fast|balanced|thorough]
[--feature chat] [--fallback-fast] [--batch-size 64] [--details] [--fail-under RATE] [--progress-every S]`
`python -m evaluators export-model [--force]`
`python -m evaluators run ...`: a golden-set run needs the database, which evaluators/ never reads: it is
`python -m jobs run-set` (jobs/set_run.py); this subcommand says so and exits 2.

One output line per non-blank input line, in order; a line that cannot be scored gives
{"id"?, "line", "error": "line N: ..."} in its place and the same on stderr. The last stderr line is
`scored=N errors=K seconds=S passed=P pass_rate=R`. Exit status (for CI): 2 when the input cannot be
read, the output cannot be written or no judge is configured for balanced/thorough; 1 when any line
failed, or when --fail-under RATE is given and the share of scored lines that pass (core.verdict)
is below RATE; 0 otherwise. Input schema: README "Scoring from the command line".
Only this module reads settings (for the judge).
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from . import limits

CONTRACT_KEYS = ("mode", "evaluation", "verdict", "hallucination_score", "latency_ms")
FIRST_BATCH = 1  # batches grow 1, 2, 4 ... --batch-size, so the first result comes at once
MAX_STDERR_ERRORS = 50  # error lines echoed on stderr; the output file has every one


class PathError(Exception):
    """An input or output path that cannot be used: one line on stderr, exit 2."""


def _parse(raw: bytes):
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, f"not UTF-8 text (byte {exc.start + 1})"
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        return None, f"invalid JSON: {exc.msg} at column {exc.colno}"
    except RecursionError:  # like ingest: that line's error, the rest of the batch goes on
        return None, "JSON nested too deeply to read"
    if not isinstance(obj, dict):
        return None, "line is not a JSON object"
    try:
        too_large = limits.record_problem(obj)  # refused before scoring: bounded work per line
    except RecursionError:
        return None, "JSON nested too deeply to read"
    return obj, too_large  # the object comes back too, so its error line keeps its id


def _open_input(path: str):
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        raise PathError(f"cannot read input {path}: {exc.strerror or exc}") from None


def _open_output(path: str):
    if path == "-":
        return sys.stdout
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise PathError(f"cannot write output {path}: {exc.strerror or exc}") from None


def _count_lines(path: str) -> int | None:
    if path == "-":
        return None
    try:
        with open(path, "rb") as fh:
            return sum(1 for raw in fh if raw.strip())
    except OSError:
        return None


class Run:
    """Counts, the progress line and the summary of one `score` run."""

    def __init__(self, total: int | None, progress_every: float):
        self.t0 = self.last_progress = time.perf_counter()
        self.total, self.progress_every = total, progress_every
        self.scored = self.errors = self.passed = self.done = 0

    def error(self, lineno: int, rid, msg: str) -> dict:
        self.errors += 1
        if self.errors <= MAX_STDERR_ERRORS:
            print(f"line {lineno}" + (f" (id {rid})" if rid is not None else "") + f": {msg}", file=sys.stderr)
        elif self.errors == MAX_STDERR_ERRORS + 1:
            print("... more error lines are in the output only", file=sys.stderr)
        return {"id": rid, "line": lineno, "error": f"line {lineno}: {msg}"}

    def progress(self) -> None:
        now = time.perf_counter()
        if self.progress_every < 0 or now - self.last_progress < self.progress_every:
            return
        self.last_progress = now
        of = f" of {self.total}" if self.total else ""
        rate = self.done / max(now - self.t0, 1e-9)
        print(f"progress: {self.done}{of} lines, scored={self.scored} errors={self.errors} "
              f"({rate:.1f} lines/s)", file=sys.stderr, flush=True)

    @property
    def pass_rate(self) -> float | None:
        return self.passed / self.scored if self.scored else None

    def summary(self) -> str:
        rate = "n/a" if self.pass_rate is None else f"{self.pass_rate:.4f}"
        return (f"scored={self.scored} errors={self.errors} seconds={time.perf_counter() - self.t0:.2f} "
                f"passed={self.passed} pass_rate={rate}")


def _output_line(obj: dict, res: dict, details: bool) -> dict:
    out = {"id": obj.get("id"), **{k: res[k] for k in CONTRACT_KEYS}}
    if out["hallucination_score"] is None:
        # no score, as the dashboard shows "—": no context to check against, or no checkable claim (a bare
        # "yes", an empty answer, only sentences about the context); why is said in its own field
        why = ((res.get("evaluation") or {}).get("faithfulness") or {}).get("reason") or "no claims"
        why = "no checkable claims in the answer" if why == "no claims" else why
        out["hallucination_note"] = f"{why}: no hallucination score"
    if details:
        out.update({k: res[k] for k in res if k not in out})
    return out


def score(args) -> int:
    from .judge import JudgeNotConfigured, judge_from_settings

    fin = _open_input(args.input)  # paths first: a typo fails in milliseconds, before the model loads
    try:
        fout = _open_output(args.output)
    except PathError:
        if fin is not sys.stdin.buffer:
            fin.close()
        raise
    try:
        judge = None
        if args.mode != "fast":
            judge = judge_from_settings()
            if judge is None and not args.fallback_fast:
                print(f"error: {JudgeNotConfigured()}", file=sys.stderr)
                return 2
            if judge is None:
                print("warning: no judge configured; scoring in fast mode (--fallback-fast)", file=sys.stderr)
        from . import pipeline

        run = Run(_count_lines(args.input) if args.progress_every >= 0 else None, args.progress_every)
        _score_lines(fin, fout, args, judge, run, pipeline.score_many)
    finally:
        if fin is not sys.stdin.buffer:
            fin.close()
        if fout is not sys.stdout:
            fout.close()
    return _status(run, args.fail_under)


def _score_lines(fin, fout, args, judge, run: Run, score_many) -> None:
    """The input's lines scored in batches (FIRST_BATCH lines, doubling up to --batch-size), each batch's
    output lines written in input order."""
    batch: list = []  # (lineno, obj or None, error or None)
    size = FIRST_BATCH
    for lineno, raw in enumerate(fin, start=1):
        if not raw.strip():
            continue
        batch.append((lineno, *_parse(raw)))
        if len(batch) >= size:
            _flush(batch, fout, args, judge, run, score_many)
            size = min(size * 2, args.batch_size)
    if batch:
        _flush(batch, fout, args, judge, run, score_many)


def _flush(batch: list, fout, args, judge, run: Run, score_many) -> None:
    """One batch scored: a line per input line (its result or its error), then progress; `batch` emptied."""
    items = [obj for _, obj, err in batch if err is None]
    results = iter(score_many(items, mode=args.mode, judge=judge, fallback_to_fast=args.fallback_fast,
                              feature=args.feature) if items else [])
    for lineno, obj, err in batch:
        if err is not None:
            out = run.error(lineno, obj.get("id") if obj else None, err)
        else:
            res = next(results)
            if "error" in res:
                out = run.error(lineno, obj.get("id"), res["error"])
            else:
                out = _output_line(obj, res, args.details)
                run.scored += 1
                run.passed += res["verdict"]["passed"] is True
        run.done += 1
        fout.write(json.dumps(out, ensure_ascii=False) + "\n")
    fout.flush()
    batch.clear()
    run.progress()


def _status(run: Run, fail_under: float | None) -> int:
    """The exit status: 1 when a line failed or the pass rate is under --fail-under (said on stderr), else 0;
    the run's summary printed on stderr."""
    status = 1 if run.errors else 0
    if fail_under is not None:
        rate = run.pass_rate
        if rate is None or rate < fail_under:
            shown = "n/a (no scored lines)" if rate is None else f"{rate:.4f}"
            print(f"fail-under: pass rate {shown} is below {fail_under}", file=sys.stderr)
            status = 1
    print(run.summary(), file=sys.stderr)
    return status


def export_model(args) -> int:
    from . import onnx_export

    files = onnx_export.ensure_exported(force=args.force)
    print(f"ONNX model ready: {files['onnx'].parent}", file=sys.stderr)
    return 0


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be within 0..1, got {text}")
    return value


rate_arg = _rate  # the same check for `python -m jobs run-set --fail-under`


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be >= 1")
    return value


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evaluators")
    sub = ap.add_subparsers(dest="command", required=True)
    sc = sub.add_parser("score", help="score a JSON Lines file (schema: README, 'Scoring from the command line')")
    sc.add_argument("--input", required=True, help="JSON Lines input ('-' = stdin)")
    sc.add_argument("--output", required=True, help="JSON Lines output ('-' = stdout)")
    sc.add_argument("--mode", choices=("fast", "balanced", "thorough"), default="fast")
    sc.add_argument("--feature", default=None, help="feature for thresholds when a record has none")
    sc.add_argument("--fallback-fast", action="store_true", help="without a judge, score balanced/thorough as fast")
    sc.add_argument("--batch-size", type=_positive, default=64)
    sc.add_argument("--details", action="store_true", help="also write details/extra_metrics/retrieval/judge_usage")
    sc.add_argument("--fail-under", type=_rate, default=None, metavar="RATE",
                    help="exit 1 when the share of scored lines that pass is below RATE (0..1)")
    sc.add_argument("--progress-every", type=float, default=5.0, metavar="SECONDS",
                    help="a progress line on stderr at most this often (default 5; negative = never)")
    ex = sub.add_parser("export-model", help="export the embedding model to ONNX under .models/ (install step)")
    ex.add_argument("--force", action="store_true", help="export again even if the files exist")
    rn = sub.add_parser("run", help="golden-set runs are `python -m jobs run-set` (they need the database)")
    rn.add_argument("rest", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    if args.command == "run":
        print("error: a golden-set run reads and stores the set in the database: run it as "
              "`python -m jobs run-set " + " ".join(args.rest) + "` (README, 'Golden sets in CI')", file=sys.stderr)
        return 2
    try:
        return score(args) if args.command == "score" else export_model(args)
    except PathError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
