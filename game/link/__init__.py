"""Game modes over the cable link: LockstepGame adapters and ruleset transfer.

The engine stays pure; these adapters are clients of both the modes and `firmware_bridge`
(they only duck-type its `LockstepGame` protocol).
"""
