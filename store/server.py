"""The embedded MongoDB-wire server (SecantusDB over WiredTiger) and its launcher.

`python -m store serve [--port N] [--data DIR]` runs it in the foreground on
127.0.0.1 and prints `ready mongodb://127.0.0.1:N/` once it accepts connections.
SIGTERM/SIGINT stop it cleanly (storage closed, data flushed).

`EmbeddedServer` starts that command as a child process and waits for the ready
line; `make run` and the test suite use it when MONGODB_URI is unset.
"""
from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

READY_PREFIX = "ready "
_memo = threading.local()


def _speed_up_bulk_inserts() -> None:
    """Memoise the server's index-options lookup for the length of one insert batch.

    Profiling the embedded server (py-spy, 30k inserts into `records` with its
    six indexes) showed ~45% of insert time in `Storage._index_options_map`,
    which re-reads and BSON-decodes the index catalog up to three times per
    document. Within one `Storage.insert` call (it holds the collection lock)
    the catalog cannot change, so the map is computed once per batch. Nothing
    else about storage or semantics changes.
    """
    from secantus.storage import Storage

    if getattr(Storage, "_evalboard_memo", False):
        return
    original_insert = Storage.insert
    original_options = Storage._index_options_map

    def insert(self, db, coll, *args, **kwargs):
        previous = getattr(_memo, "cache", None)
        _memo.cache = {}
        try:
            return original_insert(self, db, coll, *args, **kwargs)
        finally:
            _memo.cache = previous

    def index_options_map(self, db, coll):
        cache = getattr(_memo, "cache", None)
        if cache is None:
            return original_options(self, db, coll)
        key = (id(self), db, coll)
        if key not in cache:
            cache[key] = original_options(self, db, coll)
        return {name: dict(opts) for name, opts in cache[key].items()}

    Storage.insert = insert
    Storage._index_options_map = index_options_map
    Storage._evalboard_memo = True


def _limit_malloc_arenas() -> None:
    """Cap glibc's malloc arenas in this process (EVALBOARD_DB_MALLOC_ARENAS, default 2; 0 = glibc's own).

    The server runs a thread per client connection, and glibc gives threads their own arenas (up to
    8 per core), each holding on to the pages its frees leave behind: under a steady write/refresh
    load the server's RSS grew about twice as fast with glibc's default as with 2 arenas
    (bench/bench_db_memory.py, BENCHMARKS.md, issue 29). Same as MALLOC_ARENA_MAX=2, which wins when
    set. Must run before the server starts its threads.
    """
    if os.environ.get("MALLOC_ARENA_MAX") or not sys.platform.startswith("linux"):
        return
    arenas = int(os.environ.get("EVALBOARD_DB_MALLOC_ARENAS") or 2)
    if arenas <= 0:
        return
    import ctypes

    try:
        ctypes.CDLL("libc.so.6").mallopt(-8, arenas)  # M_ARENA_MAX
    except (OSError, AttributeError):  # not glibc (musl): nothing to cap
        pass


DEFAULT_MALLOC_TRIM_SECONDS = 30.0


def _start_memory_threads(stop: threading.Event) -> None:
    """Periodic malloc_trim, and env-gated memory diagnostics of the server process (docs/deploy.md, Memory; bench/bench_db_memory.py).

    EVALBOARD_DB_TRACEMALLOC=PATH: trace Python allocations and write the top 40 allocation sites
    (by size, 10 frames) to PATH every 60 s. EVALBOARD_DB_MALLOC_TRIM_SECONDS=S (default 30, 0 = off):
    call glibc's malloc_trim(0) every S seconds, handing the free pages the heap keeps back to the
    system (most of the server's growth is such free heap, not live data: BENCHMARKS.md, issue 29).
    EVALBOARD_DB_MALLOC_STATS=PATH: write glibc's mallinfo2 (heap, in use, free, mmapped) every 30 s.
    """
    trace_path = os.environ.get("EVALBOARD_DB_TRACEMALLOC")
    trim_seconds = float(os.environ.get("EVALBOARD_DB_MALLOC_TRIM_SECONDS") or DEFAULT_MALLOC_TRIM_SECONDS)
    stats_path = os.environ.get("EVALBOARD_DB_MALLOC_STATS")
    if stats_path:
        _start_malloc_stats(stop, stats_path)
    if trace_path:
        _start_tracemalloc(stop, trace_path)
    if trim_seconds > 0 and sys.platform.startswith("linux"):
        _start_malloc_trim(stop, trim_seconds)


