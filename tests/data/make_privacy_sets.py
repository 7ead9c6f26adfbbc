"""Build the two privacy test sets (issue 31) — kept in the repo, rebuilt by running this script:

    python tests/data/make_privacy_sets.py [--seeds ../shared/seeds]

- privacy_legal.txt: one legal sentence a line (>= 2,000): every sentence of the demo corpus
  (passages, questions, claims, unsupported claims, filler), the sentences of the seed documents that
  cite law, and templated sentences full of statute sections, articles, citations, case numbers,
  dates, amounts and times. The redaction stage must find nothing in them.
- privacy_personal.jsonl: {"text", "values": [{"kind", "value"}]} (>= 500 values) — synthetic
  personal values (several formats of each kind) in realistic sentences, many beside legal
  references. The stage must find >= 98 % of them. Names come from TERMS (the team's term list
  the test loads). Everything is drawn from random.Random(31): the output is the same each run.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from core.privacy.checksums import luhn_digit, verhoeff_digit  # noqa: E402

HERE = Path(__file__).resolve().parent
TERMS = ("Ramesh Chandra Gupta", "Priya Venkataraman", "Mohd. Arif Qureshi", "Sunita Devi", "Harpreet Kaur Sandhu",
         "Anil Kumar Yadav", "CLIENT: Shree Balaji Traders", "CLIENT: Meenakshi Textiles Pvt Ltd")

ACTS = ("the NI Act", "the Negotiable Instruments Act, 1881", "IPC", "the Indian Penal Code", "BNS", "the BNSS",
        "CrPC", "the Code of Civil Procedure, 1908", "the Indian Contract Act, 1872", "the Evidence Act",
        "the IT Act, 2000", "the Arbitration and Conciliation Act, 1996", "the Consumer Protection Act, 2019",
        "the Specific Relief Act, 1963", "the Limitation Act, 1963", "the Companies Act, 2013",
        "the Income Tax Act, 1961", "the CGST Act, 2017", "the Hindu Marriage Act, 1955", "the POCSO Act, 2012",
        "the Motor Vehicles Act, 1988", "the Transfer of Property Act, 1882", "the RERA Act, 2016",
        "the Insolvency and Bankruptcy Code, 2016", "the Bharatiya Sakshya Adhiniyam, 2023")
SECTIONS = ("138", "141", "142", "420", "482", "498A", "65B", "66A", "302", "103", "109", "34", "120B", "9", "11",
            "34(2)(a)", "12", "73", "74", "27", "5", "7", "13(1)(e)", "156(3)", "125", "439", "438", "304B", "376",
            "29A", "8", "10", "25", "166", "54", "80", "143A", "148", "35", "37")
ARTICLES = ("14", "19(1)(a)", "19(1)(g)", "21", "21A", "32", "226", "227", "136", "142", "300A", "311", "356", "370")
CITATIONS = ("(2017) 10 SCC 1", "AIR 1978 SC 597", "2024 SCC OnLine 123", "2024 SCC OnLine SC 1234",
             "2023 SCC OnLine Del 4567", "(1973) 4 SCC 225", "2024 INSC 123", "[2019] 5 SCR 123",
             "2022 LiveLaw (SC) 456", "(2020) 3 MLJ 123", "2019 (4) KLT 567", "ILR 2005 KAR 1234",
             "2021 CriLJ 3456", "(2014) 8 SCC 273", "(2005) 6 SCC 1", "AIR 1950 SC 27", "(2011) 1 SCC 694",
             "2018 SCC OnLine Bom 2345", "(1994) 3 SCC 569", "2022 SCC OnLine SC 1032", "(2008) 13 SCC 305",
             "1997 (2) ALT 345", "(2019) 9 SCC 24", "2020 (3) RCR (Criminal) 456", "AIR 2018 SC 4321")
CASE_NUMBERS = ("W.P.(C) No. {n}/{y}", "Crl.A. No. {n} of {y}", "SLP (Crl) No. {n}/{y}", "C.A. No. {n}-{m} of {y}",
                "CS(OS) {n}/{y}", "O.S. No. {n} of {y}", "CC No. {n}/{y}", "FIR No. {n}/{y}", "Crl.M.C. {n}/{y}",
                "ITA No. {n}/Mum/{y}", "Diary No. {big}-{y}", "MACT No. {n}/{y}", "Complaint Case No. {n} of {y}",
                "Arbitration Petition No. {n} of {y}", "RFA {n}/{y}", "LPA {n}/{y}",
                "Writ Petition (Civil) No. {n} of {y}", "CRL.REV.P. {n}/{y}", "Bail Appl. {n}/{y}",
                "CNR No. DLHC01{big}{y}", "Crime No. {n}/{y}", "Execution Petition No. {n} of {y}",
                "O.A. No. {n}/{y}", "M.A. No. {n} of {y}", "Tax Appeal No. {n} of {y}",
                "Consumer Complaint No. {n} of {y}", "Case No. CP(IB) {n}/MB/{y}", "T.P.(C) No. {n} of {y}")
DATES = ("12.03.2023", "12-03-2023", "12/03/2023", "1 April 2024", "15th August 1947", "05.11.2019",
         "31st March 2025", "26 January 1950", "2023-24", "01-04-2022", "10/10/2010", "14.02.2021",
         "the assessment year 2019-20", "25th day of June, 1975", "30.06.2017")
AMOUNTS = ("₹5,00,000", "Rs. 10,00,000/-", "INR 2.5 crore", "Rs 50,000", "₹ 1,25,00,000", "₹10 lakh", "$ 12,500",
           "₹ 98,76,54,321", "Rs. 7,500", "Rs. 9876543210", "₹ 2,00,00,000", "Rs.1,50,000/-", "₹ 45.6 crore",
           "INR 12,34,56,789", "Rs 8,00,00,00,000", "₹75,000")
TIMES = ("10:30 a.m.", "4:15 p.m.", "10:30:45", "11.00 AM", "2 p.m.")
OTHER = ("Order XXXIX Rules 1 and 2 CPC", "Order 7 Rule 11 CPC", "Rule 3(1)(b)", "Schedule VII",
         "Regulation 30 of the SEBI (LODR) Regulations, 2015", "clause 4.2.1.3 of the agreement",
         "paragraph 12.3.4.1 of the award", "Notification No. G.S.R. 1234(E)", "S.O. 2345(E)",
         "GSTIN 27AAPFU0939F1ZV", "Sections 420, 467, 468 and 471 IPC", "Section 138 read with Section 141",
         "pp. 1234-1240", "Vol. 12, p. 4567", "Entry 97 of List I", "Tender No. 2023/123456",
         "Challan No. 1234567", "the 42nd Amendment", "Form 26AS", "Rule 8 of Order XXI")
SENTENCES = (
    "Under Section {sec} of {act}, the court held in {cit} that the complaint was maintainable.",
    "The petitioner invoked Article {art} of the Constitution in {case}, decided on {date}.",
    "In {case}, the High Court quashed the proceedings under CrPC 482, relying on {cit}.",
    "A cheque for {amt} was dishonoured on {date}, attracting Section {sec} of {act}.",
    "The Tribunal awarded compensation of {amt} with interest at 9% per annum from {date}.",
    "Refer {other}; see also {cit} and Article {art}.",
    "The appeal, {case}, was listed at {time} on {date} before the Division Bench.",
    "The bench followed {cit} and {cit2} while reading Section {sec} of {act}.",
    "As per {other}, the limitation of 30 days runs from {date}, extendable by 15 days.",
    "The accused was granted bail in {case} on furnishing a bond of {amt} with two sureties.",
    "Section {sec} of {act} was considered in {cit}; Article {art} was not attracted.",
    "The demand of {amt} for {date} was set aside in {case} under {other}.",
    "Counsel cited {cit2}, {cit} and the judgment dated {date} in {case}.",
    "The notice dated {date} under Section {sec} of {act} demanded {amt} within 15 days.",
    "Fine of {amt} and imprisonment of 2 years were imposed under Section {sec} of {act} in {case}.",
    "Hearing in {case} is adjourned to {date} at {time}; interim order under {other} to continue.",
)


def _corpus_sentences() -> list[str]:
    from demo.corpus import EXTRA_UNSUPPORTED, GENERIC, PASSAGES, TEMPLATES
    texts = [p.text for p in PASSAGES.values()] + [p.cite for p in PASSAGES.values()]
    for template in TEMPLATES:
        texts += [template.query, template.intro, *(claim for _pid, claim in template.claims), *template.unsupported]
    texts += [line for lines in GENERIC.values() for line in lines] + list(EXTRA_UNSUPPORTED)
    out: list[str] = []
    for text in texts:
        out += [s.strip() for s in re.split(r"(?<=[.;?])\s+(?=[A-Z(])", text) if len(s.strip()) > 12]
    return out


def _seed_sentences(seeds: Path) -> list[str]:
    cue = re.compile(r"\b(Section|Article|Act|IPC|BNS|CrPC|SCC|Court|Sanhita)\b")
    out = []
    for path in sorted(seeds.glob("*.txt")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for line in text.splitlines():
            for sentence in re.split(r"(?<=[.;?])\s+", line.strip(" -*#>\"',[]")):
                sentence = sentence.strip(" -*#>\"',[]")
                if 15 <= len(sentence) <= 300 and cue.search(sentence) and re.search(r"\d", sentence) \
                        and "@" not in sentence and "http" not in sentence:
                    out.append(sentence)
    return out


def _templated(rng: random.Random, n: int) -> list[str]:
    out = []
    for _ in range(n):
        year = rng.randint(1950, 2025)
        case = rng.choice(CASE_NUMBERS).format(n=rng.randint(1, 99999), m=rng.randint(1, 9999), y=year,
                                               big=rng.randint(100000, 999999))
        out.append(rng.choice(SENTENCES).format(
            sec=rng.choice(SECTIONS), act=rng.choice(ACTS), art=rng.choice(ARTICLES), cit=rng.choice(CITATIONS),
            cit2=rng.choice(CITATIONS), case=case, date=rng.choice(DATES), amt=rng.choice(AMOUNTS),
            time=rng.choice(TIMES), other=rng.choice(OTHER)))
    return out


def legal_set(seeds: Path | None, rng: random.Random) -> list[str]:
    sentences = _corpus_sentences() + (_seed_sentences(seeds) if seeds and seeds.is_dir() else [])
    sentences += _templated(rng, max(0, 2200 - len(sentences)) + 300)
    return list(dict.fromkeys(sentences))


# --- personal values ----------------------------------------------------------------------------
FIRST = ("ravi", "anita", "suresh", "kavya", "imran", "neha", "arjun", "fatima", "vikram", "deepa", "rahul", "meera")
LAST = ("kumar", "sharma", "iyer", "khan", "reddy", "patel", "nair", "singh", "das", "joshi")
DOMAINS = ("gmail.com", "yahoo.co.in", "outlook.com", "lawchambers.in", "rediffmail.com", "company.co.in")


def _email(rng):
    f, last = rng.choice(FIRST), rng.choice(LAST)
    return rng.choice((f"{f}.{last}@{rng.choice(DOMAINS)}", f"{f}_{last}{rng.randint(1, 99)}@{rng.choice(DOMAINS)}",
                       f"{f[0]}{last}+legal@{rng.choice(DOMAINS)}", f"{f.upper()}.{last.title()}@Firm.IN"))


def _mobile(rng) -> str:
    return str(rng.randint(6, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(9))


def _phone(rng):
    m = _mobile(rng)
    return rng.choice((f"+91 {m[:5]} {m[5:]}", f"+91-{m}", f"0{m}", f"{m[:5]}-{m[5:]}", f"{m[:3]} {m[3:6]} {m[6:]}",
                       f"(+91) {m[:5]} {m[5:]}", f"0091 {m}", m, f"+91{m}",
                       f"011-{rng.randint(2000, 6999)} {rng.randint(1000, 9999)}",
                       f"022 {rng.randint(2000, 6999)} {rng.randint(1000, 9999)}",
                       f"+44 20 {rng.randint(7000, 7999)} {rng.randint(1000, 9999)}",
                       f"+1 ({rng.randint(201, 989)}) 555-{rng.randint(1000, 9999)}",
                       f"+971 50 {rng.randint(100, 999)} {rng.randint(1000, 9999)}",
                       f"{rng.randint(201, 989)}-{rng.randint(200, 999)}-{rng.randint(1000, 9999)}"))


def _card(rng):
    prefix = rng.choice(("4", "4", "51", "53", "55", "2221", "6011", "65", "60", "81", "37"))
    length = 15 if prefix == "37" else 16
    body = prefix + "".join(str(rng.randint(0, 9)) for _ in range(length - len(prefix) - 1))
    number = body + luhn_digit(body)
    if length == 15:
        return rng.choice((f"{number[:4]} {number[4:10]} {number[10:]}", number))
    groups = [number[i:i + 4] for i in range(0, 16, 4)]
    return rng.choice((" ".join(groups), "-".join(groups), number))


def _aadhaar(rng):
    body = str(rng.randint(2, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(10))
    number = body + verhoeff_digit(body)
    return rng.choice((f"{number[:4]} {number[4:8]} {number[8:]}", f"{number[:4]}-{number[4:8]}-{number[8:]}", number))


def _letters(rng, n):
    return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(n))


def _pan(rng):
    return f"{_letters(rng, 3)}{rng.choice('PCHFTABGJL')}{_letters(rng, 1)}{rng.randint(1000, 9999)}{_letters(rng, 1)}"


def _ifsc(rng):
    return f"{rng.choice(('SBIN', 'HDFC', 'ICIC', 'UTIB', 'PUNB', 'KKBK', 'BARB', 'CNRB'))}0{rng.randint(0, 999999):06d}"


def _account(rng):
    digits = "".join(str(rng.randint(0, 9)) for _ in range(rng.choice((9, 11, 12, 14, 16))))
    return digits if rng.random() < 0.7 else " ".join(digits[i:i + 4] for i in range(0, len(digits), 4))


def _ip(rng):
    if rng.random() < 0.8:
        return ".".join(str(rng.randint(1, 254)) for _ in range(4))
    return rng.choice((f"2001:db8::{rng.randint(1, 9999):x}", f"fe80::{rng.randint(1, 65535):x}:{rng.randint(1, 65535):x}",
                       ":".join(f"{rng.randint(0, 65535):x}" for _ in range(8))))


def _name(rng):
    term = rng.choice(TERMS)
    return term.split(": ", 1)[-1] if ": " in term else term


MAKERS = {"EMAIL": _email, "PHONE": _phone, "CARD": _card, "AADHAAR": _aadhaar, "PAN": _pan, "IFSC": _ifsc,
          "BANK_ACCOUNT": _account, "IP": _ip, "NAME": _name}
PERSONAL_SENTENCES = {
    "EMAIL": ("Please send the draft of the Section 138 notice to {v} before {date}.",
              "My client's e-mail is {v}; she was served under Article 21 grounds.",
              "Write to {v} for the certified copy of the order in {cit}."),
    "PHONE": ("Call my client on {v} about the hearing under Section 482 CrPC.",
              "The complainant's mobile number {v} appears in the FIR.",
              "You can reach the advocate at {v} between {time} and 6 p.m.",
              "He received threatening calls from {v} on {date}.",
              "Contact: {v}"),
    "CARD": ("The fraudulent transaction of {amt} was made on card {v} on {date}.",
             "My credit card number {v} was charged twice.",
             "The OTP for {v} was shared, and Section 66C of the IT Act applies."),
    "AADHAAR": ("My Aadhaar number is {v} and the bank refused KYC.",
                "The accused produced Aadhaar {v} at the police station.",
                "Verify UID {v} for the land records in {case}.",
                "The e-KYC used {v} without consent, violating Article 21."),
    "PAN": ("The assessee's PAN {v} was linked to the demand of {amt}.",
            "Notice under Section 148 of the Income Tax Act was issued to PAN {v}.",
            "Her PAN card ({v}) was misused to open the account."),
    "IFSC": ("Transfer the settlement of {amt} to IFSC {v} by {date}.",
             "The branch code {v} of the bank was mentioned in the cheque under Section 138.",
             "NEFT details: IFSC {v}."),
    "BANK_ACCOUNT": ("Please credit {amt} to A/c No. {v} as per the decree in {case}.",
                     "The bank account number {v} was frozen under Section 106 BNSS.",
                     "My savings account {v} was debited without my consent.",
                     "Account: {v}, held with the respondent bank."),
    "IP": ("The defamatory post came from IP address {v} on {date}.",
           "Logs show the login from {v}, relevant under Section 66 of the IT Act.",
           "The server at {v} hosted the leaked documents."),
    "NAME": ("{v} filed the complaint under Section 138 of the NI Act on {date}.",
             "The maintenance claim of {v} under Section 125 CrPC was allowed.",
             "Our client {v} seeks anticipatory bail in {case}."),
}


def personal_set(rng: random.Random, per_kind: int = 70) -> list[dict]:
    items = []
    for kind, make in MAKERS.items():
        for _ in range(per_kind):
            value = make(rng)
            text = rng.choice(PERSONAL_SENTENCES[kind])
            case = rng.choice(CASE_NUMBERS).format(n=rng.randint(1, 9999), m=rng.randint(1, 99), y=rng.randint(1990, 2025),
                                                   big=rng.randint(100000, 999999))
            text = text.format(v=value, date=rng.choice(DATES), cit=rng.choice(CITATIONS), amt=rng.choice(AMOUNTS),
                               time=rng.choice(TIMES), case=case)
            items.append({"text": text, "values": [{"kind": kind, "value": value}]})
    for _ in range(40):  # several kinds in one message, as a real question has them
        kinds = rng.sample(sorted(MAKERS), 3)
        values = [{"kind": k, "value": MAKERS[k](rng)} for k in kinds]
        cue = {"EMAIL": "e-mail {}", "PHONE": "mobile {}", "CARD": "card {}", "AADHAAR": "Aadhaar {}", "PAN": "PAN {}",
               "IFSC": "IFSC {}", "BANK_ACCOUNT": "A/c {}", "IP": "IP {}", "NAME": "{}"}
        parts = ", ".join(cue[v["kind"]].format(v["value"]) for v in values)
        items.append({"text": f"For the Section 138 complaint, my details are: {parts}.", "values": values})
    return items


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", default=str(ROOT.parent / "shared" / "seeds"))
    args = parser.parse_args()
    rng = random.Random(31)
    legal = legal_set(Path(args.seeds), rng)
    (HERE / "privacy_legal.txt").write_text("\n".join(legal) + "\n", encoding="utf-8")
    personal = personal_set(rng)
    with (HERE / "privacy_personal.jsonl").open("w", encoding="utf-8") as fh:
        for item in personal:
            fh.write(json.dumps(item, ensure_ascii=False) + "\n")
    (HERE / "privacy_terms.txt").write_text("# the team's term list used by the privacy tests\n" + "\n".join(TERMS) + "\n",
                                            encoding="utf-8")
    print(f"{len(legal)} legal sentences, {sum(len(i['values']) for i in personal)} personal values")


if __name__ == "__main__":
    main()
