"""Alert rules: their vocabulary, their validation, and each condition kind as a small class (pure).

Vocabulary (moved from store/alerts.py): STATISTICS, COMPARISONS, SEVERITIES, CHANNELS, the
default rules (core/default_rules.py) and `validate_rule`. The rule editor
and the Overview draw their choices and a rule's limit from here; store/ only keeps documents.

Conditions (like Evidently's tests): a rule document becomes a `Condition` (`condition(rule)`),
whose `check(series) -> Finding | None` says whether the condition holds and in which words.
- `Threshold`: a daily statistic of the aggregates (a score's mean or pass rate, the pass
  rate, the regeneration rate) beyond a fixed limit or the feature's own threshold
  (`own_threshold`), judged by core/evidence.py (days in a row, pooled days or a count test);
  an all-features alert names the features that drove it: the kind reads each feature's days
  with its own `days` and weighs them (`weight`, `share_of`, `value_words`; core/alert_causes.py sums).
- `Agreement`: a judge-agreement statistic (core/agreement.py, agreement_daily); the `*_change`
  statistics are thresholds relative to each feature's own baseline (BASELINE_DAYS days before).
The kinds judged on something else than the daily aggregates each live in their own module and
register themselves in RULE_KINDS (`@rule_kind`) when imported (they import this module, so it
cannot import them: no import circle): core/release_rule.py (`ReleaseRegression`, kind "release_rule"),
core/label_rule.py (`LabelAccuracy`, kind "label_accuracy"), core/budget_rule.py (`JudgeBudget`, kind
"judge_budget"); the job that judges a kind imports its module. The typed documents `Rule` / `Alert`: core/rule_docs.py.
A new statistic on the daily aggregates is one subclass of `Threshold` decorated with `@statistic`
(it declares its names, how it reads a daily bucket, and its words; an all-features alert's drivers
follow from its reading); the editor, the validation and the alerts job (jobs/alerts.py) pick it up
from STATISTIC_KINDS.
A rule's `feature` is "__all__", one feature, or "*" = every feature separately.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date
from typing import Any, ClassVar, Mapping, Sequence

from core import agreement, evidence, metrics
from core import alert_causes
from core import noise as judge_noise
from core.channels import ALERT_CHANNELS
from core.errors import ValidationFailed
from core.features import ALL_FEATURES as ALL
from core.features import EACH_FEATURE as EACH
from core.features import FEATURE_NAME_RE, SENTINELS
from core.verdict import limits_for

DEFAULT_MIN_COUNT = 50   # a smaller day is not judged on its own (pooled or tested instead, core/evidence.py)
COMPARISONS = ("lt", "gt")
COMPARISON_WORDS = {"lt": "below", "gt": "above"}
SEVERITIES = ("warning", "critical")
CHANNELS = ALERT_CHANNELS
FEATURE_CHOICES = {ALL: "All features together", EACH: "Each feature separately"}
RATES = (metrics.PASS_RATE, metrics.REGEN_RATE)


# --- small validators (moved from store/thresholds.py) -------------------------------------------

def validate_unit(name: str, value: Any) -> float:
    """A number in 0..1, or ValidationFailed saying which and why."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValidationFailed(f"{name}: the threshold must be a number between 0 and 1 (got {value!r})")
    if not 0.0 <= float(value) <= 1.0:
        raise ValidationFailed(f"{name}: the threshold must be between 0 and 1 (got {value:g})")
    return float(value)


def validate_feature(feature: Any, *, allow: tuple[str, ...] = ()) -> str:
    if isinstance(feature, str) and (feature in allow or (feature not in SENTINELS and FEATURE_NAME_RE.match(feature))):
        return feature
    raise ValidationFailed(f"unknown feature name {str(feature)[:40]!r}: use lower-case letters, digits, - or _")


# --- conditions ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Finding:
    """A condition that holds: the number, the limit it is beyond, its words, and the alert's fields."""
    value: float | None
    limit: float | None
    message: str
    fields: dict = field(default_factory=dict)


