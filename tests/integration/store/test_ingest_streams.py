"""Ingest streams and isolates: an array item that never closes costs only itself (the scan
resynchronises on the next item), a stray '}' does not end the array, JSON Lines whose first lines
are all over 1 MiB are read line by line, and a long string does not blow up memory."""
from __future__ import annotations

import json
import resource
import subprocess
import sys

from jobs.ingest import classify, ingest_paths
from store.collections import RECORDS, REJECTED

from .test_ingest import record


def test_an_array_item_missing_its_closing_brace_costs_only_itself(db, tmp_path):
    good = [json.dumps(record(i), indent=2) for i in range(1, 501)]
    broken = json.dumps(record(0), indent=2)[:-2]  # no closing brace
    for pretty in (True, False):
        db[RECORDS].delete_many({})
        db[REJECTED].delete_many({})
        items = [broken] + good if pretty else [broken.replace("\n", " ")] + [g.replace("\n", " ") for g in good]
        path = tmp_path / f"broken_{pretty}.json"
        path.write_text("[\n" + ",\n".join("  " + i.replace("\n", "\n  ") for i in items) + "\n]\n")
        summary = ingest_paths(db, [str(path)])
        assert (summary.ingested, summary.rejected) == (500, 1), pretty
        assert db[RECORDS].count_documents({}) == 500
        reason = db[REJECTED].find_one()["reason"]
        assert reason.startswith("item 1:"), reason


def test_an_unterminated_string_and_a_stray_brace_cost_only_their_items(db, tmp_path):
    items = [json.dumps(record(1)), '{"_id": "eval_x", "query": "no end quote}', json.dumps(record(2)),
             json.dumps(record(3)) + "}", json.dumps(record(4))]
    path = tmp_path / "mixed.json"
    path.write_text("[\n" + ",\n".join(items) + "\n]\n")
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.rejected) == (3, 2)
    assert {d["_id"] for d in db[RECORDS].find({}, {"_id": 1})} == {"eval_1", "eval_2", "eval_4"}
    reasons = sorted(d["reason"] for d in db[REJECTED].find())
    assert reasons[0].startswith("item 2:") and reasons[1].startswith("item 4:"), reasons


def test_jsonl_whose_first_lines_are_all_over_a_mebibyte_is_read_line_by_line(db, tmp_path):
    path = tmp_path / "long.jsonl"
    with path.open("w") as fh:
        for i in range(66):
            fh.write(json.dumps(record(i, answer="x" * (1 << 20))) + "\n")
        fh.write("{not json\n")
    assert classify(path) == "evallog-lines"
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.rejected) == (66, 1)
    assert db[REJECTED].find_one()["reason"].startswith("line 67:")


def test_a_long_string_in_an_array_costs_a_small_multiple_of_its_size(tmp_path):
    """Peak memory of reading (not storing) a 40 MB string item: once ~115 bytes per character."""
    path = tmp_path / "long.json"
    path.write_text("[\n" + json.dumps(record(1, answer="y" * 40_000_000)) + ",\n" + json.dumps(record(2)) + "\n]")
    code = ("import resource, sys; from formats.json_items import iter_array_items; from pathlib import Path\n"
            "base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
            "n = sum(1 for p, e, _ in iter_array_items(Path(sys.argv[1])) if e is None)\n"
            "print(n, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base)")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    count, grown_kib = map(int, out.stdout.split())
    assert count == 2
    assert grown_kib * 1024 < 6 * 40_000_000, grown_kib  # bytes copy + text + parsed value: a few × the record
    assert resource  # (the child measured itself)


def test_jsonl_whose_first_64_lines_are_broken_is_still_read_line_by_line(db, tmp_path):
    path = tmp_path / "bad_start.jsonl"
    lines = ['{"_id": "broken_%d", "query": ' % i for i in range(70)] + [json.dumps(record(i)) for i in range(5)]
    path.write_text("\n".join(lines) + "\n")
    assert classify(path) == "evallog-lines"
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.rejected) == (5, 70)


def test_junk_items_on_one_line_cost_only_themselves_and_deep_junk_is_quarantined(db, tmp_path):
    """The store fuzz's falsifying examples (issue 29 item 4): `{"a": 1 2}` followed by scalar items on
    one line, and lists nested 1,500 deep (too deep to parse: refused as text) and 900 deep (parsed, then
    walked by the privacy stage, which once recursed two frames a level into RecursionError)."""
    deep, parsed_deep = "[" * 1500 + "]" * 1500, "[" * 900 + '"a@b.com"' + "]" * 900
    items = ['{"a": 1 2}', "1" + "0" * 400, json.dumps(record(1)), deep, parsed_deep, "NaN", '{"a": 1 2}', "nul",
             json.dumps(record(2))]
    for pretty in (False, True):
        db[RECORDS].delete_many({})
        db[REJECTED].delete_many({})
        path = tmp_path / f"junk_{pretty}.json"
        path.write_text("[\n" + ",\n".join(items) + "\n]" if pretty else "[" + ",".join(items) + "]")
        summary = ingest_paths(db, [str(path)])
        assert (summary.ingested, summary.duplicates, summary.rejected) == (2, 0, 7), pretty
        assert {d["_id"] for d in db[RECORDS].find({}, {"_id": 1})} == {"eval_1", "eval_2"}
        seen = sum(d.get("seen", 1) for d in db[REJECTED].find({}, {"seen": 1}))
        assert seen == 7
        assert "a@b.com" not in str(list(db[REJECTED].find()))  # the deep payload kept redacted
