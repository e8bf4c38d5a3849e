"""Placeholder browser app (replaced by the real one): marks the page ready."""
from js import document


def main() -> None:
    document.body.dataset.ready = "1"