@dataclass(frozen=True)
class DailySeries:
    """What a daily rule is judged on for one feature: every feature's complete daily documents up to the
    day being judged (oldest first; the all-features alert reads the others for its drivers) and the
    per-feature metric thresholds (for `own_threshold`)."""
    feature: str
    history: Mapping[str, Sequence[dict]]
    thresholds: Mapping | None = None
    noise: Mapping[str, Mapping[str, Mapping]] | None = None  # {feature: {metric|VERDICT: figure}} (store/judge_noise)


class Condition:
    """One rule document as a condition: `check(series)` -> Finding | None."""
    kind: ClassVar[str] = "rule"

    def __init__(self, rule: Mapping):
        self.rule = dict(rule)

    def check(self, series: Any) -> Finding | None:  # pragma: no cover - every kind implements it
        raise NotImplementedError


STATISTIC_KINDS: dict[str, type[Threshold]] = {}  # statistic name -> its condition class (kind "rule")


def statistic(cls):
    """Class decorator: the statistics `cls.statistics` are judged by `cls` (validation, editor, alerts job)."""
    for name in cls.statistics:
        STATISTIC_KINDS[name] = cls
    return cls


@statistic
class Threshold(Condition):
    """A daily statistic of the aggregates beyond a limit (fixed, or the feature's own threshold)."""
    statistics: ClassVar[tuple[str, ...]] = ("mean", "rate")
    source: ClassVar[str] = "aggregates"     # which daily documents: aggregates_daily (or agreement_daily)
    pooled: ClassVar[bool] = True            # small days may be pooled (core/evidence.py)
    signed: ClassVar[bool] = False           # the threshold may be negative (-1..1)

    @property
    def statistic(self) -> str:
        return self.rule.get("statistic", "mean")

    @property
    def metric(self) -> str:
        return self.rule["metric"]

    def is_rate(self) -> bool:
        return evidence.is_rate_rule(self.rule)

    # -- reading and words (a subclass changes these) --
    def days(self, docs: Sequence[Mapping]) -> list[evidence.Day]:
        """A feature's daily documents as evidence days (the value this statistic judges)."""
        return evidence.days_from_buckets(self.rule, docs)

    def label(self) -> str:
        label = metrics.label(self.metric)
        if self.statistic == "rate" and self.metric not in RATES:
            label += " pass rate"
        return label

    def fmt(self, value: float | None) -> str:
        if value is None:
            return "—"
        return f"{value:.1%}" if self.metric in RATES or self.statistic == "rate" else f"{value:.3f}"

    # -- an all-features alert: which features drove it (read by this kind's own `days`) --
    def weight(self, day: evidence.Day, limit: float) -> float:
        """How much of an all-features problem one feature's day carries: for a rate its records on the wrong
        side (failing, regenerated, below the score's threshold); otherwise its records times how far its
        value is beyond the limit (nothing when it is not). A subclass may weigh a day otherwise."""
        if self.is_rate():
            trials = float(day.n if day.trials is None else day.trials)
            successes = float(day.successes or 0.0)
            return trials - successes if self.rule["comparison"] == "lt" else successes
        if day.value is None:
            return 0.0
        gap = limit - float(day.value) if self.rule["comparison"] == "lt" else float(day.value) - limit
        scored = ((day.doc.get("metrics") or {}).get(self.metric) or {}).get("n")  # records with this score
        return float(day.n if scored is None else scored) * max(0.0, gap)

    def drivers(self, limit: float, days: Sequence[date], history: Mapping[str, Sequence[Mapping]]) -> list[dict]:
        """[{feature, share, value, count}]: the features behind an all-features finding on `days`."""
        wanted = set(days)
        by_feature = {f: self.days([d for d in docs if evidence.bucket_day(d) in wanted])
                      for f, docs in history.items() if f != ALL}
        return alert_causes.drivers(by_feature, wanted, lambda day: self.weight(day, limit))

    def share_of(self) -> str:
        """What a driver's share is a share of ("of the failing records")."""
        if self.metric == metrics.PASS_RATE:
            return "of the failing records"
        if self.metric == metrics.REGEN_RATE:
            return "of the regenerated records"
        if self.is_rate():
            return f"of the records below the {metrics.label(self.metric).lower()} threshold"
        return f"of the {self.label().lower()} {'shortfall' if self.rule.get('comparison') != 'gt' else 'excess'}"

    def value_words(self, value: float | None) -> str:
        """A feature's own value, named: "pass rate 53.6%", "faithfulness mean 0.612"."""
        if value is None:
            return ""
        mean = " mean" if self.statistic == "mean" and self.metric not in RATES else ""
        return f"{self.label().lower()}{mean} {self.fmt(value)}"

    def limit(self, feature: str, thresholds: Mapping | None) -> float | None:
        """The limit the rule compares with: its own number, or the feature's threshold for the metric."""
        if self.rule.get("own_threshold"):
            return limits_for(thresholds, None if feature == ALL else feature).get(self.metric)
        return self.rule.get("threshold")

    def coverage(self, history: Mapping[str, Sequence[Mapping]]) -> dict[str, tuple[str, str]]:
        """{feature: (mode, words)}: how the rule watches each feature it targets now (the rule editor),
        from the recent complete daily documents of every feature (core.evidence.visibility)."""
        target = self.rule.get("feature") or ALL
        features = sorted(f for f in history if f != ALL) if target == EACH else [target]
        window = int(self.rule.get("window_days") or 1)
        min_count = int(self.rule.get("min_count") or DEFAULT_MIN_COUNT)
        return {f: evidence.visibility(self.days(list(history.get(f) or [])[-evidence.MAX_POOL_DAYS:]), window=window,
                                       min_count=min_count, is_rate=self.is_rate(), pool=self.pooled)
                for f in features}

    def noise_figure(self, feature: str, noise: Mapping | None) -> tuple[Mapping | None, bool]:
        """(the judge's noise figure this rule's value moves by, whether it is a rate); None: no noise."""
        figures = (noise or {}).get(feature) or {}
        if self.metric == metrics.PASS_RATE:
            return figures.get(judge_noise.VERDICT), True
        if self.metric in RATES:
            return None, True  # regeneration is the product's, not the judge's
        return figures.get(self.metric), self.is_rate()

    def check(self, series: DailySeries) -> Finding | None:
        rule, feature, history = self.rule, series.feature, series.history
        window = int(rule.get("window_days") or 1)
        limit = self.limit(feature, series.thresholds)
        if limit is None:
            return None
        min_count = int(rule.get("min_count") or DEFAULT_MIN_COUNT)
        days = self.days((history.get(feature) or [])[-evidence.MAX_POOL_DAYS:])
        figure, rate = self.noise_figure(feature, series.noise)
        floors = [judge_noise.floor(figure, int(d.n if d.trials is None else d.trials), rate=rate) for d in days]
        kwargs = dict(limit=limit, comparison=rule["comparison"], window=window, min_count=min_count,
                      is_rate=self.is_rate(), pool=self.pooled)
        judgement = evidence.judge(judge_noise.within_noise(days, floors, rule["comparison"]), **kwargs)
        if judgement is None:  # no breach beyond what the judge's own noise explains
            return None
        judgement = evidence.judge(days, **kwargs) or judgement  # words and numbers: the days as they are
        floor = max((f for d, f in zip(days, floors) if d.day in {j.day for j in judgement.days}), default=0.0)
        docs = [d.doc for d in judgement.days]
        days = [d.day for d in judgement.days]
        values = [d.value for d in judgement.days]
        where = "all features" if feature == ALL else f"feature {feature}"
        span = days[0].isoformat() if days[0] == days[-1] else f"{days[0].isoformat()} to {days[-1].isoformat()}"
        word = COMPARISON_WORDS[rule["comparison"]]
        whose = f"{feature}'s threshold " if rule.get("own_threshold") else ""
        value = judgement.value
        in_a_row = judgement.mode == evidence.DAILY and window > 1
        message = (f"{self.label()} {self.fmt(value)} {word} {whose}"
                   f"{self.fmt(limit)} ({where}, {span}"
                   + (f", {window} days in a row" if in_a_row else "") + ")")
        if judgement.mode != evidence.DAILY or feature != ALL:
            message += "; " + evidence.describe(judgement, self.fmt)
        if floor > 0:
            size = f"{100 * floor:.1f} points" if rate else f"{floor:.3f}"
            message += f"; beyond the judge's noise floor of ±{size} (measured by jobs judge-noise)"
        cause: list[dict] = []
        if feature == ALL:
            cause = self.drivers(limit, days, history)
            if cause:
                message += " — driven by " + alert_causes.describe_drivers(cause, self.share_of(), self.value_words)
        fields = {
            "rule_id": rule["_id"], "rule_name": rule.get("name"), "feature": feature,
            "severity": rule.get("severity", "warning"), "channel": rule.get("channel", "qa"), "message": message,
            "metric": self.metric, "statistic": self.statistic, "comparison": rule["comparison"], "threshold": limit,
            "value": value, "drivers": cause, "evidence_mode": judgement.mode, "noise_floor": floor or None,
            "evidence_interval": list(judgement.interval) if judgement.interval else None,
            "evidence": [{"bucket": d["bucket"], "value": v, "count": d.get("count")} for d, v in zip(docs, values)],
            "link": {"feature": feature, "start": docs[0]["bucket"], "end": docs[-1]["bucket"]},
            "first_day": days[0].isoformat(), "last_day": days[-1].isoformat(),
        }
        return Finding(value, limit, message, fields)


