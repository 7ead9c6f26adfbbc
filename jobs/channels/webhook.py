"""Webhook delivery (Slack-compatible): POST one JSON payload with a total deadline (connect + TLS + write + read).

A per-operation timeout does not bound a delivery: a receiver that answers one
byte every 8 s never trips a 10 s read timeout and held a delivery for minutes.
Here every socket operation gets only the time left until one deadline, and
the first operation that starts after it fails, so the whole POST ends by the
deadline (DNS resolution aside). Built on httpcore, the engine under httpx,
whose network backend is a public extension point.
"""
from __future__ import annotations

import json
import ssl
import time
from urllib.parse import urlsplit

import httpcore

from jobs.channels.text import slack_payload
from settings import get_settings
from store.outbox import idempotency_key as _idempotency_key

MAX_RESPONSE_BYTES = 64 * 1024  # the answer is only read for an error message
_WRITE_PIECE = 16 * 1024  # so a receiver that reads slowly is checked against the deadline often


class DeadlineExceeded(httpcore.TimeoutException):
    pass


class _Deadline:
    def __init__(self, seconds: float):
        self.seconds = seconds
        self.at = time.monotonic() + seconds

    def left(self) -> float:
        left = self.at - time.monotonic()
        if left <= 0:
            raise DeadlineExceeded(f"no answer within the {self.seconds:g} s delivery deadline")
        return left


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream, deadline: _Deadline):
        self._inner, self._deadline = inner, deadline

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, self._deadline.left())

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        for start in range(0, len(buffer), _WRITE_PIECE):
            self._inner.write(buffer[start:start + _WRITE_PIECE], self._deadline.left())

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context: ssl.SSLContext, server_hostname: str | None = None,
                  timeout: float | None = None) -> httpcore.NetworkStream:
        return _DeadlineStream(self._inner.start_tls(ssl_context, server_hostname, self._deadline.left()),
                               self._deadline)

    def get_extra_info(self, info: str):
        return self._inner.get_extra_info(info)


class _DeadlineBackend(httpcore.NetworkBackend):
    def __init__(self, deadline: _Deadline):
        self._deadline = deadline
        self._inner = httpcore.SyncBackend()

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        stream = self._inner.connect_tcp(host, port, self._deadline.left(), local_address, socket_options)
        return _DeadlineStream(stream, self._deadline)

    def sleep(self, seconds: float) -> None:
        time.sleep(min(seconds, self._deadline.left()))


def post_json(url: str, payload: dict, deadline_s: float, *, idempotency_key: str | None = None) -> tuple[int, str]:
    """POST `payload` to `url`; (status, first 200 characters of the answer). Raises
    httpcore errors (DeadlineExceeded when the deadline passed) and ValueError for a bad URL."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("the webhook URL must be an http(s) URL")
    deadline = _Deadline(deadline_s)
    body = json.dumps(payload).encode()
    headers = [(b"Content-Type", b"application/json"), (b"User-Agent", b"evalboard-notify")]
    if idempotency_key:  # the same on every attempt of one notification: the receiver can de-duplicate
        headers.append((b"Idempotency-Key", idempotency_key.encode("ascii")))
    try:
        with httpcore.ConnectionPool(ssl_context=ssl.create_default_context(), retries=0, max_connections=1,
                                     network_backend=_DeadlineBackend(deadline)) as pool:
            with pool.stream("POST", url, headers=headers, content=body) as response:
                received = b""
                for piece in response.iter_stream():
                    received += piece
                    if len(received) >= MAX_RESPONSE_BYTES:
                        break
    except DeadlineExceeded:
        raise
    except httpcore.TimeoutException as exc:  # every operation only had the time left: the deadline passed
        raise DeadlineExceeded(f"no complete answer within the {deadline_s:g} s delivery deadline "
                               f"({type(exc).__name__})") from exc
    return response.status, received[:200].decode("utf-8", "replace")


def send_webhook(url: str, payload: dict, idempotency_key: str | None = None) -> None:
    status, answer = post_json(url, payload, get_settings().notify_deadline_s, idempotency_key=idempotency_key)
    if status >= 300:
        raise RuntimeError(f"webhook answered HTTP {status}: {answer}")


def send(entry: dict, target: str) -> None:
    send_webhook(target, slack_payload(entry), _idempotency_key(entry))
