"""Feature names and the sentinels that stand in for them."""
from __future__ import annotations

import re

ALL_FEATURES = "__all__"     # the aggregate "feature" that means every feature together
EACH_FEATURE = "*"           # a rule's feature meaning "every feature separately"
DEFAULT_FEATURE = "default"  # the threshold table's entry for features without their own
UNKNOWN_FEATURE = "unknown"  # what a record without a feature is filed under
LINK_ALL = "all"             # the `feature` URL parameter's word for all features (filters, alert links)
SENTINELS = frozenset({ALL_FEATURES, EACH_FEATURE, DEFAULT_FEATURE})
ALL_FEATURES_LABEL = "All features"

# lower-case letters, digits, - and _; starts with a letter or digit; at most 64 characters
FEATURE_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,63}$")


def is_feature_name(value: object) -> bool:
    """A real feature name (not a sentinel) in the allowed alphabet."""
    return isinstance(value, str) and value not in SENTINELS and bool(FEATURE_NAME_RE.match(value))


def feature_label(feature: str | None) -> str:
    if feature in (None, "", ALL_FEATURES):
        return ALL_FEATURES_LABEL
    if feature == EACH_FEATURE:
        return "Each feature"
    return str(feature)


def max_features() -> int:
    """How many distinct feature names records may carry (EVALBOARD_MAX_FEATURES): the one cap every
    way in applies (store.records.FeatureCap)."""
    from settings import get_settings
    return get_settings().max_features
