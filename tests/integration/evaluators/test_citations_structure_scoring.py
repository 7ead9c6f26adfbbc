"""Issue 17 rules through the real model: numbered points, chunk citations and sentences about the context
do not change what is checked; citation accuracy names a citation that points to the wrong chunk."""
from __future__ import annotations

import evaluators

CTX = ["Section 138 NI Act. Where a cheque is returned by the bank unpaid because the money in the account is "
       "insufficient, the drawer shall be punished with imprisonment for a term which may extend to two years, "
       "or with fine which may extend to twice the amount of the cheque, or with both.",
       "The payee must give the drawer notice in writing within thirty days of learning from the bank that the "
       "cheque was returned unpaid. The drawer then has fifteen days to pay.",
       "Banks charge a return fee for every dishonoured cheque, set by each bank's schedule of charges."]
Q = "A cheque I received bounced. What can I do?"
PLAIN = ("A bounced cheque for insufficient funds can be punished with imprisonment of up to two years or a fine "
         "of up to twice the cheque amount. You must send the drawer a written notice within 30 days. The drawer "
         "then has 15 days to pay.")


def _faith(answer: str) -> dict:
    # citation accuracy is off (threshold 0, not run) unless the feature turns it on: these answers cite chunks
    return evaluators.score_one(Q, answer, CTX, thresholds={"citation_accuracy": 0.5})


def test_numbered_points_score_like_the_same_text_unnumbered():
    numbered = ("Argument 1: A bounced cheque for insufficient funds can be punished with imprisonment of up to two "
                "years or a fine of up to twice the cheque amount.\nArgument 2: You must send the drawer a written "
                "notice within 30 days.\nArgument 3: The drawer then has 15 days to pay.")
    a, b = _faith(PLAIN), _faith(numbered)
    assert b["details"]["faithfulness"]["supported_share"] == a["details"]["faithfulness"]["supported_share"] == 1.0
    assert abs(b["hallucination_score"] - a["hallucination_score"]) < 0.1


def test_chunk_citations_do_not_make_a_correct_answer_unfaithful():
    cited = ("A bounced cheque for insufficient funds can be punished with imprisonment of up to two years or a fine "
             "of up to twice the cheque amount (Passage 1). You must send the drawer a written notice within 30 days "
             "[2]. According to Source 2, the drawer then has 15 days to pay.\nSources: 1, 2")
    r = _faith(cited)
    assert r["details"]["faithfulness"]["supported_share"] == 1.0
    assert r["hallucination_score"] < 0.5
    acc = r["evaluation"]["citation_accuracy"]
    assert acc["score"] == 1.0 and acc["threshold"] == 0.5 and acc["passed"] is True


def test_a_citation_to_the_wrong_chunk_is_named():
    wrong = ("A bounced cheque for insufficient funds can be punished with imprisonment of up to two years or a fine "
             "of up to twice the cheque amount [3]. You must send the drawer a written notice within 30 days [2].")
    acc = _faith(wrong)["evaluation"]["citation_accuracy"]
    assert acc["score"] == 0.5
    assert "claim 1 cites #3; the support is in #1" in acc["reason"]


def test_no_chunk_citation_no_citation_accuracy():
    assert _faith(PLAIN)["evaluation"]["citation_accuracy"]["score"] is None


def test_a_sentence_about_the_context_is_shown_as_not_checked():
    r = _faith("You must send the drawer a written notice within 30 days. The passages do not mention whether the "
               "bank refunds its fee.")
    f = r["evaluation"]["faithfulness"]
    assert r["details"]["faithfulness"]["supported_share"] == 1.0 and "about the context, not checked" in f["reason"]


def test_a_false_figure_still_fails_when_cited():
    r = _faith("A bounced cheque can be punished with imprisonment of up to five years (Passage 1).")
    assert r["evaluation"]["faithfulness"]["score"] == 0.0 and r["hallucination_score"] > 0.5


def test_one_false_claim_among_many_true_is_not_averaged_away():
    many = PLAIN + (" The payee must give the notice in writing. The notice goes to the drawer. The bank returns the "
                    "cheque unpaid when the money is insufficient. The drawer may also be fined. Banks charge a "
                    "return fee for a dishonoured cheque.")
    good = _faith(many)
    bad = _faith(many + " The drawer must also pay a penalty of Rs. 5,00,000 to the state.")
    assert good["details"]["faithfulness"]["supported_share"] == 1.0 and good["hallucination_score"] < 0.3
    share = bad["details"]["faithfulness"]["supported_share"]
    assert 0.8 < share < 1.0  # one of nine
    assert bad["hallucination_score"] >= 0.5 + 0.5 * (1 - share) - 1e-6
    assert bad["evaluation"]["faithfulness"]["passed"] is False  # faithfulness is computed from that score


def test_nothing_supported_scores_1_and_no_context_scores_none():
    r = _faith("The drawer must pay a penalty of Rs. 5,00,000 to the state. Interest of 18% accrues from the "
               "first day.")
    assert r["evaluation"]["faithfulness"]["score"] == 0.0 and r["hallucination_score"] == 1.0
    assert evaluators.score_one(Q, PLAIN, [])["hallucination_score"] is None


LEAVE_CTX = ["Birthing parents get 26 weeks of paid maternity leave, up to 8 weeks of it before the due date.",
             "Non-birthing parents get 4 weeks of paid paternity leave. Adoptive parents of a child under 3 months "
             "get 12 weeks of paid leave."]


def test_a_number_swapped_in_from_elsewhere_in_the_context_is_caught(model):
    """Issue 17 (`context_swap`): "26 weeks" is in the context, but for birthing parents; the sentence about
    adoptive parents says 12 weeks. A claim that states both facts is not a swap."""
    q = "How much leave do adoptive parents get?"
    swapped = evaluators.score_one(q, "Adoptive parents of a child under 3 months get 26 weeks of paid leave.",
                                   LEAVE_CTX)
    claim = swapped["details"]["faithfulness"]["claims"][0]
    assert claim["supported"] is False and "different number" in claim["why"] and "26" in claim["why"]
    assert swapped["hallucination_score"] >= 0.5
    right = evaluators.score_one(q, "Adoptive parents of a child under 3 months get 12 weeks of paid leave.",
                                 LEAVE_CTX)
    assert right["details"]["faithfulness"]["supported_share"] == 1.0
    both = evaluators.score_one("How much leave do parents get?",
                                "Birthing parents get 26 weeks of paid leave and adoptive parents get 12 weeks.",
                                LEAVE_CTX)
    assert all("different number" not in (c.get("why") or "") for c in both["details"]["faithfulness"]["claims"])


def test_the_answers_own_assessment_is_named_not_checked():
    """"Viability: weak unless ..." grades the case from the facts before it: the facts are checked, the
    grade is named in the reason; a false fact next to it is still caught."""
    graded = PLAIN + " Viability: strong unless the drawer paid within the period."
    r = _faith(graded)
    faith = r["evaluation"]["faithfulness"]
    assert r["details"]["faithfulness"]["supported_share"] == 1.0 and "assessment, not checked" in faith["reason"]
    wrong = ("A bounced cheque can be punished with imprisonment of up to seven years. "
             "Viability: strong unless the drawer paid within the period.")
    assert _faith(wrong)["evaluation"]["faithfulness"]["score"] < 0.5
