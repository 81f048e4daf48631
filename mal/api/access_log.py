"""uvicorn's access log without identifiers (issue #14, red team).

uvicorn logs every request's path and query string. A path can carry whatever a caller put in it:
`GET /v1/memories/13812345678` (a phone number where a memory id belongs) or a query `?user=...`
would land in the log verbatim, and logs are kept, shipped and read by more people than the
stores. So the access log keeps only what our routes define: a path segment that is a literal of a
route (`v1`, `memories`, `search`), a well-formed id (a UUID or a hex digest, the shapes our ids
have) or a static asset name; every other segment becomes `[redacted]`, and a query keeps its
parameter names, never their values. The request still reaches the route unchanged: this rewrites
only the log record.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from urllib.parse import parse_qsl

__all__ = ["AccessLogRedactor", "install", "redact_path"]

REDACTED = "[redacted]"
_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}|[0-9a-f]{64}", re.I)
_ASSET = re.compile(r"[a-z][a-z0-9_-]{0,40}(?:\.min)?\.(?:js|css|html|map|svg|png|ico|woff2?)")


def redact_path(path: str, literals: Iterable[str]) -> str:
    """`path` (with its query) as it may be logged: route literals, ids and assets kept."""
    known = set(literals)
    raw, _, query = path.partition("?")
    segments = [
        s if not s or s in known or _ID.fullmatch(s) or _ASSET.fullmatch(s) else REDACTED for s in raw.split("/")
    ]
    out = "/".join(segments)
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        names = [n if re.fullmatch(r"[a-z_]{1,32}", n) else REDACTED for n, _ in pairs] or [REDACTED]
        out += "?" + "&".join(f"{n}={REDACTED}" for n in names)
    return out


class AccessLogRedactor(logging.Filter):
    """A filter on the `uvicorn.access` logger: rewrites the path argument of each record
    (`'%s - "%s %s HTTP/%s" %d'`: client, method, path with query, version, status)."""

    def __init__(self, routes: Iterable[str]) -> None:
        super().__init__("mal.access_log")
        self._paths = list(routes)
        self._literals: set[str] | None = None

    def literals(self) -> set[str]:
        if self._literals is None:
            self._literals = {s for path in self._paths for s in path.split("/") if s and "{" not in s}
        return self._literals

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            record.args = (*args[:2], redact_path(args[2], self.literals()), *args[3:])
        return True


def install(routes: Iterable[str]) -> AccessLogRedactor:
    """Puts the filter on `uvicorn.access` (replacing one installed by an earlier app)."""
    logger = logging.getLogger("uvicorn.access")
    for old in [f for f in logger.filters if isinstance(f, AccessLogRedactor)]:
        logger.removeFilter(old)
    redactor = AccessLogRedactor(routes)
    logger.addFilter(redactor)
    return redactor
