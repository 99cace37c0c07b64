# Sourced by the e2e scripts that check how a program ends (asserts.sh, nulltests.sh).
# expect_run WHAT RC PATTERN LOG COMMAND...: runs COMMAND with its output dropped and its stderr
# in LOG; unless it exits with status RC and LOG has a line matching PATTERN (grep's basic
# syntax), says so, shows LOG and sets fail=1.
expect_run() {
  local what=$1 want=$2 pattern=$3 log=$4 rc
  shift 4
  "$@" >/dev/null 2>"$log"
  rc=$?
  if [ "$rc" != "$want" ] || ! grep -q -- "$pattern" "$log"; then
    echo "FAIL: $what: exit status $rc, expected $want and a line matching: $pattern"
    cat "$log"
    fail=1
  fi
}
