"""Benchmarks (not tests): ``python -m benchmarks`` runs every ``bench_*.py`` module's ``run()``."""
