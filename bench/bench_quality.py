"""Quality benchmark: AUROC of the local hallucination score on labelled sets, beside a word-overlap baseline.

python bench/bench_quality.py [--sets rag,halueval] [--limit N] [--threshold 0.5]

Sets:
  rag       tests/data/rag_cases.jsonl: hand-written, claim-labelled RAG cases (legal reference-000 domain
            and general), faithful/hallucinated twins in 13 categories; also per-category precision and
            recall of "hallucinated" at hallucination_score >= --threshold
  halueval  ../shared/data/halueval_qa_dev.jsonl (4,000 HaluEval QA records; correct answers are short
            spans copied from the context)
  everyday  tests/data/everyday_cases.jsonl (category everyday_words, issue 17): questions in everyday words
            against chunks in legal/policy words, per-chunk relevance labels and an on-topic and an off-topic
            answer each: AUROC of (a) chunk relevance (contextual precision's signal) against the chunk labels
            and (b) answer relevancy on-topic vs off-topic, pass rates at the default thresholds, per domain,
            and a leave-one-domain-out check of the cut between relevant and irrelevant
  PATH.jsonl  any file in the rag format, e.g. a labelled queue exported from the Labelling page
            (`python -m jobs export-labels QUEUE_ID OUT.jsonl`): per-feature precision and recall too

The baseline is the share of the answer's lower-cased words not found in the context. AUROC by rank
statistics (Mann-Whitney, ties averaged; no sklearn).
"""
from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]

SETS = {
    "rag": REPO / "tests" / "data" / "rag_cases.jsonl",
    "halueval": REPO.parent / "shared" / "data" / "halueval_qa_dev.jsonl",
    "everyday": REPO / "tests" / "data" / "everyday_cases.jsonl",
}


ISSUE17_KEYS = ("cite_ni138", "args_bail", "about_ctx_gst", "units_fever", "dilute_leave", "swap_refund", "points_bail")


