#!/usr/bin/env bash
# The bandwidth-bound benchmark kernels timed inside a `#pragma gpupar data` region (their third
# argument "resident", bench/kernels/common.h) on emu:3 and on the CUDA simulator with 2 GPUs:
# each program checks its result element by element against its serial computation, and the
# trace must show, for every call, one kernel per device, nothing copied between host and devices,
# and device-to-device copies only of the arrays a loop reads and writes (saxpy's y: docs/runtime.md
# "Data regions"). Counters and results only: times on emu and the simulator mean nothing.
#   bench/resident.sh [--build DIR] [N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GPUPAR_BUILD_DIR:-$root/build}
n=200000
while (($#)); do
  case $1 in
  --build) build=$2; shift ;;
  *) n=$1 ;;
  esac
  shift
done
gpuparcc=$build/bin/gpuparcc
[ -x "$gpuparcc" ] || { echo "resident: build gpupar first" >&2; exit 2; }
out=$build/bench/resident
mkdir -p "$out"
status=0
check() { # label devices trace read-written: one chunk per device per call, no host copy, and
  # device-to-device copies in calls only of the arrays named in read-written (comma-separated)
  python3 - "$@" <<'EOF'
import collections, json, sys
label, devices, path, rw = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4].split(",")
events = [e for e in json.load(open(path))["traceEvents"] if "cat" in e]
chunks = collections.Counter(e["args"]["call"] for e in events if e["cat"] == "chunk")
copies = [e["args"] for e in events if e["cat"] == "copy" and e["args"]["call"] > 0]
host = [c for c in copies if c["direction"] != "d2d"]
d2d = sorted({c["array"] for c in copies if c["direction"] == "d2d" and c["array"] not in rw})
bad = {c: k for c, k in chunks.items() if k != devices}
if not chunks or bad or host or d2d:
    print(f"resident: {label}: chunks per call {dict(chunks)} (want {devices}), "
          f"{len(host)} host copies inside calls, device-to-device copies of {d2d}",
          file=sys.stderr)
    sys.exit(1)
print(f"{label}: {len(chunks)} calls, {devices} chunks each, no host copy")
EOF
}
run() { # label devices read-written program size env...
  local label=$1 devices=$2 rw=$3 prog=$4 size=$5 text
  shift 5
  rm -f "$out/trace.json"
  if ! text=$(env GPUPAR_FORCE=gpu GPUPAR_LOG=warn GPUPAR_TRACE="$out/trace.json" "$@" "$prog" \
    "$size" 3 resident); then
    echo "resident: $label: exit status $? ($text)" >&2
    status=1
  elif ! grep -q '^RESULT.* ok=1' <<<"$text"; then
    echo "resident: $label: $text" >&2
    status=1
  elif ! check "$label" "$devices" "$out/trace.json" "$rw"; then
    status=1
  fi
}
for name in saxpy dot jacobi2d blackscholes; do
  size=$n rw=-
  [ $name = jacobi2d ] && size=300
  [ $name = saxpy ] && rw=y
  src=$root/bench/kernels/$name.c
  "$gpuparcc" -O2 "$src" -o "$out/$name" -lm 2>"$out/$name.err" || {
    cat "$out/$name.err" >&2
    exit 1
  }
  run "$name emu:3" 3 $rw "$out/$name" "$size" GPUPAR_DEVICES=emu:3
  if "$gpuparcc" --gpupar-sim -O2 "$src" -o "$out/$name.sim" -lm 2>"$out/$name.sim.err"; then
    run "$name simulator, 2 GPUs" 2 $rw "$out/$name.sim" "$size" GPUPAR_DEVICES=cuda \
      GPUPAR_SIM_GPUS=2
  else
    echo "resident: no simulator build of $name ($(tail -1 "$out/$name.sim.err"))" >&2
  fi
done
exit $status
