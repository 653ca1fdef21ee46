"""Everything that crosses a wire: framing, reliable delivery, link sessions, lockstep, transports.

Carries opaque encoded actions and snapshots; never imports pygame or the UI.
"""
