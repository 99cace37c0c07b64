#!/usr/bin/env bash
# Defects a real GPU would show, checked on 3 simulated GPUs (runtime/sim; GPUPAR_SIM_FAULT
# injects the faults): each case exits 0 with results equal to the serial computation (the
# programs check themselves) and shows what the runtime did.
#  - a sticky error (kernel@1: cudaErrorLaunchFailure) loses cuda:1 and only cuda:1, even though
#    the calling thread's last error is then cudaErrorLaunchFailure when it launches elsewhere;
#  - no kernel image on cuda:2 (noimage@2) takes the loop off cuda:2 once, with one warning;
#  - a rank failing inside an NCCL group (ncclerror@1) cannot hang the array reduction: the
#    simulator aborts the process after GPUPAR_SIM_HANG_S seconds of a hung collective;
#  - communicators are destroyed at exit (the simulator reports any left);
#  - the caller's current device is unchanged by gpupar calls, and an error it left pending does
#    not fail gpupar's launches (tests/e2e/sim/device_state.c).
# usage: sim_defects.sh GPUPARCC SIM_INCLUDE WORKDIR
set -uo pipefail
gpuparcc=$1 sim_include=$2 work=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
build() { # name source [flags]
  local name=$1 src=$2
  shift 2
  "$gpuparcc" --gpupar-sim -O2 "$@" "$src" -o "$name" -lm 2>"$name.build.log" ||
    fail "$name did not build: $(cat "$name.build.log")"
}
build saxpy "$root/examples/saxpy/saxpy.c"
build region "$root/tests/e2e/programs/region.c"
build histogram "$root/examples/histogram/histogram.c"
build device_state "$root/tests/e2e/sim/device_state.c" -I"$sim_include"

run() { # tag faults program [args]: runs on 3 simulated GPUs, output in TAG.out/TAG.err
  local tag=$1 faults=$2
  shift 2
  GPUPAR_DEVICES=cuda GPUPAR_SIM_GPUS=3 GPUPAR_FORCE=gpu GPUPAR_LOG=warn GPUPAR_SIM_HANG_S=20 \
    GPUPAR_SIM_FAULT=$faults GPUPAR_TRACE=$tag.trace.json timeout 120 "$@" >"$tag.out" 2>"$tag.err"
  local rc=$?
  cat "$tag.err" >&2
  [ $rc = 0 ] || fail "$tag: exit status $rc: $(tail -n2 "$tag.err")"
  if grep -q "not destroyed at exit" "$tag.err"; then fail "$tag: NCCL communicators left at exit"; fi
}
count() { grep -c "$1" "$2"; }

run sticky kernel@1 ./saxpy
[ "$(count 'device lost' sticky.err)" = 1 ] && grep -q 'cuda:1: device lost' sticky.err ||
  fail "sticky: cuda:1 and only cuda:1 must be lost"

run noimage noimage@2 ./region
[ "$(count 'has no kernel image for this loop' noimage.err)" = 1 ] ||
  fail "noimage: one 'no kernel image' warning expected"
python3 - noimage.trace.json <<'PY' || fail "noimage: a chunk ran on cuda:2"
import json, sys
events = json.load(open(sys.argv[1]))
events = events["traceEvents"] if isinstance(events, dict) else events
ran = [e for e in events if e.get("cat") == "chunk" and e.get("args", {}).get("device") == "cuda:2"]
sys.exit(1 if ran else 0)
PY

run nccl ncclerror@1 ./histogram 320 240

run device_state "" ./device_state
if grep -q "warning" device_state.err; then fail "device_state: a pending error failed a launch"; fi
echo "sim defects ok"
