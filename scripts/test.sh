#!/usr/bin/env bash
# Sets up, builds and runs every gpupar test (unit, lit, end-to-end) through ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GPUPAR_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh"
GPUPAR_BUILD_DIR=$build "$root/scripts/build.sh" -DGPUPAR_WERROR=ON
cd "$build"
ctest --output-on-failure -j "$(nproc)"
for san in "asan|address;undefined" "tsan|thread"; do b="$root/build-${san%%|*}"; { cmake -S "$root" -B "$b" -G Ninja -DGPUPAR_RUNTIME_ONLY=ON "-DGPUPAR_SANITIZE=${san#*|}" >/dev/null && cmake --build "$b" -j "$(nproc)" && (cd "$b" && UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ctest --output-on-failure -j "$(nproc)" -R unit); } || exit 1; done
