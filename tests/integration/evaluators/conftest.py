"""The real embedding model (the scoring path's encoder), loaded once per pytest session; a scripted chat-completions server."""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


@pytest.fixture(params=["shipped", "rule off"])
def rule_off(request):
    """A function turning the named rule of evaluators/rules.py off for the "rule off" run (nothing for "shipped");
    returns whether the rule is on."""
    from evaluators import rules

    from .test_polarity_rules import _set_off

    before = {n for n in rules.NAMES if not rules.on(n)}
    _set_off(set(rules.DEFAULT_OFF))

    def switch(name: str) -> bool:
        if request.param == "rule off":
            _set_off(set(rules.DEFAULT_OFF) | {name})
        return request.param == "shipped"
    yield switch
    _set_off(before)


@pytest.fixture(scope="session")
def model():
    from evaluators import embeddings

    embeddings.warm_up()
    return embeddings.get_encoder()


def _answer_for(prompt: str) -> dict:
    if "atomic factual statements" in prompt:
        return {"statements": [{"statement": "Murder is punishable with death.", "supported": True,
                                "supporting_chunk_ids": [0], "reason": "chunk 0 says so"},
                               {"statement": "The fine is Rs. 50,000.", "supported": False,
                                "supporting_chunk_ids": [], "reason": "no amount in the context"}]}
    if "How directly and specifically" in prompt:
        return {"score": 0.9, "reason": "answers the question", "missing_aspects": []}
    if "contains information useful" in prompt:
        return {"chunks": [{"index": 0, "relevant": True, "reason": "about murder"}]}
    if "can be attributed" in prompt:
        return {"statements": [{"statement": "death", "supported": True, "supporting_chunk_ids": [0]}]}
    if "Evaluate: 1. RELEVANCE" in prompt:
        return {"relevance_scores": [0.9], "coverage": 0.8, "confidence": 0.85, "issues": [], "missing_aspects": [],
                "recommendation": "ANSWER", "reasoning": "sufficient"}
    if "adequately answer" in prompt:
        return {"answer": "yes", "reasoning": "it does"}
    raise AssertionError("unknown prompt")


class Server:
    """Scripted chat-completions endpoint. `script` is a list of actions consumed per request:
    "good", "good-no-usage", "malformed", "429", "500", ("sleep", seconds). `answers` maps a phrase of a
    prompt to the JSON to answer it with (for prompts this file does not know, e.g. a metric a test adds)."""

    def __init__(self):
        self.script: list = []
        self.answers: dict[str, dict] = {}
        self.requests: list[dict] = []
        self.count_usage = False  # True: usage counts the request's and reply's real tokens, as an endpoint does
        # issue 33: `answer_fn(prompt) -> dict | None` answers first (e.g. a score with injected noise);
        # `usage` = (prompt_tokens, completion_tokens) fixes each call's reported token counts
        self.answer_fn = None
        self.usage: tuple[int, int] | None = None
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
                action = outer.script.pop(0) if outer.script else "good"
                if isinstance(action, tuple) and action[0] == "sleep":
                    time.sleep(action[1])
                    action = "good"
                if action in ("429", "500"):
                    self.send_response(int(action))
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Retry-After", "0")
                    self.end_headers()
                    self.wfile.write(b'{"error": {"message": "slow down"}}')
                    return
                prompt = body["messages"][-1]["content"]
                extra = [a for phrase, a in outer.answers.items() if phrase in prompt]
                scripted = outer.answer_fn(prompt) if outer.answer_fn else None
                extra = [scripted] if scripted is not None else extra
                content = ("this is { not json" if action == "malformed" else
                           json.dumps(extra[0] if extra else _answer_for(prompt)))
                resp = {"id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                        "choices": [{"index": 0, "finish_reason": "stop",
                                     "message": {"role": "assistant", "content": content}}]}
                if action != "good-no-usage" and outer.count_usage:
                    from evaluators.judge import count_tokens
                    sent = sum(count_tokens(m["content"], body["model"]) + 4 for m in body["messages"]) + 3
                    got = count_tokens(content, body["model"])
                    resp["usage"] = {"prompt_tokens": sent, "completion_tokens": got, "total_tokens": sent + got}
                elif action != "good-no-usage":
                    sent, got = outer.usage or (100, 20)
                    resp["usage"] = {"prompt_tokens": sent, "completion_tokens": got, "total_tokens": sent + got}
                data = json.dumps(resp).encode()
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server():
    """A chat-completions endpoint on 127.0.0.1 (free port) answering every judge prompt with valid JSON,
    or following `server.script`."""
    s = Server()
    yield s
    s.close()
