#!/usr/bin/env bash
# One command for each side of a check on a GPU machine (docs/performance.md, "Checking on a
# GPU"). The GPU machine has nvcc but no clang-19, so everything is built here and carried:
#
#   scripts/gpu-check.sh --prepare [DIR]   here (a build of gpupar, nvcc): builds every e2e and
#       tests/realcode program (gpuparcc and serial), the benchmark kernels (serial, OpenMP,
#       gpuparcc), the data-path program, gpupar-info and the CUDA helpers into DIR (default
#       gpu-check/, ignored by git), for sm_90 (GPUPAR_CUDA_ARCH overrides), and packs them
#       into DIR.tar.xz (about 2.5 MB: the device tool carries at most 64 MiB)
#   scripts/gpu-check.sh --run [DIR] [--quick]   there, in the repository root with DIR.tar.xz
#       (or DIR) carried: the e2e programs on GPUPAR_DEVICES=cuda (tests/e2e/run_program.sh),
#       compute-sanitizer memcheck on four of them, the realcode programs against their serial
#       builds, the benchmarks (serial, OpenMP on every core, gpupar on cpu, cuda and auto,
#       cuBLAS), the bandwidth floors, the data path's counters and kernel-only times (ncu).
#       Logs and results.md in $GPUCHECK_DIR (default /tmp/gpucheck); prints a summary.
#
# With the device tool: run(command="scripts/gpu-check.sh --run; tar -C /tmp -czf
# $OUT/gpucheck.tgz gpucheck", carry=["gpu-check.tar.xz"]); about 5 minutes on an H100.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-}
[ $# -gt 0 ] && shift
case $mode in
--prepare) exec bash "$root/bench/gpu/pack.sh" "${1:-$root/gpu-check}" ;;
--run) exec bash "$root/bench/gpu/check.sh" "$@" ;;
-h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' ;;
*) echo "gpu-check: say --prepare or --run (see --help)" >&2; exit 2 ;;
esac
