# Sourced by the placement checks (heapextent.sh, flatrt.sh): runs a program on 3 emulated
# devices and counts the lines of its GPUPAR_LOG=info output that say where a loop call ran.
# expect LOG COUNT PATTERN WHAT: LOG must have COUNT lines matching the extended regex PATTERN;
# otherwise says so and sets fail=1.
fail=0
expect() {
  local n
  n=$(grep -cE "$3" "$1")
  if [ "$n" != "$2" ]; then
    echo "FAIL: $4: $n lines match '$3', expected $2"
    fail=1
  fi
}

# run_logged LOG WHAT PROGRAM [ARGS...]: runs PROGRAM with GPUPAR_LOG=info into LOG (forced onto
# the devices); on failure shows LOG and exits, saying the program failed WHAT.
run_logged() {
  local log=$1 what=$2
  shift 2
  GPUPAR_DEVICES=emu:3 GPUPAR_FORCE=gpu GPUPAR_LOG=info GPUPAR_TRACE= "$@" >/dev/null 2>"$log" ||
    { cat "$log"; echo "FAIL: the program failed$what"; exit 1; }
}
