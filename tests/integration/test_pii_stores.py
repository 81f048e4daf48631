"""A phone number and an e-mail the user states as their own, captured against the real stores
under the default `redact` policy: the profile slots hold the masked forms, and neither Neo4j
(memory, entity and relationship properties) nor Weaviate (object properties) holds them verbatim."""

from __future__ import annotations

import secrets

import neo4j
import pytest

from mal.bootstrap import Container
from mal.scope import SubjectScope
from mal.writing import CaptureRequest

pytestmark = pytest.mark.integration


def test_a_stated_phone_and_email_end_up_masked_in_neo4j_and_weaviate(
    container: Container, scope: SubjectScope, admin_driver: neo4j.Driver
) -> None:
    phone = "139" + "".join(secrets.choice("0123456789") for _ in range(8))
    local = "u" + secrets.token_hex(5)
    email = f"{local}@example.org"
    turns = [
        {"role": "user", "content": f"我的手机号是{phone}，有事打给我"},
        {"role": "user", "content": f"My email is {email}"},
    ]
    result = container.writer.capture(scope, CaptureRequest(session_id="s1", turns=turns))  # type: ignore[arg-type]
    slots = [w.memory.slots for w in result.memories]
    masked_phone, masked_email = f"{phone[:3]}****{phone[-4:]}", f"{local[0]}***@example.org"
    assert {"field": "phone", "value": masked_phone} in slots
    assert {"field": "email", "value": masked_email} in slots

    graph = str(
        [
            r.data()
            for r in admin_driver.execute_query(
                "MATCH (n) WHERE n.subject = $k OR n.key = $k OPTIONAL MATCH (n)-[r]-(m) RETURN n, r, m",
                k=scope.subject,
            ).records
        ]
    )
    objects = container.adapters.vectors._tenant(scope.subject).query.fetch_objects(limit=100).objects
    vectors = str([o.properties for o in objects])
    for stored in (graph, vectors):
        assert masked_phone in stored and masked_email in stored
        assert phone not in stored and phone[3:] not in stored and email not in stored and local not in stored
