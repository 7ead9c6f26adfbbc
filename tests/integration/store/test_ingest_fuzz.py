"""Fuzzing ingest and adopt with hypothesis over the record schema and the file formats.

For every generated file (evallog JSON Lines and JSON array, BeyondChats pairs,
test-results) against the real server: no exception escapes; ingested +
duplicates + rejected equals the records in the file; every rejection is stored
in `rejected` with a reason (the `seen` counters grow by exactly the rejected
count); ingesting the same file again adds no record. For adopt, on documents
written straight into `records`: adopted + rejected equals what waited, nothing
is left waiting, and a second run finds nothing.
"""
from __future__ import annotations

import itertools
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from formats.beyondchats import AI_ROLES, USER_ROLES
from jobs.adopt import adopt_logged_records
from jobs.ingest import ingest_paths
from store.collections import RECORDS, REJECTED
from store.records import ensure_indexes

FUZZ = settings(max_examples=50, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large, HealthCheck.large_base_example])
_names = itertools.count()

# --- the record schema, with the cases of issue 12 and their neighbours ------------------

ODD_TEXT = st.sampled_from(["", " ", "\ud800", "a\x00b", "$where", "a.b", "__all__", "*", "default", "Chat",
                            "x" * 300, "<!channel>", "é"])
TEXT = st.one_of(st.text(max_size=12), ODD_TEXT)
HUGE_INTS = st.sampled_from([2 ** 63 - 1, 2 ** 63, -(2 ** 63) - 1, 2 ** 64, 10 ** 400, -(10 ** 400)])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(2 ** 70), 2 ** 70), HUGE_INTS,
                    st.floats(allow_nan=True, allow_infinity=True), TEXT)
KEYS = st.one_of(st.text(max_size=6), st.sampled_from(["$set", "$ne", "a.b", "a\x00b", "\ud800", "_id", "eb",
                                                       "ingested_at", "source", "triage", "score"]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
                      max_leaves=8)
TIMESTAMPS = st.one_of(
    st.sampled_from(["2026-01-12T21:00:00Z", "2026-01-12 21:00:00", "0001-01-01T00:00:00+05:00",
                     "9999-12-31T23:59:59-05:00", "20240501", "20240501T101500Z", "2024", "Tuesday", "yesterday",
                     "May 1 2024 10:15 PST", "1 May 2024 10:15 IST", "2024-05-01 10:15 Europe/Berlin",
                     "2024-05-01 10:15 QQT", "1714558500", 1714558500, 1714558500000, 20240501, 2024,
                     {"$date": "2026-01-12T21:00:00Z"}, {"$date": {"$numberLong": "1768251600000"}}]),
    st.integers(-(2 ** 70), 2 ** 70), HUGE_INTS, st.floats(allow_nan=True, allow_infinity=True), TEXT, VALUES)
SCORES = st.one_of(st.floats(-2, 2), st.floats(allow_nan=True, allow_infinity=True), HUGE_INTS,
                   st.sampled_from(["0.9", " 0.61 ", "91%", "high", "", True]), st.none(), VALUES)
METRIC = st.one_of(SCORES, st.fixed_dictionaries({}, optional={
    "score": SCORES, "threshold": SCORES, "passed": SCALARS, "reason": TEXT, "extra": VALUES}))
EVALUATION = st.one_of(VALUES, st.fixed_dictionaries({}, optional={
    m: METRIC for m in ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall",
                        "overall_quality", "other")}))
IDS = st.one_of(st.sampled_from(["a", "b", "c", "", " ", 7, 2 ** 70, {"$oid": "x"}, {"$ne": None}, None, True]),
                TEXT)
RECORD = st.fixed_dictionaries({}, optional={
    "_id": IDS, "query": st.one_of(st.sampled_from(["What is Section 138?"] * 3), TEXT, SCALARS),
    "answer": st.one_of(TEXT, SCALARS), "context": st.one_of(st.lists(TEXT, max_size=3), VALUES),
    "timestamp": TIMESTAMPS, "feature": st.one_of(st.sampled_from(["chat", "viability"]), TEXT, SCALARS),
    "evaluation": EVALUATION, "regeneration_attempts": st.one_of(SCALARS, st.sampled_from(["1", "-1", "x"])),
    "session_id": st.one_of(TEXT, SCALARS), "extra": VALUES, "$where": TEXT, "meta.x": SCALARS,
})
GOOD = st.fixed_dictionaries({
    "_id": st.one_of(st.sampled_from(["g1", "g2", "g3"]), st.uuids().map(str)), "query": st.just("What is Section 138?"),
    "answer": st.sampled_from(["Cheque dishonour.", "A different answer."]),
    "timestamp": st.just("2026-01-12T21:00:00Z"), "feature": st.just("chat"),
    "evaluation": st.just({"faithfulness": {"score": 0.9}}),
})