class Agreement(Threshold):
    """A judge-agreement statistic (agreement_daily): flip rate, mean difference, correlation, and their
    changes relative to each feature's own baseline (`*_change`: the day minus the median of the
    BASELINE_DAYS days before, core.agreement.change)."""
    statistics = agreement.statistic_names()
    source = "agreement"
    pooled = False
    signed = True

    def is_rate(self) -> bool:
        return False

    def noise_figure(self, feature: str, noise: Mapping | None) -> tuple[Mapping | None, bool]:
        return None, False  # agreement figures compare two scorers: not widened by one judge's noise

    def relative(self) -> bool:
        return self.statistic.endswith(agreement.CHANGE_SUFFIX)

    def label(self) -> str:
        return metrics.label(self.metric) + " judge agreement: " + agreement.label(self.statistic).lower()

    def fmt(self, value: float | None) -> str:
        if value is None:
            return "—"
        stat = agreement.base_statistic(self.statistic)
        if stat and stat.percent:
            return f"{value:+.1%}" if self.relative() else f"{value:.1%}"
        return f"{value:+.3f}" if self.relative() else f"{value:.3f}"


statistic(Agreement)


RULE_KINDS: dict[str, type[Condition]] = {"rule": Threshold}  # kind -> its condition class (the others: @rule_kind)


