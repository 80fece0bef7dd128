#!/usr/bin/env bash
# The playout workload side by side with an outside anchor (e.g. another simulator of the same
# workload: 3 players, advanced draw always taken, uniform over the distinct leading complete turns,
# 100k playouts from one deal), alternating ours / anchor in one invocation, so a noisy shared
# machine slows both alike. Not part of npm test or CI: the anchor is no dependency of the project.
#
#   ANCHOR_CMD='command that runs the anchor workload once and prints its seconds as the last word'
#   BASE_DIR=/path/to/an/older/checkout   (optional: its own playout line joins each round)
#   test/bench/anchor.sh [rounds, default 7]
set -euo pipefail
: "${ANCHOR_CMD:?set ANCHOR_CMD to a command that prints the anchor workload seconds as its last word}"
rounds=${1:-7}
here=$(cd "$(dirname "$0")/../.." && pwd)

# Seconds of one 100k-playout repetition of the workload in the checkout at $1.
ours() {
  (cd "$here" && node --import tsx "$1/test/bench/engine.bench.ts" playouts --reps 1) |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const l=s.split("\n").find(x=>x.includes("engine.playouts"));console.log(JSON.parse(l).seconds)})'
}

results=$(mktemp)
trap 'rm -f "$results"' EXIT
for i in $(seq "$rounds"); do
  # Odd rounds run ours first, even rounds the anchor first: neither always gets the quieter slot.
  c=0
  if [ $((i % 2)) -eq 1 ]; then a=$(ours "$here"); fi
  b=$(bash -c "$ANCHOR_CMD" | tail -n 1 | awk '{print $NF}')
  if [ -n "${BASE_DIR:-}" ]; then c=$(ours "$BASE_DIR"); fi
  if [ $((i % 2)) -eq 0 ]; then a=$(ours "$here"); fi
  line="round $i: ours ${a}s anchor ${b}s"
  if [ -n "${BASE_DIR:-}" ]; then line="$line base ${c}s"; fi
  echo "$line"
  echo "$a $b $c" >>"$results"
done
node -e '
  const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map((l) => l.split(" ").map(Number));
  const median = (xs) => { const s = [...xs].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
  const col = (k) => rows.map((r) => r[k]);
  const [ours, anchor, base] = [median(col(0)), median(col(1)), median(col(2))];
  const perRound = median(rows.map((r) => r[1] / r[0]));
  console.log(`median seconds: ours ${ours}, anchor ${anchor}` + (base ? `, base ${base}` : ""));
  console.log(`speed vs anchor: ${(anchor / ours).toFixed(2)}x (ratio of medians), ${perRound.toFixed(2)}x (median of per-round ratios)`);
  if (base) console.log(`speed vs base: ${(base / ours).toFixed(2)}x (ratio of medians), ${median(rows.map((r) => r[2] / r[0])).toFixed(2)}x (median of per-round ratios)`);
' "$results"
