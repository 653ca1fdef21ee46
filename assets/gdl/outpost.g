;;; Outpost: a small original Tactibox module (MIT, like the rest of Tactibox).
;;; Raiders try to burn a frontier fort; the garrison holds it with spears and a catapult.

(game-module "outpost"
  (title "Outpost")
  (version "1.0")
  (blurb "Raiders against a frontier fort: ford the river, take the hill, burn the fort.")
  (variants (see-all true) (sequential true))
)

(terrain-type plain (char "."))
(terrain-type forest (char "%"))
(terrain-type hill (char "^"))
(terrain-type river (char "~"))
(terrain-type ford (char "="))

(unit-type spearman (char "i") (help "sturdy foot soldier")
  (acp-per-turn 2) (hp-max 6) (point-value 1))
(unit-type rider (char "r") (help "fast, fragile, hits hard")
  (acp-per-turn 4) (hp-max 4) (point-value 1))
(unit-type catapult (char "c") (help "throws stones two or three hexes")
  (acp-per-turn 2) (hp-max 4) (point-value 1)
  (range 3) (range-min 2) (acp-to-fire 2))
(unit-type fort (char "F") (help "holds four spearmen (two places kept for them); burns down into ruins")
  (acp-per-turn 0) (hp-max 12) (point-value 5) (capacity 2))
(unit-type ruins (char "x") (acp-per-turn 0) (hp-max 1) (point-value 0))

(define foot (spearman catapult))
(define all-movers (spearman rider catapult))

(add fort wrecked-type ruins)

;; Movement: forest and hill are slow, the river stops everyone but riders at a ford.
(table mp-to-enter-terrain
  (all-movers (forest hill) 2)
  (all-movers river 99)
  (foot ford 2)
  )
(table mp-to-enter-unit
  (u* u* 99)
  (spearman fort 1)
  )
(table unit-capacity-x (fort spearman 2))

;; Combat.              spear rider cat fort ruins
(table hit-chance
  (u* u* 0)
  (spearman u* ( 60  70  80  90   0))
  (rider    u* ( 50  60  90  40   0))
  (catapult u* ( 30   0  40  70   0))
  (fort     u* ( 40  40  40   0   0))
  )
(table fire-hit-chance
  (catapult u* ( 50  30  50  80   0))
  )
(table damage
  (u* u* 1)
  (rider u* 2)
  (catapult fort 2d2)
  (spearman rider 2)
  )
(table fire-damage (catapult u* 1d3))
(table counterattack
  (rider u* 50)       ; riders strike and are gone before the answer lands
  )
(table withdraw-chance-per-attack
  (u* rider 30)
  )
(table defend-terrain-effect
  (u* forest 70)
  (u* hill 60)
  )
(table attack-terrain-effect
  (u* ford 80)
  )
(add spearman hp-recovery 0.50)
(add fort hp-recovery 1.00)

(set sides-min 2)
(set sides-max 2)
(set last-turn 40)

(area 18 12)
(area (terrain (by-name "." plain "%" forest "^" hill "~" river "=" ford)
  "6.~11."
  "6.~11."
  "4.%2.~^6.%2."
  "4.2%.=2^5.2%."
  "8.~4.^4."
  "8.~4.2^3."
  "9.~8."
  "3.%5.~8."
  "3.2%5.=3.2%2."
  "10.~3.%3."
  "11.~6."
  "11.~6."
))

(side 1 (name "Garrison") (noun "defender"))
(side 2 (name "Raiders") (noun "raider"))

(scorekeeper (do last-side-wins))

(fort 6 6 1 (n "Fort Tally"))
(spearman 6 6 1 (in "Fort Tally"))
(spearman 6 6 1 (in "Fort Tally"))
(spearman 7 5 1)
(spearman 5 7 1)
(catapult 5 6 1 (n "Old Ned"))
(rider 7 6 1)

(spearman 13 5 2)
(spearman 13 6 2)
(spearman 12 7 2)
(rider 14 4 2)
(rider 12 8 2)
(catapult 14 6 2 (n "Longarm"))
