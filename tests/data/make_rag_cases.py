"""Writes tests/data/rag_cases.jsonl from the hand-written scenarios in rag_cases_src/.

python tests/data/make_rag_cases.py

A scenario: S(key, domain, query, chunks, answer, category, variants). A variant:
V(category, label, old, new[, note]) = the scenario's answer with `old` replaced by `new`
(`old=None`: `new` is the whole answer). Hallucinated variants record the sentence holding `new`
as `unsupported_claim`. Every record: id, domain, category, query, contexts, answer, label,
unsupported_claim, twin_of (the scenario's faithful answer id).
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from rag_cases_src import everyday, extra, general_a, general_b, issue17, legal_a, legal_b  # noqa: E402

CATEGORIES = ("citation_format", "abbreviation", "paraphrase", "restated_question", "hedge", "refusal",
              "list_table", "added_specific", "changed_number", "swapped_entity", "negation_flip",
              "false_relation", "reordered",
              # issue 17: answers as real RAG products write them
              "source_citation", "wrong_chunk_citation", "about_context", "unit_form", "numbered_points",
              "diluted_claim", "inline_phrase", "context_swap", "implicit_contradiction")


def _sentence_with(text: str, fragment: str) -> str:
    for s in re.split(r"(?<=[.!?])\s+|\n+", text):
        if fragment.strip()[:40] in s:
            return s.strip()
    return fragment.strip()


def records():
    out = []
    for mod in (legal_a, legal_b, general_a, general_b, issue17):
        for sc in mod.SCENARIOS:
            key, domain, query, chunks, answer, cat, variants = sc
            assert cat in CATEGORIES, (key, cat)
            base_id = f"{key}-0"
            out.append({"id": base_id, "domain": domain, "category": cat, "query": query, "contexts": chunks,
                        "answer": answer, "label": "faithful", "unsupported_claim": None, "twin_of": None})
            for i, v in enumerate(list(variants) + extra.EXTRA.get(key, []), start=1):
                vcat, label, old, new = v[:4]
                assert vcat in CATEGORIES, (key, vcat)
                assert label in ("faithful", "hallucinated"), (key, label)
                if old is None:
                    text = new
                else:
                    assert old in answer, (key, old)
                    text = answer.replace(old, new, 1)
                claim = None if label == "faithful" else _sentence_with(text, new if old is not None else v[4])
                out.append({"id": f"{key}-{i}", "domain": domain, "category": vcat, "query": query,
                            "contexts": chunks, "answer": text, "label": label, "unsupported_claim": claim,
                            "twin_of": base_id})
    keys = {sc[0] for mod in (legal_a, legal_b, general_a, general_b, issue17) for sc in mod.SCENARIOS}
    assert set(extra.EXTRA) <= keys, set(extra.EXTRA) - keys
    ids = [r["id"] for r in out]
    assert len(ids) == len(set(ids)), "duplicate ids"
    return out


def main() -> None:
    recs = records()
    with open(HERE / "rag_cases.jsonl", "w", encoding="utf-8") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    # relevancy/precision set (category everyday_words): per-chunk relevance and on/off-topic answers
    with open(HERE / "everyday_cases.jsonl", "w", encoding="utf-8") as fh:
        for r in everyday.records():
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    by = {}
    for r in recs:
        by.setdefault(r["category"], [0, 0])[r["label"] == "hallucinated"] += 1
    print(len(recs), "records;", {k: tuple(v) for k, v in sorted(by.items())})


if __name__ == "__main__":
    main()
