#!/usr/bin/env bash
# programs/fatalpath.c with a check that fails (arguments 1 to 4): on every backend the program
# prints what its serial build prints (stdout, and stderr without gpupar's own lines) and leaves
# with the same status; on 3 emulated devices each failing call is logged as run serially.
# Without a check that fails, where each loop ran (its own check compares every element).
# usage: fatalpath.sh OUTDIR [sim] (built by build_program.sh; with `sim`, the build for the
# CUDA simulator in OUTDIR/sim on 1 and 3 GPUs instead)
set -uo pipefail
out=$1 target=${2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
run() { # run NAME ENV... -- PROGRAM MODE: runs one build, compares with the serial run
  local name=$1
  shift
  local envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  env "${envs[@]}" "$@" >"$tmp/got.out" 2>"$tmp/got.err"
  local rc=$?
  grep -v '^gpupar' "$tmp/got.err" >"$tmp/got.prog.err"
  if [ $rc != "$want_rc" ] || ! cmp -s "$tmp/got.out" "$tmp/want.out" ||
    ! cmp -s "$tmp/got.prog.err" "$tmp/want.err"; then
    echo "FAIL: mode $mode on $name: status $rc (serial $want_rc); outputs:"
    diff "$tmp/want.out" "$tmp/got.out"
    diff "$tmp/want.err" "$tmp/got.prog.err"
    cat "$tmp/got.err"
    fail=1
  fi
}
if [ "$target" != sim ]; then
  GPUPAR_DEVICES=emu:3 GPUPAR_FORCE=gpu GPUPAR_LOG=info "$out/gpupar" >/dev/null 2>"$tmp/info.log"
  for line in 31 37 50 63; do
    if ! grep -qE "fatalpath\.c:$line: [1-3] devices? \(" "$tmp/info.log"; then
      echo "FAIL: the loop at line $line did not run on the devices"
      fail=1
    fi
  done
  if ! grep -q 'fatalpath\.c:66: stays on cpu: it may reach a call to exit or abort while a data region is open' "$tmp/info.log"; then
    echo "FAIL: the check in a data region did not stay on the host threads"
    fail=1
  fi
  [ $fail = 0 ] || cat "$tmp/info.log"
fi
for mode in 1 2 3 4; do
  "$out/serial" $mode >"$tmp/want.out" 2>"$tmp/want.err"
  want_rc=$?
  if [ $want_rc = 0 ]; then
    echo "FAIL: mode $mode: the serial build did not stop"
    fail=1
  fi
  if [ "$target" = sim ]; then
    for gpus in 1 3; do
      run "sim$gpus" GPUPAR_DEVICES=cuda GPUPAR_SIM_GPUS=$gpus GPUPAR_FORCE=gpu -- \
        "$out/sim/gpupar" $mode
    done
    continue
  fi
  for devices in cpu emu:1 emu:3; do
    run "$devices" GPUPAR_DEVICES=$devices GPUPAR_FORCE=gpu -- "$out/gpupar" $mode
  done
  # Where the failing call ran: offloaded, then stopped and run serially.
  GPUPAR_DEVICES=emu:3 GPUPAR_FORCE=gpu GPUPAR_LOG=info "$out/gpupar" $mode >/dev/null \
    2>"$tmp/info.log"
  n=$(grep -c 'runs on the host: an iteration reached a call to exit or abort' "$tmp/info.log")
  if [ "$n" != 1 ]; then
    echo "FAIL: mode $mode: $n calls logged as stopped at a fatal path, expected 1"
    cat "$tmp/info.log"
    fail=1
  fi
done
[ $fail = 0 ] && echo ok
exit $fail
