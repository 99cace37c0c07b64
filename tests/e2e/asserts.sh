#!/usr/bin/env bash
# A failed `assert` in an offloaded loop stops the program as in the serial build: exit status
# 134 (abort) and glibc's message naming the file, line and condition. On the emulated devices
# and the simulated GPUs the kernel's own assert fails; on a GPU the failed kernel makes the
# runtime run the loop on the host, where it fails the same way.
# usage: asserts.sh OUTDIR (built by build_program.sh)
set -uo pipefail
out=$1
export ASSERTS_BREAK=1
fail=0
check() { # WHAT COMMAND...
  local what=$1 log=$out/asserts.break.log rc
  shift
  "$@" >/dev/null 2>"$log"
  rc=$?
  if [ $rc != 134 ] || ! grep -q "asserts\.c:16: .*Assertion .v\[i\] >= 0\.0 && \"inputs are not negative\". failed" "$log"; then
    echo "FAIL: $what: exit status $rc, expected 134 and the assertion's message:"
    cat "$log"
    fail=1
  fi
}
check "serial build" "$out/serial"
check "emu:3" env GPUPAR_DEVICES=emu:3 GPUPAR_FORCE=gpu GPUPAR_TRACE= "$out/gpupar"
if [ -x "$out/sim/gpupar" ]; then # built where the simulator is (build_program.sh ... sim)
  check "2 simulated GPUs" env GPUPAR_DEVICES=cuda GPUPAR_SIM_GPUS=2 GPUPAR_FORCE=gpu GPUPAR_TRACE= "$out/sim/gpupar"
fi
[ $fail = 0 ] && echo "ok"
