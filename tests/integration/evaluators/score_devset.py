"""Score the dev sets with the embedding backend named by EVALBOARD_EMBED_BACKEND; print JSON.

Run as a child process by test_fast_path.py (the backend is chosen once per process):
    python tests/integration/evaluators/score_devset.py
Dev sets: the HaluEval QA sample (first 400 lines: 200 right/hallucinated pairs), the hand-made
paraphrase set of tests/unit/evaluators/test_paraphrase.py (faithful and unfaithful twins), and
the first DATA_SET_LINES records of each tests/data/*.jsonl (query/answer/context).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))
HALUEVAL = REPO.parent / "shared" / "data" / "halueval_qa_dev.jsonl"
HALUEVAL_LINES = 400
# Each tests/data set is a sample here (its first lines): the comparison needs variety, not volume,
# and the torch path is slow (the whole of every set made this test the suite's slowest).
DATA_SET_LINES = 60
METRICS = ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall", "overall_quality")


def dev_sets() -> dict[str, list[dict]]:
    sets: dict[str, list[dict]] = {}
    with open(HALUEVAL, encoding="utf-8") as fh:
        sets["halueval"] = [json.loads(line) for _, line in zip(range(HALUEVAL_LINES), fh)]
    sys.path.insert(0, str(REPO / "tests" / "unit" / "evaluators"))
    from test_paraphrase import CASES

    sets["paraphrase"] = [{"id": f"{cid}-{kind}", "query": q, "answer": a, "context": [ctx]}
                          for cid, ctx, q, good, bad in CASES for kind, a in (("faithful", good), ("unfaithful", bad))]
    for path in sorted((REPO / "tests" / "data").glob("*.jsonl")):
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        rows = [r for r in rows if isinstance(r, dict) and {"query", "answer"} <= set(r)][:DATA_SET_LINES]
        if rows:
            sets[path.stem] = [{**r, "id": r.get("id", i)} for i, r in enumerate(rows)]
    return sets


def main() -> None:
    import evaluators
    from evaluators import embeddings

    out = {"model": None, "sets": {}}
    for name, items in dev_sets().items():
        rows = {}
        for item, res in zip(items, evaluators.score_many(items)):
            if "error" in res:
                continue
            ev = res["evaluation"]
            rows[str(item["id"])] = {**{m: ev[m]["score"] for m in METRICS}, "hallucination": res["hallucination_score"],
                                     "label": item.get("label_hallucinated")}
        out["sets"][name] = rows
    out["model"] = embeddings.model_info()
    out["torch_imported"] = "torch" in sys.modules
    print(json.dumps(out))


if __name__ == "__main__":
    main()
