"""A fresh start: while the worker's first tick has not built the aggregates, alerts and weekly
report, every page says what is still being built; after the tick, the notice is gone."""
from __future__ import annotations

from .conftest import _plain_records
from .test_pages_monitor import markdown_tables, open_page


def notices(at) -> str:
    return "\n".join(str(i.value) for i in at.info)


def test_pages_say_what_is_still_being_built_until_the_first_tick(make_app, db):
    from jobs.runner import run_tick
    from store.setup_status import build_status, set_setup

    set_setup(db, demo_loading=True)
    at = open_page(make_app(db), "views/overview.py")
    assert "Loading the demo data" in notices(at)
    _plain_records(db, days=10, per_day=20)
    set_setup(db, demo_loading=False)
    assert build_status(db)["pending"] == ["aggregates", "alerts", "weekly report"]
    for page in ("views/overview.py", "views/alerts.py", "views/reports.py"):
        at = open_page(make_app(db), page)
        assert "Still being built:** aggregates, alerts, weekly report" in notices(at), page
    done = run_tick(db)
    assert all(done.values()), done
    assert build_status(db)["pending"] == []
    at = open_page(make_app(db), "views/overview.py")
    assert "Still being built" not in notices(at) and "Loading the demo data" not in notices(at)


def test_a_page_drops_reads_cached_before_the_worker_wrote_new_numbers(make_app, db):
    """Compare opened between the first tick and the release aggregates' build caches "no release
    aggregates"; once the worker has built them, the next page run shows them (not minutes later)."""
    from streamlit.testing.v1 import AppTest

    from demo.generate import generate_demo
    from jobs.runner import run_tick
    from tests.integration.dashboard.conftest import APP

    # before the release aggregates exist, Compare says there is nothing to compare (with per-feature
    # release lines, issue 34, that reads as fewer than two releases in the feature's line)
    empty = ("No release aggregates yet", "Fewer than two releases have records")
    generate_demo(db, days=8, per_day=60, seed=3)
    run_tick(db)  # the first numbers; the release aggregates follow with the next refresh
    at = open_page(make_app(db), "views/compare.py")
    assert any(e in notices(at) for e in empty)
    run_tick(db)
    at = open_page(AppTest.from_file(APP, default_timeout=60), "views/compare.py")  # same server: caches kept
    assert not any(e in notices(at) for e in empty) and markdown_tables(at), notices(at)
