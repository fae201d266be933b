#!/bin/sh
# Per-node FPGA figures of a schedule-ROM network (iCE40 HX8K): generates the
# network with `hypercast generate`, synthesizes one hc_sched_node with the
# manifest's parameters (yosys synth_ice40: LUT4, flip-flops, SB_RAM40_4K), then
# places and routes it in a pin-limited wrapper (bench/sched_node_wrap.v) with
# nextpnr-ice40 --hx8k for SEEDS seeds and prints the best, median and worst
# Fmax and the logic cells placed at seed 1 (SEEDS = 0:
# yosys only, no Fmax). The node is the deepest one (the manifest's largest
# DEPTH), with the banks in block RAM that the generator chose (NBRAM).
# Usage: bench/sched_node_fpga.sh HYPERCAST SEEDS GENERATE-OPTIONS...
# SEEDS = params: print the node's parameters (one line of -set NAME VALUE, as
# yosys chparam takes them) and stop before yosys (hc-bench --smoke reads the
# manifest so).
# Run it through the build lock (flock /tmp/hc-build.lock): nextpnr is CPU-heavy.
set -eu
hc=$1
seeds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/hc-sched-fpga.XXXXXX)
trap 'rm -rf "$dir"' EXIT
"$hc" generate "$@" --out "$dir/net" >/dev/null
params=$(python3 - "$dir/net/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
r, s = m["rom"], m["store"]
raw = max(1, (r["words"] - 1).bit_length())
# The deepest node's NBRAM (bram_banks: one entry per node).
deep = max(range(len(s["node_depths"])), key=lambda x: s["node_depths"][x])
p = dict(NP=r["ports"], PW=m["payload_width"], NB=r["banks"], BW=r["bank_width"],
         DEPTH=s["bank_depth"], AW=r["addr_width"], PSW=r["port_width"], IW=r["index_width"],
         ROWS=r["rows"], RAW=raw, NBRAM=s["bram_banks"][deep])
print(" ".join("-set %s %d" % kv for kv in p.items()))
PY
)
# The ports' sources and the banks' writers every ROM uses, and half-duplex
# links (HD, which the manifest does not carry): the top's literals (a
# full-duplex top leaves HD at its default, 0).
top=$(ls "$dir"/net/rtl/*_top.v)
smask=$(grep -o '\.SMASK([^)]*)' "$top" | head -1 | sed 's/.SMASK(\(.*\))/\1/')
wmask=$(grep -o '\.WMASK([^)]*)' "$top" | head -1 | sed 's/.WMASK(\(.*\))/\1/')
hd=$(grep -o '\.HD([^)]*)' "$top" | head -1 | sed 's/.HD(\(.*\))/\1/')
params="$params -set HD ${hd:-0} -set SMASK $smask -set WMASK $wmask"
if [ "$seeds" = params ]; then
  echo "$params"
  exit 0
fi
hw="$dir/net/hw"
yosys -q -l "$dir/node.log" -p "read_verilog -I$here/../hw/include $hw/hc_sched_bank.v $hw/hc_sched_node.v; \
  chparam $params hc_sched_node; synth_ice40 -top hc_sched_node; stat" >/dev/null
lut=$(awk '/SB_LUT4/ {v=$2} END {print v+0}' "$dir/node.log")
ff=$(awk '/Number of cells/ {v=0} /SB_DFF/ {v+=$2} END {print v+0}' "$dir/node.log")
ebr=$(awk '/SB_RAM40_4K/ {v=$2} END {print v+0}' "$dir/node.log")
if [ "$seeds" -eq 0 ]; then
  echo "$* : NB=$(echo "$params" | sed 's/.*-set NB \([0-9]*\).*/\1/') DEPTH=$(echo "$params" | sed 's/.*-set DEPTH \([0-9]*\).*/\1/') LUT4=$lut FF=$ff EBR=$ebr (yosys only)"
  exit 0
fi
yosys -q -l "$dir/wrap.log" -p "read_verilog -I$here/../hw/include $hw/hc_sched_bank.v $hw/hc_sched_node.v \
  $here/sched_node_wrap.v; chparam $params sched_node_wrap; \
  synth_ice40 -top sched_node_wrap -json $dir/wrap.json" >/dev/null
fmax=""
s=1
while [ "$s" -le "$seeds" ]; do
  # 30 minutes per seed, as synth's --pnr-time-limit default: nextpnr 0.4's
  # router1 can loop on a last arc. A seed stopped so, or at which nextpnr
  # fails, counts as 0 MHz (its log's placement estimates are not an Fmax).
  f=0
  if timeout 30m nextpnr-ice40 --hx8k --package ct256 --json "$dir/wrap.json" --seed "$s" \
    --timing-allow-fail \
    --freq 100 --log "$dir/pnr$s.log" >/dev/null 2>&1; then
    f=$(grep -o "Max frequency for clock[^:]*: [0-9.]* MHz" "$dir/pnr$s.log" | tail -1 |
        sed 's/.*: \([0-9.]*\) MHz/\1/')
  fi
  fmax="$fmax ${f:-0}"
  echo "sched_node_fpga: seed $s of $seeds: ${f:-0} MHz" >&2  # progress
  s=$((s + 1))
done
# Median: the middle seed's Fmax, or the mean of the two middle ones.
stats=$(echo $fmax | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {
  m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2
  printf "best=%.1f median=%.1f worst=%.1f", a[NR], m, a[1] }')
lcs=$(grep -o 'ICESTORM_LC: *[0-9]*' "$dir/pnr1.log" | tail -1 | sed 's/.*: *//')
echo "$* : NB=$(echo "$params" | sed 's/.*-set NB \([0-9]*\).*/\1/') DEPTH=$(echo "$params" | sed 's/.*-set DEPTH \([0-9]*\).*/\1/') LUT4=$lut FF=$ff EBR=$ebr LCS=${lcs:-0} Fmax($seeds seeds) $stats MHz (seeds:$fmax)"
