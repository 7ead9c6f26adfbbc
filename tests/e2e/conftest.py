"""Fixtures for the browser test: a seeded database on the embedded server, a
users file with an admin, the dashboard as a `streamlit run` subprocess, and
headless Chromium through Playwright.

Screenshots go to tests/e2e/artifacts/ (git-ignored).
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
ADMIN = ("e2e-admin", "e2e-admin-password")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def module_database(mongo_uri: str, label: str):
    """A fresh, migrated database on the test server for one module: yields (db, its URI for the app's
    subprocesses); dropped afterwards. The module's fixture fills it."""
    from store.client import make_client
    from store.migrate import migrate

    name = f"evalboard_e2e_{label}_{os.getpid()}"
    client = make_client(mongo_uri)
    db = client[name]
    migrate(db)
    try:
        yield db, mongo_uri.rstrip("/") + "/" + name
    finally:
        client.drop_database(name)
        client.close()


@pytest.fixture(scope="module")
def e2e_db(mongo_uri):
    from demo.generate import generate_demo
    from jobs.agreement import run_agreement
    from jobs.runner import run_once

    with module_database(mongo_uri, "demo") as (db, uri):
        generate_demo(db, days=14, per_day=30, seed=5)
        run_once(db, "aggregate", full=True)
        run_agreement(db, per_feature=6)  # a small judge-agreement sample (the default is 200 per feature)
        run_once(db, "alerts")
        run_once(db, "report")
        yield db, uri


@pytest.fixture(scope="module")
def users_file(tmp_path_factory) -> Path:
    from dashboard.auth import add_user

    path = tmp_path_factory.mktemp("e2e-users") / "users.toml"
    add_user(ADMIN[0], ADMIN[1], "admin", path)
    return path


@pytest.fixture(scope="module")
def app_url(e2e_db, users_file, tmp_path_factory):
    _, uri = e2e_db
    port = _free_port()
    env = {**os.environ, "MONGODB_URI": uri, "EVALBOARD_USERS_FILE": str(users_file),
           "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    for key in ("OPENAI_BASE_URL", "OPENAI_API_KEY"):  # fast mode: no judge in this test
        env.pop(key, None)
    log = tmp_path_factory.mktemp("e2e-log") / "streamlit.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "dashboard/app.py", "--server.port", str(port),
             "--server.headless", "true", "--server.address", "127.0.0.1",
             "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
            cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    try:
        while True:
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("streamlit did not start:\n" + log.read_text()[-3000:])
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def browser_page():
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTIFACTS.glob("*.png"):  # this run's screenshots only
        old.unlink()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        context = browser.new_context(viewport={"width": 1440, "height": 1800})
        page = context.new_page()
        page.set_default_timeout(60_000)
        yield page
        context.close()
        browser.close()
