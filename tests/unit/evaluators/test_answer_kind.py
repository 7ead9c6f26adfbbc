"""The kind of answer a question asks for, and short answers of that kind (issue 28, rule short_answer_kind)."""
from __future__ import annotations

import pytest

from evaluators.answer_kind import NAME, NUMBER, YEAR, YES_NO, asked_kind, short_answer_kind


@pytest.mark.parametrize("question,kind", [
    ("What is the nationality of the man who defeated Javier Mora?", NAME),
    ("Which Beatle band member did she later have an affair with?", NAME),
    ("Where was the first printing press built?", NAME),
    ("In what year was the bridge opened?", YEAR),
    ("When did the war end?", YEAR),
    ("How many moons does Mars have?", NUMBER),
    ("What percentage of the vote did she get?", NUMBER),
    ("Is the Eiffel Tower in Paris?", YES_NO),
    ("Is the cat or the dog older?", None),      # a choice, not a yes or no
    ("What does a carburettor do?", None),       # an explanation
    ("Why is the sky blue?", None),
])
def test_the_kind_a_question_asks_for(question, kind):
    assert asked_kind(question) == kind


@pytest.mark.parametrize("question,answer,kind", [
    ("What is the nationality of the man who defeated Javier Mora?", "Russian", NAME),
    ("In what year was Adam Wilcox's cousin born?", "1987", YEAR),
    ("When did the war end?", "in May 1945", YEAR),
    ("How many moons does Mars have?", "two", NUMBER),
    ("Is the Eiffel Tower in Paris?", "Yes", YES_NO),
    ("Who founded Apple?", "Apple", None),           # only the question's own name
    ("What year did it open?", "Paris", None),       # a name where a year is asked
    ("How many moons does Mars have?", "Phobos", None),
])
def test_a_short_answer_of_the_kind_asked(question, answer, kind):
    assert short_answer_kind(question, answer) == kind
