"""Safe markdown, claim highlighting, export formats, playground parsing (no I/O)."""
from __future__ import annotations

import csv
import io
import json

from core import metrics
from datetime import datetime, timezone

from dashboard.components.export import csv_columns, regression_item, to_csv, to_jsonl
from dashboard.components.safe_text import find_spans, highlight_answer, safe_md
from dashboard.components.score_view import chunk_labels, claim_rows, comparison_rows, metric_rows, unsupported_claims


def test_safe_md_neutralises_markdown_html_and_directives():
    text = "<script>alert(1)</script> [x](http://e.vil) **b** :red[y] # h `c` $x$ a=b & c :smile:"
    out = safe_md(text)
    for raw in ("<script>", "[x]", "](", "**", ":red[", "`c`", "$x$", ":smile:"):
        assert raw not in out
    assert "\\<script\\>" in out and "\\&" in out and "\\=" in out
    assert safe_md(None) == ""
    # GFM auto-links bare URLs, www. and e-mail addresses even when escaped: they are broken up
    linked = safe_md("see http://evil.example or www.evil.example or x@evil.example")
    for raw in ("http\\://", "www\\.", "x@e"):
        assert raw not in linked
    assert linked.replace("\u2060", "").replace("\\", "") == "see http://evil.example or www.evil.example or x@evil.example"
    assert safe_md("a\nb") == "a  \nb"


def test_highlight_marks_only_the_unsupported_claims_on_escaped_text():
    answer = "Murder is punishable with death. It carries a fine of Rs. 50,000 [sic]."
    md, found = highlight_answer(answer, ["It carries a fine of Rs. 50,000 [sic]."])
    assert found == 1
    assert md.startswith("Murder is punishable with death\\. ")
    assert ":red-background[It carries a fine of Rs\\. 50,000 \\[sic\\]\\.]" in md
    assert md.count(":red-background[") == 1


def test_highlight_tolerates_case_whitespace_and_missing_claims():
    answer = "First line.\nThe  Second   claim spans\nlines."
    spans = find_spans(answer, ["the second claim spans lines.", "not in the text", "", None])
    assert len(spans) == 1 and answer[spans[0][0]:spans[0][1]].startswith("The  Second")
    md, found = highlight_answer(answer, ["the second claim spans lines."])
    assert found == 1
    assert md.count(":red-background[") == 2  # one per line, the break kept outside
    assert highlight_answer(None, ["x"]) == ("", 0)


def test_highlight_cannot_be_broken_out_of():
    md, _ = highlight_answer("ok ] :blue[evil] <b>x</b>", ["ok ] :blue[evil] <b>x</b>"])
    assert md == ":red-background[ok \\] \\:blue\\[evil\\] \\<b\\>x\\</b\\>]"


def test_metric_rows_show_gaps():
    rows = metric_rows({"faithfulness": {"score_out_of_range": 1.7, "score": None},
                        "answer_relevancy": {"score": 0.1}})
    by = {r["Metric"]: r for r in rows}
    assert by["Faithfulness"]["Score"] is None and "outside 0..1" in by["Faithfulness"]["Reason"]
    assert by["Contextual recall"]["Reason"] == "(not logged)"
    n = len(metrics.score_names())  # every catalog score gets a row (issue 17 added citation accuracy)
    assert len(metric_rows(None)) == n and len(metric_rows("junk")) == n


def test_claims_comparison_and_chunks_from_a_result():
    result = {"evaluation": {"faithfulness": {"score": 0.5, "passed": False}},
              "details": {"faithfulness": {"claims": [
                  {"text": "A.", "supported": True, "score": 0.9, "chunk_ids": [1], "best_sentence": "A!"},
                  {"text": "B.", "supported": False, "score": 0.1, "chunk_ids": [], "why": "numbers"}]},
                  "contextual_precision": {"chunk_relevance": [{"index": 0, "relevant": False, "score": 0.2},
                                                               {"index": 1, "relevant": True, "score": 0.8}]}}}
    rows = claim_rows(result["details"])
    assert rows[0]["Chunk"] == "#2" and rows[1]["Chunk"] == "—"
    assert unsupported_claims(result) == ["B."]
    assert unsupported_claims({"evaluation": {"faithfulness": {"unsupported_claims": [{"claim": "C"}]}}}) == ["C"]
    labels = chunk_labels(["x", "y", "z"], result)
    assert "not relevant" in labels[0] and "✅ relevant" in labels[1] and labels[2] == "#3"
    cmp = {r["Metric"]: r for r in comparison_rows({"faithfulness": {"score": 0.9, "passed": True}},
                                                   result["evaluation"])}
    assert cmp["Faithfulness"]["Change"] == -0.4 and cmp["Answer relevancy"]["Logged result"] == "— not logged"


