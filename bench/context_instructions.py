"""What the personalised instructions cost /v1/context: the same subjects, the same calls with
`instructions` on and off, interleaved (so load drifts hit both), against the real stack.

    python -m bench.context_instructions [rounds]

Each scripted persona of tests/personas.py is captured once per run under a fresh user id; then
each round asks every persona's context with and without instructions, in alternating order.
"""

from __future__ import annotations

import json
import secrets
import statistics
import sys
import time
from pathlib import Path

from fastapi.testclient import TestClient

from mal.api.app import create_app
from mal.settings import ApiKeyConfig, Settings
from tests.personas import PERSONAS


def main(rounds: int = 15) -> dict[str, object]:
    key = "bench-" + secrets.token_hex(8)
    settings = Settings()
    settings = settings.model_copy(
        update={
            "api_keys": [ApiKeyConfig(key=key, tenant="bench-ctx", scopes=["agent"])],  # type: ignore[list-item]
            "rate_limit_per_minute": 100_000,
        }
    )
    timings: dict[str, dict[str, list[float]]] = {}
    with TestClient(create_app(settings)) as client:
        users = {}
        for name, persona in PERSONAS.items():
            user = f"{name}-{secrets.token_hex(4)}"
            headers = {"Authorization": f"Bearer {key}", "X-User-Id": user}
            for i, turns in enumerate(persona["sessions"]):
                body = {"session_id": f"s{i}", "turns": [{"role": "user", "content": t} for t in turns]}
                assert client.post("/v1/memories", json=body, headers=headers).status_code == 200
            users[name] = headers
        for r in range(rounds):
            for name, headers in users.items():
                order = (True, False) if r % 2 == 0 else (False, True)
                for on in order:
                    started = time.perf_counter()
                    answer = client.post("/v1/context", json={"instructions": on}, headers=headers)
                    elapsed = (time.perf_counter() - started) * 1000
                    assert answer.status_code == 200
                    assert bool(answer.json()["instructions"]) == (on and bool(PERSONAS[name]["expected"]))
                    if r > 0:  # the first round warms caches
                        timings.setdefault(name, {"on": [], "off": []})["on" if on else "off"].append(elapsed)
    result: dict[str, object] = {"rounds": rounds - 1, "personas": {}}
    for name, t in timings.items():
        on, off = statistics.median(t["on"]), statistics.median(t["off"])
        result["personas"][name] = {"p50_on_ms": round(on, 1), "p50_off_ms": round(off, 1), "ratio": round(on / off, 2)}  # type: ignore[index]
    return result


if __name__ == "__main__":
    out = main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
    text = json.dumps(out, ensure_ascii=False, indent=2)
    print(text)
    Path("bench/results").mkdir(parents=True, exist_ok=True)
    Path("bench/results/context_instructions.json").write_text(text + "\n")
