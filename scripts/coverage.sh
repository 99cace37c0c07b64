#!/usr/bin/env bash
# Line coverage of the CUDA path (backend_cuda.c, reduce_dev.c, nccl_dl.c) under the simulator
# suites: configures BUILD_DIR (default build-coverage) with GPUPAR_SIM_COVERAGE=ON, runs the
# tests whose names match the regex (default: every simulator test) and prints gcov's figures.
# usage: scripts/coverage.sh [BUILD_DIR] [CTEST_REGEX]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-coverage}
regex=${2:-'sim'}
export CCACHE_NOHASHDIR=1 CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$root" -B "$build" -G Ninja -DGPUPAR_SIM_COVERAGE=ON "${launcher[@]}" >/dev/null
cmake --build "$build" -j2 >/dev/null
objdir="$build/runtime/CMakeFiles/gpupar_sim.dir"
find "$objdir" -name '*.gcda' -delete
(cd "$build" && ctest -j2 -R "$regex") | grep -E "tests passed|\(Failed|\(Not Run|Timeout|SEGFAULT" || true
cd "$objdir"
for f in backends/backend_cuda.c gather/reduce_dev.c gather/nccl_dl.c; do
  gcov -n "$f.gcda" 2>/dev/null | grep -A1 "File.*$(basename "$f")'" | tail -1 | sed "s|^|$f: |"
done
echo "annotated sources: (cd $objdir && gcov -k backends/backend_cuda.c.gcda ...), #####: never run"
