"""Names `vulture` (make lint) reports as unused that are used on purpose, each with why. Parsed by vulture,
never imported or run. A new entry needs its reason; dead code is removed instead."""
# ruff: noqa
_ = None

# typed documents: pydantic / dataclass fields declare the schema (read through model_dump / asdict, not by name)
_.regen_mean, _.missing_scores  # core.buckets.Bucket
_.window_days, _.own_threshold  # core.rule_docs.Rule
_.rule_name, _.opened_at, _.resolved_at, _.resolved_by, _.acknowledged_by  # core.rule_docs.Alert
_.mode_used  # evaluators.retrieval.RetrievalResult (to_dict: the API's "retrieval" block)
_.description, _.schedule  # core.metrics.Metric, jobs.registry.Job: catalog data for people (docs, --help)
_.intro  # demo.corpus passages

# called by a framework, by name or by reference
__getattr__  # evaluators/__init__.py: the lazy import that keeps `import evaluators` light (PEP 562)
pytest_collection_modifyitems  # tests/conftest.py: a pytest hook, called by name (the slowest files first)
_run_tick, _run_weekly  # jobs.scheduler: APScheduler calls them by reference ("jobs.scheduler:_run_tick")
_.intra_op_num_threads, _.inter_op_num_threads, _.graph_optimization_level  # onnxruntime.SessionOptions
_.enable_cpu_mem_arena, _.enable_mem_pattern  # onnxruntime.SessionOptions: the arena off (issue 29, memory)

# the requests the worker polls for (store.state): operators' entry points, no caller in the code
request_full_rebuild, request_tick

# part of a cache key: dashboard.data.report(db, report_id, week_start) caches one report per id
report_id

# pytest fixtures requested for their side effect (a registered metric, rule kind, secret)
extra_metric, low_tail, with_agreement, webhook_secret, short_timeout

# set by assignment on library objects: protobuf message fields (the intake's OTLP answer, the bench's
# requests) and uvicorn's Server flag that stops a test server
_.rejected_spans, _.error_message, _.string_value, _.double_value, _.int_value, _.parent_span_id
_.start_time_unix_nano, _.end_time_unix_nano, _.should_exit

# cache keys: st.cache_data hashes these arguments to key the cached value; the body reads the unhashed ones
stamp_a, stamp_b
