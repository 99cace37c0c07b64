#!/usr/bin/env bash
# A program whose gpupar loops stand in OpenMP `parallel` regions, built with -fopenmp and run
# on 4 threads: on the host threads and on 3 emulated devices, its output must equal the build
# without OpenMP, and its own check (every element against the loops without pragmas) must pass.
# usage: openmp.sh GPUPARCC SOURCE OUTDIR
set -uo pipefail
gpuparcc=$1 src=$2 out=$3
mkdir -p "$out"
"${CC:-cc}" -O2 -o "$out/serial" "$src" || { echo "FAIL: the serial build failed"; exit 1; }
"$gpuparcc" -O2 -fopenmp --gpupar-keep "$src" -o "$out/gpupar" ||
  { echo "FAIL: the -fopenmp build failed"; exit 1; }
"$out/serial" >"$out/serial.out" || { echo "FAIL: the serial build's check failed"; exit 1; }
for devices in cpu emu:3; do
  OMP_NUM_THREADS=4 GPUPAR_DEVICES=$devices GPUPAR_FORCE=gpu "$out/gpupar" >"$out/$devices.out" ||
    { echo "FAIL: exit status $? on 4 threads under GPUPAR_DEVICES=$devices"; exit 1; }
  diff -u "$out/serial.out" "$out/$devices.out" ||
    { echo "FAIL: output differs from the serial build under GPUPAR_DEVICES=$devices"; exit 1; }
done
echo "ok"
