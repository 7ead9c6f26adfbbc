"""The store refuses an operator dict (or a list) where one document's id is expected: an update or a
delete can never reach more than the one document named."""
from __future__ import annotations

import pytest

from store.alerts import delete_rule, list_rules
from store.collections import RECORDS
from store.errors import ValidationFailed
from store.triage import update_triage


def test_update_triage_and_delete_rule_refuse_operator_dicts_as_ids(db):
    db[RECORDS].insert_one({"_id": "r1", "feature": "chat"})
    rules = len(list_rules(db))
    for bad in ({"$ne": None}, {"$gt": ""}, ["r1"]):
        with pytest.raises(ValidationFailed, match="plain value"):
            update_triage(db, bad, "ann", status="investigating")
        with pytest.raises(ValidationFailed, match="plain value"):
            delete_rule(db, bad, "ann")
    assert "triage" not in db[RECORDS].find_one({"_id": "r1"})
    assert len(list_rules(db)) == rules
    update_triage(db, "r1", "ann", status="investigating")  # a plain id still works
    assert db[RECORDS].find_one({"_id": "r1"})["triage"]["status"] == "investigating"
