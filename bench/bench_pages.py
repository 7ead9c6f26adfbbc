"""Browser time to settle of every dashboard page and of the actions people repeat (issues 29, 34).

    python bench/bench_pages.py [--size demo|200k] [--data DIR] [--runs 3] [--only overview,triage]

What a person waits for, measured in headless Chromium (1400x900) against `streamlit run
dashboard/app.py` in local mode: from the navigation (or the click / key) to the moment the page
has settled — Streamlit's script state is back to "notRunning", no skeleton is left, the target
text is visible — and stays so for 400 ms (the settle time reported is when it became quiet, not
the end of that wait). Per page: a fresh tab (a new browser page opening the page's URL: a new
session, the whole app run) and a sidebar switch from the Overview. Actions: the Overview's period
(Daily -> Weekly), a record opened from the Triage list, a label key then -> in Labelling (until the
next record's "i of N"), Score in the Playground (the example answer, until the scores show).

The database is seeded once into `--data` (an embedded server's directory, reused by later runs
so that before/after compare the same data): `demo` is the default demo (`python -m jobs demo`:
90 days x 400 records), `200k` is bench_dashboard's 200,000 records over 90 days across 50 features
(the feature cap, EVALBOARD_MAX_FEATURES) and 12 releases; then the full aggregate, the release
aggregates, the alerts, a small judge-agreement sample, the weekly report and one annotation queue.
The server-side time of each run is in the app's log when EVALBOARD_RUN_TIMING=1 (see
dashboard/errors.py); this script prints the medians it finds there too.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

CHROMIUM = "/usr/bin/chromium"
IDLE_JS = "() => !!document.querySelector('[data-testid=\"stApp\"][data-test-script-state=\"notRunning\"]')" \
          " && !document.querySelector('[data-testid=\"stSkeleton\"]')"
PAGES = (  # (sidebar title, url path, text that shows the page is drawn)
    ("Overview", "overview", "Pass rate"),
    ("Features", "features", "Features"),
    ("Alerts", "alerts", "Alerts"),
    ("Judge agreement", "agreement", "Judge agreement"),
    ("Judge accuracy", "judge-accuracy", "Judge accuracy on your labels"),
    ("Triage", "triage", "match"),
    ("Labelling", "labelling", "Labelling"),
    ("Compare", "compare", "Compare"),
    ("Playground", "playground", "Playground"),
    ("Reports", "reports", "Reports"),
    ("Data health", "health", "Data health"),
    ("Users", "users", "Users"),
)
QUEUE_NAME = "bench queue"


# --- the database ---------------------------------------------------------------------------

def seed(db, size: str) -> None:
    from jobs.agreement import run_agreement
    from jobs.runner import run_once
    from store import queues
    from store.migrate import migrate

    migrate(db)
    t = time.perf_counter()
    if size == "demo":
        from demo.generate import generate_demo
        generate_demo(db, days=90, per_day=400, seed=7)
    else:
        sys.path.insert(0, str(ROOT / "bench"))
        from bench_dashboard import fill
        fill(db, 200_000, 90, level=1.12, features=50, releases=12)
    print(f"  seeded {db.records.estimated_document_count():,} records in {time.perf_counter() - t:.0f} s",
          flush=True)
    run_once(db, "aggregate", full=True)
    print(f"  aggregated in {time.perf_counter() - t:.0f} s", flush=True)
    run_once(db, "aggregate")  # the release aggregates (built by the refresh after a full rebuild)
    print(f"  release aggregates in {time.perf_counter() - t:.0f} s", flush=True)
    run_agreement(db, per_feature=6)
    for job in ("alerts", "report"):
        run_once(db, job)
    queues.create_queue(db, QUEUE_NAME, {"verdict": "failing", "size": 200, "order": "random"}, "bench")
    print(f"  built in {time.perf_counter() - t:.0f} s", flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_app(uri: str, log: Path, root: Path = ROOT) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "MONGODB_URI": uri, "EVALBOARD_USERS_FILE": str(log.parent / "no-users.toml"),
           "EVALBOARD_RUN_TIMING": "1"}
    for key in ("OPENAI_BASE_URL", "OPENAI_API_KEY"):
        env.pop(key, None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "dashboard/app.py", "--server.port", str(port),
         "--server.headless", "true", "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
         "--server.fileWatcherType", "none"],
        cwd=root, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as resp:
                if resp.status == 200:
                    return proc, url
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError("streamlit did not start: " + log.read_text()[-2000:])


# --- timing -----------------------------------------------------------------------------------

def settled(page, started: float, text: str | None, timeout: float = 240.0, quiet: float = 0.4) -> float:
    """Seconds from `started` until the page was idle (and `text` visible), idle for `quiet` s after."""
    deadline = time.monotonic() + timeout
    idle_since = None
    target = page.get_by_text(text, exact=False).filter(visible=True).first if text else None
    page.wait_for_timeout(30)  # let the click's rerun request leave the browser
    while time.monotonic() < deadline:
        idle = page.evaluate(IDLE_JS) and (target is None or target.count() > 0)
        now = time.monotonic()
        if not idle:
            idle_since = None
        elif idle_since is None:
            idle_since = now
        elif now - idle_since >= quiet:
            return idle_since - started
        page.wait_for_timeout(20)
    raise TimeoutError(f"the page did not settle within {timeout:.0f} s (waiting for {text!r})")


def fresh_tab(context, url: str, text: str) -> float:
    page = context.new_page()
    try:
        t = time.monotonic()
        page.goto(url)
        return settled(page, t, text)
    finally:
        page.close()


def sidebar_switch(page, title: str, text: str) -> float:
    link = page.get_by_test_id("stSidebarNav").get_by_role("link", name=title, exact=True)
    t = time.monotonic()
    link.click()
    return settled(page, t, text)


def action_period(page) -> float:
    """Overview: Daily -> Weekly (and back, untimed)."""
    times = []
    for choice in ("Weekly", "Daily"):
        t = time.monotonic()
        page.locator('[data-testid="stButtonGroup"] button', has_text=choice).first.click()
        times.append(settled(page, t, "Pass rate"))
    return times[0]


def action_open_record(page) -> float:
    """Triage: a row of the list opens its record panel."""
    grid = page.locator('[data-testid="stDataFrame"]').first
    box = grid.bounding_box()
    t = time.monotonic()
    page.mouse.click(box["x"] + 18, box["y"] + 35 + 17)
    took = settled(page, t, "Record ")
    page.get_by_role("dialog").get_by_label("Close").first.click()
    settled(page, time.monotonic(), None)
    return took


def action_label(page) -> tuple[float, float]:
    """Labelling: the label key (until the judges are revealed), then -> (until the next record)."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    progress = page.get_by_text(" of 200", exact=False).filter(visible=True).first.text_content()
    t = time.monotonic()
    page.keyboard.press("f")
    label = settled(page, t, "How the judges scored it")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    t = time.monotonic()
    page.keyboard.press("ArrowRight")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the progress line moved on
        now_text = page.get_by_text(" of 200", exact=False).filter(visible=True).first
        if now_text.count() and now_text.text_content() != progress:
            break
        page.wait_for_timeout(20)
    nxt = settled(page, t, " of 200")
    return label, nxt


