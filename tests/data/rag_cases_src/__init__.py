"""Hand-written source of tests/data/rag_cases.jsonl (see make_rag_cases.py).

Each scenario is one question with its retrieved chunks and a faithful answer; its variants are
hand-written edits of that answer (old text -> new text), each labelled faithful or hallucinated,
with a category and, when hallucinated, the edited text that the context does not support.
"""
