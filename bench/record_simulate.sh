#!/usr/bin/env bash
# Record simulate JSON (timing fields stripped) for every preset, player counts, both bot kinds.
# usage: bench/record_simulate.sh OUTFILE [PYTHON]   (from the checkout root; the checkout goes first on sys.path)
# Run it before and after a change that must not change behaviour, and diff the two files.
out=$1; py=${2:-python3}; : > "$out"
for spec in "rummy::2" "rummy::4" "remi::2" "remi::4" "remigio::3" "remigio::6" "remigio-fournier::4" "remigio-fournier::10" \
  "indian:format=points:2" "indian:format=points:6" "indian:format=pool101:3" "indian:format=pool201:3" "indian:format=deals:2"; do
  v=${spec%%:*}; rest=${spec#*:}; rule=${rest%%:*}; n=${rest##*:}
  for bots in easy normal; do
    args=(--variant "$v" --players "$n" --games 4 --seed 7 --bots "$bots" --no-progress)
    [ -n "$rule" ] && args+=(--rule "$rule")
    line=$(PYTHONPATH=. $py -m rummy_tui simulate "${args[@]}" 2>&1 | tail -1 | $py -c 'import json,sys; d=json.loads(sys.stdin.read()); [d.pop(k,None) for k in ("seconds","games_per_second","actions_per_second")]; print(json.dumps(d,sort_keys=True))')
    echo "$v $rule $n $bots $line" >> "$out"
  done
done
