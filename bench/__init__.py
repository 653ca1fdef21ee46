"""Benchmarks: `tactibox bench` runs them all; each module has run() -> dict."""
