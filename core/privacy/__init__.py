"""Personal data found and replaced before anything is stored (issue 31; docs/security.md "Privacy").

detectors.py finds values (e-mail, phone, card, Aadhaar, PAN, IFSC, bank account, IP, the team's
terms); redactor.py assigns per-record placeholders; policy.py says which mode applies to a source.
The writers (jobs/ingest.py's Writer — ingest, the demo, the HTTP intake —, adopt, Data health's
re-ingest, `python -m jobs redact`) call `redact_record` on every record before it is written; the
intake redacts the spans it stages with `StagingRedactor` (tokens numbered when the record is written).
"""
from core.privacy.detectors import KINDS, Finding, detect
from core.privacy.policy import PolicyError, parse_terms, policy_for
from core.privacy.redactor import (MODES, OFF, PLACEHOLDER, REDACT, REPORT, STAGED, Policy, Redactor, StagingRedactor,
                                   original_hash, redact_payload, redact_record, redact_text)

__all__ = ["KINDS", "MODES", "OFF", "PLACEHOLDER", "REDACT", "REPORT", "Finding", "Policy", "PolicyError", "Redactor", "STAGED",
           "StagingRedactor", "detect",
           "original_hash", "parse_terms", "policy_for", "redact_payload", "redact_record", "redact_text"]
