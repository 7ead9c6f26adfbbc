"""No page shows "None" as text: every element AppTest renders (markdown, captions, text, metrics,
tables, select options) of every page, on the seeded demo database (with a small judge-agreement
sample, so the agreement page has figures, some without a baseline), is grepped for it."""
from __future__ import annotations

import re

import pytest

from .test_pages_monitor import open_page

PAGES = ("views/overview.py", "views/features.py", "views/alerts.py", "views/agreement.py", "views/triage.py",
         "views/reports.py", "views/health.py", "views/playground.py", "views/users.py")
NONE = re.compile(r"\bNone\b")


def _shown(at) -> list[str]:
    out = []
    for kind in ("markdown", "caption", "text", "title", "header", "subheader", "info", "warning", "success",
                 "error", "code", "json"):
        out += [str(e.value) for e in getattr(at, kind, [])]
    for m in at.metric:
        out += [str(m.label), str(m.value), str(m.proto.delta or "")]
    for frame in at.dataframe:
        df = frame.value
        out += [str(c) for c in df.columns]
        for column in df.columns:
            values = df[column].tolist()
            out += [str(v) for v in values if isinstance(v, str)]
            if df[column].dtype == object:  # a missing value in a text column is drawn as "None"
                out += [f"{column}: None" for v in values if v is None]
    for box in list(at.selectbox) + list(at.multiselect) + list(at.radio):
        out += [str(o) for o in box.options]
    return out


@pytest.fixture(scope="module")
def with_agreement(seeded_db):
    from jobs.agreement import run_agreement

    run_agreement(seeded_db, per_feature=3, max_items=400)
    return seeded_db


@pytest.mark.parametrize("page", PAGES)
def test_no_page_shows_none_as_text(make_app, with_agreement, page):
    at = open_page(make_app(), page)
    found = [text[:160] for text in _shown(at) if NONE.search(text)]
    assert not found, f"{page} shows None: {found[:5]}"