def _start_malloc_stats(stop: threading.Event, stats_path: str) -> None:
    """Append glibc's mallinfo2 (heap, in use, free, mmapped) to `stats_path` every 30 s until `stop`."""
    from store.server_memory import glibc_mallinfo2
    mallinfo2 = glibc_mallinfo2()

    def malloc_stats() -> None:
        while not stop.wait(30.0):
            m = mallinfo2()
            with open(stats_path, "a") as out:
                out.write(f"{time.strftime('%H:%M:%S')} heap {m.arena / 2**20:.1f} MiB, in use "
                          f"{m.uordblks / 2**20:.1f} MiB, free in heap {m.fordblks / 2**20:.1f} MiB, "
                          f"mmapped {m.hblkhd / 2**20:.1f} MiB\n")
    threading.Thread(target=malloc_stats, name="evalboard-malloc-stats", daemon=True).start()


def _start_tracemalloc(stop: threading.Event, trace_path: str) -> None:
    """Trace Python allocations; append the top 40 allocation sites (by size, 10 frames) to `trace_path` every 60 s."""
    import tracemalloc

    if not tracemalloc.is_tracing():
        tracemalloc.start(10)

    def dump() -> None:
        n = 0
        while not stop.wait(60.0):
            n += 1
            snap = tracemalloc.take_snapshot()
            stats = snap.statistics("traceback")
            total = sum(s.size for s in stats)
            with open(trace_path, "a") as out:
                out.write(f"=== dump {n} at {time.strftime('%H:%M:%S')}: traced {total / 2**20:.1f} MiB "
                          f"in {sum(s.count for s in stats)} blocks\n")
                for stat in stats[:40]:
                    out.write(f"{stat.size / 2**20:8.2f} MiB {stat.count:8d} blocks\n")
                    for line in stat.traceback.format()[-8:]:
                        out.write(f"    {line}\n")
    threading.Thread(target=dump, name="evalboard-tracemalloc", daemon=True).start()


def _start_malloc_trim(stop: threading.Event, trim_seconds: float) -> None:
    """Call glibc's malloc_trim(0) every `trim_seconds` until `stop` (nothing outside glibc)."""
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.malloc_trim  # noqa: B018 - absent outside glibc
    except (OSError, AttributeError):
        return

    def trim() -> None:
        while not stop.wait(trim_seconds):
            libc.malloc_trim(0)
    threading.Thread(target=trim, name="evalboard-malloc-trim", daemon=True).start()


class DataDirInUse(RuntimeError):
    """Another embedded server already holds the data folder's WiredTiger lock."""


DEFAULT_CACHE_SIZE = "512M"  # SecantusDB's own default is 1G (EVALBOARD_DB_CACHE_SIZE, docs/deploy.md, Memory)


