#!/usr/bin/env bash
# Offloaded loops that test an array against NULL, called with a null array: the runtime keeps
# those calls on the host (its log says why) and every element still equals the serial build's.
# usage: nulltests.sh OUTDIR (built by build_program.sh)
set -uo pipefail
out=$1
export NULLTESTS_NULL=1
fail=0
check() { # WHAT COMMAND...
  local what=$1 log=$out/nulltests.null.log rc
  shift
  "$@" >/dev/null 2>"$log"
  rc=$?
  if [ $rc != 0 ] || ! grep -q "runs on the host: 'w' is a null pointer" "$log"; then
    echo "FAIL: $what: exit status $rc, expected 0 and the host fallback in the log:"
    cat "$log"
    fail=1
  fi
}
if ! "$out/serial" >/dev/null; then
  echo "FAIL: serial build"
  fail=1
fi
check "emu:3" env GPUPAR_DEVICES=emu:3 GPUPAR_FORCE=gpu GPUPAR_LOG=info GPUPAR_TRACE= "$out/gpupar"
if [ -x "$out/sim/gpupar" ]; then # built where the simulator is (build_program.sh ... sim)
  check "2 simulated GPUs" env GPUPAR_DEVICES=cuda GPUPAR_SIM_GPUS=2 GPUPAR_FORCE=gpu \
    GPUPAR_LOG=info GPUPAR_TRACE= "$out/sim/gpupar"
fi
[ $fail = 0 ] && echo "ok"
