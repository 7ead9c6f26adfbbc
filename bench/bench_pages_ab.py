"""A page's new-tab time in two checkouts, side by side on the same data (issue 29).

    python bench/bench_pages_ab.py --before /work/wt-before [--data DIR] [--rounds 8] [--only health,users] [--tick]

On a shared or noisy 2-core VM a new tab's time moves by ±0.3 s between runs minutes apart, more than
most changes being measured. This starts the app from this checkout ("after") and from `--before`
(another checkout, e.g. `git worktree add /work/wt-before HEAD~1`) against one embedded server, and
alternates fresh tabs between the two, page by page, so both see the same machine at the same time.
Prints the median of each and of the paired differences. `--tick`: each page's pair of tabs is the first visit
after a worker tick (the generation moved: every cached read dropped), as in a running product, where the worker
ticks every 5 minutes by default; without it, the reads stay cached between rounds up to their TTLs.
"""
from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_pages as BP  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the other checkout's root (its .venv need not exist)")
    parser.add_argument("--data", default="/tmp/evalboard-bench-pages-demo", help="a seeded --data of bench_pages")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--only", default="", help="comma-separated url paths (default: every page)")
    parser.add_argument("--tick", action="store_true",
                        help="before each page, move the worker's generation (as its alerts job does every tick): "
                             "both apps drop their cached reads, so each tab is the first visit after a tick")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from store.server import EmbeddedServer

    only = set(filter(None, args.only.split(",")))
    pages = [p for p in BP.PAGES if not only or p[1] in only]
    with EmbeddedServer(Path(args.data), 0) as server, contextlib.ExitStack() as stack:
        uri = server.uri.rstrip("/") + "/bench"
        urls = {}
        for name, root in (("before", Path(args.before).resolve()), ("after", BP.ROOT)):
            log = Path(tempfile.mkdtemp(prefix=f"bench-ab-{name}-")) / "streamlit.log"
            proc, urls[name] = BP.start_app(uri, log, root)
            stack.callback(proc.wait, timeout=15)
            stack.callback(proc.terminate)
        times = {(title, side): [] for title, _, _ in pages for side in urls}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=BP.CHROMIUM)
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            for title, path, text in pages:  # warm both: the first tab of each app loads its caches
                for side in urls:
                    BP.fresh_tab(context, f"{urls[side]}/{path}", text)
            state = stack.enter_context(_state(uri)) if args.tick else None
            for _ in range(args.rounds):
                for title, path, text in pages:
                    if state is not None:
                        tick(state)
                    for side in urls:
                        times[(title, side)].append(BP.fresh_tab(context, f"{urls[side]}/{path}", text))
            browser.close()
    print("\n| fresh tab | before (s) | after (s) | paired difference (s) |\n|---|---:|---:|---:|")
    for title, _, _ in pages:
        before, after = times[(title, "before")], times[(title, "after")]
        diff = statistics.median(a - b for a, b in zip(after, before))
        print(f"| {title} | {statistics.median(before):.2f} | {statistics.median(after):.2f} | {diff:+.2f} |")


@contextlib.contextmanager
def _state(uri: str):
    """The bench database's state collection, on one client for the whole run."""
    from store.client import make_client
    from store.collections import STATE

    client = make_client(uri.rsplit("/", 1)[0])
    try:
        yield client[uri.rsplit("/", 1)[1]][STATE]
    finally:
        client.close()


def tick(state) -> None:
    """What a worker tick's alerts job leaves behind: a new `at` in its state, which moves the generation every
    page reads (components/build_notice.py) so that the next run of each app drops its cached reads."""
    from datetime import datetime, timezone

    state.update_one({"_id": "alerts"}, {"$set": {"at": datetime.now(timezone.utc)}})


if __name__ == "__main__":
    main()
