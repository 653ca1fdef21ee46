"""Engine core: grids, bitsets, reachable cells, PRNG, hashing, atomic files, replays.

Pure and deterministic: never imports pygame, `hw` or `firmware_bridge`, never uses `random`
or clocks. Enforced by tests/test_layering.py.
"""
