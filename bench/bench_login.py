"""Sign-in check time for a known user with a wrong password vs an unknown user name.

    .venv/bin/python bench/bench_login.py

Both should cost one bcrypt check (cost 12), so the two medians should be about equal:
user names cannot be found by timing the sign-in.
"""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from dashboard.auth import add_user, check_password


def median_s(name: str, path: Path, n: int = 7) -> float:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        check_password(name, "wrong-password", path)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "users.toml"
        add_user("alice", "correct horse", "admin", path)
        known, unknown = median_s("alice", path), median_s("mallory", path)
    print(f"wrong password for a known user: {known:.3f} s; unknown user: {unknown:.3f} s (median of 7)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
