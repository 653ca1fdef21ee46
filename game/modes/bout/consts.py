"""Numbers every part of the combat engine shares: orientations, initiative holders, line kinds
(the seed's action types) and the steps of an exchange."""

from __future__ import annotations

# orientation (Song of Swords, the seed's pivot): chosen secretly at step 0/1
AGGRESSIVE, CAUTIOUS, DEFENSIVE, AUTO = 0, 1, 2, 3
ORIENTATIONS = ("aggressive", "cautious", "defensive", "auto")

# who holds initiative in a pair of foes
NOBODY = -1
CONTEST = -2          # both hold it (aggressor against aggressor, or bought): decided by who strikes first

# line kinds: the seed's action types (UI card "Action Type")
ATTACK, DOUBLE, QUICK, BUY, NO_INIT, CHANGE, CHANGE_BUY, FORCE, DEFEND, PREEMPT, QUICK_DEFEND = range(11)
LINE_NAMES = ("attack", "double attack", "quick attack", "attack (buy initiative)", "attack (no initiative)",
              "change target", "change target (buy initiative)", "force-enter", "defend", "defend (pre-emptive)",
              "quick defence")
ATTACK_KINDS = frozenset((ATTACK, DOUBLE, QUICK, BUY, NO_INIT, CHANGE, CHANGE_BUY, FORCE))
DEFENCE_KINDS = frozenset((DEFEND, PREEMPT, QUICK_DEFEND))
PRIMARY_KINDS = frozenset((ATTACK, QUICK, BUY, NO_INIT, CHANGE, CHANGE_BUY, FORCE))   # not DOUBLE
LATE_KINDS = frozenset((NO_INIT, QUICK))          # resolve without initiative and never win it

# the three steps of an exchange (eNs0, eNs1, eNs2)
FOOTWORK, TARGETING, DECLARING = 0, 1, 2
STEP_NAMES = ("footwork", "targets", "declarations")

# stages inside a step: who is asked what
ORIENT, COMMIT, REVEAL, TARGET, DECLARE, RESPOND, READY = "orient", "commit", "reveal", "target", "declare", \
    "respond", "ready"

# a line record inside an engagement: [kind, foe, man, zone, dice, extra, reflex_buy, terrain, hand, seq]
L_KIND, L_FOE, L_MAN, L_ZONE, L_DICE, L_EXTRA, L_RBUY, L_TERRAIN, L_HAND, L_SEQ = range(10)
HAND_NONE, HAND_MAIN, HAND_OFF, HAND_BOTH = 0, 1, 2, 3
