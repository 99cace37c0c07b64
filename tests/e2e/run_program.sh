#!/usr/bin/env bash
# Runs a program built by build_program.sh under one GPUPAR_DEVICES value and checks that
#  - it exits 0 and prints exactly what the serial build prints,
#  - its trace shows every call's chunks covering the iteration range exactly once, on the
#    expected devices.
# usage: run_program.sh OUTDIR DEVICES [EXPECT] -- [program args]
#   EXPECT: "offload" (default: every loop call runs on the devices) or "any" (host fallback
#   allowed). Exits 77 (skipped) for DEVICES=cuda when no GPU is usable.
# DEVICES=cuda runs with GPUPAR_FORCE=gpu (unless set): the cost model would keep these small
# calls on the host threads, and the test is there to run the GPU path.
# With GPUPAR_SIM_GPUS=N set (a program built for the CUDA simulator), DEVICES=cuda runs on the
# N simulated GPUs, its output must equal the serial one and its chunks lie on cuda:0..N-1.
set -uo pipefail
out=$1 devices=$2
expect=${3:-offload}
shift 3 2>/dev/null || shift $#
[ "${1:-}" = "--" ] && shift
here=$(cd "$(dirname "$0")" && pwd)
tag=${devices//[:,]/_}${E2E_TAG:+.$E2E_TAG} # E2E_TAG: a variant run (other GPUPAR_* settings)
trace="$out/trace.$tag.json"
rm -f "$trace"
if [ "$devices" = cuda ]; then
  export GPUPAR_FORCE=${GPUPAR_FORCE:-gpu}
fi

"$out/serial" "$@" >"$out/serial.$tag.out" || { echo "serial build failed"; exit 1; }
GPUPAR_DEVICES=$devices GPUPAR_TRACE=$trace GPUPAR_LOG=${GPUPAR_LOG:-warn} \
  "$out/gpupar" "$@" >"$out/gpupar.$tag.out" 2>"$out/gpupar.$tag.err"
rc=$?
cat "$out/gpupar.$tag.err" >&2
if [ "$devices" = cuda ] && [ $rc -eq 2 ] && grep -q GPUPAR_DEVICES "$out/gpupar.$tag.err"; then
  echo "no usable GPU: skipped"
  exit 77
fi
[ $rc -eq 0 ] || { echo "FAIL: exit status $rc under GPUPAR_DEVICES=$devices"; exit 1; }
trace_devices=$devices
if [ "$devices" = cuda ] && [ -n "${GPUPAR_SIM_GPUS:-}" ]; then
  trace_devices=cuda:$(seq -s, 0 $((GPUPAR_SIM_GPUS - 1)))
  if ! diff -u "$out/serial.$tag.out" "$out/gpupar.$tag.out"; then
    echo "FAIL: output differs from the serial build on $GPUPAR_SIM_GPUS simulated GPUs"
    exit 1
  fi
elif [ "$devices" = cuda ]; then
  # Devices may contract a*b+c into one rounding: the program's own check is the judge.
  echo "ok (self-checked on cuda)"
else
  if ! diff -u "$out/serial.$tag.out" "$out/gpupar.$tag.out"; then
    echo "FAIL: output differs from the serial build under GPUPAR_DEVICES=$devices"
    exit 1
  fi
fi
python3 "$here/check_trace.py" "$trace" --devices "$trace_devices" --expect "$expect"
