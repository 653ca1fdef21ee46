;;; Quartet: a small original Tactibox module for four players (MIT, like the rest of Tactibox).
;;; Four clans meet where two roads cross; whoever still stands when the others are gone wins.
;;; Made for four linked units (one clan each), or fewer with bots in the other clans.

(game-module "quartet"
  (title "Quartet")
  (version "1.0")
  (blurb "Four clans, one crossing: a free-for-all for up to four units on a LAN.")
  (variants (see-all true) (sequential true))
)

(terrain-type plain (char "."))
(terrain-type forest (char "%"))
(terrain-type hill (char "^"))
(terrain-type lake (char "~"))

(unit-type warrior (char "w") (help "the clan's fighters")
  (acp-per-turn 2) (hp-max 5) (point-value 1))
(unit-type scout (char "s") (help "quick, light, strikes first")
  (acp-per-turn 4) (hp-max 3) (point-value 1))
(unit-type slinger (char "l") (help "throws stones two hexes")
  (acp-per-turn 2) (hp-max 3) (point-value 1)
  (range 2) (range-min 2) (acp-to-fire 2))

(define all-movers (warrior scout slinger))

(table mp-to-enter-terrain
  (all-movers (forest hill) 2)
  (all-movers lake 99)
  )

;; Combat.              warrior scout slinger
(table hit-chance
  (warrior u* ( 60  70  80))
  (scout   u* ( 50  60  80))
  (slinger u* ( 30  30  40))
  )
(table fire-hit-chance
  (slinger u* ( 50  50  60))
  )
(table damage
  (u* u* 1)
  (warrior u* 2)
  )
(table fire-damage (slinger u* 1d2))
(table counterattack
  (scout u* 50)
  )
(table defend-terrain-effect
  (u* forest 70)
  (u* hill 60)
  )

(set sides-min 2)
(set sides-max 4)
(set last-turn 30)

(area 13 13)
(area (terrain (by-name "." plain "%" forest "^" hill "~" lake)
  "%11.%"
  "11.%."
  "6.%3.%2."
  "3.^3.%.%3."
  "13."
  "5.^~2.%3."
  "2.%2.3~2.%2."
  "3.%2.~^5."
  "13."
  "3.%.%3.^3."
  "2.%3.%6."
  ".%11."
  "%11.%"
))

(side 1 (name "Red Clan") (noun "red"))
(side 2 (name "Gold Clan") (noun "gold"))
(side 3 (name "Green Clan") (noun "green"))
(side 4 (name "Blue Clan") (noun "blue"))

(scorekeeper (do last-side-wins))

(warrior 11 6 1)
(scout 12 6 1)
(slinger 11 7 1)

(warrior 6 11 2)
(scout 6 12 2)
(slinger 7 11 2)

(warrior 1 6 3)
(scout 0 6 3)
(slinger 1 5 3)

(warrior 6 1 4)
(scout 6 0 4)
(slinger 5 1 4)
