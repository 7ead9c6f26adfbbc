"""Whole junk items in a JSON array (balanced, but not a record or not JSON) cost only themselves, on one
line as on many: the minimal examples the store fuzz found (issue 29 item 4), kept as explicit cases.
The search for the next '{' used to run past scalar items and join them to the junk item."""
from __future__ import annotations

import json
import tracemalloc

import pytest

from formats.json_items import iter_array_items

BIG = "1" + "0" * 400
GOOD = '{"_id": "g1", "query": "What is Section 138?"}'

CASES = [  # (items, which of them are refused)
    (['{"a": 1 2}', BIG], [0]),  # the falsifying example: junk then a huge number
    (['{"a": 1 2}', '{"a": 1 2}'], [0, 1]),
    (['{"a": 1 2}', "5"], [0]),
    (['{"a": 1 2}', "nul", GOOD], [0, 1]),
    (['{"a": 1 2}', "-Infinity", GOOD, "[1, 2]"], [0]),  # Python reads -Infinity
    (['{"query": "q" "timestamp": 5}', '"x"', GOOD], [0]),
    ([GOOD, '{"a": 1 2}', BIG, GOOD], [1]),
    (["nul", '{"a": 1 2}', "[1, 2]", "nul"], [0, 1, 3]),
    (['{"a": 1 2}', "[" * 1500 + "]" * 1500, GOOD], [0, 1]),  # too deep to parse: refused, but alone
]


@pytest.mark.parametrize("layout", ["one line", "compact", "pretty", "crlf"])
@pytest.mark.parametrize("items,refused", CASES)
def test_each_junk_item_is_refused_alone(tmp_path, items, refused, layout):
    if layout == "one line":
        text = "[" + ", ".join(items) + "]"
    elif layout == "compact":
        text = "[" + ",".join(items) + "]"
    else:
        text = "[\n  " + ",\n  ".join(items) + "\n]\n"
        text = text.replace("\n", "\r\n") if layout == "crlf" else text
    path = tmp_path / "items.json"
    path.write_text(text)
    read = list(iter_array_items(path))
    assert len(read) == len(items), [e for _p, e, _n in read]
    for i, (payload, error, _notes) in enumerate(read):
        if i in refused:
            assert error and error.startswith(f"item {i + 1}: ") and payload.strip() == items[i].strip()
        else:
            assert error is None and payload == json.loads(items[i])


def test_a_quote_that_flips_strings_still_costs_only_its_item(tmp_path):
    """A '"' after '[' inside a string makes a later string read as structure; the next item is found
    by its balanced text, not at the first ',' that scans at depth 0 (two whole values must follow)."""
    items = [{"_id": f"e{i}", "answer": "It says [x].", "context": ["chunk \"q\"", "another, {b} chunk"]}
             for i in range(3)]
    texts = [json.dumps(item) for item in items]
    texts[0] = texts[0].replace("It says [x]", 'It says ["x]')
    path = tmp_path / "flip.json"
    path.write_text("[" + ", ".join(texts) + "]")
    read = list(iter_array_items(path))
    assert [e is None for _p, e, _n in read] == [False, True, True]
    assert [p for p, _e, _n in read[1:]] == items[1:]


def _peak_reading(path) -> tuple[int, int]:
    tracemalloc.start()
    try:
        n = sum(1 for _ in iter_array_items(path))
        return n, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_reading_junk_on_one_line_stays_streaming(tmp_path):
    """Peak Python memory does not grow with the file: 10x the items, about the same peak."""
    unit = [GOOD, '{"a": 1 2}', BIG, "nul", GOOD]
    peaks = []
    for copies in (200, 2000):
        path = tmp_path / f"junk{copies}.json"
        path.write_text("[" + ",".join(unit * copies) + "]")
        n, peak = _peak_reading(path)
        assert n == len(unit) * copies
        peaks.append(peak)
    assert peaks[1] < 2 * peaks[0] + (64 << 10), peaks
