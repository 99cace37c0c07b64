#!/usr/bin/env bash
# Line coverage of the CUDA path (backend_cuda.c, reduce_dev.c, nccl_dl.c) under the simulator
# suites: configures BUILD_DIR (default build-coverage) with GPUPAR_SIM_COVERAGE=ON, runs the
# tests whose names match the regex (default: every simulator test) and prints gcov's figures.
# usage: scripts/coverage.sh [BUILD_DIR] [CTEST_REGEX]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-coverage}
mkdir -p "$build" && build=$(cd "$build" && pwd) # absolute: gcov runs from inside it
regex=${2:-'sim'}
export CCACHE_NOHASHDIR=1 CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$root" -B "$build" -G Ninja -DGPUPAR_SIM_COVERAGE=ON "${launcher[@]}" >/dev/null
cmake --build "$build" -j2 >/dev/null
objdir="$build/runtime/CMakeFiles/gpupar_sim.dir"
find "$objdir" -name '*.gcda' -delete
(cd "$build" && ctest -j2 -R "$regex") | grep -E "tests passed|\(Failed|\(Not Run|Timeout|SEGFAULT" || true
# One table: each file's executable lines, those run, and the percentage (gcov -n).
cd "$build"
printf '\n%-34s %6s %9s %9s\n' file lines executed coverage
for f in backends/backend_cuda.c gather/reduce_dev.c gather/nccl_dl.c; do
  o=$objdir/$(dirname "$f")
  gcov -n -o "$o" "$o/$(basename "$f").gcda" 2>/dev/null |
    awk -v f="runtime/$f" -v name="$(basename "$f")" '
      $0 ~ "^File .*" name "\x27" { found = 1; next }
      found && /Lines executed:/ {
        split($0, a, /[:% ]+/) # Lines executed:73.70% of 308
        pct = a[3]; n = a[5]
        printf "%-34s %6d %9d %8.1f%%\n", f, n, int(pct * n / 100 + 0.5), pct
        exit
      }'
done
echo "annotated sources: (cd $build && gcov -t -o $objdir/backends $objdir/backends/backend_cuda.c.gcda); #####: never run"
