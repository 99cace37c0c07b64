#!/usr/bin/env bash
# A short check on a GPU machine for the kernels a change touched, from the pack that
# bench/gpu/pack.sh built (scripts/gpu-check.sh --prepare): every e2e program on cuda (exit
# status and the program's own element-by-element check, as bench/gpu/check.sh runs them),
# compute-sanitizer memcheck on the named e2e programs, and the named benchmark kernels at the
# given sizes against cuBLAS sgemm (end to end, median of 5 calls) and kernel-only (Nsight
# Compute, gpupar's kernels, one call at the last size).
#   bench/gpu/focus.sh "MEMCHECK-PROGRAMS" "KERNEL:SIZES..."    e.g. "tiled rows" "matmul:1024,2048"
# With the device tool: run(command="bench/gpu/focus.sh tiled matmul:1024,2048,4096",
# carry=["gpu-check.tar.xz"]). Results in $GPUCHECK_DIR (default /tmp/gpucheck).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
pack=$root/gpu-check
[ -d "$pack" ] || tar -C "$root" -xJf "$pack.tar.xz" || exit 2
out=${GPUCHECK_DIR:-/tmp/gpucheck}
mkdir -p "$out"
export LD_LIBRARY_PATH=${CUDA_HOME:-/usr/local/cuda}/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi -L
pass=0 fail=0
for dir in "$pack"/e2e/*/; do
  name=$(basename "$dir")
  if timeout 120 bash "$root/tests/e2e/run_program.sh" "${dir%/}" cuda "$(cat "$dir/expect")" \
    >"$out/e2e.$name.log" 2>&1; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "e2e $name: FAIL ($(tail -1 "$out/e2e.$name.log"))"
  fi
done
echo "e2e on cuda: $pass passed, $fail failed"
for name in ${1:-}; do
  GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu timeout 120 compute-sanitizer --tool memcheck \
    --error-exitcode 9 "$pack/e2e/$name/gpupar" >"$out/memcheck.$name.txt" 2>&1
  echo "memcheck $name: exit status $? $(grep -m1 -E 'ERROR SUMMARY|Invalid' "$out/memcheck.$name.txt")"
done
for spec in ${2:-}; do
  kernel=${spec%%:*} sizes=${spec#*:}
  for n in ${sizes//,/ }; do
    GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu timeout 120 "$pack/bench/$kernel.gpupar" "$n" 5 | grep RESULT
    [ "$kernel" = matmul ] && timeout 60 "$pack/bin/cublas_sgemm" "$n" 5 | grep RESULT
  done
  GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu timeout 120 ncu --clock-control none --csv \
    --metrics "$(python3 "$root/bench/ncu_kernel_time.py" --metrics),launch__registers_per_thread" \
    --kernel-name regex:gpupar "$pack/bench/$kernel.gpupar" "$n" 1 >"$out/ncu.$kernel.csv" 2>&1
  grep -E '^"[0-9]' "$out/ncu.$kernel.csv" | awk -F'","' '{print $5, $(NF-2), $NF}' | sort | uniq -c | head
  python3 "$root/bench/ncu_kernel_time.py" "$out/ncu.$kernel.csv" "$kernel" "$n" 2
done
