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
. "$(dirname "$0")/expect_run.sh"
message='asserts\.c:16: .*Assertion .v\[i\] >= 0\.0 && "inputs are not negative". failed'
check() { # WHAT COMMAND...
  expect_run "$1" 134 "$message" "$out/asserts.break.log" "${@:2}"
}
check "serial build" "$out/serial"
check "emu:3" env GPUPAR_DEVICES=emu:3 GPUPAR_FORCE=gpu GPUPAR_TRACE= "$out/gpupar"
if [ -x "$out/sim/gpupar" ]; then # built where the simulator is (build_program.sh ... sim)
  check "2 simulated GPUs" env GPUPAR_DEVICES=cuda GPUPAR_SIM_GPUS=2 GPUPAR_FORCE=gpu GPUPAR_TRACE= "$out/sim/gpupar"
fi
[ $fail = 0 ] && echo "ok"
