"""schemathesis against the service's own OpenAPI, on the real stack: every operation, with a key
of every scope (so each operation also meets each wrong scope) and with no key. Checked: no server
error (5xx) and every answer documented (status, content type, schema, headers). Bounded examples
per operation (MAL_FUZZ_EXAMPLES, default 6); a longer run is the same test with a larger number.

The schema's validators are stricter than JSON Schema can say (dates in range, sizes, patterns
in free text), so "a schema-valid request is accepted" is not checked: such a request must get a
documented 4xx, never a 5xx, and that is."""

from __future__ import annotations

import os
import secrets
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as examples
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from mal.api.app import create_app
from mal.settings import ApiKeyConfig, Settings

pytestmark = pytest.mark.e2e

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]
SCOPES = ["agent", "analyst", "analyst:raw", "auditor", "admin", "metrics"]
EXAMPLES = int(os.environ.get("MAL_FUZZ_EXAMPLES", "3"))


def test_every_operation_with_every_scope_answers_as_documented(settings: Settings, container: object) -> None:
    # A tenant of its own: the admin key quarantines and erases whatever the fuzzer invents.
    tenant = "fuzz-" + secrets.token_hex(3)
    keys = {scope: f"fuzz-{scope}-{secrets.token_hex(8)}" for scope in SCOPES}
    fuzz_settings = settings.model_copy(
        update={
            "api_keys": [ApiKeyConfig(key=k, tenant=tenant, scopes=[s]) for s, k in keys.items()],  # type: ignore[list-item]
            "rate_limit_per_minute": 1_000_000,
        }
    )
    schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(fuzz_settings))
    failures: dict[tuple[str, str], str] = {}
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()  # type: ignore[union-attr]  # an invalid schema fails here, loudly
        operations += 1

        @given(case=operation.as_strategy())
        @examples(
            max_examples=EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.explicit, Phase.generate],
            derandomize=True,
        )
        def run(case: Any) -> None:
            for who in [*SCOPES, "no key"]:
                headers = {"Authorization": f"Bearer {keys[who]}"} if who in keys else {"Authorization": ""}
                try:
                    case.call_and_validate(headers=headers, checks=CHECKS, timeout=120)
                except BaseException as exc:  # schemathesis raises a FailureGroup
                    label = f"{case.operation.method.upper()} {case.operation.path}"
                    failures.setdefault((label, who), str(exc)[:600])

        run()
    assert operations >= 16
    assert not failures, "\n\n".join(f"{op} as {who}: {text}" for (op, who), text in failures.items())
