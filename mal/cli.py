"""`mal`: serve the API, run the local stack, and call the API like an agent would."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from mal.settings import Settings

__all__ = ["app"]

app = typer.Typer(help="Memory Abstraction Layer: cross-session memory for AI agents.", no_args_is_help=True)
memories = typer.Typer(help="Call the REST API (needs MAL_URL and MAL_API_KEY, or the dev .env).")
app.add_typer(memories, name="memories")
console = Console(stderr=True)


@app.command()
def serve(
    host: Annotated[str | None, typer.Option()] = None,
    port: Annotated[int | None, typer.Option()] = None,
    workers: Annotated[int | None, typer.Option(min=1, max=64, help="uvicorn worker processes")] = None,
) -> None:
    """Run the API (FastAPI + uvicorn) on the configured host and port."""
    import uvicorn

    from mal.api.app import create_app

    settings = Settings()
    try:
        settings.require_service_secrets()
    except ValueError as exc:
        console.print(f"[red]cannot start:[/red] {exc}")
        raise typer.Exit(2) from exc
    host, port = host or settings.host, port or settings.port
    console.print(
        f"[bold]MAL API[/bold] http://{host}:{port}   docs http://{host}:{port}/docs   "
        f"ready http://{host}:{port}/readyz"
    )
    dev = [k for k in settings.api_keys if k.tenant == "dev"]
    if dev and Path(".env").exists():
        console.print(f"development API key (tenant 'dev', from .env): {dev[0].key.get_secret_value()}")
    workers = workers or settings.workers
    if workers > 1:  # each worker process imports the app itself (and loads its own encoder)
        uvicorn.run("mal.api.main:app", host=host, port=port, workers=workers, log_level=settings.log_level.lower())
        return
    uvicorn.run(create_app(settings), host=host, port=port, log_level=settings.log_level.lower())


@app.command("mcp")
def mcp() -> None:
    """MCP server on stdio for one user, talking to the REST API.

    Configured by the environment only (secrets never go on the command line, where `ps` shows
    them): MAL_API_KEY (an `agent` key), MAL_USER_ID (whose memories), MAL_URL (default
    http://MAL_HOST:MAL_PORT). Nothing but MCP messages is written to stdout."""
    import anyio

    from mal.mcp_server import BACKEND, build_server, stdio_backend

    try:
        backend, client = stdio_backend()
    except ValueError as exc:
        console.print(f"[red]cannot start:[/red] {exc}")
        raise typer.Exit(2) from exc

    async def serve_stdio() -> None:
        BACKEND.set(backend)  # one subject for the whole process
        try:
            await build_server().run_stdio_async()
        finally:
            await client.close()

    anyio.run(serve_stdio)


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def stack(ctx: typer.Context) -> None:
    """Start/stop the local Neo4j, Weaviate and S3 servers: up | down | status | with -- CMD."""
    from infra.stack_cli import main

    raise typer.Exit(main(list(ctx.args)))


def _client() -> Any:
    from mal.client import MemoryClient

    settings = Settings()
    key = os.environ.get("MAL_API_KEY") or (settings.api_keys[0].key.get_secret_value() if settings.api_keys else "")
    url = os.environ.get("MAL_URL", f"http://{settings.host}:{settings.port}")
    return MemoryClient(url, key)


def _print(model: Any) -> None:
    print(
        json.dumps(
            model.model_dump(mode="json") if hasattr(model, "model_dump") else model, ensure_ascii=False, indent=2
        )
    )


@memories.command("write")
def write(
    user: str,
    session: str,
    turns_file: Annotated[Path, typer.Argument(help="JSON list of {role, content}; - for stdin")],
) -> None:
    """POST /v1/memories."""
    raw = sys.stdin.read() if str(turns_file) == "-" else turns_file.read_text()
    with _client() as client:
        _print(client.write(user, session, json.loads(raw)))


@memories.command("search")
def search(user: str, query: str, k: int = 3) -> None:
    """POST /v1/memories/search."""
    with _client() as client:
        _print(client.search(user, query, k))


@memories.command("context")
def context(user: str, query: Annotated[str | None, typer.Option()] = None) -> None:
    """POST /v1/context."""
    with _client() as client:
        _print(client.context(user, query))


@memories.command("forget")
def forget(user: str, query: str) -> None:
    """POST /v1/memories/forget."""
    with _client() as client:
        _print(client.forget_matching(user, query))


@memories.command("erase")
def erase(user: str) -> None:
    """POST /v1/subjects/erase (admin)."""
    with _client() as client:
        _print(client.erase(user))


@memories.command("cypher")
def cypher(query: str, params: Annotated[str, typer.Option(help="JSON object")] = "{}") -> None:
    """POST /v1/cypher (analyst, read-only)."""
    with _client() as client:
        _print(client.cypher(query, json.loads(params)))


decay = typer.Typer(help="Lifecycle: decay, TTL and hot-set cap, archiving to S3.")
archive = typer.Typer(help="Archived memories.")
app.add_typer(decay, name="decay")
app.add_typer(archive, name="archive")


def _container() -> Any:
    """Admin commands run in-process through the same composition root as the API."""
    from mal.bootstrap import build

    settings = Settings()
    settings.require_service_secrets()
    container = build(settings)
    container.ensure_schema()
    return container


def _scope(tenant: str, user: str) -> Any:
    from mal.identity import subject_key
    from mal.scope import SubjectScope

    return SubjectScope(tenant, subject_key(Settings().pepper.get_secret_value(), tenant, user))


@decay.command("run")
def decay_run(
    dry_run: Annotated[bool, typer.Option("--dry-run", help="plan only, change nothing")] = False,
    tenant: Annotated[str | None, typer.Option(help="only this tenant")] = None,
) -> None:
    """Persist decayed weights, then archive low-weight, expired and over-cap memories."""
    container = _container()
    try:
        summary = container.lifecycle.run(tenant=tenant, dry_run=dry_run, progress=True)
    finally:
        container.close()
    console.print_json(json.dumps(summary))


@app.command("repair")
def repair() -> None:
    """Finish what crashes left half-done: unindexed memories, interrupted archives."""
    container = _container()
    try:
        summary = container.lifecycle.repair()
    finally:
        container.close()
    console.print_json(json.dumps(summary))


@archive.command("restore")
def archive_restore(tenant: str, user: str, memory_id: str) -> None:
    """Restore an archived memory after verifying its SHA-256."""
    container = _container()
    try:
        scope = _scope(tenant, user)
        memory = container.lifecycle.restore(scope, memory_id)
        container.audit.record(tenant, "restore", "cli", scope.subject, [memory_id], {"restored": 1})
    finally:  # close() flushes the audit buffer
        container.close()
    console.print(f"restored {memory.id} ({memory.kind}): {memory.summary}")


@app.command("export")
def export(tenant: str, user: str) -> None:
    """Write the subject's audit bundle to S3 and print its manifest."""
    container = _container()
    try:
        scope = _scope(tenant, user)
        result = container.lifecycle.export(scope)
        container.audit.record(tenant, "export", "cli", scope.subject, (), {"files": len(result.get("files", {}))})
    finally:  # close() flushes the audit buffer
        container.close()
    console.print_json(json.dumps(result))


@app.command("reindex")
def reindex(
    tenant: Annotated[str | None, typer.Option(help="with --user: only this subject")] = None,
    user: Annotated[str | None, typer.Option(help="with --tenant: only this subject")] = None,
) -> None:
    """Re-embed stored memories with the configured embedding model, then record that model.

    Resumable: finished subjects are checkpointed under MAL_DATA_DIR/reindex, so a second run after
    an interruption continues where the first stopped. Stop the API first: it refuses to start
    while a reindex is unfinished."""
    if (tenant is None) != (user is None):
        console.print("[red]--tenant and --user go together[/red]")
        raise typer.Exit(2)
    container = _container()
    try:
        only = [_scope(tenant, user).subject] if tenant is not None and user is not None else None
        summary = container.reindexer().run(only=only, progress=True)
    except ValueError as exc:
        console.print(f"[red]cannot reindex:[/red] {exc}")
        raise typer.Exit(2) from exc
    finally:
        container.close()
    console.print_json(json.dumps(summary.to_json()))


@app.command("profile-backfill")
def profile_backfill(
    tenant: Annotated[str | None, typer.Option(help="only this tenant's subjects (with --user: one subject)")] = None,
    user: Annotated[str | None, typer.Option(help="with --tenant: only this subject")] = None,
) -> None:
    """Mark memories written before the write-time marks (profile evidence, conflict group).

    Until marked, such memories are read as "unknown" by context calls and conflict checks: right,
    but as slow as before. Safe while the API runs (it only adds marks); resumable: finished
    subjects are checkpointed under MAL_DATA_DIR/backfill and a page only holds unmarked memories."""
    if user is not None and tenant is None:
        console.print("[red]--user needs --tenant[/red]")
        raise typer.Exit(2)
    container = _container()
    try:
        only = [_scope(tenant, user).subject] if tenant is not None and user is not None else None
        summary = container.mark_backfill().run(tenant=tenant, only=only, progress=True)
    finally:
        container.close()
    console.print_json(json.dumps(summary.to_json()))


if __name__ == "__main__":
    app()
