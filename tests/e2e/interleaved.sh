#!/usr/bin/env bash
# Where the loops of programs/interleaved.c ran (its own check compares every element): every
# fft pass and every msaxpy update on the 3 emulated devices, though their arrays share one
# allocation; the pass whose arrays' elements meet, and the pass in a data region, serially.
# usage: interleaved.sh OUTDIR (built by build_program.sh)
set -uo pipefail
out=$1
log=$out/interleaved.info.log
. "$(dirname "$0")/log_expect.sh"
run_logged "$log" "" "$out/gpupar"
expect "$log" 10 'interleaved\.c:20: [1-3] devices? \(' "fft passes on the devices"
expect "$log" 1 "interleaved\.c:20: runs on the host: arrays 'c' and 'd' overlap" \
  "the pass whose blocks meet, serially"
expect "$log" 1 "interleaved\.c:20: runs on the host: 'c' shares memory with another array of the loop and is present in a data region" \
  "the pass in a data region, serially"
expect "$log" 47 'interleaved\.c:37: [1-3] devices? \(' "msaxpy updates on the devices"
[ $fail = 0 ] || { cat "$log"; exit 1; }
echo "ok"
