"""The intake's HTTP app (Starlette): OTLP/HTTP traces, JSON records, health.

- `POST /v1/traces`: OTLP/HTTP, protobuf or JSON, gzip accepted. Spans are staged (store/spans.py),
  redacted first in redact mode (intake/redaction.py), and answered at once with OTLP's response (partial success: how many spans were refused, why);
  a background thread turns ready traces into records (intake/writing.py).
- `POST /api/records`: one record, a JSON array or JSON Lines (reference 000 shape), answered
  `{ingested, duplicates, rejected, rejections: [{index, reason}]}` (422 when none was taken).
- `GET /api/health`: up, database reachable, backlog.
Who may write: with a users file (auth on, as the dashboard decides) every write needs a live API
key (`Authorization: Bearer <key>` or `X-API-Key`), else 401; without one (local mode) a key is
optional and, when given, must be valid. Every refusal is a 4xx with its reason; a database
outage is a 503. The key never appears in a log line or an answer.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from pymongo.database import Database
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from core.privacy import REDACT
from intake import otlp
from intake.redaction import redact_spans
from intake.writing import assemble_ready, purge_old, quarantine_spans, write_payloads
from settings import get_settings
from store import api_keys, spans as staging
from store.client import get_db
from store.errors import DatabaseError
from store.privacy import Policies

log = logging.getLogger("intake")
RECORD_TYPES = ("application/json", "application/x-ndjson", "application/jsonl", "application/json-lines",
                "application/x-jsonlines")
KEY_CACHE_S = 5.0  # a revoked key stops working within this long


def auth_on() -> bool:
    """Keys are required when the dashboard requires sign-in: a users file exists (dashboard/auth.py)."""
    return Path(get_settings().users_file).exists()


@dataclass
class Sender:
    source: str | None
    defaults: dict


class Refused(Exception):
    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status, self.reason = status, reason


class Intake:
    """The app's state: the database, the key cache, the assembler thread."""

    def __init__(self, db: Database | None, assemble: bool, assemble_every_s: float = 0.5):
        self._db = db
        self.assemble = assemble
        self.assemble_every_s = assemble_every_s
        self._keys: dict[str, tuple[float, dict | None]] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.last_assembly: dict = {}

    @property
    def db(self) -> Database:
        return self._db if self._db is not None else get_db()

    def sender(self, request: Request) -> Sender:
        key = request.headers.get("x-api-key") or ""
        auth = request.headers.get("authorization") or ""
        if not key and auth.lower().startswith("bearer "):
            key = auth[7:].strip()
        if not key:
            if auth_on():
                raise Refused(401, "an API key is required (Authorization: Bearer <key>); an admin creates one "
                                   "on the dashboard's Users page or with `python -m intake keys create SOURCE`")
            return Sender(None, {})
        digest = api_keys.key_hash(key)
        cached = self._keys.get(digest)
        if cached is None or cached[0] < time.monotonic():
            doc = api_keys.find_key(self.db, key)
            self._keys[digest] = cached = (time.monotonic() + KEY_CACHE_S, doc)
        doc = cached[1]
        if doc is None:
            raise Refused(401, "the API key is not valid (unknown or revoked)")
        return Sender(doc["source"], {k: doc[k] for k in ("feature", "release") if doc.get(k)})

    def start(self) -> None:
        if self.assemble and self._thread is None:
            self._thread = threading.Thread(target=self._assemble_loop, name="intake-assembler", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(10)

    def _assemble_loop(self) -> None:
        last_purge = 0.0
        while not self._stop.wait(self.assemble_every_s):
            try:
                self.last_assembly = assemble_ready(self.db)
                if time.monotonic() - last_purge > 600:
                    purge_old(self.db)
                    last_purge = time.monotonic()
            except DatabaseError as exc:  # the database is away: try again at the next turn
                log.warning("assembly failed: %s", str(exc)[:200])
            except Exception:  # noqa: BLE001 - the loop must outlive one bad turn; the error is logged
                log.exception("assembly failed")


async def _body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise Refused(413, f"the body has {declared} bytes, over the limit of {limit} "
                           "(EVALBOARD_INTAKE_MAX_BODY_BYTES); send smaller batches")
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise Refused(413, f"the body is over the limit of {limit} bytes (EVALBOARD_INTAKE_MAX_BODY_BYTES)")
            chunks.append(chunk)
    except ClientDisconnect:
        raise Refused(400, "the client went away before the body was read") from None
    return otlp.read_body(b"".join(chunks), request.headers.get("content-encoding"), limit)


def _limits() -> otlp.Limits:
    s = get_settings()
    return otlp.Limits(s.intake_max_spans, s.intake_max_attribute_bytes)


async def traces(request: Request) -> Response:
    intake: Intake = request.app.state.intake
    kind = otlp.media_type(request.headers.get("content-type"))
    answer_kind = otlp.PROTOBUF if kind == otlp.PROTOBUF else otlp.JSON
    try:
        sender = await run_in_threadpool(intake.sender, request)
        body = await _body(request, get_settings().intake_max_body_bytes)
        decoded, answer_kind = await run_in_threadpool(otlp.decode_traces, body, request.headers.get("content-type"),
                                                       _limits())
        result = await run_in_threadpool(_stage, intake, decoded, sender)
    except (Refused, otlp.BadRequest) as exc:
        return Response(otlp.error_body(answer_kind, exc.status, exc.reason), status_code=exc.status,
                        media_type=answer_kind)
    except DatabaseError as exc:
        return Response(otlp.error_body(answer_kind, 503, f"database unavailable: {str(exc)[:200]}"),
                        status_code=503, media_type=answer_kind, headers={"Retry-After": "5"})
    refused = decoded.rejected + [(span, "arrived after its trace was assembled into a record") for span in result["late"]]
    message = "; ".join(sorted({reason for _span, reason in refused}))[:1000]
    return Response(otlp.success_body(answer_kind, len(refused), message), media_type=answer_kind)


def _stage(intake: Intake, decoded: otlp.Decoded, sender: Sender) -> dict:
    source = f"otlp:{sender.source}" if sender.source else "otlp"
    policy = Policies(intake.db)(source)  # the source's privacy mode and the team's terms, read per request
    redact = (lambda spans, salt: redact_spans(spans, policy, salt)) if policy.mode == REDACT else None
    result = staging.stage_spans(intake.db, decoded.spans, source=source, defaults=sender.defaults,
                                 now=datetime.now(timezone.utc), redact=redact)
    late = [(span, f"span {span['span_id']} of trace {span['trace_id']} arrived after its trace was assembled "
                   "into a record") for span in result["late"]]
    quarantine_spans(intake.db, source, decoded.rejected + late)
    return result


def _record_items(body: bytes) -> list[tuple[object, str | None]]:
    """(payload, error) per record: one object, an array, or JSON Lines (a bad line is that line's error)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        text = body.decode("utf-8", "replace")
    try:
        value = json.loads(text)
    except ValueError as exc:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) < 2:
            raise Refused(400, f"malformed JSON: {exc}"[:300]) from None
        items = []
        for number, line in enumerate(lines, 1):
            try:
                items.append((json.loads(line), None))
            except ValueError as line_exc:
                items.append((line, f"line {number}: not JSON ({line_exc})"[:300]))
        return items
    if isinstance(value, dict):
        return [(value, None)]
    if isinstance(value, list):
        return [(item, None) for item in value]
    raise Refused(400, f"expected a record (a JSON object), an array of records or JSON Lines; got {type(value).__name__}")


async def records(request: Request) -> Response:
    intake: Intake = request.app.state.intake
    kind = otlp.media_type(request.headers.get("content-type"))
    try:
        if kind not in RECORD_TYPES:
            raise Refused(415, f"Content-Type {kind or 'none'!r} is not supported on /api/records: use "
                               "application/json (one record or an array) or application/x-ndjson (JSON Lines)")
        sender = await run_in_threadpool(intake.sender, request)
        body = await _body(request, get_settings().intake_max_body_bytes)
        items = _record_items(body)
        limit = get_settings().intake_max_records
        if len(items) > limit:
            raise Refused(413, f"{len(items)} records in one request, over the limit of {limit} "
                               "(EVALBOARD_INTAKE_MAX_RECORDS); send smaller batches")
        for payload, _error in items:
            if isinstance(payload, dict):
                for name, value in sender.defaults.items():
                    payload.setdefault(name, value)
        source = f"api:{sender.source}" if sender.source else "api"
        outcome = await run_in_threadpool(write_payloads, intake.db, source, items)
    except (Refused, otlp.BadRequest) as exc:
        return JSONResponse({"error": exc.reason}, status_code=exc.status)
    except DatabaseError as exc:
        return JSONResponse({"error": f"database unavailable: {str(exc)[:200]}"}, status_code=503,
                            headers={"Retry-After": "5"})
    status = 422 if outcome.rejected and not (outcome.ingested or outcome.duplicates) else 200
    return JSONResponse(outcome.body(), status_code=status)


async def health(request: Request) -> Response:
    intake: Intake = request.app.state.intake

    def check() -> dict:
        intake.db.client.admin.command("ping")
        return staging.backlog(intake.db)

    try:
        backlog = await run_in_threadpool(check)
    except DatabaseError as exc:
        return JSONResponse({"status": "degraded", "database": f"unreachable: {str(exc)[:200]}"}, status_code=503)
    return JSONResponse({"status": "ok", "database": "reachable", "auth": "on" if auth_on() else "off",
                         "backlog": backlog, "last_assembly": intake.last_assembly})


def create_app(db: Database | None = None, *, assemble: bool = True) -> Starlette:
    """The app; `db`: a database (tests), else the configured one; `assemble`: run the assembler thread."""
    intake = Intake(db, assemble)

    @asynccontextmanager
    async def lifespan(_app):
        intake.start()
        try:
            yield
        finally:
            intake.stop()

    app = Starlette(routes=[Route("/v1/traces", traces, methods=["POST"]),
                            Route("/api/records", records, methods=["POST"]),
                            Route("/api/health", health, methods=["GET"])], lifespan=lifespan)
    app.state.intake = intake
    return app
