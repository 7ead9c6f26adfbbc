"""One intake server (uvicorn on a free loopback port, in a thread) per test module; each test
points it at its own fresh database (the `db` fixture)."""
from __future__ import annotations

import socket
import threading
import time
from types import SimpleNamespace

import pytest
import uvicorn

from intake.app import create_app


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serving(assemble: bool):
    """Run a server for as long as the generator lives (a module fixture's body)."""
    app = create_app(assemble=assemble)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, name="intake-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the intake server did not start")
        time.sleep(0.02)
    try:
        yield SimpleNamespace(url=f"http://127.0.0.1:{port}", intake=app.state.intake)
    finally:
        server.should_exit = True
        thread.join(10)


def _on(handle, db):
    """The server writing into this test's database (its key cache emptied)."""
    handle.intake._db = db
    handle.intake._keys.clear()
    yield handle
    handle.intake._db = None


@pytest.fixture(scope="module")
def intake_server():
    yield from _serving(assemble=False)


@pytest.fixture(scope="module")
def assembling_server():
    """A server whose assembler thread runs (traces become records by themselves)."""
    yield from _serving(assemble=True)


@pytest.fixture
def intake(intake_server, db):
    yield from _on(intake_server, db)


@pytest.fixture
def live_intake(assembling_server, db, monkeypatch):
    """The assembling server on this test's database, with a short quiet period."""
    from settings import reset_settings

    monkeypatch.setenv("EVALBOARD_INTAKE_QUIET_S", "0.5")
    reset_settings()
    yield from _on(assembling_server, db)
