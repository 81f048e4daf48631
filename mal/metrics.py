"""Prometheus metrics, served at /metrics."""

from __future__ import annotations

from prometheus_client import Counter, Histogram

__all__ = ["CAPTURE_STAGE_SECONDS", "REQUESTS", "REQUEST_SECONDS", "STORE_ERRORS", "WRITES", "capture_timings"]

REQUESTS = Counter("mal_http_requests_total", "HTTP requests", ["route", "method", "status"])
REQUEST_SECONDS = Histogram(
    "mal_http_request_seconds",
    "HTTP request latency",
    ["route", "method"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
)
WRITES = Counter("mal_memory_writes_total", "Memory write outcomes", ["action"])
STORE_ERRORS = Counter("mal_store_unavailable_total", "Requests failed because a store was down", ["store"])
CAPTURE_STAGE_SECONDS = Histogram(
    "mal_capture_stage_seconds",
    "Time of each stage of a capture (exclusive: the stages of one capture add up to its total)",
    ["stage"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5),
)


def capture_timings(pipeline_ms: dict[str, float], consent_ms: float, audit_ms: float) -> dict[str, float]:
    """A capture's stage timings with the API's own reads around the pipeline (the consent read
    and the request's access-audit record), observed into the stage histogram. Stage names only."""
    timings = {"consent": round(consent_ms, 2), **pipeline_ms, "request_audit": round(audit_ms, 2)}
    timings["total"] = round(sum(v for k, v in timings.items() if k != "total"), 2)
    for stage, ms in timings.items():
        if stage != "total":
            CAPTURE_STAGE_SECONDS.labels(stage=stage).observe(ms / 1000)
    return timings