# A good record with one field fuzzed: the neighbours of what ingests.
NEAR = st.one_of(*(st.builds(lambda base, value, key=key: {**base, key: value}, GOOD, values) for key, values in [
    ("timestamp", TIMESTAMPS), ("evaluation", EVALUATION), ("feature", st.one_of(TEXT, SCALARS)),
    ("extra", VALUES), ("regeneration_attempts", SCALARS), ("answer", st.one_of(TEXT, SCALARS)),
    ("context", VALUES), ("a\x00b", SCALARS), ("$set", VALUES)]))
RECORDS_ = st.one_of(RECORD, GOOD, NEAR, NEAR)

# Lines that are not a record, or not even JSON (each still one line: no b"\n" inside).
JUNK_LINES = st.one_of(
    st.sampled_from([b"{broken", b"[1, 2]", b'"text"', b"123", b"null", b"garbage", b"\xff\xfe{}",
                     b'{"query": "caf\xe9", "timestamp": "2026-01-12T21:00:00Z"}', b"{" * 3000,
                     b"[" * 3000 + b"]" * 3000, b'{"n": 1' + b"0" * 400 + b"}", b"NaN", b"{}"]),
    st.binary(max_size=30).map(lambda b: b.replace(b"\n", b" ")))
# Array items that are not a record but keep brackets and quotes balanced, so the
# items around them stay apart (an unclosed bracket would swallow what follows).
JUNK_ITEMS = st.sampled_from([b'{"a": 1 2}', b"1" + b"0" * 400, b"[" * 1500 + b"]" * 1500, b'"x\xff"', b"NaN",
                              b"[1, 2]", b'{"query": "q" "timestamp": 5}', b"nul", b'{"query": "caf\xe9"}'])


def dumps(value) -> bytes:
    return json.dumps(value, ensure_ascii=True).encode()


def counts(db) -> tuple[int, int]:
    seen = next(iter(db[REJECTED].aggregate([{"$group": {"_id": None, "n": {"$sum": "$seen"}}}])), {"n": 0})["n"]
    return db[RECORDS].count_documents({}), seen


def check_ingest(db, paths: list, expected: int, fmt: str = "auto") -> None:
    records_before, seen_before = counts(db)
    first = ingest_paths(db, [str(p) for p in paths], fmt)
    assert first.ingested + first.duplicates + first.rejected == expected, (first, expected)
    records_after, seen_after = counts(db)
    assert records_after - records_before == first.ingested
    assert seen_after - seen_before == first.rejected  # every rejection stored
    assert db[REJECTED].count_documents({"$or": [{"reason": {"$in": ["", None]}}, {"raw": {"$exists": False}}]}) == 0
    again = ingest_paths(db, [str(p) for p in paths], fmt)
    assert again.ingested == 0 and again.ingested + again.duplicates + again.rejected == expected
    assert counts(db) == (records_after, seen_after + again.rejected)


@FUZZ
@given(records=st.lists(RECORDS_, min_size=1, max_size=8), junk=st.lists(JUNK_LINES, max_size=8),
       data=st.data())
def test_fuzz_jsonl(db, tmp_path, records, junk, data):
    junk = junk[:len(records)]  # a file of JSON Lines: at least as many records as junk
    lines = data.draw(st.permutations([dumps(r) for r in records] + junk))
    path = tmp_path / f"f{next(_names)}.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    expected = sum(1 for i, line in enumerate(path.read_bytes().split(b"\n"))
                   if (line.lstrip(b"\xef\xbb\xbf") if i == 0 else line).strip())
    check_ingest(db, [path], expected)


@FUZZ
@given(records=st.lists(RECORDS_, max_size=8), junk=st.lists(JUNK_ITEMS, max_size=4), data=st.data(),
       pretty=st.booleans())
def test_fuzz_json_array(db, tmp_path, records, junk, data, pretty):
    items = data.draw(st.permutations([dumps(r) for r in records] + junk))
    path = tmp_path / f"f{next(_names)}.json"
    path.write_bytes(b"[\n" + b",\n".join(items) + b"\n]" if pretty else b"[" + b",".join(items) + b"]")
    check_ingest(db, [path], len(items))