DOC = {
    "_id": "eval_1", "session_id": "s", "query": "=cmd|' /C calc'!A0", "answer": "a", "context": ["c1", "c2"],
    "evaluation": {"faithfulness": {"score": 0.2, "threshold": 0.8, "passed": False, "reason": "r"}},
    "regeneration_attempts": 1, "timestamp": datetime(2026, 11, 1, 12, tzinfo=timezone.utc), "feature": "chat",
    "expected_output": "e", "eb": {"scores": {"faithfulness": 0.2}, "passed": False, "failed_metrics": ["faithfulness"],
                                   "issues": ["x"]},
    "triage": {"status": "fixed", "tags": ["a", "b"]}, "rescored": {"evaluation": {}}, "ingested_at": "ignored",
}


def test_jsonl_lines_are_reference_records():
    line = json.loads(to_jsonl([DOC]).splitlines()[0])
    assert line == regression_item(DOC)
    assert set(line) == {"_id", "session_id", "query", "answer", "context", "evaluation", "regeneration_attempts",
                         "timestamp", "feature", "expected_output", "triage"}  # triage fields: issue 34
    assert line["timestamp"] == "2026-11-01T12:00:00Z"
    assert "expected_output" not in regression_item({**DOC, "expected_output": None})


def test_csv_has_the_columns_and_defuses_formulas():
    rows = list(csv.DictReader(io.StringIO(to_csv([DOC, {"_id": "odd"}]))))
    assert list(rows[0]) == csv_columns()
    assert rows[0]["query"].startswith("'=")
    assert rows[0]["triage_status"] == "fixed" and rows[0]["tags"] == "a;b"
    assert rows[1]["triage_status"] == "new"


def test_playground_parsing_helpers():
    from dashboard.components.paste import parse_json_text, split_paragraphs

    assert split_paragraphs("a\nb\n\n  \nc\r\n\r\nd  ") == ["a\nb", "c", "d"]
    assert split_paragraphs("") == []
    obj, err = parse_json_text('{"a": 1}', "context")
    assert obj == {"a": 1} and err is None
    obj, err = parse_json_text("{oops", "context")
    assert obj is None and "not valid JSON" in err and "line 1" in err
    obj, err = parse_json_text("[1]", "context")
    assert obj is None and "must be an object" in err


def test_logged_evaluation_fills_verdicts_from_eb_without_changing_the_record():
    from dashboard.components.record_view import gaps, logged_evaluation

    record = {"evaluation": {"faithfulness": {"score": 0.3}, "answer_relevancy": {"score": 0.9},
                             "contextual_precision": {"score": None, "score_out_of_range": 3}},
              "eb": {"passed": False, "failed_metrics": ["faithfulness", "overall_quality"],
                     "scores": {"overall_quality": 0.55}}}
    out = logged_evaluation(record)
    assert out["faithfulness"]["passed"] is False and out["answer_relevancy"]["passed"] is True
    assert out["contextual_precision"].get("passed") is None
    assert out["overall_quality"]["score"] == 0.55 and out["overall_quality"]["passed"] is False
    assert "passed" not in record["evaluation"]["faithfulness"]  # the record itself is untouched
    assert logged_evaluation({"evaluation": "junk"}) is None
    assert set(gaps({"query": "q", "context": 5})) == {"missing answer", "no context", "no scores logged"}


def test_md_escape_breaks_bare_urls_so_markdown_does_not_link_them():
    from dashboard.common import md_escape

    shown = md_escape("see https://evil.example/x or www.evil.example or mail bob@evil.example")
    assert "https://" not in shown and "www." not in shown and "bob@evil" not in shown
    assert shown.replace("\u2060", "").replace("\\", "") == \
        "see https://evil.example/x or www.evil.example or mail bob@evil.example"  # same text to read


def test_md_escape_leaves_no_emoji_shortcode_to_look_up():
    """Streamlit's Markdown loads its emoji table for any ":word:" (the test below is its own); a time or a
    worker id in escaped text must not trigger it, and a user's ":smile:" stays those characters."""
    import re

    from dashboard.common import md_escape

    shortcode = re.compile(r":(?!material\/|streamlit:)[\w+-][\w_+-]*:")  # StreamlitMarkdown's check
    for text in ("last tick 2026-11-29 08:21:59 UTC", "held by vm:5717:6205ea", "I love it :smile:"):
        shown = md_escape(text)
        assert not shortcode.search(shown), shown
        assert shown.replace("\\", "") == text
