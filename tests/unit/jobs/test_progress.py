"""The progress helper: the bar's text, and one summary line when not on a terminal."""
from __future__ import annotations

import io
import threading

from jobs.progress import Progress, line, summary, watch


def test_bar_text_has_share_counts_rate_and_eta():
    text = line("ingest", 2_500, 10_000, 2.0)
    assert text.startswith("ingest [######..................]  25% 2,500/10,000 records")
    assert "1,250/s" in text and text.endswith("ETA 6.0s")
    assert line("score", 30, None, 3.0, unit="records").startswith("score 30 records · 10/s · 3.0s elapsed")
    assert line("x", 10, 10, 1.0).endswith("ETA 0s")
    assert summary("report", 4, 125.0, unit="weeks") == "report: 4 weeks in 2m05s, 0/s"


class FakeTty(io.StringIO):
    def isatty(self):
        return True


def test_not_a_terminal_writes_one_summary_line():
    out = io.StringIO()
    result = watch("ingest", lambda: "done", done=lambda: 42, total=100, stream=out)
    assert result == "done"
    assert out.getvalue().count("\n") == 1 and out.getvalue().startswith("ingest: 42 records in ")


def test_terminal_redraws_the_bar_until_stopped():
    out = FakeTty()
    seen = threading.Event()
    counter = {"n": 0}

    def done():
        counter["n"] += 5
        if counter["n"] >= 15:
            seen.set()
        return counter["n"]

    progress = Progress("batch", done, total=100, stream=out, every_s=0.01).start()
    assert seen.wait(30)
    progress.stop(done=100)
    text = out.getvalue()
    assert "\rbatch [" in text and "/100 records" in text and "ETA" in text
    assert text.endswith("batch: 100 records in " + text.rsplit("records in ", 1)[1])
    assert text.endswith("\n")
