"""The link layer: opening a link (a cable or the LAN), pairing, the run loop (`run.LinkRun`),
the linked game of any mode (`modes`: what each unit puts in its Session), content transfer and
chat. The screens (`game.ui.scenes.link`) and `tactibox link` are thin clients of it; each mode's
own link hook lives beside its engine (`game/modes/<mode>/`).
"""
