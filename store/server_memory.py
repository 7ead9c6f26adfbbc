"""The embedded server's memory bound: a restart at a quiet moment once its RSS passes a limit.

What the server's memory is (BENCHMARKS.md, "Embedded database memory: what grows, and the bound",
issue 29): its baseline (~60-90 MiB), WiredTiger's cache (grows with the data it reads, up to
EVALBOARD_DB_CACHE_SIZE), the working set of the queries it runs (SecantusDB evaluates an aggregation
in Python: recomputing a day of ~30k records took +350 MiB), and the free heap glibc keeps after those
peaks (two arenas and malloc_trim every 30 s hand part of it back). The last part is what a restart
resets; the working set comes back within a minute under load.

- `EVALBOARD_DB_MAX_RSS_MB` (default: the WiredTiger cache + 1024 MiB, i.e. 1536 with the 512M
  default; `0` = never): once the server's RSS passes it, and at least
  `EVALBOARD_DB_RESTART_MIN_SECONDS` (default 600) after the process started, the server waits for
  a quiet moment, closes its storage cleanly and replaces itself (`os.execv`: same PID, same port,
  same data folder) with a fresh process.
- A quiet moment: no command is being executed or answered. The server first waits (up to a minute)
  for none of its cursors to be open, then holds new commands (read, not executed) while the running
  ones finish and are answered (up to 10 s; if they have not, the held ones go on and it tries again
  later). When none runs, the gate below closes atomically: from then on any command read from a
  client is dropped *before* it runs and its connection closed, so a client sees a network error for
  a command that did not happen and can safely send it again (Evalboard's writers treat it as an
  outage: ids make a re-run exact). Nothing acknowledged is lost (the storage is closed and
  checkpointed before the exec) and nothing is done twice.
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import time

from secantus import server as secantus_server
from secantus.wire import ConnectionClosed

log = logging.getLogger(__name__)

DEFAULT_MIN_SECONDS = 600.0
CHECK_SECONDS = 1.0
CURSOR_GRACE_SECONDS = 60.0  # after this long without a moment with no open cursor, busy == 0 is enough
DRAIN_SECONDS = 10.0  # how long new commands may be held while the running ones finish
_HELLO = ("hello", "isMaster", "ismaster")
_UNITS = {"K": 1 / 1024, "M": 1, "G": 1024}


def cache_mib(cache_size: str) -> float:
    """'512M' -> 512.0 (MiB)."""
    text = cache_size.strip().upper().rstrip("B")
    return float(text[:-1]) * _UNITS[text[-1]] if text and text[-1] in _UNITS else float(text) / 2**20


def max_rss_mib(cache_size: str) -> float:
    """EVALBOARD_DB_MAX_RSS_MB, or the cache + 1024 MiB when unset; 0 = no bound."""
    raw = os.environ.get("EVALBOARD_DB_MAX_RSS_MB", "").strip()
    return float(raw) if raw else cache_mib(cache_size) + 1024.0


def rss_mib() -> float:
    """This process's resident memory (Linux /proc; 0 elsewhere: the bound is then off)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


class QuietGate:
    """Knows which commands the server is executing or answering; `close_when_quiet` shuts the door on
    new ones at an instant when none is (see the module docstring)."""

    def __init__(self, server) -> None:
        self.server = server
        self._cond = threading.Condition()
        self._busy: set[int] = set()  # threads between reading a command and reading the next one
        self.draining = False  # new commands wait (not executed) while the running ones finish
        self.closed = False  # new commands are dropped unexecuted and their connection closed
        original_read = secantus_server.read_message
        original_handle = server._handle_client
        gate = self

        def read_message(conn):
            gate._idle()
            message = original_read(conn)
            op = message.op
            body = op.body if hasattr(op, "body") else getattr(op, "query", None)
            hello = isinstance(body, dict) and next(iter(body), "") in _HELLO  # a monitor's: changes nothing
            with gate._cond:
                while gate.draining and not gate.closed and not hello:
                    gate._cond.wait()
                if gate.closed:
                    raise ConnectionClosed  # dropped unexecuted: the handler closes the connection
                if not hello:
                    gate._busy.add(threading.get_ident())
            return message

        def handle_client(conn, addr):
            try:
                original_handle(conn, addr)
            finally:
                gate._idle()

        secantus_server.read_message = read_message  # the name _handle_client reads: one server per process
        server._handle_client = handle_client

    def _idle(self) -> None:
        with self._cond:
            if threading.get_ident() in self._busy:
                self._busy.discard(threading.get_ident())
                self._cond.notify_all()

    def close_when_quiet(self, stop: threading.Event, drain_seconds: float = DRAIN_SECONDS) -> bool:
        """Close the gate once nothing runs: first wait (up to CURSOR_GRACE_SECONDS) for a moment with no
        open cursor, then hold new commands while the running ones finish (up to `drain_seconds`; if
        they do not, the held commands go on and False is returned: try again later)."""
        grace_end = time.monotonic() + CURSOR_GRACE_SECONDS
        while len(self.server.cursors) and time.monotonic() < grace_end:
            if stop.wait(0.1):
                return False
        with self._cond:
            self.draining = True
            deadline = time.monotonic() + drain_seconds
            while self._busy and not stop.is_set() and time.monotonic() < deadline:
                self._cond.wait(min(0.5, max(0.0, deadline - time.monotonic())))
            if not self._busy and not stop.is_set():
                self.closed = True
            self.draining = False
            self._cond.notify_all()
            return self.closed


