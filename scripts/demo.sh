#!/usr/bin/env bash
# The gpupar demo: set up, build, compile examples/saxpy with gpuparcc, and run it on three
# emulated devices (and on the GPUs when there are any), showing which device ran which chunk.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build setup=1
while (($#)); do
  case $1 in
  --no-setup) setup=0 ;;
  --build-dir) build=$2; shift ;;
  *) echo "usage: demo.sh [--no-setup] [--build-dir DIR]" >&2; exit 2 ;;
  esac
  shift
done
if ((setup)); then
  "$root/scripts/setup.sh"
  GPUPAR_BUILD_DIR=$build "$root/scripts/build.sh"
fi
bin=$build/bin
work=$build/demo
mkdir -p "$work"

echo "== gpupar-info"
"$bin/gpupar-info"
echo
echo "== gpuparcc --gpupar-remarks examples/saxpy/saxpy.c -o $work/saxpy"
"$bin/gpuparcc" -O2 --gpupar-remarks --gpupar-keep "$root/examples/saxpy/saxpy.c" -o "$work/saxpy" -lm
echo "   generated: $work/saxpy.gpupar.c (host), $work/saxpy.gpupar.cu (kernels)"
echo
echo "== GPUPAR_DEVICES=emu:3 GPUPAR_LOG=info GPUPAR_TRACE=$work/trace.json ./saxpy"
GPUPAR_DEVICES=emu:3 GPUPAR_LOG=info GPUPAR_TRACE=$work/trace.json "$work/saxpy"
"$bin/gpupar-trace" "$work/trace.json"
echo
echo "== ./saxpy (GPUPAR_DEVICES=auto: the GPUs when usable, else the CPU)"
GPUPAR_LOG=info GPUPAR_TRACE=$work/trace-auto.json "$work/saxpy"
"$bin/gpupar-trace" "$work/trace-auto.json"
