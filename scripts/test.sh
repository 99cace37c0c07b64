#!/usr/bin/env bash
# Sets up, builds and runs every gpupar test (unit, lit, end-to-end) through ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GPUPAR_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh"
GPUPAR_BUILD_DIR=$build "$root/scripts/build.sh" -DGPUPAR_WERROR=ON
cd "$build"
ctest --output-on-failure -j "$(nproc)"

# Sanitizer passes: AddressSanitizer + UndefinedBehaviorSanitizer over the unit and end-to-end
# tests (the programs link the sanitized libgpupar; the plugin of the main build is reused), and
# ThreadSanitizer over the unit tests (the threaded stress test among them). The CUDA simulator
# suites (names with "sim") run in the main pass only: its fibers switch stacks under the
# sanitizers' feet.
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
sanitized() { # NAME SANITIZERS TEST-REGEX CMAKE-ARGS...
  local b="$root/build-$1" sanitize=$2 tests=$3
  shift 3
  cmake -S "$root" -B "$b" -G Ninja "-DGPUPAR_SANITIZE=$sanitize" "$@" >/dev/null
  cmake --build "$b" -j "$(nproc)"
  (cd "$b" && ctest --output-on-failure -j "$(nproc)" -R "$tests" -E sim)
}
sanitized asan "address;undefined" "unit|e2e" "-DGPUPAR_EXTERNAL_PLUGIN=$build/plugin/gpupar.so"
sanitized tsan thread unit -DGPUPAR_RUNTIME_ONLY=ON
