#!/usr/bin/env bash
# Builds one C program twice: with gpuparcc (offloaded) and with plain cc (serial reference).
# usage: build_program.sh GPUPARCC SOURCE OUTDIR [split|whole] [sim]
#   split: compile with -c and link separately, as Makefiles do.
#   sim: build for the CUDA simulator (gpuparcc --gpupar-sim; run with GPUPAR_DEVICES=cuda).
set -euo pipefail
gpuparcc=$1 src=$2 out=$3 mode=${4:-} target=${5:-}
mkdir -p "$out"
sim=()
[ "$target" = sim ] && sim=(--gpupar-sim)
cc=${CC:-cc}
"$cc" -O2 -o "$out/serial" "$src" -lm
if [ "$mode" = split ]; then
  "$gpuparcc" "${sim[@]}" -O2 -Wall -c "$src" -o "$out/prog.o"
  "$gpuparcc" "${sim[@]}" -O2 "$out/prog.o" -o "$out/gpupar" -lm
else
  "$gpuparcc" "${sim[@]}" -O2 -Wall --gpupar-keep "$src" -o "$out/gpupar" -lm
fi
echo "built $out/gpupar and $out/serial"
