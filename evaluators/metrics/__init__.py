"""The metric registry: one module per catalog metric, bound by name to `core.metrics`.

Every module `evaluators/metrics/<name>.py` (not starting with "_") exports `METRIC`, an
`evaluators.types.MetricEvaluator` named `<name>`: its local function, its declared inputs and, for a judged
metric, its judge prompt and the reading of the judge's reply. At import the registry checks that the catalog
and the modules agree: every catalog metric has a module (unless the catalog declares it `evaluated=False`),
every module has a catalog entry, and the module's "context" input matches the catalog's `needs_context`.
A disagreement raises `RegistryError` naming the metric and the file to add or remove.

Adding a metric: one `register(Metric(...))` line in core/metrics.py and one module here
(tests/integration/core/test_extra_metric.py adds a judged one and counts the files).
"""
from __future__ import annotations

import importlib
import pkgutil

from core import metrics as catalog

from ..types import MetricEvaluator


class RegistryError(ImportError):
    """The metric catalog (core/metrics.py) and the metric modules (evaluators/metrics/) disagree."""


_REGISTRY: dict[str, MetricEvaluator] = {}


def _discover() -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        ev = getattr(module, "METRIC", None)
        if not isinstance(ev, MetricEvaluator):
            raise RegistryError(f"evaluators/metrics/{info.name}.py defines no METRIC = MetricEvaluator(...); "
                                "every module there is one metric (helpers go in modules starting with '_')")
        if ev.name != info.name:
            raise RegistryError(f"evaluators/metrics/{info.name}.py defines METRIC for {ev.name!r}; "
                                f"the module of metric {ev.name!r} must be named {ev.name}.py")
        _REGISTRY[ev.name] = ev


def problems() -> list[str]:
    """Every disagreement between the catalog and the registered evaluators, in words (empty when none)."""
    out = []
    for name in catalog.names():
        m = catalog.get(name)
        ev = _REGISTRY.get(name)
        if m.evaluated and ev is None:
            out.append(f"catalog metric {name!r} (core/metrics.py) has no evaluator: add "
                       f"evaluators/metrics/{name}.py with METRIC = MetricEvaluator({name!r}, ...), or declare "
                       f"it evaluated=False in the catalog if it is deliberately not scored")
        elif not m.evaluated and ev is not None:
            out.append(f"catalog metric {name!r} is declared evaluated=False but evaluators/metrics/{name}.py "
                       "scores it: remove one of the two")
        elif ev is not None and m.needs_context != ("context" in ev.requires):
            out.append(f"metric {name!r}: core/metrics.py says needs_context={m.needs_context} but "
                       f"evaluators/metrics/{name}.py requires {list(ev.requires)}")
    for name in _REGISTRY:
        if name not in catalog.names():
            out.append(f"evaluators/metrics/{name}.py scores {name!r}, which is not in the catalog: add "
                       f"register(Metric({name!r}, ...)) to core/metrics.py or remove the module")
    return out


def check() -> None:
    """Raise RegistryError when the catalog and the evaluators disagree."""
    found = problems()
    if found:
        raise RegistryError("the metric catalog and evaluators/metrics/ disagree:\n- " + "\n- ".join(found))


def evaluators() -> dict[str, MetricEvaluator | None]:
    """{catalog metric: its evaluator, or None when the catalog declares it not evaluated}, in catalog order.
    Checks the catalog and the registry agree first (a metric registered at run time needs both)."""
    check()
    return {name: _REGISTRY.get(name) for name in catalog.names()}


def get(name: str) -> MetricEvaluator | None:
    return _REGISTRY.get(name)


def names() -> tuple[str, ...]:
    return tuple(_REGISTRY)


def register(ev: MetricEvaluator) -> MetricEvaluator:
    """Add an evaluator at run time (tests, plug-ins); the catalog entry is `core.metrics.register`."""
    if ev.name in _REGISTRY:
        raise ValueError(f"metric {ev.name!r} already has an evaluator")
    _REGISTRY[ev.name] = ev
    return ev


def unregister(name: str) -> None:
    _REGISTRY.pop(name, None)


_discover()
check()
