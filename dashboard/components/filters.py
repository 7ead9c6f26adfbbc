"""Shared filter widgets: feature, period, granularity, version — and the URL query
parameters that pre-set them (`?feature=viability&start=2026-10-01&end=2026-10-05&release=r3`).

Every value that reaches a store query is validated here: dates are parsed into
`date`s (anything else is ignored), features must be in the known list (or the
"all features" value), statuses in a fixed set. Nothing from the URL or a text
box is passed through as-is.

Widget keys are `<prefix>_<name>` so each page keeps its own state
(`overview_feature`, `triage_start`, ...). Query parameters are applied when
they change (e.g. a link from the Alerts page), not on every rerun, so the
user's later choices stick.
"""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Iterable, Sequence

import streamlit as st
from pydantic import BaseModel

from core import timebuckets, versions
from core.features import ALL_FEATURES as ALL
from core.features import ALL_FEATURES_LABEL as ALL_LABEL
from core.features import FEATURE_NAME_RE as _FEATURE_RE

_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
GRANULARITIES = {"Daily": "day", "Weekly": "week"}


# --- validation ---------------------------------------------------------------

def parse_date(text: object) -> date | None:
    """A `date` from 'YYYY-MM-DD' (or a date/datetime); None for anything else."""
    if isinstance(text, datetime):
        return text.date()
    if isinstance(text, date):
        return text
    if not isinstance(text, str) or not _DATE_RE.match(text.strip()):
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        return None


def parse_feature(text: object, known: Iterable[str], *, allow_all: bool = True) -> str | None:
    """A known feature name (lower-cased), ALL when allowed, else None."""
    if not isinstance(text, str):
        return None
    value = text.strip().lower()
    if allow_all and value in ("", "all", ALL):
        return ALL
    if not _FEATURE_RE.match(value):
        return None
    return value if value in set(known) else None


def parse_choice(text: object, allowed: Sequence[str]) -> str | None:
    if isinstance(text, str) and text.strip().lower() in allowed:
        return text.strip().lower()
    return None


def today() -> date:
    """Today in the configured timezone (core.timebuckets, as the aggregates count days)."""
    return timebuckets.today()


def bucket_date(value: object) -> date | None:
    """The local day an aggregate bucket stands for; None for anything that is not a datetime."""
    return timebuckets.bucket_day(value) if isinstance(value, datetime) else None


week_start = timebuckets.week_start


def previous_period(start: date, end: date) -> tuple[date, date]:
    """The period of the same length just before [start, end]."""
    length = (end - start).days + 1
    return start - timedelta(days=length), start - timedelta(days=1)


# --- query parameters ---------------------------------------------------------

def query_param(name: str) -> str | None:
    try:
        value = st.query_params.get(name)
    except Exception:  # outside a script run
        return None
    return value if isinstance(value, str) else None


def apply_query_params(prefix: str, names: Sequence[str]) -> dict[str, str]:
    """The query parameters among `names` when they changed since we last applied them
    on this page (else {}): callers validate each and write it into session state."""
    current = {name: query_param(name) for name in names}
    current = {k: v for k, v in current.items() if v}
    marker = f"{prefix}_qp_applied"
    if not current or st.session_state.get(marker) == current:
        return {}
    st.session_state[marker] = current
    return current


# --- widgets ------------------------------------------------------------------

def feature_filter(prefix: str, features: Sequence[str], *, include_all: bool = True,
                   label: str = "Feature", default: str | None = None, container=None) -> str:
    """A select box of the known features (and "All features"); returns ALL or a feature."""
    where = container or st
    options = ([ALL] if include_all else []) + [f for f in features if f != ALL]
    if not options:
        options = [ALL]
    key = f"{prefix}_feature"
    fallback = default if default in options else options[0]
    if st.session_state.get(key) not in options:
        st.session_state[key] = fallback
    return where.selectbox(label, options, key=key,
                           format_func=lambda f: ALL_LABEL if f == ALL else f)


def date_range_filter(prefix: str, default_start: date, default_end: date, *, label: str = "Period",
                      max_value: date | None = None, container=None) -> tuple[date, date]:
    """A from–to date picker with quick presets; returns an ordered (start, end), both inclusive."""
    where = container or st
    key = f"{prefix}_period"
    value = st.session_state.get(key)
    if not (isinstance(value, (tuple, list)) and len(value) in (1, 2) and all(isinstance(v, date) for v in value)):
        st.session_state[key] = (default_start, default_end)
    picked = where.date_input(label, key=key, max_value=max_value, format="YYYY-MM-DD")
    if isinstance(picked, (tuple, list)):
        picked = [p for p in picked if isinstance(p, date)]
        if len(picked) == 2:
            start, end = picked
        elif len(picked) == 1:  # the user has clicked the first day only
            start = end = picked[0]
        else:
            start, end = default_start, default_end
    elif isinstance(picked, date):
        start = end = picked
    else:
        start, end = default_start, default_end
    return (start, end) if start <= end else (end, start)


