"""The weekly report's recommendations: one paragraph per kind of problem (generation, retrieval,
both, recall, relevancy, a trend, look-alike failing queries), naming every feature it concerns,
ranked by impact (the share of the week's failing answers it concerns x its SEVERITY).

Its own module because ranking what to do is a concern apart from gathering the figures
(jobs/report_figures.py) and wording the report (jobs/report_render.py). core/metrics.py says which
ADVICE a metric's failures get.
"""
from __future__ import annotations

from core import diagnosis as dx
from core import metrics
from core.features import ALL_FEATURES as ALL
from jobs.report_text import delta, md_text


# How much a kind of problem weighs per failing answer it concerns (impact = share of the week's
# failing answers in the features concerned x severity). Unsupported claims reach the user as
# wrong legal statements: the heaviest; retrieval problems next; advice on recall, relevancy and
# look-alike queries last.
SEVERITY = {"generation": 1.0, "both": 1.0, "retrieval": 0.8, "trend": 0.7, "recall": 0.6, "relevancy": 0.5,
            "cluster": 0.4}
ADVICE = {
    "generation": ("Prompt tuning", "had relevant context but unsupported claims (generation problem). Instruct the "
                   "model to answer only from the retrieved sections, quote the exact legal wording, cite the section "
                   "for every claim, and say so when the context does not contain the answer; consider a lower "
                   "temperature and the regeneration feedback prompt with the unsupported claims listed."),
    "retrieval": ("Retrieval tuning", "stayed faithful but the retrieved chunks were mostly irrelevant (retrieval "
                  "problem). Add a re-ranker or hybrid (BM25 + embedding) search, filter low-similarity chunks, and "
                  "review chunking and top-k for these features' documents."),
    "both": ("Fix retrieval first", "had irrelevant context, unsupported claims or both; better context usually "
             "lifts faithfulness too."),
    "recall": ("Contextual recall", "retrieve more (higher top-k, query expansion, parent-document chunks) so "
               "every needed section reaches the model."),
    "relevancy": ("Answer relevancy", "ask the model to answer the specific question in the first sentence and "
                  "drop generic background."),
}


def _impact(kind: str, failing: float, total_failing: float) -> tuple[float, float]:
    share = min(1.0, failing / total_failing) if total_failing > 0 else 0.0
    return share * SEVERITY[kind], share


def _tail(impact: float, share: float, kind: str) -> str:
    return f" _(impact {impact:.2f}: {share:.0%} of the week's failing answers × severity {SEVERITY[kind]:.1f})_"


def recommendations(trend_rows, patterns, clusters, diag) -> list[dict]:
    """One paragraph per kind of problem, naming every feature it concerns, ranked by impact.

    [{kind, text, impact, share, features}], largest impact first."""
    failing = {f: int(e.get("failing") or 0) for f, e in patterns.items() if f != ALL}
    total = float(sum(failing.values()))
    recs: list[dict] = []

    def add(kind: str, features: list[str], text: str, weight: float | None = None) -> None:
        impact, share = _impact(kind, sum(failing.get(f, 0) for f in features) if weight is None else weight, total)
        recs.append({"kind": kind, "features": features, "impact": impact, "share": share,
                     "text": text + _tail(impact, share, kind)})

    by_verdict: dict[str, list[str]] = {}
    for feature, e in sorted(diag.items()):
        if feature != ALL and e["total"] and e["verdict"] in (dx.GENERATION, dx.RETRIEVAL, dx.BOTH):
            by_verdict.setdefault(e["verdict"], []).append(feature)
    counts = {dx.GENERATION: "generation", dx.RETRIEVAL: "retrieval", dx.BOTH: None}
    for verdict, kind in ((dx.GENERATION, "generation"), (dx.RETRIEVAL, "retrieval"), (dx.BOTH, "both")):
        features = sorted(by_verdict.get(verdict, []), key=lambda f: -failing.get(f, 0))
        if not features:
            continue
        key = counts[verdict]
        where = ", ".join(f"**{md_text(f)}** ({diag[f][key] if key else diag[f]['total'] - diag[f]['ok']} of "
                          f"{diag[f]['total']} answers)" for f in features)
        head, advice = ADVICE[kind]
        add(kind, features, f"{head} for {where}: these answers {advice}")
    for metric, kind in metrics.advice_kinds().items():  # the catalog says which advice a metric's failures get
        if kind not in ADVICE:
            continue
        features = sorted((f for f, e in patterns.items() if f != ALL and e.get("top") == metric),
                          key=lambda f: -failing.get(f, 0))
        if features:
            head, advice = ADVICE[kind]
            add(kind, features, f"{head} fails most for " + ", ".join(f"**{md_text(f)}**" for f in features)
                + f": {advice}")
    worse = [r for r in trend_rows if r["flagged"] and r["change"] is not None
             and (r["change"] > 0 if r["metric"] == metrics.REGEN_RATE else r["change"] < 0)]
    per_feature = [r for r in worse if r["feature"] != ALL]
    shown = per_feature or worse
    if shown:
        shown = sorted(shown, key=lambda r: (-failing.get(r["feature"], 0), r["feature"], r["metric"]))
        items = [f"the {'rise' if r['metric'] == metrics.REGEN_RATE else 'drop'} in {metrics.label(r['metric']).lower()} "
                 f"for {'all features' if r['feature'] == ALL else md_text(r['feature'])} "
                 f"({delta(r['metric'], r['change'])} week over week)" for r in shown[:8]]
        features = sorted({r["feature"] for r in shown if r["feature"] != ALL})
        # a trend is a symptom of the other findings: it weighs as much as its largest feature, not their sum
        add("trend", features, "Investigate " + "; ".join(items) + ", beyond normal variation: check prompt, "
            "model, index or data changes released that week.",
            weight=float(max((failing.get(f, 0) for f in features), default=0)) if features else total)
    groups = [g for g in (clusters.get("groups") or [])[:3] if g["count"] >= 3]
    if groups:
        add("cluster", sorted({f for g in groups for f in g["features"]}),
            "Failing queries that look alike: " + "; ".join(
                f"{g['count']} like \u201c{md_text(g['example'], 120)}\u201d" for g in groups)
            + ". Check that the knowledge base covers these topics and add them to the regression set.",
            weight=float(max(g["count"] for g in groups)))
    recs.sort(key=lambda r: (-r["impact"], r["kind"]))
    if not recs:
        recs.append({"kind": "none", "features": [], "impact": 0.0, "share": 0.0,
                     "text": "No systematic problem found this week; keep the current prompt and retrieval settings."})
    return recs
