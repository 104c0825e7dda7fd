"""Test doubles that ship with the package (benchmarks and users' own tests use them too)."""
