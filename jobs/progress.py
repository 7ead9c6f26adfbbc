"""Progress of long command-line work: a bar with rate and ETA on a terminal, one line otherwise.

The work itself is not instrumented: `watch(...)` runs it and, from a background
thread, polls a cheap `done()` count (records stamped since the start, records
still waiting for scores...) every `every_s` seconds. On a terminal that redraws one
line ("ingest [######....] 61% 30,500/50,000 records · 6,100/s · ETA 3s"); when
stderr is not a terminal (CI, a pipe, a log file) nothing is drawn while it runs
and one summary line is written at the end ("ingest: 50,000 records in 8.2s, 6,100/s").
"""
from __future__ import annotations

import sys
import threading
import time
from typing import Callable, TextIO, TypeVar

T = TypeVar("T")
WIDTH = 24


def _duration(seconds: float) -> str:
    seconds = max(0.0, seconds)
    if seconds < 60:
        return f"{seconds:.0f}s" if seconds >= 10 else f"{seconds:.1f}s"
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}m{rest:02d}s" if minutes < 60 else f"{minutes // 60}h{minutes % 60:02d}m"


def line(label: str, done: int, total: int | None, elapsed: float, unit: str = "records") -> str:
    """The bar's text for `done` of `total` after `elapsed` seconds (total None: no bar, no ETA)."""
    rate = done / elapsed if elapsed > 0 else 0.0
    speed = f"{rate:,.0f}/s" if rate >= 10 else f"{rate:.1f}/s"
    if total:
        share = min(1.0, done / total)
        filled = int(round(share * WIDTH))
        eta = _duration((total - done) / rate) if rate > 0 and done < total else "—" if done < total else "0s"
        return (f"{label} [{'#' * filled}{'.' * (WIDTH - filled)}] {share:4.0%} {done:,}/{total:,} {unit}"
                f" · {speed} · ETA {eta}")
    return f"{label} {done:,} {unit} · {speed} · {_duration(elapsed)} elapsed"


def summary(label: str, done: int, elapsed: float, unit: str = "records") -> str:
    rate = done / elapsed if elapsed > 0 else 0.0
    return f"{label}: {done:,} {unit} in {_duration(elapsed)}, {rate:,.0f}/s"


class Progress:
    """Shows `done()` against `total` while running; call `stop()` (or use as a context manager)."""

    def __init__(self, label: str, done: Callable[[], int], total: int | None = None, *, unit: str = "records",
                 stream: TextIO | None = None, every_s: float = 0.5, tty: bool | None = None):
        self.label, self.done_fn, self.total, self.unit = label, done, total, unit
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty() if tty is None else tty
        self.every_s = every_s
        self.started = time.monotonic()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.last = 0

    def _poll(self) -> int:
        try:
            self.last = max(self.last, int(self.done_fn()))
        except Exception:  # noqa: BLE001 - a failed count must not stop the work
            pass
        return self.last

    def _run(self) -> None:
        while not self._stop.wait(self.every_s):
            text = line(self.label, self._poll(), self.total, time.monotonic() - self.started, self.unit)
            self.stream.write("\r" + text + "\x1b[K")
            self.stream.flush()

    def start(self) -> "Progress":
        if self.tty:
            self._thread = threading.Thread(target=self._run, name=f"progress-{self.label}", daemon=True)
            self._thread.start()
        return self

    def stop(self, done: int | None = None) -> str:
        """Stop drawing; write and return the summary line."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        final = self._poll() if done is None else int(done)
        text = summary(self.label, final, time.monotonic() - self.started, self.unit)
        self.stream.write(("\r" + text + "\x1b[K\n") if self.tty else text + "\n")
        self.stream.flush()
        return text

    def __enter__(self) -> "Progress":
        return self.start()

    def __exit__(self, *exc) -> None:
        if not self._stop.is_set():
            self.stop()


def watch(label: str, work: Callable[[], T], done: Callable[[], int], total: int | None = None, **kw) -> T:
    """Run `work()` with a Progress polling `done()`; returns what `work()` returns."""
    progress = Progress(label, done, total, **kw).start()
    try:
        return work()
    finally:
        progress.stop()