def rule_kind(cls):
    """Class decorator: rule documents of kind `cls.kind` are judged by `cls` (`condition(rule)`)."""
    RULE_KINDS[cls.kind] = cls
    return cls


def condition(rule: Mapping) -> Condition:
    """The condition a rule document states (kind "rule" by its statistic; other kinds by their kind)."""
    kind = rule.get("kind", "rule")
    if kind == "rule":
        return STATISTIC_KINDS.get(rule.get("statistic", "mean"), Threshold)(rule)
    if kind in RULE_KINDS:
        return RULE_KINDS[kind](rule)
    raise ValidationFailed(f"unknown rule kind {str(kind)[:40]!r}")


def is_agreement_statistic(statistic: Any) -> bool:
    """A rule on judge agreement (agreement_daily, jobs/agreement.py) rather than on the aggregates."""
    return isinstance(statistic, str) and STATISTIC_KINDS.get(statistic) is not None \
        and STATISTIC_KINDS[statistic].source == "agreement"


def statistics() -> tuple[str, ...]:
    """Every statistic a rule may judge (the editor's choices), the aggregates' first."""
    return tuple(STATISTIC_KINDS)


STATISTICS = ("mean", "rate")  # the statistics of the aggregates themselves (the others: STATISTIC_KINDS)


def statistic_label(name: str) -> str:
    """The editor's words for a statistic."""
    cls = STATISTIC_KINDS.get(name)
    if cls is Agreement:
        return f"agreement: {name}"
    return name


