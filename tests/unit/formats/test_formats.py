"""formats/: each kind of file is sniffed by its content, and each file is opened twice at most —
once for its head, once whole — however many times it used to be classified (real files, no mocks
of the readers: only `Path.open` is counted)."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import formats
from formats import FormatError, beyondchats, evallog, test_results

def _record(i: int) -> dict:
    return {"_id": f"r{i}", "query": f"q{i}", "answer": "a", "context": ["c"], "feature": "chat",
            "timestamp": "2026-03-01T10:00:00Z"}


@pytest.fixture
def folder(tmp_path, shared_dir):
    samples = shared_dir / "data" / "beyondchats"
    (tmp_path / "log.jsonl").write_text("\n".join(json.dumps(_record(i)) for i in range(5)) + "\n")
    (tmp_path / "log-array.json").write_text(json.dumps([_record(i) for i in range(5, 9)], indent=2))
    (tmp_path / "one.json").write_text(json.dumps(_record(20), indent=2))
    (tmp_path / "results.json").write_text(json.dumps(
        {"t1": {"query_id": "q1", "answers": ["yes"], "top_k_chunks": [{"text": "chunk", "doc_id": "d"}]},
         "t2": {"query_id": "q2", "answer": "no", "top_k_chunks": []}}, indent=2))
    (tmp_path / "truth.json").write_text(json.dumps({"q1": {"answer": "yes", "document": "d"}}, indent=2))
    (tmp_path / "chat-01.json").write_bytes((samples / "sample-chat-conversation-01.json").read_bytes())
    (tmp_path / "context-01.json").write_bytes((samples / "sample_context_vectors-01.json").read_bytes())
    return tmp_path


KINDS = {"log.jsonl": "evallog-lines", "log-array.json": "evallog-array", "one.json": "evallog-object",
         "results.json": "test-results", "truth.json": "ground-truth", "chat-01.json": "beyondchats-conversation",
         "context-01.json": "beyondchats-context"}


def test_each_kind_is_sniffed_from_its_content(folder):
    assert {s.path.name: s.kind for s in formats.sniff_paths([str(folder)])} == KINDS


@pytest.fixture
def opens(monkeypatch):
    """How many times each file was opened (Path.open: read_bytes, readers and mmap all go through it)."""
    counts: Counter = Counter()
    real = Path.open

    def counting(self, *args, **kwargs):
        counts[self.name] += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", counting)
    return counts


def _read_all(sniffed):
    items = []
    for fmt in formats.FORMATS:
        for source, stream in fmt.read([s for s in sniffed if s.kind in fmt.KINDS]):
            items += [(source, *item) for item in stream]
    return items


def test_each_file_is_opened_once_to_sniff_and_once_to_read(folder, opens):
    sniffed = formats.sniff_paths([str(folder)])
    assert all(opens[name] <= 2 for name in KINDS), opens  # the head; whole objects are parsed here, once
    after_sniffing = Counter(opens)
    items = _read_all(sniffed)
    read = {name: opens[name] - after_sniffing[name] for name in KINDS}
    # streamed formats are opened once more to read; whole objects are not read again
    assert read == {"log.jsonl": 1, "log-array.json": 1, "one.json": 0, "results.json": 0, "truth.json": 0,
                    "chat-01.json": 0, "context-01.json": 0}
    assert all(opens[name] == 2 for name in KINDS), opens
    sources = Counter(source.split(":")[0] for source, *_ in items)
    assert sources["evallog"] == 5 + 4 + 1 and sources["test-results"] == 2 and sources["beyondchats"] > 0
    assert all(error is None for _s, _p, error, _n, _w in items)


def test_items_say_where_they_were_and_bad_ones_are_kept(tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_text(json.dumps(_record(1)) + "\n{not json\n" + json.dumps(_record(2)) + "\n")
    [(source, items)] = list(evallog.read([formats.sniff(path)]))
    got = list(items)
    assert source == "evallog:mixed.jsonl"
    assert [w for *_x, w in got] == ["line 1", "line 2", "line 3"]
    assert got[1][0] == "{not json" and got[1][1].startswith("line 2: invalid JSON")


def test_ground_truth_fills_the_expected_output(folder):
    sniffed = [s for s in formats.sniff_paths([str(folder)]) if s.kind in test_results.KINDS]
    [(source, items)] = test_results.read(sniffed, feature="qa")
    by_test = {p["test"]["test_id"]: p for p, *_ in items}
    assert by_test["t1"]["expected_output"] == "yes" and by_test["t1"]["feature"] == "qa"
    assert by_test["t1"]["answer"] == "yes" and by_test["t1"]["context"] == ["chunk"]
    assert "expected_output" not in by_test["t2"]


def test_a_bad_ground_truth_file_stops_before_anything_is_read(tmp_path):
    bad = tmp_path / "truth.json"
    bad.write_text("[1, 2]")
    with pytest.raises(FormatError, match="not a ground-truth file"):
        test_results.read([], ground_truth=str(bad))


def test_beyondchats_needs_pairs(folder):
    sniffed = [s for s in formats.sniff_paths([str(folder)]) if s.kind == beyondchats.CONVERSATION]
    with pytest.raises(FormatError, match="conversation \\+ context pairs"):
        list(beyondchats.read(sniffed))


def test_not_json_is_a_format_error(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("hello\n")
    with pytest.raises(FormatError, match="not JSON"):
        formats.sniff(path)


def test_formats_are_listed_once_with_their_names():
    # properties of every format, not a pinned list: a new format passes these as it is
    assert len(set(formats.NAMES)) == len(formats.NAMES) and {"evallog", "test-results", "beyondchats"} <= set(formats.NAMES)
    kinds = [k for f in formats.FORMATS for k in f.KINDS]
    assert len(set(kinds)) == len(kinds)  # each kind of file has one reader
    for fmt in formats.FORMATS:
        assert all(formats.format_of(k) is fmt for k in fmt.KINDS) and callable(fmt.read)
        assert hasattr(fmt, "claims") or hasattr(fmt, "sniff_file"), fmt.NAME  # it can be recognised
        assert set(fmt.NO_FEATURE) <= set(fmt.KINDS) and set(getattr(fmt, "ALONGSIDE", ())) <= set(fmt.KINDS)
        assert all(s.startswith(".") and s == s.lower() for s in getattr(fmt, "SUFFIXES", ()))
    assert formats.no_feature()["beyondchats-conversation"] == ("BeyondChats", "chat")
    assert formats.format_of("ground-truth") is test_results and ".json" in formats.suffixes()


def test_a_large_object_file_is_not_held_between_sniffing_and_reading(folder, opens, monkeypatch):
    from formats import sniffing

    monkeypatch.setattr(sniffing, "KEEP_BYTES", 100)  # results.json is larger than this
    [results] = [s for s in formats.sniff_paths([str(folder)]) if s.path.name == "results.json"]
    assert results.kind == "test-results" and not results.loaded and results.value is None
    [(_source, items)] = test_results.read([results])
    assert len(list(items)) == 2 and opens["results.json"] == 3  # head, parse to sniff, read again


def test_a_value_read_while_sniffing_is_handed_over_once(folder):
    one = formats.sniff(folder / "one.json")
    assert one.loaded
    value, _notes = one.take()
    assert value["_id"] == "r20" and not one.loaded and one.value is None
    assert one.take()[0] == value  # taken again: read from the file
