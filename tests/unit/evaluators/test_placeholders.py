"""A privacy placeholder ("[EMAIL_1]", core/privacy) is one opaque token to the scorer (issue 31): equal only to
itself, never the word "email" nor the number 1; a number's placeholder is a number the text names; the embedding
model reads a fixed made-up stand-in for it, the same for the same placeholder."""
from __future__ import annotations

from core.privacy import PLACEHOLDER, Policy, detect, redact_record
from evaluators import placeholders as P
from evaluators.text.entities import acronyms, entities
from evaluators.text.numbers import numbers
from evaluators.text.words import content_tokens, content_words, misspelling_of, prefix_index, stems_match


def test_a_placeholder_is_one_token_equal_only_to_itself():
    assert content_tokens("Write to [EMAIL_1] or call [PHONE_12].") == ("write", "[EMAIL_1]", "call", "[PHONE_12]")
    assert "email" not in content_tokens("[EMAIL_1]") and "1" not in content_tokens("[EMAIL_1]")
    assert [w[1] for w in content_words("Client [NAME_1] phoned")] == ["client", "[NAME_1]", "phon"]
    assert not stems_match("[NAME_1]", "[NAME_12]") and stems_match("[NAME_1]", "[NAME_1]")
    assert prefix_index(["[NAME_12]"]) == {}
    assert misspelling_of("[NAME_2]", {"[NAME_1]"}) is None


def test_a_placeholder_adds_no_number_name_or_acronym():
    assert numbers("Section 1 and [EMAIL_1]") == frozenset({1.0})  # the e-mail's "1" is no number
    assert numbers("call [PHONE_1] under Section 138") == frozenset({138.0, ("#", "[PHONE_1]")})
    assert numbers("[PHONE_1]") & numbers("mobile [PHONE_1]") and not numbers("[PHONE_1]") & numbers("[PHONE_2]")
    assert entities("The notice went to [NAME_1] at [EMAIL_2].") == ()
    assert acronyms("[PAN_1] and [IFSC_1]") == {}


def test_the_embedding_model_reads_a_consistent_stand_in():
    text = "I am [NAME_1], mobile [PHONE_1]; my colleague [NAME_2] has [EMAIL_1]."
    read = P.for_embedding(text)
    assert not PLACEHOLDER.search(read) and read == P.for_embedding(text)
    assert P.stand_in("NAME", 1) != P.stand_in("NAME", 2) and P.stand_in("NAME", 1) in read
    assert P.for_embedding("Section 138 of the NI Act") == "Section 138 of the NI Act"
    for kind in ("EMAIL", "PHONE", "CARD", "AADHAAR", "PAN", "IFSC", "BANK_ACCOUNT", "IP", "NAME", "CLIENT"):
        assert P.stand_in(kind, 3)


def test_redacted_records_keep_overlap_where_the_values_were_the_same():
    record = {"query": "Is my mobile +91 98765 43210 on file?", "answer": "Yes: 9876543210 is on file.",
              "context": ["Client mobile 98765-43210.", "Section 138: dishonour of cheque."]}
    redacted, found = redact_record(record, Policy("redact"))
    assert found == {"PHONE": 3} and not detect(redacted["answer"])
    q, a, c = numbers(redacted["query"]), numbers(redacted["answer"]), numbers(redacted["context"][0])
    assert q == a == c == frozenset({("#", "[PHONE_1]")})
    assert not q & numbers(redacted["context"][1])  # the chunk without the number still lacks it