def action_score(page) -> float:
    """Playground: load the example, then Score until every metric shows."""
    page.get_by_role("button", name="Load example").click()
    settled(page, time.monotonic(), None)
    t = time.monotonic()
    page.get_by_role("button", name="Score", exact=True).click()
    took = settled(page, t, "Faithfulness")
    return took


def open_labelling_queue(page) -> None:
    box = page.get_by_role("combobox", name="Queue", exact=True)
    if box.count() and QUEUE_NAME not in (box.text_content() or ""):
        box.click()
        page.get_by_role("option").filter(has_text=QUEUE_NAME).first.click()
        settled(page, time.monotonic(), None)


def run(url: str, runs: int, only: set[str] | None) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    out: dict[str, list[float]] = {}

    def add(name: str, value: float) -> None:
        out.setdefault(name, []).append(value)
        print(f"    {name}: {value:.2f} s", flush=True)

    pages = [p for p in PAGES if not only or p[1] in only]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        warm = context.new_page()  # the first session pays the imports and the model warm-up
        warm.set_default_timeout(90_000)
        for title, path, text in pages:
            warm.goto(f"{url}/{path}")
            settled(warm, time.monotonic(), text, timeout=180)
        warm.close()
        for r in range(runs):
            print(f"  round {r + 1}", flush=True)
            for title, path, text in pages:
                add(f"fresh tab: {title}", fresh_tab(context, f"{url}/{path}", text))
            page = context.new_page()
            page.set_default_timeout(90_000)
            page.goto(f"{url}/overview")
            settled(page, time.monotonic(), "Pass rate")
            for title, path, text in pages:
                if path == "overview":
                    sidebar_switch(page, "Triage", "match")
                add(f"sidebar: {title}", sidebar_switch(page, title, text))
                try:
                    action(page, path, add)
                except Exception as exc:  # noqa: BLE001 - one failed action does not lose the others
                    print(f"    action on {title} failed: {type(exc).__name__}: {str(exc)[:200]}", flush=True)
                    page.goto(f"{url}/{path}")
                    settled(page, time.monotonic(), text)
            page.close()
        browser.close()
    return out


