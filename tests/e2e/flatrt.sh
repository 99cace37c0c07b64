#!/usr/bin/env bash
# Where the loops of programs/flatrt.c ran (its own check compares every element): the row copy
# on the 3 emulated devices from column 0 and serially from column -1 (its split fact fails);
# the lud perimeter on the devices at every diagonal block, the serial calls (`if (par)` false)
# on the host.
# usage: flatrt.sh OUTDIR (built by build_program.sh)
set -uo pipefail
out=$1
log=$out/flatrt.info.log
. "$(dirname "$0")/log_expect.sh"
run_logged "$log" "" "$out/gpupar"
host='runs on the host: its condition before the loop is false'
expect "$log" 2 'flatrt\.c:56: [1-3] devices? \(' "row copies from column 0 on the devices"
expect "$log" 2 "flatrt\.c:56: $host" "row copies from column -1 serially"
expect "$log" 5 'flatrt\.c:108: [1-3] devices? \(' "perimeter on the devices at every offset"
expect "$log" 5 "flatrt\.c:108: $host" "perimeter's serial calls"
[ $fail = 0 ] || { cat "$log"; exit 1; }
echo "ok"