def start_rss_watch(server, stop: threading.Event, restart: threading.Event, *, cache_size: str) -> None:
    """Watch this process's RSS; past the bound, close the gate at a quiet moment, then set `restart`
    and `stop` (serve() stops the server and calls `exec_fresh`)."""
    limit = max_rss_mib(cache_size)
    if limit <= 0 or not sys.platform.startswith("linux"):
        return
    min_seconds = float(os.environ.get("EVALBOARD_DB_RESTART_MIN_SECONDS") or DEFAULT_MIN_SECONDS)
    gate = QuietGate(server)
    born = time.monotonic()

    def watch() -> None:
        while not stop.wait(CHECK_SECONDS):
            rss = rss_mib()
            if rss <= limit or time.monotonic() - born < min_seconds:
                continue
            waited = time.monotonic()
            if gate.close_when_quiet(stop):
                print(f"{stamp()} embedded server: RSS {rss:.0f} MiB > EVALBOARD_DB_MAX_RSS_MB "
                      f"{limit:.0f}: restarting "
                      f"(quiet moment after {time.monotonic() - waited:.2f} s)", file=sys.stderr, flush=True)
                restart.set()
                stop.set()
                return
            print(f"embedded server: RSS {rss:.0f} MiB > EVALBOARD_DB_MAX_RSS_MB {limit:.0f}, but commands kept "
                  "running; trying again", file=sys.stderr, flush=True)

    threading.Thread(target=watch, name="evalboard-rss-watch", daemon=True).start()


def stamp() -> str:
    """Wall-clock time with milliseconds, for the server's log lines."""
    now = time.time()
    return time.strftime("%H:%M:%S", time.localtime(now)) + f".{int(now * 1000) % 1000:03d}"


def exec_fresh(port: int, data_dir: str, cache_size: str) -> None:
    """Replace this process by a fresh `python -m store serve` on the same port and data folder."""
    print(f"{stamp()} embedded server: storage closed, starting afresh", file=sys.stderr, flush=True)
    restarts = int(os.environ.get("EVALBOARD_DB_RESTARTS") or 0) + 1
    os.environ["EVALBOARD_DB_RESTARTS"] = str(restarts)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, [sys.executable, "-m", "store", "serve", "--port", str(port), "--data", data_dir,
                              "--cache-size", cache_size])


_WT_FIELDS = {  # WiredTiger statistics written by EVALBOARD_DB_WT_STATS, as named in the file
    "cache: bytes currently in the cache": "wt cache",
    "cache: bytes belonging to page images in the cache": "page images",
    "cache: bytes not belonging to page images in the cache": "other (updates, inserts)",
    "cache: tracked dirty bytes in the cache": "dirty",
}


def start_wt_stats(server, stop: threading.Event) -> None:
    """EVALBOARD_DB_WT_STATS=PATH: every 30 s, one line with the process's RSS, glibc's heap (in use /
    free) and WiredTiger's own cache figures, to tell live data from the allocator's free memory."""
    path = os.environ.get("EVALBOARD_DB_WT_STATS")
    if not path:
        return
    mallinfo2 = glibc_mallinfo2()
    conn = server.storage._conn  # SecantusDB's WiredTiger connection (read-only use: statistics)
    conn.reconfigure("statistics=(fast)")

    def sample() -> None:
        session = conn.open_session()
        try:
            while not stop.wait(30.0):
                cursor = session.open_cursor("statistics:", None, None)
                wt = {_WT_FIELDS[row[1]]: row[3] for row in cursor if row[1] in _WT_FIELDS}
                cursor.close()
                m = mallinfo2()
                mib = 2**20
                with open(path, "a") as out:
                    out.write(f"{time.strftime('%H:%M:%S')} rss {rss_mib():.1f} heap {(m.arena + m.hblkhd) / mib:.1f} "
                              f"in-use {(m.uordblks + m.hblkhd) / mib:.1f} free {m.fordblks / mib:.1f} "
                              + " ".join(f"{k.split(' (')[0].replace(' ', '-')} {v / mib:.1f}" for k, v in wt.items())
                              + " (MiB)\n")
        finally:
            session.close()

    threading.Thread(target=sample, name="evalboard-wt-stats", daemon=True).start()


def glibc_mallinfo2():
    """glibc's `mallinfo2()` as a callable returning its struct (arena, uordblks in use, fordblks free, ...)."""
    import ctypes

    class _Mallinfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in
                    ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                     "uordblks", "fordblks", "keepcost")]

    mallinfo2 = ctypes.CDLL("libc.so.6").mallinfo2
    mallinfo2.restype = _Mallinfo2
    return mallinfo2
