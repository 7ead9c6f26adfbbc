"""The embedded server's memory bound: the default follows the WiredTiger cache (store/server_memory.py)."""
from __future__ import annotations

from store.server_memory import cache_mib, max_rss_mib


def test_cache_sizes_in_mib():
    assert cache_mib("512M") == 512
    assert cache_mib("1G") == 1024
    assert cache_mib("262144K") == 256
    assert cache_mib("1.5G") == 1536


def test_bound_defaults_to_the_cache_plus_1024(monkeypatch):
    monkeypatch.delenv("EVALBOARD_DB_MAX_RSS_MB", raising=False)
    assert max_rss_mib("512M") == 1536
    assert max_rss_mib("1G") == 2048
    monkeypatch.setenv("EVALBOARD_DB_MAX_RSS_MB", "0")
    assert max_rss_mib("512M") == 0  # no bound
    monkeypatch.setenv("EVALBOARD_DB_MAX_RSS_MB", "800")
    assert max_rss_mib("512M") == 800
