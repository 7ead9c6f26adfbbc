"""AppTest: the Playground refuses inputs over the limits (evaluators/limits.py) before scoring."""
from __future__ import annotations

from .test_pages_monitor import open_page


def test_playground_refuses_a_megabyte_of_context_with_a_clear_message(make_app):
    at = open_page(make_app(), "views/playground.py")
    at.button(key="playground_example").click().run()
    # 1 MB of context as 40 paragraphs of 25,000 characters each
    at.text_area(key="playground_contexts").set_value("\n\n".join(["Murder is punished. " * 1_250] * 40))
    at.button(key="playground_score").click().run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert any("Too large to score" in e and "context chunk 1 has 24,999 characters" in e
               and "limit is 10,000 per chunk" in e for e in errors), errors
    assert not [d for d in at.dataframe if "Metric" in d.value.columns]  # nothing was scored
    # an over-long answer is refused too; the example itself then scores as before
    at.button(key="playground_example").click().run()
    at.text_area(key="playground_answer").set_value("Murder is punished. " * 600)
    at.button(key="playground_score").click().run()
    assert any("the answer has 11,999 characters" in e.value for e in at.error)
    at.button(key="playground_example").click().run()
    at.button(key="playground_score").click().run()
    assert not at.error
    assert [d for d in at.dataframe if "Metric" in d.value.columns]
