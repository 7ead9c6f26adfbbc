"""Adding a rule kind is one class in core/rules.py (plus its test).

The fixture adds "the 10th percentile of a score below a limit" (statistic `p10`) as one
`Threshold` subclass. It is followed, with no other change, through validation and storage of a
rule, the rule editor's choices, and the alerts job on real aggregates (an alert opens with the
kind's words); an all-features alert of the kind names the features that drove it by the kind's own
reading of a day (its p10), not by its statistic's name. In a copy of the code the same class is appended to core/rules.py and used from a
fresh interpreter; the files that differ from the original are counted: one.
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from datetime import timedelta

import pytest

from core import rules
from store.collections import ALERTS

from .conftest import T0, store_raw
from .test_alert_causes import records
from tests.integration.code_copy import copy_code, file_hashes, touched

KIND_SOURCE = textwrap.dedent('''

    @statistic
    class LowTail(Threshold):
        """A score's 10th percentile of the day below a limit: the worst answers got worse."""
        statistics = ("p10",)

        def days(self, docs):
            return [evidence.Day(d.day, ((d.doc.get("metrics") or {}).get(self.metric) or {}).get("p10"), d.n,
                                 doc=d.doc) for d in super().days(docs)]

        def label(self):
            return metrics.label(self.metric) + " 10th percentile"
''')


@pytest.fixture
def low_tail():
    namespace = dict(vars(rules))
    exec(KIND_SOURCE, namespace)  # the same text the copy of the code gets
    yield namespace["LowTail"]
    rules.STATISTIC_KINDS.pop("p10", None)


def test_a_rule_kind_added_as_one_class_is_validated_offered_and_evaluated(low_tail, db):
    from jobs.aggregate import refresh
    from jobs.alerts import evaluate
    from store.alerts import upsert_rule

    assert "p10" in rules.statistics() and rules.statistic_label("p10") == "p10"  # the editor's choices
    saved = upsert_rule(db, {"name": "Worst faithfulness answers", "metric": "faithfulness", "statistic": "p10",
                             "comparison": "lt", "threshold": 0.5, "window_days": 2, "feature": "*",
                             "severity": "warning", "channel": "qa", "min_count": 50}, "admin")
    assert saved["statistic"] == "p10"
    data = []
    for day in range(3):  # clauses: a fifth of its answers at 0.3 -> p10 about 0.3; chat fine
        data += records("clauses", day, 60, failing=12) + records("chat", day, 60)
    store_raw(db, data)
    refresh(db, full=True)
    evaluate(db, now=T0 + timedelta(days=3, hours=12))
    [alert] = list(db[ALERTS].find({"rule_id": saved["_id"]}))
    assert alert["feature"] == "clauses" and alert["statistic"] == "p10"
    assert alert["message"].startswith("Faithfulness 10th percentile ") and "below 0.500" in alert["message"]


def test_in_a_copy_of_the_code_the_kind_is_one_file(tmp_path):
    copy = copy_code(tmp_path / "code", ("core", "store", "jobs", "evaluators", "settings.py"))
    before = file_hashes(copy, "*.py")
    with (copy / "core" / "rules.py").open("a", encoding="utf-8") as f:
        f.write(KIND_SOURCE)
    script = textwrap.dedent('''
        import json
        from datetime import date, datetime, timedelta, timezone
        from core import rules

        def check_rule(rule, feature, history):  # what the alerts job asks of a rule (jobs/alerts.py)
            finding = rules.condition(rule).check(rules.DailySeries(feature, history))
            return finding and finding.fields

        rule = rules.validate_rule({"name": "tail", "metric": "faithfulness", "statistic": "p10", "comparison": "lt",
                                    "threshold": 0.5, "window_days": 1, "feature": "chat", "min_count": 5})
        day = date(2026, 3, 2)
        doc = {"_id": f"{day}|chat", "bucket": datetime(2026, 3, 2, tzinfo=timezone.utc), "count": 20,
               "metrics": {"faithfulness": {"mean": 0.9, "p10": 0.2, "n": 20}}}
        fields = check_rule({"_id": "rule:tail", **rule}, "chat", {"chat": [doc]})

        def day_doc(feature, p10, n):
            return {"_id": f"{day}|{feature}", "bucket": doc["bucket"], "count": n,
                    "metrics": {"faithfulness": {"mean": 0.9, "p10": p10, "n": n}}}

        # all features together: the drivers are read by the kind (its p10), not by the statistic's name
        everything = {**rule, "feature": "__all__"}
        history = {"__all__": [day_doc("__all__", 0.3, 40)], "chat": [day_doc("chat", 0.2, 20)],
                   "clauses": [day_doc("clauses", 0.4, 20)], "arguments": [day_doc("arguments", 0.8, 20)]}
        together = check_rule({"_id": "rule:tail-all", **everything}, "__all__", history)
        print(json.dumps({"kinds": list(rules.statistics()), "message": fields and fields["message"],
                          "all": together and together["message"], "drivers": together and together["drivers"]}))
    ''')
    out = subprocess.run([sys.executable, "-c", script], cwd=copy, capture_output=True, text=True, timeout=120,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(copy), "HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert "p10" in result["kinds"] and result["message"].startswith("Faithfulness 10th percentile 0.200 below 0.500")
    # chat is 0.3 below the limit on 20 records, clauses 0.1: three quarters of the shortfall is chat's
    assert [(d["feature"], round(d["share"], 2), d["value"]) for d in result["drivers"]] == [
        ("chat", 0.75, 0.2), ("clauses", 0.25, 0.4)]
    assert result["all"].endswith("driven by chat: 75% of the faithfulness 10th percentile shortfall "
                                  "(faithfulness 10th percentile 0.200), clauses: 25% (faithfulness 10th percentile 0.400)")
    assert touched(copy, before, "*.py") == ["core/rules.py"]  # one file (and this test)
