"""The domain catalog: every fact of Evalboard's domain, defined once.

Metrics (name, label, colour, overall weight, default thresholds per feature),
the verdict and overall rules, the diagnosis, feature sentinels, modes, job
names and the day/week buckets. Every package imports it; it imports nothing of
the project but `settings`.
"""
