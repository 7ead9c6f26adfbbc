"""Issue 28's "as a new user would" check on our own labelled sets: answers with no scores ingested as new
features, scored by the product's own score job, then read back the way Triage reads them.

python bench/bench_judge_product.py [--now 2026-03-02T12:00:00Z] [--days 3] [--halueval-n 600] [--show 5]
                                    [--env EVALBOARD_RULES_ON=added_phrase] [--json OUT.json] [--keep DIR | --reuse DIR]

Each set becomes one JSON Lines evaluation-log file (id, query, answer, context, timestamp, feature; no
`evaluation`), one new feature per set, timestamps spread over the `--days` days before `--now`. A fresh
embedded server in a temp folder; then, each as a subprocess and timed, as a new user would type them:
`python -m jobs ingest FILE` per file and `python -m jobs run-once score` (Triage reads the records
themselves: adopt is for records written straight into the collection, aggregate for the charts).

Triage as its page reads it (dashboard/components/triage_filters.render_filters' defaults, data.records_page ->
store.triage.list_records): the period of DEFAULT_DAYS days ending on the newest record's day, the set's
feature, only failing records on, overall-score range 0..1, sort "faithfulness" lowest first, pages of
PAGE_SIZE; the first 50 rows (pages 1 and 2) and the first min(50, n/4). Every record's verdict (eb.passed,
eb.failed_metrics), stored scores and stored hallucination score are read through the same list with "only
failing" off. Sets (bench/bench_judge.py `load`): web (tests/data/web_cases.jsonl, one feature "webqa", one
file per split, so a split is Triage's source filter), rag (tests/data/rag_cases.jsonl, "ragqa"), halueval
(a fixed sample of ../shared/data/halueval_qa_dev.jsonl, seed 0, "halueval").

Reported per set: n, hallucinated, Triage hits, failing, precision/recall/F1 of "failing" for "hallucinated";
AUROC of the stored faithfulness (lower = hallucinated) and of the stored hallucination score; which metrics
failed each faithful record that fails (the false-alarm causes); what-if verdicts computed with core.verdict from
the stored scores, exactly as the product would judge them (WHAT_IF: thresholds an admin can set per feature, a
verdict of faithfulness alone, and a proposal); and the figures read at issue 28's prevalence (27 % hallucinated,
records reweighted), since our sets are half hallucinated. --keep DIR keeps the files and the database, --reuse
DIR reads them again without ingesting or scoring.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import bench_judge as BJ  # noqa: E402
from core import metrics  # noqa: E402
from core.verdict import limits_for, overall_quality, verdict  # noqa: E402
from store.client import make_client  # noqa: E402
from store.server import EmbeddedServer  # noqa: E402
from store.thresholds import get_thresholds  # noqa: E402
from store.triage import MAX_PAGE_SIZE, PAGE_SIZE, latest_day, list_records  # noqa: E402
from store.triage_filter import TriageFilter  # noqa: E402

QUIET_LOCK = Path("/tmp/quiet.lock")
TRIAGE_DAYS = 7  # dashboard/components/triage_filters.DEFAULT_DAYS (the dashboard is not imported here)
TOP = 50
# what-if verdicts, each computed with core.verdict from the stored scores: {name: the feature's thresholds changed
# as an admin can (0 = that metric never fails a record), or SHORT_NO_RELEVANCY}
SHORT_NO_RELEVANCY = "short answers: no local relevancy"
WHAT_IF: dict[str, dict[str, float] | str] = {
    "contextual_precision off": {"contextual_precision": 0.0},
    "answer_relevancy off": {"answer_relevancy": 0.0},
    "answer_relevancy + overall off": {"answer_relevancy": 0.0, "overall_quality": 0.0},
    "faithfulness 0.85": {"faithfulness": 0.85},
    "faithfulness 0.90": {"faithfulness": 0.90},
    "faithfulness alone": {m: 0.0 for m in metrics.score_names() if m != "faithfulness"},
    # the proposal: an answer of <= 4 content words (the scorer's own short-answer path, marked by
    # details.answer_relevancy.short_answer_responsiveness) gets no local relevancy score, overall recomputed
    SHORT_NO_RELEVANCY: SHORT_NO_RELEVANCY,
}
PREVALENCE = 0.27  # the share hallucinated in issue 28's independent set (160 of 600)
ISSUE_N = 600  # its size: Triage's first 50 are its lowest 50 / 600 of the ranking
# (view name, feature, the Triage source filter: None = every file of the feature)
FILES = {"webqa_dev": ("web_dev", "webqa"), "webqa_held": ("web_held", "webqa"), "ragqa": ("rag", "ragqa"),
         "halueval": ("halueval", "halueval"), "web2": ("web2", "webtwo"), "webthree_dev": ("web3_dev", "webthree"),
         "webthree_held": ("web3_held", "webthree"), "webfour_dev": ("web4_dev", "webfour"),
         "webfour_held": ("web4_held", "webfour"), "webfive_dev": ("web5_dev", "webfive"),
         "webfive_held": ("web5_held", "webfive"),
         "websix_dev": ("web6_dev", "websix"), "websix_held": ("web6_held", "websix")}
VIEWS = (("web (both splits)", "webqa", None), ("web dev", "webqa", "evallog:webqa_dev.jsonl"),
         ("web held-out", "webqa", "evallog:webqa_held.jsonl"), ("rag", "ragqa", None),
         ("halueval", "halueval", None), ("web2 (held-out)", "webtwo", None), ("web3 (both splits)", "webthree", None),
         ("web3 dev", "webthree", "evallog:webthree_dev.jsonl"),
         ("web3 held-out", "webthree", "evallog:webthree_held.jsonl"), ("web4 (both splits)", "webfour", None),
         ("web4 dev", "webfour", "evallog:webfour_dev.jsonl"), ("web4 held-out", "webfour", "evallog:webfour_held.jsonl"),
         ("web5 (both splits, 27 % hallucinated)", "webfive", None),
         ("web6 (both splits, 27 % hallucinated)", "websix", None))
PROJECTION = {"eb.scores": 1, "eb.passed": 1, "eb.failed_metrics": 1, "source": 1, "feature": 1,
              "rescored.hallucination_score": 1, "rescored.evaluation": 1,
              "rescored.details.answer_relevancy.short_answer_responsiveness": 1}


def wait_quiet() -> None:
    while QUIET_LOCK.exists():
        time.sleep(30)


def write_sets(folder: Path, now: datetime, days: float, halueval_n: int, write: bool = True) -> dict[str, dict]:
    """One import file per FILES entry (no scores); {record id: {hallucinated, query, answer, ...}}."""
    truth: dict[str, dict] = {}
    for stem, (name, feature) in FILES.items():
        rows = BJ.load(name, halueval_n)
        lines = []
        for i, r in enumerate(rows):
            rid = f"{stem}-{r['id']}"
            ts = now - timedelta(seconds=days * 86400 * (i + 0.5) / len(rows))
            lines.append(json.dumps({"id": rid, "query": r["query"], "answer": r["answer"], "context": r["context"],
                                     "timestamp": ts.strftime("%Y-%m-%dT%H:%M:%SZ"), "feature": feature}))
            truth[rid] = {**r, "id": rid}
        if write:
            (folder / f"{stem}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return truth


def cli(uri: str, env_extra: dict, *args: str) -> tuple[float, str]:
    wait_quiet()
    env = {**os.environ, "MONGODB_URI": uri, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           "OMP_WAIT_POLICY": "PASSIVE", **env_extra}
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "jobs", *args], cwd=REPO, capture_output=True, text=True, env=env,
                          timeout=3600)
    seconds = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"jobs {' '.join(args)} exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return seconds, (done.stdout.strip().splitlines() or [""])[-1]


def load_and_score(uri: str, env_extra: dict, folder: Path, n: int) -> None:
    for stem in FILES:
        seconds, line = cli(uri, env_extra, "ingest", str(folder / f"{stem}.jsonl"))
        print(f"ingest {stem}.jsonl: {seconds:.1f} s ({line})", flush=True)
    seconds, line = cli(uri, env_extra, "run-once", "score")
    print(f"run-once score, {n} records: {seconds:.1f} s, {n / seconds:.1f} records/s from process start ({line}); "
          f"load {os.getloadavg()[0]:.2f}", flush=True)


def triage_filter(db, feature: str, source: str | None, only_failing: bool) -> TriageFilter:
    """render_filters' defaults: the last DEFAULT_DAYS days to the newest record's day, overall 0..1, no search."""
    end = latest_day(db)
    return TriageFilter.checked(start=end - timedelta(days=TRIAGE_DAYS - 1), end=end, feature=feature, metric=None,
                                status=None, score_min=0.0, score_max=1.0, search="", only_failing=only_failing,
                                source=source, session=None, disagree=None, flaky=False)


def triage_first(db, feature: str, source: str | None, n: int) -> list[str]:
    """The ids of the first `n` rows Triage shows (its pages of PAGE_SIZE), lowest faithfulness first."""
    query = triage_filter(db, feature, source, True).query()
    ids: list[str] = []
    for page in range(-(-n // PAGE_SIZE)):
        ids += [str(d["_id"]) for d in list_records(db, query, "faithfulness", page, PAGE_SIZE, descending=False)]
    return ids[:n]


def every_record(db, feature: str, source: str | None) -> list[dict]:
    query = triage_filter(db, feature, source, False).query()
    docs: list[dict] = []
    page = 0
    while batch := list_records(db, query, "timestamp", page, MAX_PAGE_SIZE, projection=PROJECTION):
        docs += batch
        page += 1
    return docs


def prf(pred: np.ndarray, y: np.ndarray) -> tuple[int, float, float, float, float]:
    """(failing, precision, recall, F1, precision at PREVALENCE: the same recall and false-alarm rate on a set
    where PREVALENCE of the records are hallucinated)."""
    tp = int((pred & y).sum())
    p = tp / pred.sum() if pred.sum() else float("nan")
    r = tp / y.sum() if y.sum() else float("nan")
    f = 2 * p * r / (p + r) if p + r else float("nan")
    fpr = (pred & ~y).sum() / (~y).sum() if (~y).sum() else float("nan")
    at = r * PREVALENCE / (r * PREVALENCE + fpr * (1 - PREVALENCE)) if r * PREVALENCE + fpr else float("nan")
    return int(pred.sum()), p, r, f, at


def fails_if(doc: dict, feature: str, thresholds: dict, change: dict[str, float] | str) -> bool:
    scores = dict(doc["eb"]["scores"])
    table = thresholds
    if change == SHORT_NO_RELEVANCY:
        details = ((doc.get("rescored") or {}).get("details") or {}).get("answer_relevancy") or {}
        if details.get("short_answer_responsiveness") is not None:
            scores["answer_relevancy"] = None
            scores["overall_quality"] = overall_quality(scores)
    else:
        table = {**thresholds, feature: {**limits_for(thresholds, feature), **change}}
    return verdict(feature, scores, table).passed is False


def reweighted(faith: np.ndarray, failing: np.ndarray, y: np.ndarray) -> dict:
    """Triage's order (failing records by faithfulness, lowest and missing first) read as if PREVALENCE of the
    records were hallucinated (faithful and hallucinated records reweighted): the expected hallucinated among
    the first TOP of ISSUE_N records; and over every faithfulness cut (a missing faithfulness never flags) the
    best precision at recall >= 0.65 and the best recall at precision >= 0.65 (issue 28's target)."""
    def curve(key: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        order = np.argsort(key, kind="mergesort")
        ys = y[order]
        tpr = np.cumsum(ys) / max(1, ys.sum())
        depth = tpr * PREVALENCE + np.cumsum(~ys) / max(1, (~ys).sum()) * (1 - PREVALENCE)
        prec = np.divide(tpr * PREVALENCE, depth, out=np.zeros_like(depth), where=depth > 0)
        cut = np.r_[key[order][1:] != key[order][:-1], True]
        return tpr, depth, prec, cut

    _, depth, prec, _ = curve(np.where(failing, np.nan_to_num(faith, nan=-1.0), 2.0 + np.nan_to_num(faith, nan=-1.0)))
    k = min(int(np.searchsorted(depth, TOP / ISSUE_N)), len(y) - 1)
    tpr, _, prec_cut, cut = curve(np.nan_to_num(faith, nan=2.0))
    at_r = prec_cut[cut & (tpr >= 0.65)]
    at_p = tpr[cut & (prec_cut >= 0.65)]
    return {"top": TOP * float(prec[k]), "p_at_r65": float(at_r.max()) if len(at_r) else float("nan"),
            "r_at_p65": float(at_p.max()) if len(at_p) else 0.0}


def first_rows(docs: list[dict], failing: np.ndarray, n: int) -> list[str]:
    """Triage's order (store.triage_clauses.sort_spec "faithfulness" ascending: a missing score first, then
    _id) over the failing records."""
    rows = [d for d, f in zip(docs, failing) if f]
    rows.sort(key=lambda d: (d["eb"]["scores"].get("faithfulness") is not None,
                             d["eb"]["scores"].get("faithfulness") or 0.0, str(d["_id"])))
    return [str(d["_id"]) for d in rows[:n]]


def analyse(name: str, feature: str, source: str | None, docs: list[dict], top_ids: list[str], thresholds: dict,
            truth: dict[str, dict]) -> dict:
    y = np.array([truth[str(d["_id"])]["hallucinated"] for d in docs])
    failing = np.array([d["eb"].get("passed") is False for d in docs])
    scores = [d["eb"].get("scores") or {} for d in docs]
    faith = np.array([np.nan if s.get("faithfulness") is None else s["faithfulness"] for s in scores])
    hall = np.array([np.nan if (d.get("rescored") or {}).get("hallucination_score") is None
                     else d["rescored"]["hallucination_score"] for d in docs])
    limit = float(limits_for(thresholds, feature)["faithfulness"])
    n = len(docs)
    k = min(TOP, n // 4)
    hits = [truth[i]["hallucinated"] for i in top_ids]
    by_id = {str(d["_id"]): d for d in docs}
    res = {"set": name, "source": source, "n": n, "hallucinated": int(y.sum()), "top50": sum(hits[:TOP]), "top50_n": len(hits[:TOP]),
           "topk": sum(hits[:k]), "k": k, "verdict": prf(failing, y),
           "what_if": {}, "sim_matches": first_rows(docs, failing, TOP) == list(top_ids[:TOP]),
           "no_faith": int(np.isnan(faith).sum()), "no_faith_failing": int((np.isnan(faith) & failing).sum()),
           "no_faith_halluc": int((np.isnan(faith) & y).sum()), "no_hall": int(np.isnan(hall).sum()),
           "unscored": sum(d["eb"].get("passed") is None for d in docs),
           "top_no_faith": sum(by_id[i]["eb"]["scores"].get("faithfulness") is None for i in top_ids[:TOP])}
    for w, change in WHAT_IF.items():
        pred = np.array([fails_if(d, feature, thresholds, change) for d in docs])
        res["what_if"][w] = (*prf(pred, y), sum(truth[i]["hallucinated"] for i in first_rows(docs, pred, TOP)))
    res["reweighted"] = reweighted(faith, failing, y)
    res["auroc_faith"] = BJ.measure(-np.nan_to_num(faith, nan=limit), y)
    res["auroc_hall"] = BJ.measure(np.nan_to_num(hall, nan=0.5), y)
    # false alarms: faithful records that fail, by the metrics that failed them
    alarms = [d for d, f, h in zip(docs, failing, y) if f and not h]
    res["false_alarms"] = len(alarms)
    res["causes"] = Counter(m for d in alarms for m in d["eb"].get("failed_metrics") or [])
    res["alone"] = Counter(d["eb"]["failed_metrics"][0] for d in alarms if len(d["eb"].get("failed_metrics") or []) == 1)
    res["combos"] = Counter(" + ".join(d["eb"].get("failed_metrics") or ["(none)"]) for d in alarms)
    res["faithful_failing_on"] = {m: sum(m in (d["eb"].get("failed_metrics") or []) for d, h in zip(docs, y) if not h)
                                  for m in metrics.score_names()}
    res["hallucinated_failing_on"] = {m: sum(m in (d["eb"].get("failed_metrics") or []) for d, h in zip(docs, y) if h)
                                      for m in metrics.score_names()}
    res["alarm_docs"] = alarms
    return res


def f3(x: float) -> str:
    return "—" if x != x else f"{x:.2f}"


def print_tables(results: list[dict]) -> None:
    print(f"\n| set | n | halluc. | Triage first 50 | first k=min(50,n/4) | failing | P | R | F1 | P at "
          f"{PREVALENCE:.0%} halluc. | faithfulness alone P / R / F1 | AUROC stored faithfulness | AUROC stored "
          "halluc. score |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        c, p, rc, f, at = r["verdict"]
        _, fp, fr, ff, _ = r["what_if"]["faithfulness alone"][:5]
        a, h = r["auroc_faith"], r["auroc_hall"]
        print(f"| {r['set']} | {r['n']} | {r['hallucinated']} ({r['hallucinated'] / r['n']:.0%}) | "
              f"{r['top50']}/{r['top50_n']} | {r['topk']}/{r['k']} | {c} | {f3(p)} | {f3(rc)} | {f3(f)} | {f3(at)} | "
              f"{f3(fp)} / {f3(fr)} / {f3(ff)} | {a['auroc']:.3f} [{a['lo']:.3f}, {a['hi']:.3f}] | "
              f"{h['auroc']:.3f} [{h['lo']:.3f}, {h['hi']:.3f}] |")
    print(f"\nRead at issue 28's prevalence ({PREVALENCE:.0%} hallucinated; faithful and hallucinated records "
          "reweighted): expected hallucinated among Triage's first 50 of 600, and over every faithfulness cut the best "
          "precision at recall >= 0.65 and the best recall at precision >= 0.65\n")
    print("| set | first 50 of 600 | best P at R >= 0.65 | best R at P >= 0.65 |")
    print("|---|---|---|---|")
    for r in results:
        w = r["reweighted"]
        print(f"| {r['set']} | {w['top']:.0f} | {f3(w['p_at_r65'])} | {f3(w['r_at_p65'])} |")
    names = [m for m in metrics.score_names()]
    print("\nFalse alarms (faithful records that fail) by the metrics that failed them (a record counts once per "
          "metric; in brackets: records failed by that metric alone)\n")
    print("| set | false alarms | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for r in results:
        print(f"| {r['set']} | {r['false_alarms']} | "
              + " | ".join(f"{r['causes'].get(m, 0)} ({r['alone'].get(m, 0)})" for m in names) + " |")
    print("\nEvery faithful / hallucinated record below threshold on each metric (faithful / hallucinated)\n")
    print("| set | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for r in results:
        print(f"| {r['set']} | " + " | ".join(f"{r['faithful_failing_on'][m]} / {r['hallucinated_failing_on'][m]}"
                                                for m in names) + " |")
    print("\nWhat-if verdicts from the stored scores (core.verdict; thresholds changed as an admin can, \"off\" = "
          f"threshold 0): failing · P / R / F1 · P at {PREVALENCE:.0%} halluc. · hallucinated in Triage's first 50\n")
    print("| set | today | " + " | ".join(WHAT_IF) + " |")
    print("|---|---|" + "---|" * len(WHAT_IF))
    for r in results:
        cells = [(*r["verdict"], r["top50"]), *r["what_if"].values()]
        print(f"| {r['set']} | " + " | ".join(f"{c} · {f3(p)} / {f3(rc)} / {f3(f)} · {f3(at)} · {t}"
                                                for c, p, rc, f, at, t in cells) + " |")
    for r in results:
        print(f"\n{r['set']}: false-alarm combinations {dict(r['combos'].most_common(6))}; no faithfulness "
              f"{r['no_faith']} ({r['no_faith_failing']} failing, {r['no_faith_halluc']} hallucinated), no hallucination "
              f"score {r['no_hall']}, unscored {r['unscored']}, rows without faithfulness among Triage's first 50: {r['top_no_faith']}; Triage's first 50 "
              f"{'are' if r['sim_matches'] else 'are NOT'} the what-if order's (sanity check)")


def show(results: list[dict], truth: dict[str, dict], n: int) -> None:
    for r in results:
        if r["source"]:  # a split: its records are in the whole set's list
            continue
        print(f"\n--- {r['set']}: {n} false alarms not failed by faithfulness")
        alarms = [d for d in r["alarm_docs"] if "faithfulness" not in (d["eb"].get("failed_metrics") or [])][:n]
        for d in alarms:
            s = d["eb"]["scores"]
            ev = (d.get("rescored") or {}).get("evaluation") or {}
            why = "; ".join(f"{m}: {(ev.get(m) or {}).get('reason', '')[:160]}" for m in d["eb"]["failed_metrics"])
            t = truth[str(d["_id"])]
            print(f"{d['_id']} [{t.get('category')}] " + " ".join(f"{m[:12]}={f3(s.get(m) or float('nan'))}"
                                                                  for m in metrics.score_names())
                  + f" h={f3(d['rescored'].get('hallucination_score') or float('nan'))}\n  Q: {t['query'][:140]!r}\n"
                  f"  A: {t['answer'][:220]!r}\n  failed: {why}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--now", default=None, help="ISO time the records end at (default: now)")
    ap.add_argument("--days", type=float, default=3.0)
    ap.add_argument("--halueval-n", type=int, default=600)
    ap.add_argument("--show", type=int, default=0, help="print this many false alarms per set with their reasons")
    ap.add_argument("--env", action="append", default=[], help="NAME=VALUE for the jobs (e.g. EVALBOARD_RULES_OFF=..)")
    ap.add_argument("--json", default=None)
    ap.add_argument("--keep", default=None, help="build the files and the database in this (new) folder and keep them")
    ap.add_argument("--reuse", default=None, help="read a database --keep left (no ingest, no scoring)")
    args = ap.parse_args()
    now = (datetime.fromisoformat(args.now.replace("Z", "+00:00")) if args.now else datetime.now(timezone.utc))
    env_extra = dict(e.split("=", 1) for e in args.env)
    print(f"load {os.getloadavg()}; {os.cpu_count()} CPUs; now {now:%Y-%m-%d %H:%M UTC}; env {env_extra or '-'}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.reuse or args.keep or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        truth = write_sets(folder, now, args.days, args.halueval_n, write=not args.reuse)
        server = EmbeddedServer(folder / "db", 0, log_path=str(folder / "server.log"))
        uri = server.start().rstrip("/") + "/bench_product"
        try:
            if not args.reuse:
                load_and_score(uri, env_extra, folder, len(truth))
            db = make_client(uri)["bench_product"]
            thresholds = get_thresholds(db)
            results = []
            for name, feature, source in VIEWS:
                docs = every_record(db, feature, source)
                top = triage_first(db, feature, source, TOP)
                results.append(analyse(name, feature, source, docs, top, thresholds, truth))
        finally:
            server.stop()
    print_tables(results)
    if args.show:
        show(results, truth, args.show)
    print(f"\nload {os.getloadavg()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    if args.json:
        keep = [{k: (dict(v) if isinstance(v, Counter) else v) for k, v in r.items() if k != "alarm_docs"}
                for r in results]
        Path(args.json).write_text(json.dumps(keep, indent=1, default=str))


if __name__ == "__main__":
    main()
