"""When a budgeted job stops: its deadline, or the worker stopping (a leaf: the jobs that check it
and the runner that sets their deadline both import it, never each other)."""
from __future__ import annotations

import threading
import time

# Set when the worker is asked to stop: budgeted jobs end their slice at once (jobs/scheduler.py).
STOPPING = threading.Event()


def out_of_time(deadline: float | None) -> bool:
    """True once a budgeted job should stop: past its deadline, or the worker is stopping."""
    return STOPPING.is_set() or (deadline is not None and time.monotonic() >= deadline)
