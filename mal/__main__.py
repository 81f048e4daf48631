from mal.cli import app

app()
