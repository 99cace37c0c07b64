#!/usr/bin/env bash
# Builds one C program twice: with gpuparcc (offloaded) and with plain cc (serial reference).
# usage: build_program.sh GPUPARCC SOURCE OUTDIR [split]
#   split: compile with -c and link separately, as Makefiles do.
set -euo pipefail
gpuparcc=$1 src=$2 out=$3 mode=${4:-}
mkdir -p "$out"
cc=${CC:-cc}
"$cc" -O2 -o "$out/serial" "$src" -lm
if [ "$mode" = split ]; then
  "$gpuparcc" -O2 -Wall -c "$src" -o "$out/prog.o"
  "$gpuparcc" -O2 "$out/prog.o" -o "$out/gpupar" -lm
else
  "$gpuparcc" -O2 -Wall --gpupar-keep "$src" -o "$out/gpupar" -lm
fi
echo "built $out/gpupar and $out/serial"
