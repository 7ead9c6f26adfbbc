"""The demo's finished annotation queue: a few hundred records labelled by two annotators.

Called once at the end of `python -m jobs demo` (demo/generate.py), so a newcomer sees every figure of
the Labelling and Judge accuracy pages on day one. Realistic rather than perfect:
- the humans read the answer (`read_answer`): one that holds a claim the generator made up (demo/corpus.py,
  `unsupported`) is hallucinated, the others are faithful. The generator writes those claims exactly when
  a record's drawn faithfulness fails (demo/generate.py; the chat judge's lenient week inflates passing
  answers only), so the logged judge's pass/fail is right on the text and what it gets wrong are the
  annotators' shared misses; its scores rank the records less well across features. The local scorer
  reads the same text. (A record without answer text follows its logged faithfulness loosely: a coin toss
  near the threshold.) Before, the humans followed the logged score, and the local scorer read AUROC
  ~0.6 (0.47 on one default demo's page) against them although it finds the made-up claims at ~0.9;
- two annotators ("asha", "ben") each miss some made-up claims (ben more than asha), more often on
  borderline records, and call a faithful answer hallucinated a third as often (with one answer in ten
  hallucinated, equal rates in both directions put their kappa at ~0.4 instead of ~0.6); a few records
  are skipped; relevancy is marked on about half;
- the lead ("lead") has resolved most of the conflicts, a few are left open.
Everything is drawn from `random.Random(seed)`: the same demo gives the same labels.
"""
from __future__ import annotations

import math
import random
from datetime import datetime, timedelta, timezone

from pymongo.database import Database

from core import labels as L
from demo.corpus import EXTRA_UNSUPPORTED, TEMPLATES
from store import labels as store_labels
from store import queues as store_queues
from store.errors import ValidationFailed
from store.records import records_for_reading
from store.thresholds import get_thresholds

ANNOTATORS = (("asha", 0.05), ("ben", 0.10))  # (name, how often they miss a made-up claim on a clear record)
FALSE_ALARM = 1 / 3  # how often, relative to that, they call a faithful answer hallucinated
QUEUE_NAME = "Demo: last 4 weeks, two annotators"


def _p_hallucinated(score: float, threshold: float) -> float:
    return 1.0 / (1.0 + math.exp((score - threshold) / 0.05))


def _flip(verdict: str) -> str:
    return L.FAITHFUL if verdict == L.HALLUCINATED else L.HALLUCINATED


def generate_demo_labels(db: Database, *, end: datetime, size: int = 300, seed: int = 7) -> str:
    """Create and label the demo queue; returns a short summary (nothing when it exists already)."""
    end = end.astimezone(timezone.utc)
    definition = {"start": (end - timedelta(days=27)).date(), "end": end.date(), "size": size, "order": "disagree"}
    try:
        queue = store_queues.create_queue(db, QUEUE_NAME, definition, "lead", labels_per_record=2, now=end)
    except ValidationFailed as exc:
        return f"labels skipped ({exc})"
    rng = random.Random(seed)
    thresholds = get_thresholds(db)
    docs = {d["_id"]: d for d in records_for_reading(db).find(
        {"_id": {"$in": queue["record_ids"]}}, {"feature": 1, "evaluation": 1, "answer": 1})}
    labelled = conflicts = resolved = 0
    items: list[dict] = []
    at = end - timedelta(days=3)
    for rid in queue["record_ids"]:
        doc = docs.get(rid) or {}
        faith = L.judge_readings(doc, "faithfulness", thresholds).get(L.LOGGED)
        relev = L.judge_readings(doc, "answer_relevancy", thresholds).get(L.LOGGED)
        claims, made_up = read_answer(doc.get("answer"))
        if claims:  # people read the answer: a claim the generator made up is what they call hallucinated
            truth = L.HALLUCINATED if made_up else L.FAITHFUL
            borderline = faith is None or abs(faith[0] - faith[1]) < 0.06
        elif faith is None:
            truth = rng.choice((L.FAITHFUL, L.HALLUCINATED))
            borderline = True
        else:
            truth = L.HALLUCINATED if rng.random() < _p_hallucinated(*faith) else L.FAITHFUL
            borderline = abs(faith[0] - faith[1]) < 0.06
        given = []
        for name, miss in ANNOTATORS:
            at += timedelta(seconds=rng.uniform(5, 40))
            if rng.random() < 0.02:
                verdict = L.SKIPPED
            else:
                slip = (miss + (0.08 if borderline else 0.0)) * (FALSE_ALARM if truth == L.FAITHFUL else 1.0)
                verdict = _flip(truth) if rng.random() < slip else truth
            relevancy = None
            if relev is not None and rng.random() < 0.5:
                bad = relev[0] < relev[1] if rng.random() < 0.9 else relev[0] >= relev[1]
                relevancy = L.BAD if bad else L.GOOD
            unsupported = (made_up or [len(claims) - 1]) if verdict == L.HALLUCINATED and claims else []
            items.append({"record_id": rid, "annotator": name, "verdict": verdict, "relevancy": relevancy,
                          "unsupported_claims": unsupported, "claims": claims, "at": at,
                          "seconds": round(rng.lognormvariate(math.log(11), 0.45), 1)})
            given.append(verdict)
            labelled += 1
        if L.FAITHFUL in given and L.HALLUCINATED in given:
            conflicts += 1
            if rng.random() < 0.75:
                items.append({"record_id": rid, "annotator": "lead", "verdict": truth, "resolution": True,
                              "at": at + timedelta(hours=1)})
                resolved += 1
    store_labels.import_labels(db, queue["_id"], items, "lead", now=end)
    return (f"labels={labelled} queue={queue['_id']} records={len(queue['record_ids'])} "
            f"conflicts={conflicts} resolved={resolved}")


# the claims the demo's generator puts in an answer when its logged faithfulness fails (demo/generate.py)
_MADE_UP = tuple(dict.fromkeys([*(c for t in TEMPLATES for c in t.unsupported), *EXTRA_UNSUPPORTED]))


def read_answer(answer) -> tuple[list[str], list[int]]:
    """What the demo's people read in an answer: its claims (split as the Labelling page splits them) and the
    indices of those that come from a claim the generator made up (the made-up sentence split the same way:
    "Argument 4: <claim>" becomes "<claim>", a compound sentence two claims). ([], []) when there is no
    answer text. The demo's hidden truth on faithfulness: the labels here and the cascade test's fake judge
    (tests/integration/jobs/judge_fakes.py) both read it."""
    claims = list(_split(answer))
    made_up = {c for sentence in _MADE_UP if sentence.rstrip(".") in answer for c in _split(sentence)}
    return claims, [i for i, claim in enumerate(claims) if claim in made_up]


def _split(answer) -> tuple[str, ...]:
    if not isinstance(answer, str) or not answer.strip():
        return ()
    from evaluators.text.claims import split_claims
    return split_claims(answer)
