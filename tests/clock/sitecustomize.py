"""Moves this Python process's clock when EVALBOARD_CLOCK_SHIFT_TO is set (the clock-shift check,
`make test-dates`): every Python process of a test run — pytest, the embedded database server,
the dashboard, `python -m jobs` subprocesses — imports this at start-up through PYTHONPATH, so all
of them agree on the shifted "now". The clock keeps ticking from the given instant (tick=True);
monotonic clocks are left alone, so timeouts and sleeps behave as usual."""
import os

_target = os.environ.get("EVALBOARD_CLOCK_SHIFT_TO")
if _target:
    import time_machine

    # The same instant in every process: the run's start, plus how long this process started after it.
    _started = float(os.environ.get("EVALBOARD_CLOCK_SHIFT_STARTED", "0") or 0)
    import time as _time
    from datetime import datetime, timedelta

    _since = max(0.0, _time.time() - _started) if _started else 0.0
    _dest = datetime.fromisoformat(_target) + timedelta(seconds=_since)
    time_machine.travel(_dest, tick=True).start()
