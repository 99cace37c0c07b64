#!/usr/bin/env bash
# Sets up, builds and runs every gpupar test (unit, lit, end-to-end) through ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GPUPAR_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh"
GPUPAR_BUILD_DIR=$build "$root/scripts/build.sh" -DGPUPAR_WERROR=ON
cd "$build"
ctest --output-on-failure -j "$(nproc)"
