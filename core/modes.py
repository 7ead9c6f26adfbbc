"""Scoring modes (reference 002)."""
FAST, BALANCED, THOROUGH = "fast", "balanced", "thorough"
MODES: tuple[str, ...] = (FAST, BALANCED, THOROUGH)
MODE_HELP = {
    FAST: "local only: embeddings + lexical/numeric checks, no API key",
    BALANCED: "local, plus the LLM judge on borderline cases",
    THOROUGH: "the LLM judge on every metric",
}