def serve(port: int, data_dir: str, *, announce=print, cache_size: str = DEFAULT_CACHE_SIZE) -> None:
    """Run the server in this process until SIGTERM/SIGINT."""
    from secantus import SecantusDBServer  # imported here: only the server needs it

    _speed_up_bulk_inserts()
    _limit_malloc_arenas()
    Path(data_dir).mkdir(parents=True, exist_ok=True)
    # No replica set: Evalboard needs no oplog/transactions, and without the
    # oplog every write is cheaper.
    try:
        server = SecantusDBServer(
            host="127.0.0.1", port=port, storage_path=str(data_dir), replica_set_name=None,
            enable_test_commands=False, ttl_sweep_seconds=3600.0,
            cache_size=cache_size,  # bounds its memory (docs/deploy.md, Memory)
        )
    except Exception as exc:  # WiredTiger refuses a data folder another process holds
        if "already being managed" in str(exc) or "busy" in str(exc).lower():
            raise DataDirInUse(f"the data folder {data_dir} is in use by another server "
                               "(stop it, or set MONGODB_URI to use it)") from exc
        raise
    stop = threading.Event()
    signalled = threading.Event()
    restart = threading.Event()  # set by the memory bound (store/server_memory.py)

    def _on_signal(signum, _frame):
        signalled.set()
        stop.set()

    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)
    server.start()
    _start_memory_threads(stop)
    host, bound_port = server.address
    _start_rss_bound(server, stop, restart, cache_size)
    _announce_ready(announce, f"{READY_PREFIX}mongodb://{host}:{bound_port}/")
    try:
        while not stop.wait(0.5):
            pass
    finally:
        server.stop()
        logging.getLogger(__name__).info("embedded server stopped, storage closed")
    if restart.is_set() and not signalled.is_set():
        from store.server_memory import exec_fresh

        exec_fresh(bound_port, data_dir, cache_size)


def _start_rss_bound(server, stop: threading.Event, restart: threading.Event, cache_size: str) -> None:
    """EVALBOARD_DB_MAX_RSS_MB: restart at a quiet moment past it (store/server_memory.py, docs/deploy.md)."""
    from store.server_memory import start_rss_watch, start_wt_stats

    start_rss_watch(server, stop, restart, cache_size=cache_size)
    start_wt_stats(server, stop)


def _announce_ready(announce, line: str) -> None:
    """The ready line; after a memory-bound restart nobody may be reading it any more."""
    restarts = os.environ.get("EVALBOARD_DB_RESTARTS")
    if restarts:
        from store.server_memory import stamp

        print(f"{stamp()} embedded server: restart {restarts} ready", file=sys.stderr, flush=True)
    try:
        announce(line, flush=True)
    except OSError:
        if not restarts:
            raise


class EmbeddedServer:
    """A `python -m store serve` child process; `uri` is known once it is ready."""

    def __init__(self, data_dir: str | os.PathLike, port: int = 0, *, log_path: str | None = None,
                 own_session: bool = False, cache_size: str = DEFAULT_CACHE_SIZE, env: dict[str, str] | None = None):
        self.data_dir = str(data_dir)
        self.env = env  # extra variables for the server process (e.g. EVALBOARD_DB_MAX_RSS_MB)
        self.cache_size = cache_size
        self.port = port
        self.log_path = log_path
        # own_session: a terminal's Ctrl-C (sent to the whole foreground group) does not reach the
        # server, so the processes using it stop first and the owner stops it last (`stop`)
        self.own_session = own_session
        self.proc: subprocess.Popen | None = None
        self.uri: str | None = None

    def start(self, timeout: float = 60.0) -> str:
        repo_root = Path(__file__).resolve().parent.parent
        stderr = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "store", "serve", "--port", str(self.port), "--data", self.data_dir,
             "--cache-size", self.cache_size],
            cwd=repo_root, stdout=subprocess.PIPE, stderr=stderr, text=True, start_new_session=self.own_session,
            env={**os.environ, **self.env} if self.env else None,
        )
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if line.startswith(READY_PREFIX):
                self.uri = line[len(READY_PREFIX):].strip()
                return self.uri
            if not line and self.proc.poll() is not None:
                break
        self.stop()
        raise RuntimeError(f"embedded MongoDB server did not start (data dir {self.data_dir})"
                           + self._last_error())

    def _last_error(self) -> str:
        """The server's own last error line from its log, when there is one."""
        if not self.log_path:
            return ""
        try:
            lines = Path(self.log_path).read_text(errors="replace").strip().splitlines()
        except OSError:
            return ""
        return f": {lines[-1][:300]}" if lines else ""

    def stop(self, timeout: float = 30.0) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def __enter__(self) -> "EmbeddedServer":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
