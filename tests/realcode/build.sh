#!/usr/bin/env bash
# Builds one tests/realcode program twice: with gpuparcc (pragmas on: -DOPEN, plus the program's
# own "FLAGS:" line; remarks in OUTDIR/build.err) and with plain cc (the serial reference,
# pragmas ignored, -fopenmp dropped). Used by run.sh and by bench/gpu/pack.sh.
# usage: build.sh GPUPARCC SOURCE OUTDIR
set -uo pipefail
gpuparcc=$1 src=$2 out=$3
name=$(basename "$src" .c)
mkdir -p "$out"
read -r -a flags <<<"$(sed -n 's|^/\* FLAGS: \(.*\) \*/$|\1|p' "$src" | head -n1)"
serial_flags=()
for f in "${flags[@]}"; do [ "$f" = -fopenmp ] || serial_flags+=("$f"); done
${CC:-cc} -O2 -w "${serial_flags[@]}" "$src" -o "$out/serial" -lm ||
  { echo "FAIL: $name: serial build failed"; exit 1; }
"$gpuparcc" -O2 -DOPEN "${flags[@]}" --gpupar-remarks "$src" -o "$out/gpupar" -lm \
  2>"$out/build.err" || { cat "$out/build.err"; echo "FAIL: $name: gpuparcc build failed"; exit 1; }
