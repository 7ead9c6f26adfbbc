"""The clock-shift check: the calendar-dependent tests run with the clock moved to other days.

    python tests/clock/run.py                 # every date below, the full calendar set (make test-dates);
                                              # the product start (PRODUCT_SET) on the first date
    python tests/clock/run.py --date leap-day # one date
    python tests/clock/run.py --rotate SEED   # one date drawn from SEED (CI: the commit hash), the CI set

Each run sets EVALBOARD_CLOCK_SHIFT_TO (and EVALBOARD_TIMEZONE where the date is about a time zone)
and puts tests/clock on PYTHONPATH, so every Python process of the run — pytest, the embedded
database, the dashboard, `python -m jobs` children — starts with its clock moved there by
time-machine (tests/clock/sitecustomize.py) and ticking on. Prints one line per date with its time.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# name -> (instant, EVALBOARD_TIMEZONE or None); instants chosen near day and week edges
DATES: dict[str, tuple[str, str | None]] = {
    "monday": ("2027-03-15T06:10:00+00:00", None),
    "sunday-late": ("2027-03-21T23:40:00+00:00", None),
    "sunday-early": ("2027-03-14T00:50:00+00:00", None),  # the newest demo release holds one weekend day
    "after-month-end": ("2027-05-01T00:20:00+00:00", None),
    "new-year": ("2027-01-01T09:00:00+00:00", None),
    "dst-berlin-spring": ("2027-03-30T22:30:00+00:00", "Europe/Berlin"),  # clocks went forward on Sun 28 Mar
    "dst-berlin-autumn": ("2027-11-02T23:30:00+00:00", "Europe/Berlin"),  # back on Sun 31 Oct
    "dst-new-york": ("2027-03-16T03:30:00+00:00", "America/New_York"),   # forward on Sun 14 Mar; still the 15th there
    "leap-day": ("2028-02-29T12:00:00+00:00", None),
}

# The tests whose outcome depends on the calendar: data relative to now (the demo, its incidents,
# default "last 7 days" windows, replayed alerts, report weeks, agreement days, queues) and the pages
# and jobs that cut days and weeks (test_demo_default pins its own END, so it is not here).
CI_SET = [
    "tests/integration/test_one_calendar.py",
    "tests/integration/store/test_labels.py",
    "tests/integration/jobs/test_aggregate.py",
    "tests/integration/jobs/test_release_rule.py",
    "tests/integration/jobs/test_report.py",
    "tests/integration/jobs/test_alerts_handled.py",
    "tests/integration/dashboard/test_page_alerts_workflow.py",
    "tests/integration/dashboard/test_pages_monitor.py",
    "tests/integration/dashboard/test_drilldown.py",
]
# and, for `make test-dates`, the unit tests and the other tests that read the calendar
FULL_SET = ["tests/unit"] + CI_SET + [
    "tests/integration/test_demo.py",
    "tests/integration/test_agreement_demo.py",
    "tests/integration/jobs/test_scheduler.py",
    "tests/integration/dashboard/test_compare_page.py",
    "tests/e2e/test_browser_compare.py",
]
# the product started under the shifted clock (scripts.run_local on an empty data folder, the default
# demo, then Overview, Alerts and Reports in Chromium) and the main browser flows: with the full set,
# on the first date of the run only (they take minutes; one shifted start shows the product's seams)
PRODUCT_SET = ["tests/e2e/test_first_day.py", "tests/e2e/test_browser.py"]
# ... with the default demo (`make test`'s first-day run uses a four-week one)
DEFAULT_DEMO = {"EVALBOARD_DEMO_DAYS": "90", "EVALBOARD_DEMO_PER_DAY": "400"}


def run_one(name: str, tests: list[str], extra: list[str], more_env: dict | None = None) -> tuple[int, float]:
    instant, zone = DATES[name]
    env = {**os.environ, **(more_env or {}), "EVALBOARD_CLOCK_SHIFT_TO": instant,
           "EVALBOARD_CLOCK_SHIFT_STARTED": str(time.time()),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "tests" / "clock"), os.environ.get("PYTHONPATH")]))}
    if zone:
        env["EVALBOARD_TIMEZONE"] = zone
    else:
        env.pop("EVALBOARD_TIMEZONE", None)
    print(f"clock-shift: {name}: now = {instant}, EVALBOARD_TIMEZONE = {zone or 'UTC'}", flush=True)
    started = time.monotonic()
    rc = subprocess.call([sys.executable, "-m", "pytest", "-q", *tests, *extra], cwd=ROOT, env=env)
    return rc, time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--date", action="append", choices=sorted(DATES), help="run only this date (repeatable)")
    parser.add_argument("--rotate", metavar="SEED", help="one date drawn from SEED (e.g. the commit hash), CI set")
    parser.add_argument("--set", choices=("ci", "full"), default=None, help="which tests (default: full; ci with --rotate)")
    args, extra = parser.parse_known_args(argv)
    names = args.date or list(DATES)
    if args.rotate:
        rotated = sorted(DATES)
        names = [rotated[int(hashlib.sha1(args.rotate.encode()).hexdigest(), 16) % len(rotated)]]
    full = (args.set or ("ci" if args.rotate else "full")) == "full"
    tests = FULL_SET if full else CI_SET
    if any(a.startswith("tests/") for a in extra):  # test paths given: those instead of the set
        tests, full = [], False
    results = [(name, *run_one(name, tests + (PRODUCT_SET if full and i == 0 else []), extra,
                               DEFAULT_DEMO if full and i == 0 else {}))
               for i, name in enumerate(names)]
    print("clock-shift summary:")
    for name, rc, seconds in results:
        print(f"  {name:<20} {DATES[name][0]}  tz={DATES[name][1] or 'UTC':<17} {'passed' if rc == 0 else 'FAILED'}"
              f"  {seconds:6.0f} s")
    return 0 if all(rc == 0 for _, rc, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
