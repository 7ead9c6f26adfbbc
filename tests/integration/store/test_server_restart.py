"""The embedded server's memory bound (EVALBOARD_DB_MAX_RSS_MB, store/server_memory.py): it restarts itself
at a quiet moment while clients write, and no write is lost or done twice.

The real server as a child process with a bound of 1 MiB (always passed) and a restart at most every 2 s;
four writers insert records with known ids and one increments a counter (`$inc`: a command that would count
twice if it ran twice), each retrying a command the same way Evalboard's writers do when the connection is
lost. Every failed attempt must be one the server never executed: an insert retried after a lost connection
never meets its own id (DuplicateKeyError), and the counter ends at exactly the number of increments
acknowledged.
"""
from __future__ import annotations

import threading
import time
from pathlib import Path

import psutil
from pymongo.errors import ConnectionFailure, DuplicateKeyError

from store.client import make_client
from store.server import EmbeddedServer

WRITERS = 4
BATCHES = 60  # per writer, 20 records each
INCREMENTS = 600


def _retry(op, failures: list[int], index: int):
    """Run `op` until the server answers; counts the attempts lost to the restart."""
    while True:
        try:
            return op()
        except ConnectionFailure:
            failures[index] += 1
            time.sleep(0.05)


def test_restart_under_writes_loses_and_doubles_nothing(tmp_path):
    log = tmp_path / "server.log"
    server = EmbeddedServer(tmp_path / "data", 0, log_path=str(log),
                            env={"EVALBOARD_DB_MAX_RSS_MB": "1", "EVALBOARD_DB_RESTART_MIN_SECONDS": "2"})
    uri = server.start()
    pid = server.proc.pid
    try:
        client = make_client(uri, timeout_ms=60_000)  # as patient_db: a restart takes seconds on a loaded machine
        coll = client.restart_test.records
        counter = client.restart_test.counter
        counter.insert_one({"_id": "c", "n": 0})
        failures = [0] * (WRITERS + 2)
        duplicates: list[str] = []
        errors: list[BaseException] = []
        reads = [0]
        stop = threading.Event()

        def writer(w: int) -> None:
            try:
                for b in range(BATCHES):
                    docs = [{"_id": f"w{w}-{b}-{i}", "w": w, "b": b} for i in range(20)]
                    try:
                        _retry(lambda: coll.insert_many(docs), failures, w)
                    except DuplicateKeyError:  # the lost attempt had been executed after all
                        duplicates.append(docs[0]["_id"])
            except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
                errors.append(exc)

        def incrementer() -> None:
            try:
                for _ in range(INCREMENTS):
                    _retry(lambda: counter.update_one({"_id": "c"}, {"$inc": {"n": 1}}), failures, WRITERS)
            except BaseException as exc:  # noqa: BLE001
                errors.append(exc)

        def reader() -> None:
            while not stop.is_set():
                _retry(lambda: coll.count_documents({"w": 0}), failures, WRITERS + 1)
                reads[0] += 1

        threads = [threading.Thread(target=writer, args=(w,)) for w in range(WRITERS)]
        threads.append(threading.Thread(target=incrementer))
        reading = threading.Thread(target=reader)
        reading.start()
        for t in threads:
            t.start()
        for t in threads:
            t.join(600)
        stop.set()
        reading.join(60)
        assert not errors, errors[:3]
        restarts = Path(log).read_text().count("restarting (quiet moment")
        print(f"\nrestarts {restarts}, attempts lost to a restart (per writer, incrementer, reader): {failures}, "
              f"reads {reads[0]}")
        print("\n".join(line for line in Path(log).read_text().splitlines() if "embedded server:" in line))
        assert restarts >= 2, Path(log).read_text()[-2000:]
        assert sum(failures[:WRITERS + 1]) >= 1  # some writes did meet a restart
        assert duplicates == []  # no lost attempt had been executed
        assert _retry(lambda: coll.count_documents({}), failures, WRITERS + 1) == WRITERS * BATCHES * 20
        assert len(_retry(lambda: coll.distinct("_id"), failures, WRITERS + 1)) == WRITERS * BATCHES * 20
        assert _retry(lambda: counter.find_one({"_id": "c"}), failures, WRITERS + 1)["n"] == INCREMENTS
        assert server.proc.pid == pid and psutil.pid_exists(pid)  # the same process, replaced in place
        client.close()
    finally:
        server.stop()
