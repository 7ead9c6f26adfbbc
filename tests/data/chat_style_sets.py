"""The writer shared by make_web3_cases.py and make_web4_cases.py: topics of (query, three passages, a faithful and a
hallucinated answer in a chat model's style), split by topic into dev / held_out with a seeded draw, written as
JSON Lines, with counts checked against the generating script's docstring."""
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
