"""More twins per scenario (same form as the scenarios' variants): faithful answers for the error
categories (supported specifics, correctly related facts, correct negations, entities named right)
and hallucinated ones for the form categories (paraphrase, abbreviation, restated question, ...)."""
F, H = "faithful", "hallucinated"

EXTRA = {
"bns103": [
  ("added_specific", F, "when the BNS came into force on 1 July 2024.", "when the BNS came into force on 1 July 2024; murder itself is defined in Section 101 BNS."),
  ("swapped_entity", F, "replaced Section 302 of the IPC", "replaced Section 302 of the Indian Penal Code, 1860")],
"ni138": [
  ("negation_flip", F, "and the offence arises only if the drawer does not pay within 15 days of receiving that notice", "and there is no offence if the drawer pays within 15 days of receiving that notice"),
  ("added_specific", F, "within one month of the cause of action.", "within one month of the cause of action, and under Section 143A the court may order interim compensation of up to 20% of the cheque amount.")],
"bnss173": [
  ("false_relation", F, "The informant or victim gets a free copy of the FIR immediately.", "Section 173 BNSS corresponds to Section 154 CrPC, and the informant or victim gets a free copy immediately."),
  ("abbreviation", H, "An e-FIR is taken on record only once the informant signs it within three days.", "Under the BNSS, an e-FIR is taken on record only once the informant signs it within seven days.")],
"bnss187": [
  ("negation_flip", F, "Once that period expires, the accused must be released on bail if he furnishes it.", "Once that period expires, the accused cannot be kept in custody if he furnishes bail."),
  ("paraphrase", H, "and unlike the old Section 167 CrPC those days can be taken in parts", "and, just as under the old Section 167 CrPC, those days can be taken in parts")],
"bnss479": [
  ("swapped_entity", F, "The jail superintendent is required", "The superintendent of the jail is required"),
  ("reordered", H, None, "Section 479 BNSS, which replaces Section 436A CrPC, requires the jail superintendent to apply in writing to the court once an undertrial has served the qualifying period. For a first-time offender that period is one-third of the maximum term; for others it is one-half. The rule applies to all offences, including those punishable with death.", "The rule applies to all offences, including those punishable with death.")],
"gst_reg": [
  ("added_specific", F, "have a higher limit of \u20b940 lakh since 1 April 2019", "have a higher limit of \u20b940 lakh since 1 April 2019 under Notification No. 10/2019-Central Tax"),
  ("negation_flip", F, "but not the taxes themselves", "and does not include central tax, State tax, integrated tax or cess")],
"rbi_dl": [
  ("swapped_entity", F, "no pass-through or pool account of an LSP in between", "no pass-through or pool account of a lending service provider or any third party in between"),
  ("paraphrase", H, "Before signing, the borrower must receive a KFS", "After signing, the borrower must receive a KFS")],
"rbi_liab": [
  ("negation_flip", F, "the customer bears no liability at all, whether or not they report it", "the customer is not liable at all, even if they do not report it"),
  ("false_relation", F, "The bank has to credit the disputed amount within ten working days of being notified.", "The bank has to credit the disputed amount within ten working days of being notified, while the customer's window for zero liability is three working days.")],
"ica74": [
  ("swapped_entity", F, "Kailash Nath Associates v. DDA", "Kailash Nath Associates v. Delhi Development Authority"),
  ("added_specific", F, "capped at 10%.", "capped at 10% of the contract price, payable if the Supplier misses the Delivery Date.")],
"cpa_juris": [
  ("negation_flip", F, "The District Commission only handles claims of up to \u20b950 lakh", "The District Commission cannot hear it, as its limit is \u20b950 lakh"),
  ("false_relation", F, "and the National Commission takes those above \u20b92 crore", "while complaints above \u20b92 crore go to the National Commission")],
"bns318": [
  ("paraphrase", H, "It carries imprisonment of up to seven years plus a fine.", "It carries imprisonment of up to seven years or a fine."),
  ("false_relation", F, "the successor to IPC 420", "the successor to IPC 420, while the three-year and five-year offences sit in sub-sections (2) and (3)")],
"bns106": [
  ("false_relation", F, "The old IPC 304A allowed only two years.", "The old IPC 304A allowed only two years, the same maximum that now applies to doctors."),
  ("restated_question", F, "Under Section 106(1) of the Bharatiya Nyaya Sanhita, causing death", "On death by negligence and hit and run: under Section 106(1) of the Bharatiya Nyaya Sanhita, causing death"),
  ("restated_question", H, "Under Section 106(1) of the Bharatiya Nyaya Sanhita, causing death", "You asked about death by negligence and hit and run, both of which became non-bailable under the BNS. Under Section 106(1) of the Bharatiya Nyaya Sanhita, causing death", "both of which became non-bailable under the BNS")],
"bns303": [
  ("negation_flip", F, "Community service is a new punishment introduced by Section 4 of the BNS.", "Community service was not a punishment in Indian criminal law before Section 4 of the BNS listed it.")],
"bns85": [
  ("paraphrase", H, "into meeting an unlawful demand for property", "into meeting any demand for property, lawful or not"),
  ("added_specific", F, "and the offence is cognizable and non-bailable.", "and the offence is cognizable and non-bailable; in Arnesh Kumar v. State of Bihar (2014) the Supreme Court directed that arrests should not be automatic.")],
"bnss35": [
  ("negation_flip", F, "cannot be arrested without the prior permission of a DSP-rank officer", "can be arrested only with the prior permission of a DSP-rank officer"),
  ("hedge", H, "Yes, but only if the officer", "Probably yes, and the person usually gets bail within 24 hours, but only if the officer")],
"bnss482": [
  ("swapped_entity", F, "can apply to the High Court or the Court of Session", "can apply to the Court of Session or the High Court"),
  ("restated_question", F, "A person who fears arrest", "Anticipatory bail under the BNSS works as follows. A person who fears arrest")],
"rti": [
  ("negation_flip", F, "waived for people below the poverty line", "and no fee is charged to people below the poverty line"),
  ("swapped_entity", F, "with the First Appellate Authority", "with the senior officer designated as the First Appellate Authority")],
"noncompete": [
  ("false_relation", F, "The only statutory exception concerns the sale of a business's goodwill.", "The only statutory exception is for a seller of goodwill who agrees not to run a similar business within specified local limits."),
  ("reordered", H, None, "Section 27 of the Indian Contract Act makes void any agreement restraining a lawful profession, trade or business, except for a seller of goodwill. The Supreme Court applied this in Percept D'Mark v. Zaheer Khan to covenants that run after the contract ends. So clause 9.1, which bars you from joining a competitor for 12 months, is probably unenforceable, although clause 9.3 on non-solicitation of clients is always enforceable.", "although clause 9.3 on non-solicitation of clients is always enforceable")],
"forcemaj": [
  ("negation_flip", F, "for which neither party is liable", "for which a party is not liable"),
  ("added_specific", F, "Note that in Energy Watchdog v. CERC the Supreme Court held", "Note that in Energy Watchdog v. CERC (2017) the Supreme Court held")],
"rbi_penal": [
  ("swapped_entity", F, "to banks, NBFCs and cooperative banks", "to all commercial banks, NBFCs and cooperative banks"),
  ("restated_question", H, "In its Fair Lending Practice circular", "On penal charges, which the RBI now caps at 24% a year: in its Fair Lending Practice circular", "which the RBI now caps at 24% a year")],
"ombudsman": [
  ("negation_flip", F, "Filing is free.", "There is no fee for filing."),
  ("paraphrase", H, "You must do so within one year of the bank's reply", "You must do so within one year of the disputed transaction")],
"ivf_cost": [
  ("swapped_entity", F, "you can book a consultation call.", "you can book a consultation call with Dr Malpani."),
  ("refusal", F, None, "The passages give the cost of one IVF/ICSI cycle with blastocyst transfer, about Rs 3,00,000, plus about Rs 1,45,000 for medicines. They do not say what a second or later cycle would cost, so I cannot tell you that."),
  ("refusal", H, None, "The passages give the cost of one IVF/ICSI cycle with blastocyst transfer, about Rs 3,00,000, plus about Rs 1,45,000 for medicines. They do not say what a second cycle costs, but it is usually about 20% cheaper.", "but it is usually about 20% cheaper")],
"ivf_success": [
  ("false_relation", F, "If fertility is very low later on, donor eggs give", "Women over 40 with low AMH may be advised to use donor eggs, which give"),
  ("swapped_entity", H, "Transferring a blastocyst rather than a day 3 embryo improves implantation", "Transferring a day 3 embryo rather than a blastocyst improves implantation")],
"api_rate": [
  ("false_relation", F, "Note that bulk endpoints like /v2/export count as ten requests each", "Note that each bulk call, such as /v2/export, uses up ten requests of your limit")],
"webhooks": [
  ("added_specific", F, "Nimbus treats a delivery as failed", "Nimbus sends each event as a JSON POST and treats a delivery as failed"),
  ("swapped_entity", F, "deduplicate on the event id", "use the event id to deduplicate")],
"sso": [
  ("negation_flip", F, "only a workspace owner can set it up", "members who are not workspace owners cannot set it up"),
  ("abbreviation", H, "Test with a non-owner account before enforcing SSO;", "Turn on SCIM provisioning, which the Business plan includes, and test with a non-owner account before enforcing SSO;")],
"leave": [
  ("false_relation", F, "are encashed at your basic salary.", "are encashed at your basic salary, while the 12 days of sick leave can never be encashed."),
  ("negation_flip", F, "but anything above 10 lapses on 31 December", "but days above 10 are not carried over and lapse on 31 December")],
"wfh": [
  ("swapped_entity", F, "needs HR approval", "needs approval from the HR business partner"),
  ("restated_question", H, "You can work from home", "The work from home policy, which also applies to contractors, is this: you can work from home", "which also applies to contractors")],
"elss": [
  ("swapped_entity", F, "shared with other 80C options such as PPF", "shared with other 80C options such as PPF and life insurance premiums"),
  ("reordered", H, None, "The ELSS deduction is not available under the new tax regime, and long-term gains above \u20b91.25 lakh are taxed at 12.5%. Each investment, or each SIP instalment, is locked in for three years from allotment, the shortest among 80C options. Under the old regime, up to \u20b92 lakh a year invested in ELSS can be deducted under Section 80C.", "up to \u20b92 lakh a year invested in ELSS can be deducted")],
"prepay": [
  ("negation_flip", F, "there is no prepayment penalty at all", "no foreclosure charge or prepayment penalty can be levied"),
  ("abbreviation", H, "A part-prepayment must be at least one EMI", "A part-prepayment must be at least one EMI and is allowed only after 12 EMIs have been paid")],
"baggage": [
  ("added_specific", F, "Cabin baggage is one 7 kg piece plus a personal item.", "Cabin baggage is one 7 kg piece plus a personal item such as a laptop bag, and Business class passengers may check 35 kg in two pieces."),
  ("negation_flip", F, "No single bag may weigh over 32 kg", "A single bag must not weigh more than 32 kg")],
"returns": [
  ("swapped_entity", F, "its IMEI must match the invoice", "its IMEI or serial number must match the invoice"),
  ("hedge", H, "Unfortunately, no.", "Probably not, although support often makes exceptions for premium members.")],
"travel_ins": [
  ("false_relation", F, "Delays caused by you reaching the airport late are not covered.", "Late arrival at the airport on your part is excluded, since the cover is only for weather, technical faults or strikes."),
  ("added_specific", F, "by NEFT to your bank account.", "by NEFT to your bank account; for help, call the 24x7 helpline or write to claims@safetravel.example.")],
"warranty": [
  ("hedge", H, "The AquaWash front-load machine has", "From what I can tell, the AquaWash front-load machine, like all AquaWash models, has"),
  ("reordered", F, None, "To claim, call customer care with the model number, serial number and invoice; a technician usually visits within 48 hours in serviceable cities. The 2-year comprehensive warranty from purchase covers manufacturing defects in parts and labour, and the motor has 10 years' cover for parts, with labour charged after year 2. Excluded: improper installation, voltage outside 180-260 V, non-recommended detergents, body rust, plastic parts and commercial use.")],
}
