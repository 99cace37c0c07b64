#!/usr/bin/env bash
# Offloaded loops that test an array against NULL, called with a null array: the runtime keeps
# those calls on the host (its log says why) and every element still equals the serial build's.
# usage: nulltests.sh OUTDIR (built by build_program.sh)
set -uo pipefail
out=$1
export NULLTESTS_NULL=1
fail=0
. "$(dirname "$0")/expect_run.sh"
check() { # WHAT COMMAND...
  expect_run "$1" 0 "runs on the host: 'w' is a null pointer" "$out/nulltests.null.log" "${@:2}"
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
