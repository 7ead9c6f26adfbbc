"""Hand-written content for the demo data: Indian-law passages and query templates.

`PASSAGES` are the retrievable chunks (statutes, contract clauses, short case
summaries — the case summaries and parties are fictional). Each `Template` is a
question one of the four features gets, the passages that answer it
(`relevant`), the answer's claims each tied to the passage that supports it
(`claims`), and unsupported claims a bad answer makes (`unsupported`:
hallucinated numbers or punishments, wrong sections, altered quotes). `GENERIC`
holds off-topic filler a low-relevancy answer opens with. The generator in
demo/generate.py assembles contexts and answers from these so that a low score goes
with text that really shows the problem.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Passage:
    cite: str   # short name used in reasons ("Section 103 BNS")
    topic: str  # distractors are drawn from other topics
    text: str


@dataclass(frozen=True)
class Template:
    feature: str
    topic: str                          # what the question is about (for reasons)
    query: str
    relevant: tuple[str, ...]           # passage ids, in the order a good retriever ranks them
    claims: tuple[tuple[str, str], ...]  # (passage id, claim sentence) — supported when that passage is retrieved
    unsupported: tuple[str, ...]        # claims no passage supports
    intro: str = ""                     # neutral opening sentence of a good answer


P = Passage
PASSAGES: dict[str, Passage] = {
    # --- Bharatiya Nyaya Sanhita, 2023 ---------------------------------------------------
    "bns_101": P("Section 101 BNS", "murder",
                 "Section 101 BNS — Murder: Except in the cases hereinafter excepted, culpable homicide is murder if "
                 "the act by which the death is caused is done with the intention of causing death, or with the "
                 "intention of causing such bodily injury as the offender knows to be likely to cause the death of "
                 "the person to whom the harm is caused."),
    "bns_103": P("Section 103 BNS", "murder",
                 "Section 103 BNS — Punishment for murder: (1) Whoever commits murder shall be punished with death "
                 "or imprisonment for life, and shall also be liable to fine. (2) When a group of five or more "
                 "persons acting in concert commits murder on the ground of race, caste or community, sex, place of "
                 "birth, language, personal belief or any other similar ground, each member of such group shall be "
                 "punished with death or with imprisonment for life, and shall also be liable to fine."),
    "bns_109": P("Section 109 BNS", "attempt",
                 "Section 109 BNS — Attempt to murder: (1) Whoever does any act with such intention or knowledge, "
                 "and under such circumstances that, if he by that act caused death, he would be guilty of murder, "
                 "shall be punished with imprisonment of either description for a term which may extend to ten "
                 "years, and shall also be liable to fine; and if hurt is caused to any person by such act, the "
                 "offender shall be liable either to imprisonment for life, or to such punishment as is hereinbefore "
                 "mentioned."),
    "bns_115": P("Section 115 BNS", "hurt",
                 "Section 115 BNS — Voluntarily causing hurt: (1) Whoever does any act with the intention of thereby "
                 "causing hurt to any person, or with the knowledge that he is likely thereby to cause hurt to any "
                 "person, and does thereby cause hurt to any person, is said to voluntarily cause hurt. (2) Whoever, "
                 "except in the case provided for by sub-section (1) of section 122, voluntarily causes hurt, shall "
                 "be punished with imprisonment of either description for a term which may extend to one year, or "
                 "with fine which may extend to ten thousand rupees, or with both."),
    "bns_117": P("Section 117 BNS", "hurt",
                 "Section 117 BNS — Voluntarily causing grievous hurt: (2) Whoever, except in the case provided for "
                 "by sub-section (2) of section 122, voluntarily causes grievous hurt, shall be punished with "
                 "imprisonment of either description for a term which may extend to seven years, and shall also be "
                 "liable to fine."),
    "bns_303": P("Section 303 BNS", "theft",
                 "Section 303 BNS — Theft: (2) Whoever commits theft shall be punished with imprisonment of either "
                 "description for a term which may extend to three years, or with fine, or with both; and in case "
                 "of second or subsequent conviction of any person under this section, he shall be punished with "
                 "rigorous imprisonment for a term which shall not be less than one year but which may extend to "
                 "five years and with fine. Where the value of the stolen property is less than five thousand "
                 "rupees and a person is convicted for the first time, he shall on return of the value of property "
                 "or restoration of the stolen property be punished with community service."),
    "bns_316": P("Section 316 BNS", "breach_of_trust",
                 "Section 316 BNS — Criminal breach of trust: (2) Whoever commits criminal breach of trust shall be "
                 "punished with imprisonment of either description for a term which may extend to five years, or "
                 "with fine, or with both."),
    "bns_318": P("Section 318 BNS", "cheating",
                 "Section 318 BNS — Cheating: (2) Whoever cheats shall be punished with imprisonment of either "
                 "description for a term which may extend to three years, or with fine, or with both. (4) Whoever "
                 "cheats and thereby dishonestly induces the person deceived to deliver any property to any person "
                 "shall be punished with imprisonment of either description for a term which may extend to seven "
                 "years, and shall also be liable to fine."),
    # --- Negotiable Instruments Act, 1881 ---------------------------------------------------
    "ni_138": P("Section 138 NI Act", "cheque",
                "Section 138 NI Act — Dishonour of cheque for insufficiency of funds: Where a cheque drawn by a "
                "person for the discharge of a debt or other liability is returned by the bank unpaid for "
                "insufficiency of funds, such person shall be deemed to have committed an offence and shall be "
                "punished with imprisonment for a term which may be extended to two years, or with fine which may "
                "extend to twice the amount of the cheque, or with both, provided that (a) the cheque has been "
                "presented to the bank within three months from the date on which it is drawn or within the period "
                "of its validity, whichever is earlier; (b) the payee makes a demand by a notice in writing to the "
                "drawer within thirty days of the receipt of information from the bank regarding the return of the "
                "cheque as unpaid; and (c) the drawer fails to make the payment within fifteen days of the receipt "
                "of the said notice."),
    "ni_139": P("Section 139 NI Act", "cheque",
                "Section 139 NI Act — Presumption in favour of holder: It shall be presumed, unless the contrary is "
                "proved, that the holder of a cheque received the cheque of the nature referred to in section 138 "
                "for the discharge, in whole or in part, of any debt or other liability."),
    "ni_141": P("Section 141 NI Act", "cheque",
                "Section 141 NI Act — Offences by companies: If the person committing an offence under section 138 "
                "is a company, every person who, at the time the offence was committed, was in charge of, and was "
                "responsible to the company for the conduct of the business of the company, as well as the company, "
                "shall be deemed to be guilty of the offence; provided that nothing shall render any person liable "
                "to punishment if he proves that the offence was committed without his knowledge, or that he had "
                "exercised all due diligence to prevent the commission of such offence. A director nominated by the "
                "Central or State Government or a financial corporation shall not be liable for prosecution."),
    "ni_142": P("Section 142 NI Act", "cheque",
                "Section 142 NI Act — Cognizance of offences: No court shall take cognizance of an offence "
                "punishable under section 138 except upon a complaint, in writing, made by the payee or the holder "
                "in due course of the cheque; such complaint is made within one month of the date on which the "
                "cause of action arises under clause (c) of the proviso to section 138, provided that the complaint "
                "may be taken after that period if the complainant satisfies the court that he had sufficient cause "
                "for not making a complaint within such period. No court inferior to that of a Metropolitan "
                "Magistrate or a Judicial Magistrate of the first class shall try the offence."),
    "ni_143a": P("Section 143A NI Act", "cheque",
                 "Section 143A NI Act — Interim compensation: The court trying an offence under section 138 may order "
                 "the drawer of the cheque to pay interim compensation to the complainant, which shall not exceed "
                 "twenty per cent of the amount of the cheque, to be paid within sixty days from the date of the "
                 "order."),
    # --- Indian Contract Act, 1872 ------------------------------------------------------------
    "ica_10": P("Section 10 Contract Act", "contract",
                "Section 10 Indian Contract Act — What agreements are contracts: All agreements are contracts if "
                "they are made by the free consent of parties competent to contract, for a lawful consideration and "
                "with a lawful object, and are not hereby expressly declared to be void."),
    "ica_23": P("Section 23 Contract Act", "contract",
                "Section 23 Indian Contract Act — What considerations and objects are lawful: The consideration or "
                "object of an agreement is lawful, unless it is forbidden by law; or is of such a nature that, if "
                "permitted, it would defeat the provisions of any law; or is fraudulent; or involves or implies "
                "injury to the person or property of another; or the court regards it as immoral, or opposed to "
                "public policy. Every agreement of which the object or consideration is unlawful is void."),
    "ica_56": P("Section 56 Contract Act", "contract",
                "Section 56 Indian Contract Act — Agreement to do impossible act: A contract to do an act which, "
                "after the contract is made, becomes impossible, or, by reason of some event which the promisor "
                "could not prevent, unlawful, becomes void when the act becomes impossible or unlawful."),
    "ica_73": P("Section 73 Contract Act", "damages",
                "Section 73 Indian Contract Act — Compensation for loss or damage caused by breach of contract: When "
                "a contract has been broken, the party who suffers by such breach is entitled to receive, from the "
                "party who has broken the contract, compensation for any loss or damage caused to him thereby, "
                "which naturally arose in the usual course of things from such breach, or which the parties knew, "
                "when they made the contract, to be likely to result from the breach of it. Such compensation is "
                "not to be given for any remote and indirect loss or damage sustained by reason of the breach."),
    "ica_74": P("Section 74 Contract Act", "damages",
                "Section 74 Indian Contract Act — Compensation for breach of contract where penalty stipulated for: "
                "When a contract has been broken, if a sum is named in the contract as the amount to be paid in "
                "case of such breach, the party complaining of the breach is entitled, whether or not actual damage "
                "or loss is proved to have been caused thereby, to receive reasonable compensation not exceeding "
                "the amount so named."),
    "ica_124": P("Section 124 Contract Act", "indemnity",
                 "Section 124 Indian Contract Act — Contract of indemnity defined: A contract by which one party "
                 "promises to save the other from loss caused to him by the conduct of the promisor himself, or by "
                 "the conduct of any other person, is called a contract of indemnity."),
    # --- Limitation Act, 1963 ------------------------------------------------------------------
    "lim_3": P("Section 3 Limitation Act", "limitation",
               "Section 3 Limitation Act — Bar of limitation: Subject to the provisions contained in sections 4 to "
               "24, every suit instituted, appeal preferred, and application made after the prescribed period shall "
               "be dismissed, although limitation has not been set up as a defence."),
    "lim_5": P("Section 5 Limitation Act", "limitation",
               "Section 5 Limitation Act — Extension of prescribed period in certain cases: Any appeal or any "
               "application, other than an application under Order XXI of the Code of Civil Procedure, may be "
               "admitted after the prescribed period if the appellant or the applicant satisfies the court that he "
               "had sufficient cause for not preferring the appeal or making the application within such period."),
    "lim_art55": P("Article 55 Limitation Act", "limitation",
                   "Limitation Act, Schedule, Article 55 — For compensation for the breach of any contract, express "
                   "or implied, not herein specially provided for: period of limitation three years, beginning when "
                   "the contract is broken or, where there are successive breaches, when the breach in respect of "
                   "which the suit is instituted occurs."),
    # --- Bharatiya Nagarik Suraksha Sanhita, 2023 (bail) ---------------------------------------
    "bnss_478": P("Section 478 BNSS", "bail",
                  "Section 478 BNSS — In what cases bail to be taken: When any person other than a person accused "
                  "of a non-bailable offence is arrested or detained without warrant by an officer in charge of a "
                  "police station, and is prepared at any time while in custody to give bail, such person shall be "
                  "released on bail."),
    "bnss_479": P("Section 479 BNSS", "bail",
                  "Section 479 BNSS — Maximum period for which undertrial prisoner can be detained: Where a person "
                  "has, during the period of investigation, inquiry or trial of an offence (not being an offence "
                  "punishable with death or life imprisonment), undergone detention for a period extending up to "
                  "one-half of the maximum period of imprisonment specified for that offence, he shall be released "
                  "by the court on bail; a first-time offender shall be released on bond on undergoing one-third of "
                  "that maximum period."),
    "bnss_480": P("Section 480 BNSS", "bail",
                  "Section 480 BNSS — When bail may be taken in case of non-bailable offence: A person accused of a "
                  "non-bailable offence may be released on bail, but he shall not be so released if there appear "
                  "reasonable grounds for believing that he has been guilty of an offence punishable with death or "
                  "imprisonment for life, or if the offence is cognizable and he had been previously convicted of an "
                  "offence punishable with death, imprisonment for life or imprisonment for seven years or more."),
    "bnss_482": P("Section 482 BNSS", "bail",
                  "Section 482 BNSS — Direction for grant of bail to person apprehending arrest: When any person has "
                  "reason to believe that he may be arrested on an accusation of having committed a non-bailable "
                  "offence, he may apply to the High Court or the Court of Session for a direction that in the event "
                  "of such arrest he shall be released on bail; the court may include conditions such as making "
                  "himself available for interrogation and not leaving India without its permission."),
    # --- Consumer Protection Act, 2019 ---------------------------------------------------------
    "cpa_2_11": P("Section 2(11) Consumer Protection Act", "consumer",
                  "Section 2(11) Consumer Protection Act, 2019 — Deficiency: 'deficiency' means any fault, "
                  "imperfection, shortcoming or inadequacy in the quality, nature and manner of performance which is "
                  "required to be maintained by or under any law or has been undertaken to be performed by a person "
                  "in pursuance of a contract or otherwise in relation to any service."),
    "cpa_jur": P("CPA Jurisdiction Rules 2021", "consumer",
                 "Consumer Protection (Jurisdiction of the District Commission, the State Commission and the National "
                 "Commission) Rules, 2021: the District Commission has jurisdiction over complaints where the value "
                 "of the goods or services paid as consideration does not exceed fifty lakh rupees; the State "
                 "Commission where it exceeds fifty lakh rupees but does not exceed two crore rupees; and the "
                 "National Commission where it exceeds two crore rupees."),
    "cpa_69": P("Section 69 Consumer Protection Act", "consumer",
                "Section 69 Consumer Protection Act, 2019 — Limitation period: The District Commission, the State "
                "Commission or the National Commission shall not admit a complaint unless it is filed within two "
                "years from the date on which the cause of action has arisen; a complaint may be entertained after "
                "that period if the complainant satisfies the Commission that he had sufficient cause for not "
                "filing it within such period, recording its reasons for condoning the delay."),
    # --- contract clauses ----------------------------------------------------------------------
    "cl_indemnity": P("Indemnity clause (MSA template, cl. 11.1)", "clause_indemnity",
                      "Clause 11.1 Indemnity: The Supplier shall indemnify, defend and hold harmless the Customer and "
                      "its officers and employees from and against all losses, damages, costs and expenses "
                      "(including reasonable legal fees) arising out of any third-party claim that the Deliverables "
                      "infringe any intellectual property right, provided that the Customer notifies the Supplier in "
                      "writing within fifteen (15) days of becoming aware of the claim."),
    "cl_termination": P("Termination clause (MSA template, cl. 14.2)", "clause_termination",
                        "Clause 14.2 Termination for convenience: Either Party may terminate this Agreement for "
                        "convenience by giving the other Party not less than ninety (90) days' prior written notice. "
                        "Clause 14.3 Termination for breach: Either Party may terminate this Agreement with immediate "
                        "effect if the other Party commits a material breach and fails to remedy it within thirty "
                        "(30) days of written notice requiring it to do so."),
    "cl_confidentiality": P("Confidentiality clause (NDA template, cl. 3)", "clause_confidentiality",
                            "Clause 3 Confidentiality: The Receiving Party shall keep the Confidential Information "
                            "strictly confidential, use it solely for the Purpose and not disclose it to any third "
                            "party except to its employees and advisers who need to know it and are bound by "
                            "obligations no less protective. These obligations shall survive for a period of three "
                            "(3) years after termination of this Agreement."),
    "cl_arbitration": P("Arbitration clause (MSA template, cl. 19)", "clause_arbitration",
                        "Clause 19 Arbitration: Any dispute arising out of or in connection with this Agreement shall "
                        "be referred to and finally resolved by arbitration under the Arbitration and Conciliation "
                        "Act, 1996, by a sole arbitrator appointed by mutual agreement of the Parties. The seat of "
                        "arbitration shall be New Delhi and the language of the arbitration shall be English."),
    "cl_force_majeure": P("Force majeure clause (supply agreement, cl. 17)", "clause_force_majeure",
                          "Clause 17 Force Majeure: Neither Party shall be liable for any failure or delay in "
                          "performance caused by events beyond its reasonable control, including flood, earthquake, "
                          "epidemic, war or government action, provided that the affected Party notifies the other "
                          "within seven (7) days of the event. If the event continues for more than sixty (60) days, "
                          "either Party may terminate this Agreement by written notice."),
    "cl_liability": P("Limitation of liability clause (MSA template, cl. 12)", "clause_liability",
                      "Clause 12 Limitation of Liability: Except for liability under Clause 11 (Indemnity) or for "
                      "fraud, each Party's aggregate liability under this Agreement shall not exceed the fees paid in "
                      "the twelve (12) months preceding the claim, and neither Party shall be liable for any indirect "
                      "or consequential loss, including loss of profit."),
    # --- case summaries (fictional parties) for viability and arguments ------------------------
    "case_cheque_security": P("Case summary: Arora Traders v. Kapoor (cheque, security)", "case_cheque",
                              "Case summary (Magistrate court, 2023, fictional): Arora Traders v. Kapoor. The accused "
                              "claimed the dishonoured cheque was given only as security. The court held that under "
                              "Section 139 the presumption of a legally enforceable debt applied, the accused led no "
                              "evidence to rebut it, notice had been served within thirty days, and convicted the "
                              "accused with a fine of twice the cheque amount."),
    "case_cheque_late": P("Case summary: Mehta v. Sood Logistics (cheque, late complaint)", "case_cheque",
                          "Case summary (Magistrate court, 2022, fictional): Mehta v. Sood Logistics Pvt Ltd. The "
                          "complaint under Section 138 was filed four months after the cause of action arose and "
                          "the complainant gave no explanation for the delay. The court refused to condone the delay "
                          "and dismissed the complaint as barred under Section 142."),
    "case_builder_delay": P("Case summary: Iyer v. Skyline Developers (consumer, possession delay)", "case_consumer",
                            "Case summary (State Commission, 2023, fictional): Iyer v. Skyline Developers. Possession "
                            "of a flat was delayed by more than three years beyond the agreed date. The Commission "
                            "held the delay to be a deficiency in service and directed a refund of the amount paid "
                            "with interest at nine per cent per annum and costs."),
    "case_remote_loss": P("Case summary: Nair Foods v. ColdChain Co. (contract, remote loss)", "case_contract",
                          "Case summary (High Court, 2021, fictional): Nair Foods v. ColdChain Co. A refrigerated "
                          "carrier delivered goods late. The court awarded the value of the spoiled consignment under "
                          "Section 73 but refused the claimed loss of a future export contract as remote and "
                          "indirect loss that the parties did not contemplate when contracting."),
    "case_bail_custody": P("Case summary: State v. Rafiq (bail, long custody)", "case_bail",
                           "Case summary (Sessions court, 2024, fictional): State v. Rafiq. The accused, charged with "
                           "theft and criminal breach of trust, had spent more than half of the maximum sentence in "
                           "custody as an undertrial. Bail was granted on a personal bond with two sureties."),
    "case_anticipatory": P("Case summary: Bansal v. State (anticipatory bail, cheating)", "case_bail",
                           "Case summary (High Court, 2024, fictional): Bansal v. State. In a dispute arising from a "
                           "failed business transaction, an FIR for cheating was registered. The court granted "
                           "anticipatory bail, noting the dispute was essentially commercial and the applicant had "
                           "joined the investigation, subject to conditions not to leave India and to appear when "
                           "called."),
}

T = Template
TEMPLATES: tuple[Template, ...] = (
    # ---------------------------------------------------------------- chat
    T("chat", "the punishment for murder", "What is the punishment for murder under the BNS?",
      ("bns_103", "bns_101"),
      (("bns_103", "According to Section 103(1) BNS, murder is punishable with death or imprisonment for life, "
                   "and the offender is also liable to fine."),
       ("bns_103", "Under Section 103(2), where a group of five or more persons commits murder on grounds such as "
                   "race, caste or religion, each member faces death or life imprisonment."),
       ("bns_101", "Murder itself is defined in Section 101 BNS as culpable homicide done with the intention of "
                   "causing death.")),
      ("Murder is punishable with 10 years' imprisonment and a fine of Rs. 50,000.",
       "This offence is punished under Section 302 of the BNS.")),
    T("chat", "the punishment for attempt to murder", "What is the punishment for attempt to murder?",
      ("bns_109", "bns_103"),
      (("bns_109", "Under Section 109(1) BNS, attempt to murder is punishable with imprisonment up to ten years "
                   "and fine."),
       ("bns_109", "If hurt is caused by the act, the offender may be sentenced to imprisonment for life."),
       ("bns_103", "If death had resulted, the act would amount to murder, punishable under Section 103 BNS.")),
      ("Attempt to murder carries a minimum sentence of seven years.",
       "Attempt to murder is a bailable offence under Section 109.")),
    T("chat", "the punishment for voluntarily causing hurt", "How is voluntarily causing hurt punished under BNS?",
      ("bns_115", "bns_117"),
      (("bns_115", "Section 115(2) BNS punishes voluntarily causing hurt with imprisonment up to one year, or fine "
                   "up to ten thousand rupees, or both."),
       ("bns_117", "If the hurt is grievous, Section 117(2) provides imprisonment up to seven years and fine.")),
      ("Voluntarily causing hurt is punishable with up to three years' imprisonment.",
       "The fine for simple hurt can go up to fifty thousand rupees.")),
    T("chat", "the punishment for theft", "What is the punishment for theft?",
      ("bns_303",),
      (("bns_303", "Under Section 303(2) BNS, theft is punishable with imprisonment up to three years, or fine, or "
                   "both."),
       ("bns_303", "On a second or subsequent conviction the punishment is rigorous imprisonment of one to five "
                   "years and fine."),
       ("bns_303", "For a first conviction where the stolen property is worth less than five thousand rupees and is "
                   "returned, the court may order community service.")),
      ("Theft is punishable with imprisonment of up to seven years.",
       "Theft is always a non-cognizable offence.")),
    T("chat", "the punishment for cheating", "What is the punishment for cheating under the new criminal laws?",
      ("bns_318", "bns_316"),
      (("bns_318", "Section 318(2) BNS punishes cheating with imprisonment up to three years, or fine, or both."),
       ("bns_318", "Where the cheating dishonestly induces delivery of property, Section 318(4) provides up to "
                   "seven years and fine.")),
      ("Cheating is punishable under Section 420 BNS with up to ten years' imprisonment.",
       "Cheating carries a mandatory minimum fine of one lakh rupees.")),
    T("chat", "criminal breach of trust", "What is the punishment for criminal breach of trust?",
      ("bns_316", "bns_318"),
      (("bns_316", "Section 316(2) BNS punishes criminal breach of trust with imprisonment up to five years, or "
                   "fine, or both."),),
      ("Criminal breach of trust is punishable with life imprisonment in all cases.",)),
    T("chat", "what Section 138 NI Act covers", "What is Section 138 of the NI Act about?",
      ("ni_138", "ni_141"),
      (("ni_138", "Section 138 of the Negotiable Instruments Act makes it an offence when a cheque issued to "
                  "discharge a debt is returned unpaid for insufficiency of funds."),
       ("ni_138", "The offence is punishable with imprisonment up to two years, or fine up to twice the cheque "
                  "amount, or both."),
       ("ni_141", "Where the drawer is a company, Section 141 makes the persons in charge of its business liable "
                  "as well.")),
      ("Cheque dishonour is punishable with up to five years' imprisonment.",
       "The fine under Section 138 is capped at the cheque amount.")),
    T("chat", "the procedure for a cheque bounce case", "What are the provisions for cheque bouncing and the steps to file a case?",
      ("ni_138", "ni_142", "ni_141"),
      (("ni_138", "The cheque must be presented within three months of its date or within its validity."),
       ("ni_138", "The payee must send a written demand notice within thirty days of the bank's return memo, and "
                  "the drawer gets fifteen days to pay."),
       ("ni_142", "The complaint must be filed in writing within one month of the cause of action, before a "
                  "Metropolitan Magistrate or Judicial Magistrate of the first class."),
       ("ni_141", "If the drawer is a company, the directors in charge of its business can also be prosecuted.")),
      ("The demand notice must be sent within 90 days of dishonour.",
       "The complaint can be filed any time within three years.")),
    T("chat", "company directors' liability for cheque bounce", "Can a director be prosecuted when a company's cheque bounces?",
      ("ni_141", "ni_138"),
      (("ni_141", "Under Section 141 NI Act, every person in charge of and responsible for the company's business "
                  "when the offence was committed is deemed guilty along with the company."),
       ("ni_141", "A director escapes liability by proving the offence happened without his knowledge or despite "
                  "due diligence."),
       ("ni_141", "Directors nominated by the government or a financial corporation cannot be prosecuted.")),
      ("All directors are automatically liable, including independent and nominee directors.",)),
    T("chat", "interim compensation in cheque cases", "Can the court order interim compensation in a cheque bounce case?",
      ("ni_143a", "ni_138"),
      (("ni_143a", "Yes. Under Section 143A NI Act the trial court may order the drawer to pay interim compensation "
                   "of up to twenty per cent of the cheque amount."),
       ("ni_143a", "It must be paid within sixty days of the order.")),
      ("Interim compensation can be up to fifty per cent of the cheque amount.",)),
    T("chat", "the essentials of a valid contract", "What makes an agreement a valid contract in India?",
      ("ica_10", "ica_23"),
      (("ica_10", "Under Section 10 of the Indian Contract Act, an agreement is a contract if it is made with the "
                  "free consent of parties competent to contract, for lawful consideration and a lawful object."),
       ("ica_23", "Section 23 makes an agreement void if its object or consideration is forbidden by law, "
                  "fraudulent, immoral or opposed to public policy.")),
      ("A contract must be registered to be valid.",
       "Under Section 10 every contract must be in writing and stamped.")),
    T("chat", "unlawful consideration", "When is the consideration or object of an agreement unlawful?",
      ("ica_23", "ica_10"),
      (("ica_23", "Section 23 of the Contract Act treats consideration or object as unlawful if it is forbidden by "
                  "law or would defeat the provisions of any law."),
       ("ica_23", "It is also unlawful if it is fraudulent, injures a person or property, or is immoral or opposed "
                  "to public policy; such an agreement is void.")),
      ("An agreement with an unlawful object is voidable at the option of the innocent party.",)),
    T("chat", "damages for breach of contract", "What damages can I claim for breach of contract?",
      ("ica_73", "ica_74"),
      (("ica_73", "Under Section 73 of the Contract Act you can claim compensation for loss that naturally arose in "
                  "the usual course of things from the breach, or that both parties knew was likely when they "
                  "contracted."),
       ("ica_73", "Remote and indirect losses are not compensated."),
       ("ica_74", "If the contract names a sum payable on breach, Section 74 allows reasonable compensation up to "
                  "that amount.")),
      ("You can always recover punitive damages of three times the loss.",
       "Section 73 allows recovery of any loss, however remote.")),
    T("chat", "the limitation period for a breach of contract suit", "What is the limitation period to sue for breach of contract?",
      ("lim_art55", "lim_3"),
      (("lim_art55", "Article 55 of the Limitation Act gives three years from the date the contract is broken."),
       ("lim_3", "A suit filed after the period is dismissed even if limitation is not raised as a defence.")),
      ("The limitation period for contract suits is twelve years.",
       "The court can condone delay in filing a suit under Section 5.")),
    T("chat", "condonation of delay", "Can a court condone delay in filing an appeal?",
      ("lim_5", "lim_3"),
      (("lim_5", "Yes. Section 5 of the Limitation Act lets an appeal or application be admitted after the period if "
                 "the applicant shows sufficient cause."),
       ("lim_3", "Without such cause, Section 3 requires proceedings filed late to be dismissed.")),
      ("Delay of up to one year is condoned automatically.",
       "Section 5 also applies to the filing of suits.")),
    T("chat", "bail in a bailable offence", "Is bail a right in a bailable offence?",
      ("bnss_478", "bnss_480"),
      (("bnss_478", "Yes. Under Section 478 BNSS a person arrested for a bailable offence who is ready to give bail "
                    "shall be released on bail."),
       ("bnss_480", "For non-bailable offences bail is discretionary under Section 480 BNSS.")),
      ("Bail in bailable offences can be refused if the police object.",)),
    T("chat", "anticipatory bail", "How do I apply for anticipatory bail?",
      ("bnss_482", "bnss_480"),
      (("bnss_482", "Under Section 482 BNSS, a person who fears arrest for a non-bailable offence can apply to the "
                    "High Court or the Court of Session for anticipatory bail."),
       ("bnss_482", "The court may impose conditions such as being available for interrogation and not leaving India "
                    "without permission.")),
      ("Anticipatory bail can only be granted by the Supreme Court.",
       "Anticipatory bail is valid for a maximum of 30 days.")),
    T("chat", "undertrial detention limits", "How long can an undertrial be kept in jail?",
      ("bnss_479", "bnss_480"),
      (("bnss_479", "Section 479 BNSS requires release on bail once an undertrial has spent up to half of the maximum "
                    "sentence for the offence in detention."),
       ("bnss_479", "A first-time offender is to be released on bond after one-third of the maximum period."),
       ("bnss_479", "This does not apply to offences punishable with death or life imprisonment.")),
      ("An undertrial must be released after 90 days in every case.",)),
    T("chat", "consumer complaint jurisdiction", "Where do I file a consumer complaint for a Rs. 30 lakh loss?",
      ("cpa_jur", "cpa_69"),
      (("cpa_jur", "Under the 2021 jurisdiction rules, the District Commission hears complaints where the "
                   "consideration paid does not exceed fifty lakh rupees, so a Rs. 30 lakh matter goes there."),
       ("cpa_69", "The complaint should be filed within two years of the cause of action.")),
      ("Complaints above ten lakh rupees must go to the State Commission.",
       "Consumer complaints can be filed within five years.")),
    T("chat", "deficiency in service", "What counts as deficiency in service under the Consumer Protection Act?",
      ("cpa_2_11", "cpa_69"),
      (("cpa_2_11", "Section 2(11) of the Consumer Protection Act, 2019 defines deficiency as any fault, "
                    "imperfection, shortcoming or inadequacy in the quality, nature or manner of performance of a "
                    "service."),
       ("cpa_69", "A complaint about it must normally be filed within two years.")),
      ("Deficiency in service only covers services provided free of charge.",)),
    # ---------------------------------------------------------------- viability
    T("viability", "the viability of a cheque complaint against a 'security cheque' defence",
      "My client's cheque bounced; the drawer says it was only a security cheque. Notice was sent in 20 days. How strong is a Section 138 complaint?",
      ("ni_139", "case_cheque_security", "ni_138"),
      (("ni_139", "Section 139 NI Act presumes the cheque was issued for a debt or liability unless the drawer proves "
                  "otherwise."),
       ("case_cheque_security", "In a comparable case the 'security cheque' defence failed because the accused led no "
                                "evidence to rebut the presumption."),
       ("ni_138", "Sending the notice within thirty days satisfies proviso (b) to Section 138."),
       ("case_cheque_security", "Viability: strong, provided the fifteen-day payment period has expired before "
                                "filing.")),
      ("Courts have held security cheques can never attract Section 138.",
       "The complainant is entitled to three times the cheque amount as compensation.")),
    T("viability", "the viability of a late cheque complaint",
      "We missed the one-month deadline for a cheque bounce complaint by three months. Is the case still viable?",
      ("ni_142", "case_cheque_late", "lim_5"),
      (("ni_142", "Section 142 NI Act requires the complaint within one month of the cause of action, but a court may "
                  "take it later if sufficient cause is shown."),
       ("case_cheque_late", "In a similar case a complaint filed four months late without explanation was dismissed."),
       ("ni_142", "Viability: weak unless there is a documented reason for the delay.")),
      ("Delay in cheque complaints is condoned as a matter of course.",
       "The limitation for a cheque complaint is three years.")),
    T("viability", "the viability of a consumer claim for delayed flat possession",
      "The builder has delayed possession of my flat by three and a half years. What are my chances before the consumer commission?",
      ("case_builder_delay", "cpa_2_11", "cpa_69"),
      (("cpa_2_11", "Delay in handing over possession is a shortcoming in the performance of a service, i.e. a "
                    "deficiency under Section 2(11)."),
       ("case_builder_delay", "In a comparable case a delay of over three years led to a refund with nine per cent "
                              "interest and costs."),
       ("cpa_69", "The complaint must be filed within two years of the cause of action."),
       ("case_builder_delay", "Viability: good for refund with interest.")),
      ("Buyers are entitled to a refund with 18% interest in every case.",
       "The commission will also award possession of a larger flat.")),
    T("viability", "the viability of a claim for lost future profits",
      "A carrier delivered our goods late and we lost a future export order. Can we recover that lost profit?",
      ("ica_73", "case_remote_loss"),
      (("ica_73", "Section 73 of the Contract Act compensates only loss arising naturally from the breach or "
                  "contemplated by the parties, not remote and indirect loss."),
       ("case_remote_loss", "In a similar case the court awarded the value of the spoiled goods but refused the lost "
                            "export contract as remote."),
       ("case_remote_loss", "Viability: good for the direct loss, weak for the lost export order unless the carrier "
                            "knew of it.")),
      ("Lost future contracts are always recoverable under Section 74.",)),
    T("viability", "the viability of a bail application after long custody",
      "My brother is an undertrial in a theft case and has been in custody for more than half of the maximum sentence. Will he get bail?",
      ("bnss_479", "case_bail_custody", "bns_303"),
      (("bns_303", "Theft under Section 303(2) BNS carries a maximum of three years."),
       ("bnss_479", "Section 479 BNSS requires release on bail after detention of up to half of the maximum sentence."),
       ("case_bail_custody", "In a comparable case the court granted bail on a personal bond with two sureties."),
       ("bnss_479", "Viability: high.")),
      ("Bail is available only after the full sentence period has been served.",
       "He will be acquitted automatically after half the sentence.")),
    T("viability", "the viability of anticipatory bail in a commercial cheating FIR",
      "An FIR for cheating was filed against me after a failed business deal. Can I get anticipatory bail?",
      ("bnss_482", "case_anticipatory", "bns_318"),
      (("bnss_482", "Section 482 BNSS allows an application to the High Court or Sessions Court for anticipatory "
                    "bail."),
       ("case_anticipatory", "In a comparable case anticipatory bail was granted because the dispute was essentially "
                             "commercial and the applicant joined the investigation."),
       ("bns_318", "Cheating under Section 318(2) BNS carries up to three years."),
       ("case_anticipatory", "Viability: good, with conditions such as not leaving India.")),
      ("Anticipatory bail is never granted in cheating cases.",
       "Cheating under Section 318 is punishable with life imprisonment.")),
    T("viability", "the viability of a director's prosecution for a company cheque",
      "I resigned as a non-executive director before the company's cheque bounced. Can the complaint against me succeed?",
      ("ni_141", "ni_138"),
      (("ni_141", "Section 141 NI Act makes liable only those in charge of and responsible for the business when the "
                  "offence was committed."),
       ("ni_141", "A director can escape liability by showing lack of knowledge or due diligence."),
       ("ni_141", "Viability of the complaint against you: weak if your resignation predates the offence.")),
      ("Resigned directors remain liable for five years after resignation.",)),
    T("viability", "the viability of enforcing an agreement with an unlawful object",
      "Can I sue to enforce an agreement where I paid money to get a government job for my son?",
      ("ica_23", "ica_10"),
      (("ica_23", "Under Section 23 an agreement whose object is forbidden by law or opposed to public policy is "
                  "void."),
       ("ica_10", "Only agreements with a lawful object are contracts under Section 10."),
       ("ica_23", "Viability: very weak; a court will not enforce it.")),
      ("Such agreements are enforceable if the money has already been paid.",)),
    T("viability", "the viability of a time-barred contract suit",
      "The contract was broken four years ago. Can we still sue for damages?",
      ("lim_art55", "lim_3", "lim_5"),
      (("lim_art55", "Article 55 of the Limitation Act allows three years from the breach."),
       ("lim_3", "Section 3 requires a suit filed after that period to be dismissed."),
       ("lim_5", "Section 5 condonation applies to appeals and applications, not suits."),
       ("lim_3", "Viability: weak unless an acknowledgement or another exception extended the period.")),
      ("The period for contract suits is twelve years.",)),
    # ---------------------------------------------------------------- arguments
    T("arguments", "arguments for the complainant against a security-cheque defence",
      "List the arguments for the complainant in a Section 138 case where the accused says the cheque was a security cheque.",
      ("ni_139", "case_cheque_security", "ni_138"),
      (("ni_139", "Argument 1: Section 139 raises a presumption that the cheque was issued for a legally enforceable "
                  "debt; the burden is on the accused."),
       ("case_cheque_security", "Argument 2: A bare 'security cheque' plea without evidence does not rebut the "
                                "presumption, as held in Arora Traders v. Kapoor."),
       ("ni_138", "Argument 3: The statutory notice was served within thirty days and payment was not made in fifteen "
                  "days, so every proviso to Section 138 is met.")),
      ("Argument 4: The accused admitted the debt in cross-examination.",
       "Argument 4: Section 139 makes the presumption irrebuttable.")),
    T("arguments", "arguments for the accused on a time-barred cheque complaint",
      "What arguments can the accused raise when the cheque complaint was filed late?",
      ("ni_142", "case_cheque_late"),
      (("ni_142", "Argument 1: Section 142 bars cognizance of a complaint filed beyond one month of the cause of "
                  "action."),
       ("ni_142", "Argument 2: The complainant has shown no sufficient cause for the delay."),
       ("case_cheque_late", "Argument 3: In Mehta v. Sood Logistics an unexplained delay of four months led to "
                            "dismissal.")),
      ("Argument 4: The complaint was filed in a court without territorial jurisdiction.",)),
    T("arguments", "arguments for a director in a company cheque case",
      "Frame arguments for a non-executive director accused under Section 141 NI Act.",
      ("ni_141", "ni_138"),
      (("ni_141", "Argument 1: Liability under Section 141 extends only to those in charge of and responsible for the "
                  "conduct of the business at the time of the offence."),
       ("ni_141", "Argument 2: The director can prove the offence was committed without his knowledge and that he "
                  "exercised all due diligence to prevent it."),
       ("ni_138", "Argument 3: Liability arises only after the fifteen-day payment period under proviso (c) to "
                  "Section 138 expired.")),
      ("Argument 4: Non-executive directors are exempt under Section 141(3).",)),
    T("arguments", "arguments against remote damages",
      "Draft arguments for the carrier against a claim for lost export profits.",
      ("ica_73", "case_remote_loss"),
      (("ica_73", "Argument 1: Section 73 excludes remote and indirect loss."),
       ("ica_73", "Argument 2: The export order was not within the parties' contemplation when the contract was made."),
       ("case_remote_loss", "Argument 3: In Nair Foods v. ColdChain Co. the court refused an identical head of "
                            "claim.")),
      ("Argument 4: The carrier's liability is capped at Rs. 10,000 by statute.",)),
    T("arguments", "arguments for bail after long custody",
      "Prepare arguments for bail for an undertrial accused of theft who has been in custody for 20 months.",
      ("bnss_479", "bns_303", "case_bail_custody"),
      (("bns_303", "Argument 1: Theft under Section 303(2) BNS carries a maximum of three years."),
       ("bnss_479", "Argument 2: Twenty months exceeds half of that maximum, so Section 479 BNSS mandates release on "
                    "bail."),
       ("case_bail_custody", "Argument 3: Bail was granted on similar facts in State v. Rafiq.")),
      ("Argument 4: The accused is entitled to compensation for illegal detention.",)),
    T("arguments", "arguments for anticipatory bail in a commercial dispute",
      "List arguments for an anticipatory bail application in a cheating FIR arising from a business deal.",
      ("bnss_482", "case_anticipatory", "bns_318"),
      (("case_anticipatory", "Argument 1: The dispute is essentially commercial and has been given a criminal colour."),
       ("case_anticipatory", "Argument 2: The applicant has joined the investigation, so custodial interrogation is "
                             "not needed."),
       ("bnss_482", "Argument 3: Section 482 BNSS empowers the court to grant bail with conditions.")),
      ("Argument 4: The FIR is barred because it was filed after three years.",)),
    T("arguments", "arguments that an agreement is void",
      "What arguments show that an agreement to pay for a government job is void?",
      ("ica_23", "ica_10"),
      (("ica_23", "Argument 1: Its object is forbidden by law and opposed to public policy under Section 23."),
       ("ica_10", "Argument 2: Without a lawful object it is not a contract under Section 10."),
       ("ica_23", "Argument 3: Section 23 declares every agreement with an unlawful object void.")),
      ("Argument 4: The Supreme Court has directed refund of such payments with 12% interest.",)),
    T("arguments", "arguments for a consumer against a builder",
      "Frame arguments for a flat buyer whose possession is delayed by three years.",
      ("cpa_2_11", "case_builder_delay", "cpa_69"),
      (("cpa_2_11", "Argument 1: The delay is a shortcoming in the performance of a service, i.e. deficiency under "
                    "Section 2(11)."),
       ("case_builder_delay", "Argument 2: A delay of over three years justified a refund with interest in Iyer v. "
                              "Skyline Developers."),
       ("cpa_69", "Argument 3: The complaint is within two years of the cause of action under Section 69.")),
      ("Argument 4: The builder must pay a penalty of Rs. 5,000 per day of delay.",)),
    # ---------------------------------------------------------------- clauses
    T("clauses", "an IP indemnity clause", "Find an indemnity clause covering third-party IP infringement claims.",
      ("cl_indemnity", "ica_124"),
      (("cl_indemnity", "Clause 11.1: \"The Supplier shall indemnify, defend and hold harmless the Customer ... "
                        "arising out of any third-party claim that the Deliverables infringe any intellectual "
                        "property right.\""),
       ("cl_indemnity", "The Customer must notify the Supplier in writing within fifteen (15) days of becoming aware "
                        "of the claim."),
       ("ica_124", "It is a contract of indemnity within Section 124 of the Contract Act.")),
      ("The Customer must notify the Supplier within thirty (30) days.",
       "The indemnity is capped at the fees paid in the previous twelve months.")),
    T("clauses", "a termination-for-convenience clause", "Show me a termination for convenience clause and its notice period.",
      ("cl_termination",),
      (("cl_termination", "Clause 14.2: \"Either Party may terminate this Agreement for convenience by giving the "
                          "other Party not less than ninety (90) days' prior written notice.\""),
       ("cl_termination", "Clause 14.3 separately allows immediate termination for a material breach not remedied "
                          "within thirty (30) days.")),
      ("The notice period for termination for convenience is sixty (60) days.",
       "Only the Customer may terminate for convenience.")),
    T("clauses", "a confidentiality clause and its survival period", "Find a confidentiality clause and how long it survives termination.",
      ("cl_confidentiality",),
      (("cl_confidentiality", "Clause 3: \"The Receiving Party shall keep the Confidential Information strictly "
                              "confidential, use it solely for the Purpose ...\""),
       ("cl_confidentiality", "The obligations survive for three (3) years after termination.")),
      ("The obligations survive for five (5) years after termination.",
       "Disclosure to affiliates is permitted without restriction.")),
    T("clauses", "an arbitration clause", "Find an arbitration clause with the seat and number of arbitrators.",
      ("cl_arbitration",),
      (("cl_arbitration", "Clause 19: disputes are \"finally resolved by arbitration under the Arbitration and "
                          "Conciliation Act, 1996, by a sole arbitrator appointed by mutual agreement of the "
                          "Parties.\""),
       ("cl_arbitration", "The seat of arbitration is New Delhi and the language is English.")),
      ("The tribunal consists of three arbitrators.",
       "The seat of arbitration is Mumbai.")),
    T("clauses", "a force majeure clause", "Find a force majeure clause that covers epidemics and its notice requirement.",
      ("cl_force_majeure", "ica_56"),
      (("cl_force_majeure", "Clause 17: \"Neither Party shall be liable for any failure or delay in performance caused "
                            "by events beyond its reasonable control, including flood, earthquake, epidemic, war or "
                            "government action.\""),
       ("cl_force_majeure", "The affected Party must notify the other within seven (7) days of the event."),
       ("cl_force_majeure", "Either Party may terminate if the event continues for more than sixty (60) days."),
       ("ica_56", "Absent such a clause, Section 56 of the Contract Act on impossibility may apply.")),
      ("Notice must be given within thirty (30) days of the event.",
       "The clause excludes epidemics.")),
    T("clauses", "a limitation of liability clause", "Find a limitation of liability clause with a cap on damages.",
      ("cl_liability", "ica_73"),
      (("cl_liability", "Clause 12: each Party's aggregate liability \"shall not exceed the fees paid in the twelve "
                        "(12) months preceding the claim\"."),
       ("cl_liability", "Indemnity under Clause 11 and fraud are carved out of the cap."),
       ("cl_liability", "Indirect or consequential loss, including loss of profit, is excluded.")),
      ("Liability is capped at twice the annual fees.",
       "The cap also applies to fraud.")),
    T("clauses", "the notice period in an indemnity clause", "What notice does the customer have to give to claim under the indemnity?",
      ("cl_indemnity",),
      (("cl_indemnity", "Under Clause 11.1 the Customer must notify the Supplier \"in writing within fifteen (15) days "
                        "of becoming aware of the claim\"."),),
      ("Notice may be given orally within seven days.",)),
    T("clauses", "a cure period for material breach", "Find the cure period for material breach before termination.",
      ("cl_termination",),
      (("cl_termination", "Clause 14.3 allows termination with immediate effect if a material breach is not remedied "
                          "\"within thirty (30) days of written notice requiring it to do so\"."),),
      ("The cure period for material breach is fifteen (15) days.",)),
    T("clauses", "a liquidated damages provision", "Is a clause naming a fixed sum payable on breach enforceable?",
      ("ica_74", "cl_liability"),
      (("ica_74", "Under Section 74 of the Contract Act the innocent party gets reasonable compensation not exceeding "
                  "the sum named, whether or not actual loss is proved."),),
      ("Such clauses are void as penalties under Indian law.",)),
)

# Off-topic or generic openings for answers with low relevancy (per feature).
GENERIC: dict[str, tuple[str, ...]] = {
    "chat": (
        "Indian criminal law was overhauled in 2023 when the Bharatiya Nyaya Sanhita replaced the Indian Penal Code.",
        "Legal questions often depend on the specific facts, so it is best to consult a qualified advocate.",
        "The Indian legal system is based on common law and the Constitution is the supreme law of the land.",
    ),
    "viability": (
        "Every case is different and litigation outcomes are never certain.",
        "Courts in India consider many factors, and timelines can be long.",
        "It is advisable to gather all documents before approaching a lawyer.",
    ),
    "arguments": (
        "Good arguments are clear, concise and supported by authority.",
        "The court will weigh the submissions of both sides before deciding.",
        "Drafting arguments requires careful reading of the facts of the case.",
    ),
    "clauses": (
        "Commercial contracts typically contain many boilerplate clauses.",
        "Clauses should be reviewed by counsel before the agreement is signed.",
        "Contract drafting practice varies between industries.",
    ),
}

# Generic unsupported claims any answer may pick up when a template's own are used up.
EXTRA_UNSUPPORTED: tuple[str, ...] = (
    "This position was recently reaffirmed by a five-judge bench of the Supreme Court.",
    "The limitation period for this is ninety days.",
    "A fine of Rs. 1,00,000 is mandatory in such cases.",
)

FEATURE_MIX: dict[str, float] = {"chat": 0.45, "clauses": 0.20, "viability": 0.20, "arguments": 0.15}
