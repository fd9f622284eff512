#!/usr/bin/env bash
# Rebuilds sheets/example-campaign.json through the real commands (nothing typed by hand).
# Usage: bash sheets/build_example.sh [path-to-titan-campaign]
set -euo pipefail
tc=${1:-titan-campaign}
here=$(cd "$(dirname "$0")" && pwd)
db=$(mktemp -d)/example.json
run() { "$tc" --db "$db" "$@" >/dev/null; }

run campaign new "The Iron Crown" --base-xp 200
run titan add Thorn --player Ann
run titan add Mira --player Bo
run titan add Osk --player Cy

# Thorn: a fighter who has played four games; level 4 with an honor guard and a magic item.
run spend Thorn ability power
run spend Thorn school fire
run choose Thorn spell "Fire Bolt"
run choose Thorn school earth
run choose Thorn spell "Mountain Walker"
run award Thorn --result won --battle-won 4 --agreement 1 --score 412 --scenario "Border War" --date 2026-09-12 \
    --survivors Titan,Ogre,Troll,Gargoyle
run spend Thorn ability wisdom
run spend Thorn ability charisma
run choose Thorn school fire
run choose Thorn spell "Fire Fan"
run choose Thorn spell "Dune Walker"
run award Thorn --result lost --battle-won 2 --battle-lost 1 --score 260 --date 2026-10-03 --survivors Ogre,Cyclops
run spend Thorn ability skill
run award Thorn --result won --battle-won 5 --score 530 --scenario "Siege of the Tower" --date 2026-10-24 \
    --survivors Titan,Warbear,Griffon,Ogre
run spend Thorn ability power
run spend Thorn ability luck
run choose Thorn school fire
run choose Thorn spell "Fire Ball"
run choose Thorn spell "Volcano Native"
run choose Thorn spell "Fire Affinity"
run award Thorn --result won --battle-won 3 --agreement 2 --score 380 --date 2026-11-14 --survivors Titan,Griffon,Cyclops,Ogre
run spend Thorn ability leadership
run spend Thorn ability spirit
run choose Thorn school earth
run choose Thorn spell "Stone Fist"
run choose Thorn spell "Move Through Earth"
run honor-guard Thorn Griffon
run gold Thorn 120 --note "Siege of the Tower reward"
run buy Thorn item "Winged Sandals" --price 80 --type other --charges 3 --description "One legion moves one extra space, once per charge."
run plan Thorn --charisma Ogre --upgrade Cyclops --legion Griffon=2 --legion "Winged Sandals=2"

# Mira: a wizard at level 2 with a bonus spell, one swap taken and one declined.
run spend Mira ability intelligence
run spend Mira school sorcery
run choose Mira spell "Magic Missile"
run choose Mira spell Shield --bonus
run choose Mira school sorcery
run choose Mira spell "Dispel"
run choose Mira spell "Strength"
run choose Mira decline-swap
run award Mira --result lost --battle-won 1 --agreement 1 --score 190 --scenario "Border War" --date 2026-09-12 --game 1
run award Mira --result won --battle-won 2 --score 300 --date 2026-10-03 --game 2
run spend Mira ability spirit
run spend Mira school water
run choose Mira spell "Bog Walker"
run choose Mira school water
run choose Mira spell "Ice Shield"
run choose Mira spell "Water Affinity"
run choose Mira swap Shield "Ice Bolt"
run choose Mira decline-swap water
run gold Mira 40 --note "found in the ruins"

# Osk: a new Titan, level 1, with a pending choice left to make.
run spend Osk ability luck
run spend Osk school nature
run choose Osk spell Barkskin

"$tc" --db "$db" export -o "$here/example-campaign.json" >/dev/null
echo "wrote $here/example-campaign.json"
