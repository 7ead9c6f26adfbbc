"""Log redaction hides the secrets in what is written, and never rewrites the record other handlers share
(a handler that keeps records, like pytest's caplog, still gets the traceback)."""
from __future__ import annotations

import io
import logging

import pytest

from settings import reset_settings

SECRET = "T0KEN-s3cr3t-abcdef"


@pytest.fixture
def webhook_secret(monkeypatch):
    monkeypatch.setenv("EVALBOARD_WEBHOOK_URL", f"https://hooks.example.com/services/{SECRET}")
    reset_settings()
    yield
    monkeypatch.delenv("EVALBOARD_WEBHOOK_URL")
    reset_settings()


class Keep(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


def test_installed_redaction_changes_the_text_written_not_the_shared_record(webhook_secret, monkeypatch):
    from jobs.notify import RedactingFormatter, install_log_redaction

    root = logging.getLogger()
    stream = io.StringIO()
    writer, keeper = logging.StreamHandler(stream), Keep()
    monkeypatch.setattr(root, "handlers", [])  # only this test's handlers (pytest's own are left as they are)
    root.addHandler(writer)
    try:
        install_log_redaction()
        assert isinstance(writer.formatter, RedactingFormatter)
        root.addHandler(keeper)  # added after: like caplog's handler, which keeps the record itself
        log = logging.getLogger("evalboard.redaction-test")
        try:
            raise RuntimeError(f"posting to https://hooks.example.com/services/{SECRET} failed")
        except RuntimeError:
            log.error("delivery to %s failed", f"https://hooks.example.com/services/{SECRET}", exc_info=True)
    finally:
        root.removeHandler(writer)
        root.removeHandler(keeper)
    written = stream.getvalue()
    assert "delivery to" in written and "RuntimeError" in written and SECRET not in written
    [record] = [r for r in keeper.records if r.name == "evalboard.redaction-test"]
    assert record.exc_info and SECRET in str(record.exc_info[1])  # the traceback is still there for others


def test_a_loggers_filter_passes_a_redacted_copy_and_leaves_the_record_alone(webhook_secret):
    import jobs.notify  # noqa: F401  (installs the filter on "jobs.notify")

    log = logging.getLogger("jobs.notify")
    keeper = Keep()
    log.addHandler(keeper)
    try:
        try:
            raise RuntimeError(f"answer from https://hooks.example.com/services/{SECRET}")
        except RuntimeError:
            record = log.makeRecord(log.name, logging.WARNING, __file__, 1, "sent to %s", (SECRET,),
                                    __import__("sys").exc_info())
        log.handle(record)
    finally:
        log.removeHandler(keeper)
    [seen] = keeper.records
    assert seen is not record and SECRET not in seen.getMessage() and SECRET not in (seen.exc_text or "")
    assert seen.exc_info is None and "RuntimeError" in seen.exc_text
    assert record.exc_info is not None and record.args == (SECRET,)  # the caller's record is unchanged
