"""Each script run's server-side time in the log, when EVALBOARD_RUN_TIMING=1 (bench/bench_pages.py reads it).

One line per run, `run-timing <page url path> <seconds>`, printed to stdout: the browser's wait is
this plus the websocket and the drawing, so the two together say where a slow click goes."""
from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def timed(page_path: str, started: float) -> Iterator[None]:
    """Report the run that began at `started` (perf_counter) once the page's body is done.
    EVALBOARD_RUN_PROFILE=DIR: each run's cProfile statistics go to DIR/<page>-<n>.prof too."""
    profile_dir = os.environ.get("EVALBOARD_RUN_PROFILE")
    profiler = None
    if profile_dir:
        import cProfile
        profiler = cProfile.Profile()
        profiler.enable()
    try:
        yield
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(os.path.join(profile_dir, f"{page_path or 'home'}-{time.time_ns()}.prof"))
        if os.environ.get("EVALBOARD_RUN_TIMING") == "1":
            sys.stdout.write(f"run-timing {page_path or 'home'} {time.perf_counter() - started:.4f}\n")
            sys.stdout.flush()
