#!/usr/bin/env bash
# The generated .cu files compile under clang's CUDA mode too: the device pass must not see host
# data (clang makes a const global __constant__; the loop descriptor holds host function
# addresses, which ptxas rejects). Compiles each file's device side to PTX with clang-19 (a
# minimal runtime header stands in for CUDA 13's, which clang 19 cannot read), checks that the
# PTX names no host entry point or descriptor, and assembles it with ptxas when present.
# usage: GPUPAR_INCLUDE_DIR=BUILD/include clang_cuda.sh FILE.gpupar.cu...
# (the build tree's include dir holds the generated gpupar/version.h)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
include_dir=${GPUPAR_INCLUDE_DIR:-$root/include}
clang=${CLANG:-clang-19}
ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
command -v "$clang" >/dev/null || { echo "no $clang: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for cu in "$@"; do
  name=$(basename "$cu" .cu)
  if ! "$clang" -x cuda -S --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib \
    -std=c++17 -O1 -Wno-unknown-cuda-version -D__CUDACC__ -include "$here/clang_cuda/cuda_runtime.h" \
    -I"$here/clang_cuda" -I"$include_dir" \
    "$cu" -o "$tmp/$name.ptx" 2>"$tmp/err"; then
    echo "FAIL: $cu: clang CUDA device pass:"; cat "$tmp/err"; status=1; continue
  fi
  if grep -E "gpupar_host_|gpupar_loop_|gpupar_arrays_|gpupar_terms_" "$tmp/$name.ptx"; then
    echo "FAIL: $cu: host data or host functions in the device code"; status=1; continue
  fi
  if [ -x "$ptxas" ] && ! "$ptxas" -arch=sm_80 "$tmp/$name.ptx" -o "$tmp/$name.cubin"; then
    echo "FAIL: $cu: ptxas rejects clang's PTX"; status=1; continue
  fi
  echo "ok: $cu"
done
exit $status
