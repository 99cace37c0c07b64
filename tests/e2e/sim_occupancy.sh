#!/usr/bin/env bash
# A nest the compiler cannot collapse, on one simulated GPU (2 multiprocessors of 2048 threads,
# 4096 resident): with 64 outer iterations the runtime warns once per loop and device that most
# of the device idles; with 5000 it does not. Every element is checked against the serial nest.
# usage: sim_occupancy.sh GPUPARCC INCLUDE_DIR WORKDIR
set -uo pipefail
gpuparcc=$1 include=$2 work=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
"$gpuparcc" --gpupar-sim -O2 -I"$include" "$root/tests/e2e/occupancy/nest.c" -o nest ||
  { echo "FAIL: no build"; exit 1; }
status=0
run() { GPUPAR_DEVICES=cuda GPUPAR_SIM_GPUS=1 GPUPAR_FORCE=gpu ./nest "$@"; }
run 64 3 >small.out 2>small.err || { echo "FAIL: n=64: exit status $?"; status=1; }
cat small.out small.err
grep -q "^ok: " small.out || { echo "FAIL: n=64: results differ"; status=1; }
warnings=$(grep -c "runs 64 iterations, fewer than the 4096 threads it keeps resident" small.err)
[ "$warnings" = 1 ] || { echo "FAIL: n=64: $warnings warnings, 1 expected"; status=1; }
grep -q "nest.c:11: cuda:0 runs 64" small.err || { echo "FAIL: the warning names no site"; status=1; }
run 5000 1 >large.out 2>large.err || { echo "FAIL: n=5000: exit status $?"; status=1; }
cat large.out large.err
grep -q "^ok: " large.out || { echo "FAIL: n=5000: results differ"; status=1; }
if grep -q "threads it keeps resident" large.err; then
  echo "FAIL: n=5000 fills the device but was warned about"
  status=1
fi
[ $status = 0 ] && echo "sim occupancy ok"
exit $status