def action(page, path: str, add) -> None:
    """The page's common in-page action, timed."""
    if path == "overview":
        add("action: Overview period Daily->Weekly", action_period(page))
    elif path == "triage":
        add("action: Triage open a record", action_open_record(page))
    elif path == "labelling":
        open_labelling_queue(page)
        label, nxt = action_label(page)
        add("action: Labelling label key", label)
        add("action: Labelling next record", nxt)
        add("action: Labelling label + next", label + nxt)
    elif path == "playground":
        add("action: Playground Score", action_score(page))


def server_times(log: Path) -> dict[str, list[float]]:
    """The app's own per-run timings (EVALBOARD_RUN_TIMING lines: `run-timing PAGE SECONDS`)."""
    out: dict[str, list[float]] = {}
    for line in log.read_text(errors="replace").splitlines():
        if line.startswith("run-timing "):
            _, page, seconds = line.split()[:3]
            out.setdefault(page, []).append(float(seconds))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=("demo", "200k"), default="demo")
    parser.add_argument("--data", default=None, help="the embedded server's directory (seeded when empty)")
    parser.add_argument("--uri", default=None, help="a running server's database (seeded already) instead of --data")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated url paths (default: every page)")
    args = parser.parse_args()
    from store.client import make_client
    from store.server import EmbeddedServer

    data = Path(args.data or Path(tempfile.gettempdir()) / f"evalboard-bench-pages-{args.size}")
    data.mkdir(parents=True, exist_ok=True)
    with (contextlib.nullcontext(None) if args.uri else EmbeddedServer(data, 0)) as server:
        uri = args.uri or server.uri.rstrip("/") + "/bench"
        client = make_client(uri, timeout_ms=600_000)
        db = client[uri.rsplit("/", 1)[1]]
        if db.records.estimated_document_count() == 0:
            print(f"seeding {args.size} into {data}", flush=True)
            seed(db, args.size)
        client.close()
        log = Path(tempfile.mkdtemp(prefix="bench-pages-")) / "streamlit.log"
        proc, url = start_app(uri, log)
        try:
            print(f"load before: {os.getloadavg()[0]:.2f}", flush=True)
            results = run(url, args.runs, set(filter(None, args.only.split(","))) or None)
            print(f"load after: {os.getloadavg()[0]:.2f}", flush=True)
        finally:
            proc.terminate()
            proc.wait(timeout=15)
    print(f"\n| {args.size} | median (s) | max (s) |\n|---|---:|---:|")
    for name, values in results.items():
        print(f"| {name} | {statistics.median(values):.2f} | {max(values):.2f} |")
    server = server_times(log)
    if server:
        print("\n| server-side run | median (s) | runs |\n|---|---:|---:|")
        for name, values in sorted(server.items()):
            print(f"| {name} | {statistics.median(values):.3f} | {len(values)} |")
    print(f"\napp log: {log}")


if __name__ == "__main__":
    main()
