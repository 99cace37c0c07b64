#!/usr/bin/env bash
# The data path's counters per call (bench/datapath.c: saxpy) on emu:2 and on the CUDA simulator
# with 2 GPUs, and on a real GPU when one is usable; writes $out/datapath.md.
#   bench/datapath.sh [--check] [--check-memcpy] [--build DIR] [N] [CALLS]
# --check, --check-memcpy: fail unless the last calls meet the targets (bench/datapath.c,
# docs/performance.md "Counters"). Counters only: times on emu and the simulator mean nothing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GPUPAR_BUILD_DIR:-$root/build}
check=()
args=()
while (($#)); do
  case $1 in
  --check) check+=(--check) ;;
  --check-memcpy) check+=(--check-memcpy) ;;
  --build) build=$2; shift ;;
  *) args+=("$1") ;;
  esac
  shift
done
n=${args[0]:-8000000}
calls=${args[1]:-3}
out=$build/bench/datapath
mkdir -p "$out"
gpuparcc=$build/bin/gpuparcc
[ -x "$gpuparcc" ] || { echo "datapath: build gpupar first" >&2; exit 2; }
"$gpuparcc" -O2 -I"$root/bench" -I"$build/include" "$root/bench/datapath.c" -o "$out/datapath" -lm
sim=0
if "$gpuparcc" --gpupar-sim -O2 -I"$root/bench" -I"$build/include" "$root/bench/datapath.c" -o "$out/datapath.sim" \
  -lm 2>"$out/build.sim.err"; then
  sim=1
else
  echo "datapath: no simulator build ($(tail -1 "$out/build.sim.err"))" >&2
fi
md=$out/datapath.md
{
  echo "# gpupar data path: saxpy n=$n, $calls calls, counters per call"
  echo
} >"$md"
status=0
run() { # label, env..., program
  local label=$1
  shift
  echo "## $label" >>"$md"
  echo >>"$md"
  echo '```' >>"$md"
  if env GPUPAR_LOG=warn GPUPAR_TRACE= "$@" "$n" "$calls" "${check[@]}" >>"$md" 2>"$out/err"; then
    :
  else
    status=1
    echo "datapath: $label failed:" >&2
    cat "$out/err" >&2
  fi
  cat "$out/err" >>"$md"
  echo '```' >>"$md"
  echo >>"$md"
}
run "emu:2" GPUPAR_DEVICES=emu:2 GPUPAR_FORCE=gpu "$out/datapath"
((sim)) && run "simulator, 2 GPUs" GPUPAR_DEVICES=cuda GPUPAR_SIM_GPUS=2 GPUPAR_FORCE=gpu \
  "$out/datapath.sim"
if [ -x /usr/local/cuda/bin/nvcc ] && GPUPAR_DEVICES=cuda "$out/datapath" 1000 1 >/dev/null 2>&1 &&
  [ "$(GPUPAR_DEVICES=cuda GPUPAR_LOG=info "$out/datapath" 1000 1 2>&1 | grep -c 'cuda:')" -gt 0 ]; then
  run "GPU" GPUPAR_DEVICES=cuda "$out/datapath"
fi
cat "$md"
exit $status
