"""The writer shared by make_web3_cases.py and make_web4_cases.py: topics of (query, three passages, a faithful and a
hallucinated answer in a chat model's style), split by topic into dev / held_out with a seeded draw, written as
JSON Lines, with counts checked against the generating script's docstring. Also the three-answer sets'
(make_web5_cases.py, make_web6_cases.py): three answers a topic in different model styles, at most one hallucinated
(`write_three`)."""
import json
import pathlib
import random
import re
from collections import Counter


class Topics(list):
    def topic(self, tid, domain, query, contexts, faithful, halluc):
        """faithful = (answer, model_style); halluc = (answer, model_style, category, note)."""
        self.append(dict(tid=tid, domain=domain, query=query, contexts=contexts, faithful=faithful, halluc=halluc))


def style_of(answer):
    """cites: names a passage or has [n] markers; lists: 2+ list lines; else plain."""
    if re.search(r"\bpassages?\b|\[\d\]", answer, re.I):
        return "cites"
    if sum(bool(re.match(r"\s*(?:[-*•]|\d+\.)\s", ln)) for ln in answer.splitlines()) >= 2:
        return "lists"
    return "plain"


def draw_split(topics, seed):
    """(the generator, the indices of the dev topics): half the topics, drawn with `seed`; the caller goes on drawing
    from the same generator (which answer comes first)."""
    rng = random.Random(seed)
    return rng, set(rng.sample(range(len(topics)), len(topics) // 2))


def build(topics, seed):
    """Half the topics (drawn with `seed`) are dev; which answer of a topic is -1 is a coin flip of the same draw."""
    rng, dev = draw_split(topics, seed)
    rows = []
    for i, t in enumerate(topics):
        split = "dev" if i in dev else "held_out"
        fa, fm = t["faithful"]
        ha, hm, hc, note = t["halluc"]
        base = dict(domain=t["domain"], query=t["query"], contexts=t["contexts"])
        f = dict(base, answer=fa, label="faithful", category="faithful", style=style_of(fa), model_style=fm, split=split)
        h = dict(base, answer=ha, label="hallucinated", category=hc, style=style_of(ha), model_style=hm, split=split, note=note)
        pair = [f, h]
        if rng.random() < 0.5:
            pair.reverse()
        for n, r in enumerate(pair, 1):
            rows.append({"id": f"{t['tid']}-{n}", **r})
    return rows


def counts(rows, topics):
    lines = [f"{len(rows)} lines, {len(topics)} topics"]
    for key in ("label", "category", "style", "model_style", "split", "domain"):
        c = Counter(r[key] for r in rows)
        lines.append(f"{key}: " + ", ".join(f"{k} {c[k]}" for k in sorted(c)))
    for lab in ("faithful", "hallucinated"):
        for key in ("style", "model_style"):
            c = Counter(r[key] for r in rows if r["label"] == lab)
            lines.append(f"{key} ({lab}): " + ", ".join(f"{k} {c[k]}" for k in sorted(c)))
    return lines


def write(topics, seed: int, name: str, doc: str) -> None:
    """Writes tests/data/`name`; fails when the script's docstring (`doc`) no longer states the counts."""
    rows = build(topics, seed)
    assert len({r["id"] for r in rows}) == len(rows) == 2 * len(topics)
    assert len({t["tid"] for t in topics}) == len(topics)
    assert all(len(t["contexts"]) == 3 for t in topics)
    write_rows(rows, name, doc, counts(rows, topics))


def write_rows(rows, name: str, doc: str, lines: list[str]) -> None:
    """Writes `rows` as JSON Lines to tests/data/`name`, prints `lines` (the counts), fails when `doc` no longer
    states them."""
    out = pathlib.Path(__file__).with_name(name)
    with out.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {out}")
    print("\n".join(lines))
    stale = [ln for ln in lines if ln not in doc]
    if stale:
        raise SystemExit("docstring counts are stale, update them:\n" + "\n".join(stale))


# --- three answers a topic (web5, web6) -------------------------------------------------------------------------
F = "faithful"
CATEGORIES = {F, "evident_conflict", "subtle_conflict", "evident_baseless", "subtle_baseless"}
MODEL_STYLES = {"gpt4", "gpt35", "llama2_70b", "llama2_13b", "llama2_7b", "mistral"}


def build_three(topics, seed):
    """Half the topics (drawn with `seed`) are dev; the same generator then shuffles each topic's three answers."""
    rng, dev = draw_split(topics, seed)
    rows = []
    for i, t in enumerate(topics):
        split = "dev" if i in dev else "held_out"
        answers = list(t["answers"])
        rng.shuffle(answers)
        for n, (answer, model_style, category, note) in enumerate(answers, 1):
            row = {"id": f"{t['tid']}-{n}", "domain": t["domain"], "query": t["query"], "contexts": t["contexts"], "answer": answer,
                   "label": "faithful" if category == F else "hallucinated", "category": category, "style": style_of(answer),
                   "model_style": model_style, "split": split}
            if note is not None:
                row["note"] = note
            rows.append(row)
    return rows


def check_three(topics):
    assert len(topics) == 40 and len({t["tid"] for t in topics}) == len(topics)
    assert max(Counter(t["domain"] for t in topics).values()) <= 4
    for t in topics:
        assert len(t["contexts"]) == 3, t["tid"]
        for p in t["contexts"]:
            assert 40 <= len(p.split()) <= 110, (t["tid"], len(p.split()))
        assert len(t["answers"]) == 3, t["tid"]
        assert len({a[1] for a in t["answers"]}) == 3, t["tid"]  # three different model styles a topic
        assert sum(a[2] != F for a in t["answers"]) <= 1, t["tid"]
        for answer, model_style, category, note in t["answers"]:
            assert model_style in MODEL_STYLES and category in CATEGORIES, t["tid"]
            assert (note is None) == (category == F), t["tid"]


def write_three(topics, seed: int, name: str, doc: str) -> None:
    """Checks the topics, builds the rows and writes tests/data/`name` (counts checked against `doc`)."""
    check_three(topics)
    rows = build_three(topics, seed)
    assert len({r["id"] for r in rows}) == len(rows) == 3 * len(topics)
    c = Counter(sum(a[2] != F for a in t["answers"]) for t in topics)
    write_rows(rows, name, doc, [f"topics: all three answers faithful {c[0]}, one hallucinated {c[1]}"]
               + counts(rows, topics))
