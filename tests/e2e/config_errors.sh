#!/usr/bin/env bash
# A malformed GPUPAR_* value must stop the program with exit status 2 and one message naming
# the variable and the value, before any loop runs.
set -uo pipefail
prog=$1
fail=0
check() { # VAR VALUE
  local err rc
  err=$(env "$1=$2" "$prog" 2>&1 >/dev/null)
  rc=$?
  if [ $rc -ne 2 ] || ! grep -q "$1" <<<"$err" || ! grep -qF "$2" <<<"$err"; then
    echo "FAIL: $1='$2': exit $rc, stderr: $err"
    fail=1
  else
    echo "ok: $1='$2' -> $(head -n1 <<<"$err")"
  fi
}
for v in bogus emu:0 emu:65 emu:x cuda: cuda:1,1 cuda:-1 "emu:3,cpu"; do
  check GPUPAR_DEVICES "$v"
done
check GPUPAR_LOG loud
exit $fail
