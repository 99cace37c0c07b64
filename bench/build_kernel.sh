#!/usr/bin/env bash
# Builds one benchmark kernel three ways into BINDIR: NAME.serial (cc -O3), NAME.omp (each
# '#pragma gpupar' read as '#pragma omp parallel for', clauses kept, each '#pragma gpupar data'
# dropped; its source in WORKDIR) and NAME.gpupar (gpuparcc -O3; its messages in
# WORKDIR/NAME.gpuparcc.log). Exits 1 when only the gpuparcc build failed. Used by bench/run.sh and bench/gpu/pack.sh.
# usage: build_kernel.sh GPUPARCC SOURCE BINDIR WORKDIR
set -euo pipefail
gpuparcc=$1 src=$2 bin=$3 work=$4
name=$(basename "$src" .c)
cc=${CC:-gcc}
mkdir -p "$bin" "$work"
sed -e '/^[[:space:]]*#pragma gpupar data/d' \
  -e 's/^\([[:space:]]*\)#pragma gpupar/\1#pragma omp parallel for/' "$src" >"$work/$name.omp.c"
cp "$(dirname "$src")/common.h" "$work/"
"$cc" -O3 -o "$bin/$name.serial" "$src" -lm -w
"$cc" -O3 -fopenmp -o "$bin/$name.omp" "$work/$name.omp.c" -lm -w
"$gpuparcc" -O3 -o "$bin/$name.gpupar" "$src" -lm 2>"$work/$name.gpuparcc.log"
