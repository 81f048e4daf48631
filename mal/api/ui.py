"""GET /ui: the memory inspector, a static single page that talks to the REST API like any client.

The page holds no privilege of its own: it is public, carries no data, and every read or action is
a call to /v1 with the operator's API key (kept in sessionStorage) and the X-User-Id they typed, so
the key's scopes decide what works. Served with a strict Content-Security-Policy: scripts only from
this origin (no inline script, no eval), no inline styles in the markup, no framing, and fetches
only to this origin. Memory text reaches the page only through `textContent`, never as HTML.

The graph library is not in the repository: `make setup` fetches it from npm into
MAL_UI_ASSETS_DIR (infra/ui_assets.py) and it is served from there.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from mal.errors import NotFound, StoreUnavailable

__all__ = ["CSP", "router"]

STATIC = Path(__file__).resolve().parent / "ui_static"
PAGES = {"app.js": "text/javascript", "app.css": "text/css"}
VENDOR = {"cytoscape.min.js": "text/javascript"}
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}

router = APIRouter(prefix="/ui", include_in_schema=False)


def _file(path: Path, media_type: str) -> FileResponse:
    return FileResponse(path, media_type=media_type, headers=_HEADERS)


@router.get("")
@router.get("/")
def index() -> FileResponse:
    return _file(STATIC / "index.html", "text/html; charset=utf-8")


@router.get("/vendor/{name}")
def vendor(name: str, request: Request) -> FileResponse:
    if name not in VENDOR:
        raise NotFound(f"no UI asset {name}")
    path = Path(request.app.state.settings.ui_assets_dir) / name
    if not path.is_file():
        raise StoreUnavailable("ui-assets", f"{name} is missing; run `python -m infra.ui_assets` (make setup)")
    return _file(path, VENDOR[name])


@router.get("/{name}")
def page(name: str) -> FileResponse:
    if name not in PAGES:
        raise NotFound(f"no UI file {name}")
    return _file(STATIC / name, PAGES[name])
