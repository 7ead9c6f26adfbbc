"""Demo data: realistic records, incidents and a finished annotation queue for a first look.

`python -m jobs demo` runs `demo.generate.generate_demo`. Modules: generate (the records and their
incidents, written through ingest's writer), corpus (the hand-written Indian-law passages and query
templates), labels (the labelled queue). Floor: above jobs/ (it writes through jobs.ingest); only
the jobs CLI (jobs/__main__.py, lazily), scripts and tests import it.
"""