def set_period(prefix: str, start: date, end: date) -> None:
    """Pre-set a page's period (before its widget is drawn)."""
    st.session_state[f"{prefix}_period"] = (start, end)


def set_feature(prefix: str, feature: str) -> None:
    st.session_state[f"{prefix}_feature"] = feature


def granularity_toggle(prefix: str, *, container=None, label: str = "Granularity") -> str:
    """Daily / Weekly; returns "day" or "week"."""
    where = container or st
    key = f"{prefix}_granularity"
    if st.session_state.get(key) not in GRANULARITIES:
        st.session_state[key] = "Daily"
    choice = where.segmented_control(label, list(GRANULARITIES), key=key)
    return GRANULARITIES.get(choice or "Daily", "day")


class PeriodLink(BaseModel):
    """The query parameters a link gives a page's filters (each still to be validated)."""
    feature: str | None = None
    start: str | None = None
    end: str | None = None
    granularity: str | None = None
    release: str | None = None
    model: str | None = None
    prompt_version: str | None = None


def period_from_query(prefix: str, features: Sequence[str]) -> None:
    """Apply `feature`, `start`, `end` (and `granularity`, and a version: `release`, `model` or
    `prompt_version`) from the URL to a page's filters."""
    params = apply_query_params(prefix, tuple(PeriodLink.model_fields))
    if not params:
        return
    link = PeriodLink.model_validate(params)
    version = version_from_params(params)
    if version is not None:
        set_version(prefix, version)
    feature = parse_feature(link.feature, features)
    if feature is not None and link.feature is not None:
        set_feature(prefix, feature)
    start, end = parse_date(link.start), parse_date(link.end)
    if start or end:
        start = start or end
        end = end or start
        set_period(prefix, min(start, end), max(start, end))
    gran = parse_choice(link.granularity, ("day", "week", "daily", "weekly"))
    if gran:
        st.session_state[f"{prefix}_granularity"] = "Weekly" if gran.startswith("week") else "Daily"


# --- versions (release, model, prompt version; issue 21) ----------------------------------------

ANY_VERSION = ""
Version = tuple[str, str]  # (dimension, value): one of core.versions.DIMENSIONS and one of its values


def parse_version_value(text: object) -> str | None:
    """A version value as the URL or a widget gives it: a valid name, "other" or "unversioned"; else None."""
    if not isinstance(text, str):
        return None
    value = text.strip()
    if value in (versions.OTHER, versions.UNVERSIONED):
        return value
    try:
        return versions.check_value(value)
    except versions.BadVersion:
        return None


def version_from_params(params: dict) -> Version | None:
    """The first of `release`, `model`, `prompt_version` in the parameters with a valid value."""
    for dim in versions.DIMENSIONS:
        value = parse_version_value(params.get(dim))
        if value is not None:
            return dim, value
    return None


def set_version(prefix: str, version: Version | None) -> None:
    st.session_state[f"{prefix}_version"] = ANY_VERSION if version is None else f"{version[0]}|{version[1]}"


def version_filter(prefix: str, known: dict[str, list[str]], *, container=None,
                   label: str = "Release / model / prompt") -> Version | None:
    """One select of every known version value ("Release r3", "Model gpt-x", ...; known: {dim: [values]},
    newest first); returns (dim, value) or None for every record. One dimension at a time: the numbers
    behind it are the release aggregates, which are per dimension. Not drawn when no record has one."""
    options = [ANY_VERSION] + [f"{dim}|{v}" for dim in versions.DIMENSIONS for v in known.get(dim) or []
                               if v != versions.OTHER]
    if len(options) == 1:
        return None
    where = container or st
    key = f"{prefix}_version"
    if st.session_state.get(key) not in options:
        st.session_state[key] = ANY_VERSION

    def label_of(option: str) -> str:
        if option == ANY_VERSION:
            return "Every version"
        dim, _, value = option.partition("|")
        return f"{versions.LABELS[dim]} {value}"
    picked = where.selectbox(label, options, key=key, format_func=label_of,
                             help="Only the records of one release, model or prompt version (from the per-version "
                                  "aggregates).")
    if not picked:
        return None
    dim, _, value = picked.partition("|")
    return dim, value


def version_params(version: Version | None) -> dict[str, str]:
    """The URL parameter of a version filter ({} for every record): links keep the filter."""
    return {} if version is None else {version[0]: version[1]}


def version_caption(version: Version | None) -> str:
    return "" if version is None else f"{versions.LABELS[version[0]]} {version[1]} only"


def week_overlaps(week_start, span: tuple | None) -> bool:
    """Whether the week starting `week_start` has a day in `span` (first and last day; None: never)."""
    first = parse_date(week_start)
    if first is None or not span:
        return False
    return first <= span[1] and span[0] <= first + timedelta(days=6)
