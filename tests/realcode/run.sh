#!/usr/bin/env bash
# Builds one tests/realcode program with gpuparcc (pragmas on: -DOPEN, plus the program's own
# "FLAGS:" line) and with plain cc (serial reference, pragmas ignored), runs it under cpu,
# emu:1 and emu:3, compares each output with the serial one, and reports how many of its
# '#pragma gpupar' loops were offloaded ("realcode NAME: offloaded K of N pragma loops"); a
# program with an "OFFLOADS: K" comment line fails unless at least K of them were.
# usage: run.sh GPUPARCC SOURCE OUTDIR
set -uo pipefail
gpuparcc=$1 src=$2 out=$3
name=$(basename "$src" .c)
fail() { echo "FAIL: $name: $*"; exit 1; }
mkdir -p "$out" && rm -f "$out"/*
bash "$(dirname "$0")/build.sh" "$gpuparcc" "$src" "$out" || exit 1
pragmas=$(grep -cE '^[[:space:]]*#[[:space:]]*pragma[[:space:]]+gpupar' "$src")
offloaded=$(grep -c "remark: loop offloaded" "$out/build.err")
"$out/serial" >"$out/serial.out" || fail "serial build fails its own check"
for devices in cpu emu:1 emu:3; do
  GPUPAR_DEVICES=$devices GPUPAR_LOG=warn "$out/gpupar" >"$out/$devices.out" 2>"$out/$devices.err" ||
    { cat "$out/$devices.err"; fail "exit status $? under $devices"; }
  diff -u "$out/serial.out" "$out/$devices.out" || fail "output differs under $devices"
done
echo "realcode $name: offloaded $offloaded of $pragmas pragma loops"
# An "OFFLOADS: K" line: at least K loops must be offloaded (a feature the program stands for).
want=$(sed -n 's|^/\* OFFLOADS: \([0-9]*\) \*/$|\1|p' "$src" | head -n1)
[ -z "$want" ] || [ "$offloaded" -ge "$want" ] || { cat "$out/build.err"; fail "expected $want offloaded loops"; }
