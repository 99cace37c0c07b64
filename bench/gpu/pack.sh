#!/usr/bin/env bash
# Builds, on a machine with clang-19 and nvcc but no GPU, everything bench/gpu/check.sh runs on a
# GPU machine that has no clang-19: the e2e and tests/realcode programs (gpuparcc and serial
# builds), the benchmark kernels (serial, OpenMP, gpuparcc), the data-path program, gpupar-info
# and the two CUDA helpers (bandwidth floors, cuBLAS). The binaries are self-contained (static
# CUDA runtime); kernels are built for one architecture only (GPUPAR_CUDA_ARCH, default sm_90:
# the lent H100/H200) to keep the pack small.
#   bench/gpu/pack.sh [PACKDIR]      (default: gpu-check/ in the repository root; also PACKDIR.tar.xz)
# (scripts/gpu-check.sh --prepare)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GPUPAR_BUILD_DIR:-$root/build}
pack=${1:-$root/gpu-check}
gpuparcc=$build/bin/gpuparcc
nvcc=${NVCC:-${CUDA_HOME:-/usr/local/cuda}/bin/nvcc}
[ -x "$gpuparcc" ] || { echo "pack: build gpupar first" >&2; exit 2; }
export GPUPAR_CUDA_ARCH=${GPUPAR_CUDA_ARCH:--gencode arch=compute_90,code=sm_90}
cc=${CC:-gcc}
rm -rf "$pack"
mkdir -p "$pack/e2e" "$pack/realcode" "$pack/bench" "$pack/bin"
log() { echo "pack: $*" >&2; }

# e2e programs, read from the list in tests/e2e/CMakeLists.txt: NAME|SOURCE|MODE|EXPECT.
awk '/^set\(E2E_PROGRAMS/ {on = 1} on && /"/ {print} on && /\)$/ {exit}' "$root/tests/e2e/CMakeLists.txt" |
  sed -e 's/^[^"]*"//' -e 's/".*$//' -e "s|\${CMAKE_SOURCE_DIR}|$root|" -e "s|\${E2E_SRC}|$root/tests/e2e|" |
  while IFS='|' read -r name src mode expect; do
    log "e2e $name"
    bash "$root/tests/e2e/build_program.sh" "$gpuparcc" "$src" "$pack/e2e/$name" "$mode" >/dev/null
    echo "$expect" >"$pack/e2e/$name/expect"
    rm -f "$pack/e2e/$name"/*.gpupar.* "$pack/e2e/$name"/prog.o
  done

# tests/realcode programs, as tests/realcode/run.sh builds them.
for src in "$root"/tests/realcode/*.c; do
  log "realcode $(basename "$src" .c)"
  bash "$root/tests/realcode/build.sh" "$gpuparcc" "$src" "$pack/realcode/$(basename "$src" .c)" >/dev/null
  rm -f "$pack/realcode/$(basename "$src" .c)/build.err"
done

# Benchmark kernels, as bench/run.sh builds them.
for src in "$root"/bench/kernels/*.c; do
  log "bench $(basename "$src" .c)"
  CC=$cc bash "$root/bench/build_kernel.sh" "$gpuparcc" "$src" "$pack/bench" "$pack/src"
done
rm -rf "$pack/src"
"$gpuparcc" -O2 -I"$root/bench" -I"$build/include" "$root/bench/datapath.c" -o "$pack/bench/datapath" -lm
# Arrays freed and mapped again between calls (tests/e2e/sim_freed.sh), with the library's memory
# hooks and with the program's own munmap, which they cannot see.
for variant in "freed" "freed_own -DOWN_MUNMAP"; do
  set -- $variant
  "$gpuparcc" -O2 -I"$build/include" ${2:-} "$root/tests/e2e/freed/freed.c" -o "$pack/bin/$1"
done

cp "$build/bin/gpupar-info" "$pack/bin/"
"$nvcc" -O2 -std=c++17 $GPUPAR_CUDA_ARCH -o "$pack/bin/bandwidth" "$root/bench/gpu/bandwidth.cu"
"$nvcc" -O2 -std=c++17 $GPUPAR_CUDA_ARCH -o "$pack/bin/cublas_sgemm" "$root/bench/gpu/cublas_sgemm.cu" \
  -lcublas
"$nvcc" -O2 -std=c++17 $GPUPAR_CUDA_ARCH -o "$pack/bin/hostcopy" "$root/bench/gpu/hostcopy.cu"
"$nvcc" -O2 -std=c++17 $GPUPAR_CUDA_ARCH -o "$pack/bin/rowcopy" "$root/bench/gpu/rowcopy.cu"
# Stripped and compressed (the static CUDA runtime in every program compresses well): the device
# tool carries at most 64 MiB.
find "$pack" -type f -perm -u+x -exec strip {} +
tar -C "$(dirname "$pack")" -cJf "$pack.tar.xz" "$(basename "$pack")"
ls -l "$pack.tar.xz" >&2
