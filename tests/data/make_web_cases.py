"""Writes tests/data/web_cases.jsonl from the hand-written web-style scenarios in web_cases_src.py (issue 28).

python tests/data/make_web_cases.py

Deterministic (no randomness). Each topic gives: its faithful answer in the three styles answers take
("cites": a "(Passage N)" or "[N]" after each sentence; "lists": a heading line and numbered or bulleted items,
some without a full stop; "plain": one paragraph), its second faithful answer (conversions, abbreviations, counts,
a sentence about what the passages do not say) cited and listed, and each hallucination in one style (rotating;
a wrong step is always cited, since what is wrong is the passage it names), and its first step cited to a
passage that does not say it ("misattributed"). Every third topic is held out
(`split` = "held_out"): nothing is tuned on it. Fields: those of rag_cases.jsonl plus `style` and `split`.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from web_cases_src import TOPICS  # noqa: E402

STYLES = ("cites", "lists", "plain")


def _cite(text: str, n: int | None, bracket: bool) -> str:
    if n is None:
        return text
    body = text.rstrip(".")
    return f"{body} [{n}]." if bracket else f"{body} (Passage {n})."


def render(items: list, style: str, heading: str, t: int) -> str:
    if style == "cites":
        return " ".join(_cite(x, n, bracket=t % 2 == 1) for n, x in items)
    if style == "lists":
        lines = [heading]
        for i, (_, x) in enumerate(items, 1):
            x = x.rstrip(".") if t % 2 == 1 else x  # half the lists drop the full stops of their items
            lines.append(f"{i}. {x}" if t % 2 == 0 else f"- {x}")
        return "\n".join(lines)
    return " ".join(x for _, x in items)


def apply(items: list, edit: tuple) -> tuple[list, str]:
    kind, at, old, new = edit
    out = list(items)
    if old is None:
        out.insert(at, new)
        return out, new[1]
    n, text = out[at]
    assert old in text, (kind, old, text)
    out[at] = (n, text.replace(old, new))
    return out, out[at][1]


def cases() -> list[dict]:
    rows = []
    for t, top in enumerate(TOPICS):
        split = "held_out" if t % 3 == 2 else "dev"
        base = {"domain": top.domain, "query": top.query, "contexts": top.passages, "split": split}
        twin = f"{top.key}-0"
        k = 0

        def add(answer, category, label, style, unsupported=None):
            nonlocal k
            rows.append({"id": f"{top.key}-{k}", **base, "category": category, "answer": answer, "label": label,
                         "unsupported_claim": unsupported, "twin_of": twin, "style": style})
            k += 1

        for style in STYLES:
            add(render(top.steps, style, top.heading, t), "faithful", "faithful", style)
        for style in ("cites", "lists"):
            add(render(top.faithful2, style, top.heading, t), "faithful_variant", "faithful", style)
        # a true step cited to a passage that does not say it (the first step, cited to the next passage)
        n0, x0 = top.steps[0]
        moved = [(n0 % len(top.passages) + 1, x0)] + list(top.steps[1:])
        add(render(moved, "cites", top.heading, t), "misattributed", "hallucinated", "cites", x0)
        for e, edit in enumerate(top.edits):
            items, claim = apply(top.steps, edit)
            style = "cites" if edit[0] == "wrong_step" else STYLES[(t + e) % 3]
            add(render(items, style, top.heading, t), edit[0], "hallucinated", style, claim)
    return rows


def main() -> None:
    rows = cases()
    out = HERE / "web_cases.jsonl"
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} records -> {out}")


if __name__ == "__main__":
    main()
