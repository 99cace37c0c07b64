#!/usr/bin/env bash
# Where each loop of programs/heapextent.c ran (its own check compares every element): the loops
# reading allocated blocks on the 3 emulated devices; the lookup through a local and a global
# table on the host, with the info line naming the pointer, and through an allocated table on
# the devices; the histogram on the devices, and serially where its keys lie in its bins' block.
# usage: heapextent.sh OUTDIR (built by build_program.sh)
set -uo pipefail
out=$1
log=$out/heapextent.info.log
. "$(dirname "$0")/log_expect.sh"
run_logged "$log" "" "$out/gpupar"
expect "$log" 1 'heapextent\.c:18: 3 devices' "spmv on the devices"
expect "$log" 1 'heapextent\.c:29: 3 devices' "gather through a pointer into a block on the devices"
expect "$log" 1 'heapextent\.c:36: 3 devices' "lookup in the allocated table on the devices"
expect "$log" 1 'heapextent\.c:51: 3 devices' "gather through pointer members on the devices"
expect "$log" 1 'heapextent\.c:67: 3 devices' "histogram over an allocated block on the devices"
# Two tables outside the heap, each looked up by the parallel and the serial call.
expect "$log" 4 "heapextent\.c:36: 'table' \(0x[0-9a-f]+\) points into no block" "local and global tables"
expect "$log" 4 'points into no block' "pointers not found"
# Bins and keys in one block: the runtime keeps that call on the host (the program compares it
# with the serial call).
run_logged "$log" " with bins and keys in one block" "$out/gpupar" alias
expect "$log" 1 'heapextent\.c:67: 3 devices' "the other histogram on the devices"
expect "$log" 1 "heapextent\.c:67: runs on the host: 'h' lies in the elements of 'keys' the loop touches" \
  "bins and keys in one block"
[ $fail = 0 ] || { cat "$log"; exit 1; }
echo "ok"
