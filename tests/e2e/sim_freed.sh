#!/usr/bin/env bash
# Registrations cached across calls never outlive the memory they pin (memory/memhooks.c), on
# one simulated GPU, whose registrations pin pages as CUDA does (docs/simulator.md): freed.c
# unmaps and frees its arrays between calls and gets new memory at the same addresses.
#   - by default: every result is right, the second call of the same arrays registers nothing
#     (cached) and the call on new memory registers both arrays again (of two malloc'd arrays
#     sharing a page, one stays pageable: CUDA pins whole pages);
#   - with the program's own munmap (the hooks cannot see it): the cache is off by default, so
#     every call registers and every result is right; with GPUPAR_PIN_CACHE=1 (a promise the
#     program breaks) the stale pages reach the devices and the program's check fails, which
#     shows that this test can fail.
# usage: sim_freed.sh GPUPARCC INCLUDE_DIR WORKDIR
set -uo pipefail
gpuparcc=$1 include=$2 work=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
src=$root/tests/e2e/freed/freed.c
"$gpuparcc" --gpupar-sim -O2 -I"$include" "$src" -o freed || { echo "FAIL: no build"; exit 1; }
"$gpuparcc" --gpupar-sim -O2 -I"$include" -DOWN_MUNMAP "$src" -o freed_own ||
  { echo "FAIL: no build (OWN_MUNMAP)"; exit 1; }
status=0
run() { GPUPAR_DEVICES=cuda GPUPAR_SIM_GPUS=1 GPUPAR_FORCE=gpu GPUPAR_LOG=warn "$@"; }
expect() { # FILE LINE...
  local f=$1
  shift
  for line in "$@"; do
    grep -qxE "$line" "$f" || { echo "FAIL: $f has no line '$line'"; status=1; }
  done
}

run ./freed >hooked.out 2>hooked.err || { echo "FAIL: hooked: exit status $?"; status=1; }
cat hooked.out hooked.err
expect hooked.out "mapped, first call: registered 2" "mapped, again: registered 0" \
  "mapped, new memory: registered 2" "malloc, first call: registered 2" \
  "malloc, new memory: registered [12]" ok

run ./freed_own >own.out 2>own.err || { echo "FAIL: own munmap: exit status $?"; status=1; }
cat own.out own.err
expect own.out "mapped, again: registered 2" "mapped, new memory: registered 2" ok

GPUPAR_PIN_CACHE=1 run ./freed_own >broken.out 2>broken.err
rc=$?
cat broken.out
if [ $rc = 0 ] || ! grep -q "^mapped, new memory: out\[" broken.out; then
  echo "FAIL: a stale registration went unnoticed (exit status $rc)"
  status=1
fi
[ $status = 0 ] && echo "sim freed ok"
exit $status