def rule_threshold(rule, feature: str, thresholds: Mapping | None) -> float | None:
    """The limit a rule (a core.rule_docs.Rule: that module imports this one, so it is not named here)
    compares with for a feature (its own number, or the feature's threshold)."""
    cond = rule.condition()
    return cond.limit(feature, thresholds) if isinstance(cond, Threshold) else rule.threshold


def chart_threshold(rules: Sequence, metric: str, feature: str,
                    thresholds: Mapping | None = None) -> float | None:
    """The alert-rule line the Overview draws for a rate (pass rate / regeneration rate): the enabled
    rule of the feature (or of every feature separately), else the all-features one. `rules`: typed
    rules (core.rule_docs.Rule, as store.alerts.get_rules hands them out)."""
    best = None
    for rule in rules:
        if rule.kind != "rule" or rule.metric != metric or not rule.enabled:
            continue
        limit = rule_threshold(rule, feature, thresholds)
        number = float(limit) if isinstance(limit, (int, float)) and not isinstance(limit, bool) \
            and math.isfinite(limit) else None
        if rule.feature == feature or (feature != ALL and rule.feature == EACH):
            return number
        if rule.feature in (ALL, None) and best is None:
            best = number
    return best


def validate_rule(rule: dict) -> dict:
    """A rule document of kind "rule", cleaned, or ValidationFailed saying what is wrong."""
    if not isinstance(rule, dict):
        raise ValidationFailed("a rule must be an object")
    name = rule.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 120:
        raise ValidationFailed("the rule needs a name (at most 120 characters)")
    metric = rule.get("metric")
    if metric not in metrics.rule_metrics():
        raise ValidationFailed(f"unknown metric {str(metric)[:40]!r}; known: {', '.join(metrics.rule_metrics())}")
    stat = rule.get("statistic", "mean")
    if not isinstance(stat, str) or stat not in STATISTIC_KINDS:
        raise ValidationFailed("statistic must be 'mean', 'rate' or a judge-agreement statistic ("
                               + ", ".join(s for s in STATISTIC_KINDS if s not in STATISTICS) + ")")
    kind = STATISTIC_KINDS[stat]
    if kind is not Threshold and metric not in metrics.score_names():
        raise ValidationFailed("a judge-agreement rule watches a score (a metric or overall quality)"
                               if kind is Agreement else f"a {stat} rule watches a score")
    if metric in RATES:
        stat = "rate"
    comparison = rule.get("comparison")
    if comparison not in COMPARISONS:
        raise ValidationFailed("comparison must be 'lt' (below) or 'gt' (above)")
    own = bool(rule.get("own_threshold", False))
    if own and (metric not in metrics.score_names() or stat != "mean"):
        raise ValidationFailed("'below the feature's threshold' applies to a score's mean, not to a rate")
    raw = rule.get("threshold")
    if own:
        threshold = None
    elif kind.signed and isinstance(raw, (int, float)) and not isinstance(raw, bool) and raw < 0:
        threshold = -validate_unit(str(metric), -raw)  # correlations and changes may be negative: -1..1
    else:
        threshold = validate_unit(str(metric), raw)
    window = rule.get("window_days", 1)
    if isinstance(window, bool) or not isinstance(window, int) or not 1 <= window <= 30:
        raise ValidationFailed("days in a row must be a whole number from 1 to 30")
    feature = validate_feature(rule.get("feature", ALL), allow=(ALL, EACH))
    severity = rule.get("severity", "warning")
    if severity not in SEVERITIES:
        raise ValidationFailed("severity must be 'warning' or 'critical'")
    channel = rule.get("channel", "qa")
    if channel not in CHANNELS:
        raise ValidationFailed("channel must be 'qa', 'ai' or 'critical'")
    min_count = rule.get("min_count", DEFAULT_MIN_COUNT)
    if isinstance(min_count, bool) or not isinstance(min_count, int) or min_count < 1:
        raise ValidationFailed("min_count must be a whole number >= 1")
    return {"kind": "rule", "name": name.strip(), "metric": metric, "statistic": stat,
            "comparison": comparison, "threshold": threshold, "window_days": window, "feature": feature,
            "severity": severity, "channel": channel, "enabled": bool(rule.get("enabled", True)),
            "min_count": min_count, "own_threshold": own}
