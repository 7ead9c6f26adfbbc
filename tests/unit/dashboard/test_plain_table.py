"""Small tables drawn as Markdown (issue 29): user text stays text, every row is one line, numbers align right."""
from __future__ import annotations

import math

from dashboard.components.plain_table import markdown_table


def test_user_text_never_becomes_markdown_a_link_or_a_new_row():
    table = markdown_table([{"Detail": "a | b\nnext line **bold** [x](http://evil.example) <b>", "n": 1}])
    head, rule, row = table.splitlines()
    assert head == "| Detail | n |" and rule == "|---|---:|"
    assert row.count(" | ") == 1  # the user's pipe is escaped: still two cells
    assert "\\|" in row and "\\*\\*bold\\*\\*" in row and "\\[x\\]" in row and "\\<b\\>" in row
    assert "http://" not in row  # no autolink either


def test_blank_cells_read_as_a_dash_and_formats_apply():
    table = markdown_table([{"USD": 0.5, "Job": None, "x": math.nan}, {"USD": 2, "Job": "", "x": 1.0}],
                           {"USD": "${:.4f}".format})
    rows = table.splitlines()[2:]
    assert rows[0] == "| \\$0\\.5000 | — | — |"  # "$" escaped too: no LaTeX
    assert rows[1] == "| \\$2\\.0000 | — | 1\\.0 |"
    assert table.splitlines()[1] == "|---:|---|---:|"  # text columns left, number columns right


def test_no_rows_no_table():
    assert markdown_table([]) == ""


def test_a_tinted_row_colours_every_cell_and_only_that_row():
    table = markdown_table([{"Metric": "recall", "Mark": "▼ worse"}, {"Metric": "precision", "Mark": ""}],
                           tints=["red", None])
    worse, other = table.splitlines()[2:]
    assert worse == "| :red-background[recall] | :red-background[▼ worse] |"
    assert other == "| precision | — |"
