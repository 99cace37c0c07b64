#!/usr/bin/env bash
# A run of a program built for the CUDA simulator under other settings (faults, P2P, reduction
# path, no GPU): run_program.sh checks that the output equals the serial build's and that the
# trace covers every iteration once; then each PATTERN must match the run's stderr or trace
# (grep -E), and each !PATTERN must match neither: the line that shows which path was taken.
# Any simulator error line fails the run unless it matches E2E_SIM_EXPECTED (an injected fault's
# own report).
# usage: E2E_TAG=tag GPUPAR_...=... sim_variant.sh OUTDIR DEVICES EXPECT PATTERN... [-- ARGS]
set -uo pipefail
out=$1 devices=$2 expect=$3
shift 3
patterns=()
while (($#)) && [ "$1" != -- ]; do
  patterns+=("$1")
  shift
done
[ "${1:-}" = -- ] && shift
here=$(cd "$(dirname "$0")" && pwd)
bash "$here/run_program.sh" "$out" "$devices" "$expect" -- "$@" || exit 1
tag=${devices//[:,]/_}${E2E_TAG:+.$E2E_TAG}
files=("$out/gpupar.$tag.err" "$out/trace.$tag.json")
status=0
for p in "${patterns[@]}"; do
  if [ "${p:0:1}" = '!' ]; then
    if grep -qE -- "${p:1}" "${files[@]}"; then
      echo "FAIL: '${p:1}' appears:"; grep -hE -- "${p:1}" "${files[@]}" | head -3; status=1
    fi
  elif ! grep -qE -- "$p" "${files[@]}"; then
    echo "FAIL: no line matches '$p'"; status=1
  fi
done
if grep "gpupar-sim: error" "${files[0]}" | grep -vqE -- "${E2E_SIM_EXPECTED:-^$}"; then
  echo "FAIL: the simulator reports an error:"; grep "gpupar-sim: error" "${files[0]}" | head -3
  status=1
fi
[ $status = 0 ] && echo "variant ok: ${#patterns[@]} patterns"
exit $status
