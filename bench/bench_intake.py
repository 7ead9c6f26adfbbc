"""The intake under load: spans/s and records/s into one `python -m intake serve` process
(one worker) over the embedded database, request latency percentiles, and its memory over time.

    python bench/bench_intake.py [--seconds 60] [--spans-per-request 500] [--clients 2] [--records-seconds 20]

Traces of 5 spans (root, retriever with 3 chunks, embedding, LLM, tool: ~0.6 KB of attributes each)
are sent as OTLP/HTTP protobuf by `--clients` threads, as fast as the server answers, for
`--seconds`, with the quiet period set past the sending (staging measured alone); then the bench
waits until every trace is a record and reports records/s from the first record to the last, and
the CPU seconds the intake and the database used for each phase (the machine is shared: spans per
CPU-second is what the load does not change). A second phase posts
JSON records in batches of 500 to /api/records. The request bodies are built before the clock
starts (the client shares the machine's cores with the server; its own cost is kept out).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import httpx
import psutil
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from store.client import make_client  # noqa: E402
from store.server import EmbeddedServer  # noqa: E402

SPANS_PER_TRACE = 5
CHUNK = "Section 4.1: a tenant may end the lease with one month's written notice, given in writing. " * 2


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _attr(span, key, value) -> None:
    kv = span.attributes.add()
    kv.key = key
    if isinstance(value, str):
        kv.value.string_value = value
    elif isinstance(value, float):
        kv.value.double_value = value
    else:
        kv.value.int_value = value


def build_request(traces: int, start_ns: int) -> bytes:
    request = ExportTraceServiceRequest()
    rs = request.resource_spans.add()
    _attr(rs.resource, "service.name", "bench-rag")
    _attr(rs.resource, "service.version", "v1.0")
    scope = rs.scope_spans.add()
    scope.scope.name = "bench"
    for t in range(traces):
        trace_id = secrets.token_bytes(16)
        root_id = secrets.token_bytes(8)
        spans = [("rag", None, {"openinference.span.kind": "CHAIN", "input.value": f"Question {t}: how long is the notice?",
                                "output.value": "One month, in writing. " * 4, "session.id": f"s-{t % 50}"}),
                 ("retrieve", root_id, {"openinference.span.kind": "RETRIEVER",
                                        **{f"retrieval.documents.{i}.document.content": CHUNK for i in range(3)}}),
                 ("embed", root_id, {"openinference.span.kind": "EMBEDDING", "embedding.model_name": "minilm"}),
                 ("chat", root_id, {"openinference.span.kind": "LLM", "llm.model_name": "gpt-4o-mini",
                                    "llm.token_count.prompt": 420, "llm.token_count.completion": 40,
                                    "llm.input_messages.0.message.role": "user",
                                    "llm.input_messages.0.message.content": f"Question {t}: how long is the notice?"}),
                 ("tool", root_id, {"openinference.span.kind": "TOOL", "tool.name": "calendar"})]
        for i, (name, parent, attrs) in enumerate(spans):
            span = scope.spans.add()
            span.trace_id = trace_id
            span.span_id = root_id if parent is None else secrets.token_bytes(8)
            if parent is not None:
                span.parent_span_id = parent
            span.name = name
            span.start_time_unix_nano = start_ns + i * 1_000_000
            span.end_time_unix_nano = start_ns + (i + 1) * 50_000_000
            for key, value in attrs.items():
                _attr(span, key, value)
    return request.SerializeToString()


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def _send(url: str, bodies: list[bytes], content_type: str, clients: int, seconds: float) -> tuple[list[float], int, float]:
    """Post bodies from `clients` threads for `seconds` (or until they run out): (latencies ms, sent, elapsed)."""
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    index = iter(range(len(bodies)))
    stop_at = time.perf_counter() + seconds

    def worker() -> None:
        with httpx.Client(timeout=60) as client:
            while time.perf_counter() < stop_at:
                with lock:
                    i = next(index, None)
                if i is None:
                    return
                began = time.perf_counter()
                response = client.post(url, content=bodies[i], headers={"content-type": content_type})
                took = (time.perf_counter() - began) * 1000
                with lock:
                    latencies.append(took)
                    if response.status_code != 200:
                        errors.append(f"{response.status_code} {response.text[:200]}")

    started = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise SystemExit(f"{len(errors)} requests failed, first: {errors[0]}")
    return latencies, len(latencies), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--spans-per-request", type=int, default=500)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--target-spans-per-s", type=int, default=4000, help="bodies built for this rate at most")
    parser.add_argument("--records-seconds", type=float, default=20)
    args = parser.parse_args()
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    print(f"# {datetime.now(timezone.utc):%Y-%m-%d %H:%M} {platform.node()} {os.cpu_count()} cores {cpu}; "
          f"load {os.getloadavg()[0]:.2f}", flush=True)
    traces_per_request = args.spans_per_request // SPANS_PER_TRACE
    n_requests = int(args.seconds * args.target_spans_per_s / args.spans_per_request) + 1
    now_ns = time.time_ns()
    bodies = [build_request(traces_per_request, now_ns) for _ in range(n_requests)]
    print(f"# built {n_requests} requests of {args.spans_per_request} spans ({len(bodies[0]) / 1024:.0f} KB each)",
          flush=True)
    with tempfile.TemporaryDirectory() as tmp, EmbeddedServer(Path(tmp) / "db", 0) as server:
        uri = server.uri.rstrip("/") + "/bench"
        port = _free_port()
        # the quiet period outlasts the sending: staging is measured alone, then the assembly of every trace
        env = {**os.environ, "MONGODB_URI": uri, "EVALBOARD_USERS_FILE": str(Path(tmp) / "no-users.toml"),
               "EVALBOARD_INTAKE_QUIET_S": str(args.seconds + 5)}
        proc = subprocess.Popen([sys.executable, "-m", "intake", "serve", "--port", str(port)], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if httpx.get(base + "/api/health", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("the intake did not start: " + (proc.stderr.read() if proc.poll() is not None else ""))
                time.sleep(0.2)
            rss: list[tuple[float, int]] = []
            sampling = threading.Event()

            def sample() -> None:
                ps = psutil.Process(proc.pid)
                began = time.perf_counter()
                while not sampling.wait(1.0):
                    rss.append((time.perf_counter() - began, ps.memory_info().rss))

            sampler = threading.Thread(target=sample, daemon=True)
            sampler.start()
            procs = {"intake": psutil.Process(proc.pid), "database": psutil.Process(server.proc.pid)}

            def cpu() -> dict[str, float]:  # CPU seconds used so far (children: the server's own workers)
                out = {}
                for name, ps in procs.items():
                    times = ps.cpu_times()
                    out[name] = times.user + times.system + sum(
                        c.cpu_times().user + c.cpu_times().system for c in ps.children(recursive=True))
                return out

            cpu_before = cpu()
            first = time.perf_counter()
            latencies, sent, elapsed = _send(base + "/v1/traces", bodies, "application/x-protobuf", args.clients,
                                             args.seconds)
            cpu_sent = cpu()
            spans = sent * args.spans_per_request
            traces = sent * traces_per_request
            db = make_client(uri)["bench"]
            first_record = None
            while (count := db["records"].estimated_document_count()) < traces:
                if count and first_record is None:
                    first_record = time.perf_counter()
                if time.perf_counter() - first > args.seconds + 900:
                    break
                time.sleep(0.25)
            t_done = time.perf_counter()
            first_record = first_record or t_done
            records = db["records"].count_documents({})
            all_done = t_done - first
            cpu_done = cpu()
            # what the load cannot hide: CPU seconds per span staged and per record assembled, for
            # the intake process and the database; spans per CPU-second = the rate on free cores
            staging_cpu = {k: cpu_sent[k] - cpu_before[k] for k in procs}
            assembly_cpu = {k: cpu_done[k] - cpu_sent[k] for k in procs}
            print(json.dumps({"phase": "traces", "requests": sent, "spans": spans, "seconds": round(elapsed, 1),
                              "spans_per_s": round(spans / elapsed), "p50_ms": round(_percentile(latencies, 0.5), 1),
                              "p95_ms": round(_percentile(latencies, 0.95), 1),
                              "p99_ms": round(_percentile(latencies, 0.99), 1), "traces": traces, "records": records,
                              "records_per_s": round(records / max(t_done - first_record, 1e-9)),
                              "all_records_after_s": round(all_done, 1),
                              "staging_cpu_s": {k: round(v, 1) for k, v in staging_cpu.items()},
                              "spans_per_intake_cpu_s": round(spans / max(staging_cpu["intake"], 1e-9)),
                              "spans_per_db_cpu_s": round(spans / max(staging_cpu["database"], 1e-9)),
                              "assembly_cpu_s_after_sending": {k: round(v, 1) for k, v in assembly_cpu.items()},
                              "load": round(os.getloadavg()[0], 2)}), flush=True)
            batch = 500
            record_bodies = [json.dumps([{"_id": f"b{b}-{i}", "query": f"Question {b}-{i}?", "answer": "One month.",
                                          "context": [CHUNK] * 3, "timestamp": "2026-03-02T10:00:00Z", "feature": "chat"}
                                         for i in range(batch)]).encode()
                             for b in range(int(args.records_seconds * 10_000 / batch) + 1)]
            latencies, sent, elapsed = _send(base + "/api/records", record_bodies, "application/json", args.clients,
                                             args.records_seconds)
            print(json.dumps({"phase": "records", "requests": sent, "records": sent * batch, "seconds": round(elapsed, 1),
                              "records_per_s": round(sent * batch / elapsed),
                              "p50_ms": round(_percentile(latencies, 0.5), 1),
                              "p99_ms": round(_percentile(latencies, 0.99), 1), "load": round(os.getloadavg()[0], 2)}),
                  flush=True)
            sampling.set()
            sampler.join()
            if rss:
                mb = [r / 2**20 for _t, r in rss]
                third = max(1, len(mb) // 3)
                print(json.dumps({"phase": "memory", "samples": len(mb), "rss_first_third_max_mb": round(max(mb[:third])),
                                  "rss_last_third_max_mb": round(max(mb[-third:])), "rss_max_mb": round(max(mb))}),
                      flush=True)
        finally:
            proc.terminate()
            proc.wait(30)


if __name__ == "__main__":
    main()
