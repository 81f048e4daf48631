"""`uvicorn mal.api.main:app`: the ASGI entry point (settings from the environment)."""

from mal.api.app import create_app

app = create_app()
