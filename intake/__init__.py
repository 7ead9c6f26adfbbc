"""The HTTP door: OTLP/HTTP traces and JSON records in, written through ingest's writer (see app.py)."""