@FUZZ
@given(tests=st.dictionaries(st.text(min_size=1, max_size=6), st.fixed_dictionaries(
    {"answers": st.one_of(TEXT, st.lists(SCALARS, max_size=3), SCALARS)}, optional={
        "query_id": st.one_of(TEXT, SCALARS), "query": st.one_of(TEXT, SCALARS), "timestamp": TIMESTAMPS,
        "feature": st.one_of(TEXT, SCALARS),
        "top_k_chunks": st.one_of(st.lists(st.fixed_dictionaries({}, optional={
            "text": st.one_of(TEXT, SCALARS), "chunk_id": SCALARS, "doc_id": SCALARS, "page": SCALARS,
            "score": SCORES}), max_size=3), VALUES)}), min_size=1, max_size=6))
def test_fuzz_test_results(db, tmp_path, tests):
    path = tmp_path / f"results{next(_names)}.json"
    path.write_bytes(dumps(tests))
    check_ingest(db, [path], len(tests), "test-results")


ROLES = st.sampled_from(["User", "AI/Chatbot", "User", "AI/Chatbot", "assistant", "system", "", None, 5])
TURN = st.fixed_dictionaries({"role": ROLES, "message": st.one_of(st.just("Hello?"), TEXT, SCALARS),
                              "created_at": st.one_of(st.just("2025-11-16T17:04:44.000000Z"), TIMESTAMPS)},
                             optional={"turn": SCALARS, "sender_id": SCALARS})


@FUZZ
@given(chat_id=st.one_of(st.integers(0, 10 ** 6), HUGE_INTS, TEXT, st.none()),
       exchanges=st.lists(st.tuples(TURN.map(lambda t: {**t, "role": "User"}),
                                    TURN.map(lambda t: {**t, "role": "AI/Chatbot"})), min_size=1, max_size=4),
       odd_turns=st.lists(st.one_of(TURN, SCALARS), max_size=3), data=st.data(),
       vectors=st.lists(st.fixed_dictionaries({}, optional={"text": st.one_of(TEXT, SCALARS), "id": SCALARS}),
                        max_size=3))
def test_fuzz_beyondchats(db, tmp_path, chat_id, exchanges, odd_turns, vectors, data):
    turns = [turn for exchange in exchanges for turn in exchange]
    for odd in odd_turns:
        turns.insert(data.draw(st.integers(0, len(turns))), odd)
    n = next(_names)
    folder = tmp_path / f"bc{n}"
    folder.mkdir()
    (folder / "conversation-01.json").write_bytes(dumps({"chat_id": chat_id, "conversation_turns": turns}))
    (folder / "context-01.json").write_bytes(dumps({"data": {"vector_data": vectors}}))
    pairs, asked = 0, False  # reference 001: each AI message after a user message is one record
    for turn in turns:
        if isinstance(turn, dict) and isinstance(turn.get("message"), str):
            role = str(turn.get("role", "")).strip().lower()
            asked = asked or role in USER_ROLES
            pairs += role in AI_ROLES and asked
    check_ingest(db, [folder / "conversation-01.json", folder / "context-01.json"], pairs, "beyondchats")


POISON_TIMESTAMPS = st.sampled_from(["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "Tuesday", "2024",
                                     "20240501", 10 ** 12 * 10 ** 10])


@FUZZ
@given(records=st.lists(st.one_of(RECORDS_, st.builds(
    lambda r, ts: {**r, "timestamp": ts}, RECORD, POISON_TIMESTAMPS)), min_size=1, max_size=8))
def test_fuzz_adopt_direct_writes(db, records):
    ensure_indexes(db)
    for record in records:
        record = {k: v for k, v in record.items() if k != "_id"}  # the product's own unique ids
        try:
            db[RECORDS].insert_one(record)
        except Exception:  # noqa: BLE001 - what the driver or server will not store never reaches adopt
            continue
    waiting = db[RECORDS].count_documents({"ingested_at": None})
    _records, seen_before = counts(db)
    result = adopt_logged_records(db)
    assert result["adopted"] + result["rejected"] == waiting
    assert db[RECORDS].count_documents({"ingested_at": None}) == 0
    assert counts(db)[1] - seen_before == result["rejected"]
    assert adopt_logged_records(db) == {"adopted": 0, "rejected": 0}
