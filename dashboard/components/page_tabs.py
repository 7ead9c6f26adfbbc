"""The tab names of the pages whose sections sit in tabs (issue 29), here so that tests and links can
name a tab without importing a page module (importing one runs the page).

A browser draws only the open tab's charts; where a tab's key is given, only the open tab's code runs
(`st.tabs(..., on_change="rerun")` and `tab.open`), so a new browser tab on a page reads and draws
one section, not all of them."""
from __future__ import annotations

from core import metrics

# Overview: the trend charts (only the open tab's are built and sent)
TREND_TAB_KEY = "overview_trend_tab"
TREND_TABS = ("Quality and pass rate", "Metrics", "Regenerations and volume")

# Features: the sections under the heatmap (only the open one runs)
FEATURE_DETAILS_KEY = "features_details"
FEATURE_DETAIL_TABS = ("Per-feature trend", "Retrieval or generation? Precision vs faithfulness",
                       "Score distributions", "Thresholds in force")


def trend_tab(name: str) -> str:
    """The Overview's trends tab that holds `name`'s chart (a score, "pass_rate", "regen_rate" or "volume")."""
    if name in (metrics.OVERALL, "pass_rate"):
        return TREND_TABS[0]
    if name in ("regen_rate", "volume"):
        return TREND_TABS[2]
    return TREND_TABS[1]

# Compare: the feature x metric table and the queries whose verdict flipped (a read of up to ~2 x SCAN_LIMIT
# records, ~0.5 s on the demo after every worker tick: it runs only when its tab is open)
COMPARE_TAB_KEY = "compare_tab"
COMPARE_TABS = ("Feature × metric", "Answers that flipped")
