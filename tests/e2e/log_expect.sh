# Sourced by the placement checks (heapextent.sh, flatrt.sh): counts the lines of a run's
# GPUPAR_LOG=info output that say where a loop call ran.
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
