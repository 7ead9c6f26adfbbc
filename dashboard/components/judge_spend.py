"""Data health's "LLM judge" panel (issue 33): today's spend against the daily budget, per job and feature,
and what the cascade kept local (clear verdicts) or skipped because the budget was reached."""
from __future__ import annotations

import streamlit as st

from core import cascade as C
from dashboard import data
from dashboard.components import filters
from dashboard.components.plain_table import plain_table
from settings import get_settings


def _cap_words(cap: float | None, spent: float) -> str | None:
    return None if cap is None else f"{spent / cap:.0%} of ${cap:.2f}" if cap else "budget $0"


def render_judge_spend() -> None:
    settings = get_settings()
    day = filters.today().isoformat()
    rows = data.judge_spend(day)
    st.subheader("LLM judge: today's spend", anchor=False)
    spent = sum(r.cost_usd for r in rows)
    skipped = sum(r.reason(C.BUDGET) for r in rows)
    local = sum(r.reason(C.LOCAL) for r in rows)
    cols = st.columns(4)
    cols[0].metric("Spent today", f"${spent:.4f}", _cap_words(settings.judge_budget_usd, spent), delta_color="off",
                   delta_arrow="off", border=True, help="USD at the configured prices (EVALBOARD_JUDGE_*_COST_PER_1K)")
    cols[1].metric("Daily budget", "none" if settings.judge_budget_usd is None else f"${settings.judge_budget_usd:.2f}",
                   border=True, help="EVALBOARD_JUDGE_BUDGET_USD (per feature: EVALBOARD_JUDGE_BUDGET_FEATURES)")
    cols[2].metric("Skipped: budget", f"{skipped:,}", border=True,
                   help="Records the judge would have seen today, kept on their local score: the budget was reached")
    cols[3].metric("Kept local: clear verdict", f"{local:,}", border=True,
                   help=f"The cascade asks the judge for a metric whose local score is within "
                        f"{settings.judge_cascade_band:.2f} of its threshold with no logged score on the same side "
                        f"(when it can flip the verdict), for the metrics of a local-vs-logged disagreement, "
                        f"and for every metric of a {settings.judge_audit_share:.0%} audit share")
    if skipped:
        st.warning(f"The judge budget was reached today: {skipped:,} record(s) kept their local score "
                   "(reason \"budget\"); the judge opens no new call until tomorrow.", icon="💸")
    if not rows:
        st.caption("No judge call today (no judge configured, or no judged job ran).")
        return
    plain_table([{
        "Job": r.job, "Feature": r.feature, "Calls": r.calls, "USD": r.cost_usd,
        "Judged": sum(int(n) for k, n in r.reasons.items() if k in C.JUDGED_REASONS),
        "Local": r.reason(C.LOCAL), "Budget": r.reason(C.BUDGET),
    } for r in rows], {"USD": "${:.4f}".format})
