"""Prometheus metrics, served at /metrics."""

from __future__ import annotations

from prometheus_client import Counter, Histogram

__all__ = ["REQUESTS", "REQUEST_SECONDS", "STORE_ERRORS", "WRITES"]

REQUESTS = Counter("mal_http_requests_total", "HTTP requests", ["route", "method", "status"])
REQUEST_SECONDS = Histogram(
    "mal_http_request_seconds",
    "HTTP request latency",
    ["route", "method"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
)
WRITES = Counter("mal_memory_writes_total", "Memory write outcomes", ["action"])
STORE_ERRORS = Counter("mal_store_unavailable_total", "Requests failed because a store was down", ["store"])