def auroc(scores, labels) -> float:
    """Mann-Whitney AUROC with average ranks for ties."""
    s = np.asarray(scores, dtype=float)
    y = np.asarray(labels, dtype=bool)
    order = np.argsort(s, kind="mergesort")
    ranks = np.empty(len(s))
    sorted_s = s[order]
    i = 0
    while i < len(s):
        j = i
        while j + 1 < len(s) and sorted_s[j + 1] == sorted_s[i]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2.0 + 1
        i = j + 1
    n_pos, n_neg = y.sum(), (~y).sum()
    return float((ranks[y].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def overlap_hallucination(answer: str, context: list[str]) -> float:
    words = re.findall(r"\w+", answer.lower())
    ctx = set(re.findall(r"\w+", " ".join(context).lower()))
    if not words:
        return 0.0
    return 1.0 - sum(w in ctx for w in words) / len(words)


def load(name: str, limit: int = 0) -> list[dict]:
    """Records of a set as {id, query, answer, context, hallucinated, category}."""
    rows = [json.loads(line) for line in open(SETS.get(name) or name, encoding="utf-8") if line.strip()]
    out = []
    for r in rows[: limit or None]:
        if name != "halueval":  # rag_cases.jsonl and exported label queues share the format
            out.append({"id": r["id"], "query": r["query"], "answer": r["answer"], "context": r["contexts"],
                        "hallucinated": r["label"] == "hallucinated", "category": r["category"]})
        else:
            out.append({"id": r["id"], "query": r["query"], "answer": r["answer"], "context": r["context"],
                        "hallucinated": bool(r["label_hallucinated"]), "category": None})
    return out


def score_set(rows: list[dict], batch: int = 256) -> list[dict]:
    from evaluators import score_many

    out = []
    for i in range(0, len(rows), batch):
        chunk = rows[i:i + batch]
        out += score_many([{k: r[k] for k in ("id", "query", "answer", "context")} for r in chunk])
    return out


def per_category(rows, scores, threshold: float) -> list[tuple]:
    """(category, n faithful, n hallucinated, precision, recall, false-alarm rate, AUROC) of "hallucinated"
    at the threshold. The AUROC ranks the category's hallucinated records against every faithful record of the
    set, and its faithful ones against every hallucinated record (categories are small and one-sided)."""
    cats = sorted({r["category"] for r in rows})
    y_all = np.array([r["hallucinated"] for r in rows])
    s_all = np.asarray(scores, dtype=float)
    res = []
    for c in cats:
        idx = [i for i, r in enumerate(rows) if r["category"] == c]
        y = np.array([rows[i]["hallucinated"] for i in idx])
        pred = np.array([scores[i] >= threshold for i in idx])
        tp = int((pred & y).sum())
        prec = tp / pred.sum() if pred.sum() else float("nan")
        rec = tp / y.sum() if y.sum() else float("nan")
        fa = int((pred & ~y).sum()) / (~y).sum() if (~y).sum() else float("nan")
        in_c = np.zeros(len(rows), dtype=bool)
        in_c[idx] = True
        keep = (in_c & y_all) | ~y_all if y.sum() else (in_c & ~y_all) | y_all
        a = auroc(s_all[keep], y_all[keep]) if y_all[keep].any() and (~y_all[keep]).any() else float("nan")
        res.append((c, int((~y).sum()), int(y.sum()), prec, rec, fa, a))
    return res


def _balanced_accuracy(s, y, cut) -> float:
    return 0.5 * (float((s[y] >= cut).mean()) + float((s[~y] < cut).mean()))


def _best_cut(s, y) -> float:
    cuts = np.unique(s)
    return float(max(cuts, key=lambda c: _balanced_accuracy(s, y, c)))


def everyday(path: Path | str = SETS["everyday"]) -> dict:
    """Relevancy and precision on the everyday_words set; prints and returns the figures."""
    from core.metrics import get as metric
    from evaluators import score_many

    rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    items = [{"id": f"{r['id']}/{j}", "query": r["query"], "answer": a["answer"], "context": r["contexts"]}
             for r in rows for j, a in enumerate(r["answers"])]
    t0 = time.perf_counter()
    outs = {o["id"]: o for o in score_many(items)}
    secs = time.perf_counter() - t0
    th_rel = metric("answer_relevancy").thresholds["default"]
    th_prec = metric("contextual_precision").thresholds["default"]
    chunks, answers = [], []  # (score, label, domain)
    prec_first = []  # contextual precision passes on records whose relevant chunks come first
    for r in rows:
        for j, a in enumerate(r["answers"]):
            o = outs[f"{r['id']}/{j}"]
            answers.append((o["evaluation"]["answer_relevancy"]["score"], a["on_topic"], r["domain"]))
            if j == 0:  # chunk relevance uses the question and the chunks (the answer only through nothing)
                rel = o["details"]["contextual_precision"]["chunk_relevance"]
                chunks += [(c["score"], lab, r["domain"]) for c, lab in zip(rel, r["chunk_relevant"])]
                labels = r["chunk_relevant"]
                if labels == sorted(labels, reverse=True):
                    prec_first.append(o["evaluation"]["contextual_precision"]["passed"])
    res = {"seconds": secs}
    print(f"[everyday] questions={len(rows)} chunks={len(chunks)} answers={len(answers)} seconds={secs:.1f}")
    for name, data, cut, what in (("chunk relevance", chunks, 0.5, "relevant chunks flagged relevant (>= 0.5)"),
                                  ("answer relevancy", answers, th_rel,
                                   f"on-topic answers passing (>= {th_rel})")):
        s = np.array([x[0] for x in data], dtype=float)
        y = np.array([bool(x[1]) for x in data])
        d = np.array([x[2] for x in data])
        line = (f"  {name}: AUROC {auroc(s, y):.4f}; {what}: {float((s[y] >= cut).mean()):.2f}, "
                f"negatives wrongly passing: {float((s[~y] >= cut).mean()):.2f}")
        for dom in ("legal", "general"):
            te = d == dom
            c = _best_cut(s[~te], y[~te])  # the cut fitted on the other domain, applied to this one
            line += (f"; {dom} AUROC {auroc(s[te], y[te]):.3f}, bal. acc. at the shipped cut "
                     f"{_balanced_accuracy(s[te], y[te], cut):.3f} / at the other domain's best cut "
                     f"{_balanced_accuracy(s[te], y[te], c):.3f}")
        print(line)
        res[name] = {"auroc": auroc(s, y), "pass_pos": float((s[y] >= cut).mean()),
                     "pass_neg": float((s[~y] >= cut).mean())}
    if prec_first:
        print(f"  contextual precision passing (>= {th_prec}) where the relevant chunks come first: "
              f"{sum(prec_first)}/{len(prec_first)}")
        res["precision_pass_first"] = sum(prec_first) / len(prec_first)
    return res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets", default="rag,everyday,halueval")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--threshold", type=float, default=0.5)
    args = ap.parse_args()
    for name in args.sets.split(","):
        if name == "everyday":
            everyday()
            continue
        rows = load(name, args.limit)
        t0 = time.perf_counter()
        outs = score_set(rows)
        secs = time.perf_counter() - t0
        hs = np.array([0.5 if o.get("hallucination_score") is None else o["hallucination_score"] for o in outs])
        y = np.array([r["hallucinated"] for r in rows])
        base = np.array([overlap_hallucination(r["answer"], r["context"]) for r in rows])
        print(f"[{name}] records={len(rows)} seconds={secs:.1f}")
        print(f"  AUROC hallucination_score: {auroc(hs, y):.4f}   word-overlap baseline: {auroc(base, y):.4f}")
        pred = hs >= args.threshold
        tp = int((pred & y).sum())
        print(f"  at >= {args.threshold}: precision {tp / max(1, pred.sum()):.3f}, recall {tp / max(1, y.sum()):.3f}")
        if name != "halueval":
            print(f"  {'category':<22} {'faithful':>8} {'halluc.':>8} {'precision':>9} {'recall':>7} "
                  f"{'false al.':>9} {'AUROC':>6}")
            for c, nf, nh, p, r, fa, a in per_category(rows, hs, args.threshold):
                print(f"  {c:<22} {nf:>8} {nh:>8} {p:>9.2f} {r:>7.2f} {fa:>9.2f} {a:>6.3f}")
            ev = [o.get("evaluation") or {} for o in outs]
            rel = [bool((e.get("answer_relevancy") or {}).get("passed")) for e in ev]
            prec = [bool((e.get("contextual_precision") or {}).get("passed")) for e in ev]
            print(f"  every answer here takes up its question: answer relevancy passing {np.mean(rel):.3f}, "
                  f"contextual precision passing {np.mean(prec):.3f}")
            new = np.array([False] * len(rows)) if name != "rag" else np.array([r["id"].split("-")[0] in ISSUE17_KEYS for r in rows])
            if new.any():
                print(f"  issue-17 scenarios ({int(new.sum())} records): AUROC {auroc(hs[new], y[new]):.4f}, "
                      f"word-overlap {auroc(base[new], y[new]):.4f}")


if __name__ == "__main__":
    main()
