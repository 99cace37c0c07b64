#!/usr/bin/env bash
# Runs the gpupar fuzzer: N generated programs (genloops.py) and N/4 Csmith programs (when csmith
# is installed), starting at SEED. See tests/fuzz/README.md.
# usage: tests/fuzz/run.sh N [SEED] [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
n=${1:-50} seed=${2:-$RANDOM} build=${3:-$here/../../build}
csmith=0
command -v csmith >/dev/null && csmith=$(((n + 3) / 4))
echo "fuzz: $n generated + $csmith Csmith programs from seed $seed"
exec python3 "$here/fuzz.py" --gpuparcc "$build/bin/gpuparcc" --count "$n" --seed "$seed" \
  --csmith "$csmith" --workdir "${FUZZ_WORKDIR:-$build/fuzz-work}"
