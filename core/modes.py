"""Scoring modes (reference 002)."""
FAST, BALANCED, THOROUGH = "fast", "balanced", "thorough"
MODES: tuple[str, ...] = (FAST, BALANCED, THOROUGH)
JUDGED_MODES: tuple[str, ...] = (BALANCED, THOROUGH)  # the modes that ask the LLM judge
MODE_HELP = {
    FAST: "local model only, no API key (about a second)",
    BALANCED: "local, plus the LLM judge on borderline metrics",
    THOROUGH: "the LLM judge on every metric (slower, costs tokens)",
}
