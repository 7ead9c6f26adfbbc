"""Text processing for the local evaluators, one module per concern (pure functions, no model):
references (citations, chunk references), words (stopwords, stemmer, content words, stem matching),
sentences (cleaning, splitting, numbering and headings), numbers (values, months, unit slots),
negation, entities (names, acronyms) and claims (claims and the sentences that are not claims)."""
