"""Hand-made sanity set for the local hallucination score (real model, offline: an integration test, the unit tests load no model).

Real RAG answers paraphrase the context, restate the question and add framing; a scorer that only
rewards copied spans would flag them. Each case: a context, a question, a FAITHFUL answer that
paraphrases (and often restates the question), and an UNFAITHFUL variant of it that adds an
unsupported fact / amount / name or flips a negation. The faithful one must score low; the
unfaithful one must score clearly higher than its faithful twin.
"""
from __future__ import annotations

import pytest

import evaluators

CASES = [
    # (id, context, question, faithful paraphrase, unfaithful variant)
    ("leave-days",
     "Employees are entitled to 20 days of paid leave per year. Unused leave can be carried over to the next year.",
     "How much paid leave do employees get?",
     "Employees get twenty days of paid leave every year, and they can carry unused days over into the next year.",
     "Employees get thirty days of paid leave every year, and they can carry unused days over into the next year."),
    ("medicaid-restate",
     "The Consolidated Appropriations Act of 2023 required states to begin the process of redetermining Medicaid "
     "eligibility for its members, which New York State (NYS) began in April 2023.",
     "When did NYS begin redetermining Medicaid eligibility?",
     "Based on the provided context, NYS began redetermining Medicaid eligibility in April 2023, as required by "
     "the Consolidated Appropriations Act of 2023.",
     "Based on the provided context, NYS began redetermining Medicaid eligibility in June 2022, as required by "
     "the Affordable Care Act."),
    ("murder-punishment",
     "Section 103 of BNS states: Murder shall be punished with death or life imprisonment, and shall also be "
     "liable to fine.",
     "What is the punishment for murder under BNS?",
     "Under Section 103 of the BNS, a person convicted of murder can be sentenced to death or to imprisonment "
     "for life, and may also have to pay a fine.",
     "Under Section 103 of the BNS, a person convicted of murder can be sentenced to 10 years of imprisonment "
     "and a fine of Rs. 50,000."),
    ("refund-negation",
     "Refunds are available within 30 days of purchase if the product is unused and in its original packaging.",
     "Can I get a refund?",
     "Yes, you can get your money back if you return the product unused, in its original packaging, within 30 "
     "days of buying it.",
     "Refunds are not available within 30 days of purchase, even if the product is unused."),
    ("clinic-hours",
     "The clinic is open Monday to Friday from 9 am to 5 pm. Appointments can be booked online or by phone.",
     "When is the clinic open and how do I book?",
     "The clinic opens on weekdays, Monday through Friday, between 9 am and 5 pm. You can book an appointment "
     "online or by phone.",
     "The clinic opens every day, including Sundays, between 7 am and 11 pm. You can book an appointment "
     "through Dr. Mehta's assistant."),
    ("bank-fee",
     "A cheque that bounces due to insufficient funds attracts a charge of Rs 500 per instance. The bank will "
     "also inform the account holder by SMS.",
     "What happens if my cheque bounces?",
     "If your cheque bounces because there is not enough money in the account, the bank charges Rs 500 each "
     "time and sends you an SMS about it.",
     "If your cheque bounces because there is not enough money in the account, the bank charges Rs 2,500 each "
     "time and reports you to the Reserve Bank of India."),
    ("ivf-paraphrase",
     "In vitro fertilisation (IVF) is a process in which an egg is combined with sperm outside the body, in a "
     "laboratory dish. The embryo is then transferred to the uterus.",
     "What is IVF?",
     "IVF, or in vitro fertilisation, means that the egg and the sperm are combined outside the body in a lab "
     "dish, and the resulting embryo is then placed in the uterus.",
     "IVF, or in vitro fertilisation, means that the egg and the sperm are combined inside the body using a "
     "hormone injection called Ovitrelle, and the success rate is 85%."),
    ("company-founding",
     "Acme Robotics was founded in 2011 by Priya Raman in Pune. The company makes warehouse automation systems.",
     "Who founded Acme Robotics and what does it make?",
     "Acme Robotics was started by Priya Raman in 2011 in Pune, and the company builds automation systems for "
     "warehouses.",
     "Acme Robotics was started by Rahul Verma in 2015 in Bangalore, and the company builds automation systems "
     "for warehouses."),
    ("tenant-notice",
     "The landlord must give the tenant at least two months' written notice before ending the lease. Notice "
     "given by email is not valid.",
     "How much notice must a landlord give?",
     "A landlord has to give the tenant written notice of at least two months before ending the lease, and an "
     "email does not count as valid notice.",
     "A landlord has to give the tenant written notice of at least two months before ending the lease, and an "
     "email counts as valid notice."),
    ("medication-dose",
     "Adults may take 500 mg of paracetamol every 6 hours, with no more than 4 doses in 24 hours.",
     "How much paracetamol can an adult take?",
     "An adult can take 500 mg of paracetamol every six hours, but should not take more than four doses within "
     "24 hours.",
     "An adult can take 1000 mg of paracetamol every two hours, and it is safe to combine it with ibuprofen "
     "and codeine."),
]


@pytest.fixture(scope="module")
def scored():
    items = []
    for cid, ctx, q, good, bad in CASES:
        items.append({"id": f"{cid}/faithful", "query": q, "answer": good, "context": [ctx]})
        items.append({"id": f"{cid}/unfaithful", "query": q, "answer": bad, "context": [ctx]})
    out = evaluators.score_many(items)
    return {o["id"]: o for o in out}


@pytest.mark.parametrize("cid", [c[0] for c in CASES])
def test_faithful_paraphrase_scores_low_and_unfaithful_variant_higher(scored, cid):
    good, bad = scored[f"{cid}/faithful"], scored[f"{cid}/unfaithful"]
    hg, hb = good["hallucination_score"], bad["hallucination_score"]
    # the paraphrase: every claim supported, hallucination well below the 0.5 midpoint
    assert good["details"]["faithfulness"]["supported_share"] == 1.0, good["evaluation"]["faithfulness"]
    assert hg < 0.35, (hg, good["evaluation"]["faithfulness"])
    # the variant that adds unsupported facts / flips a negation: flagged, and ranked above its twin
    assert bad["details"]["faithfulness"]["supported_share"] < 1.0, bad["evaluation"]["faithfulness"]
    assert hb > 0.5 and hb - hg >= 0.3, (hg, hb, bad["evaluation"]["faithfulness"])
