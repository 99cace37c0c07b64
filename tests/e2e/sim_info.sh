#!/usr/bin/env bash
# gpupar-info on 3 simulated GPUs: the devices, the peer-access matrix as the simulator sets it
# (GPUPAR_SIM_P2P=1: every pair, 0: none) and the NCCL version found through nccl_dl.c.
# usage: sim_info.sh GPUPARCC INCLUDE_DIR WORKDIR
set -uo pipefail
gpuparcc=$1 include=$2 work=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
"$gpuparcc" --gpupar-sim -O2 -I"$include" "$root/tools/gpupar-info.c" -o info || { echo "FAIL: no build"; exit 1; }
status=0
for p2p in 1 0; do
  GPUPAR_DEVICES=cuda GPUPAR_SIM_GPUS=3 GPUPAR_SIM_P2P=$p2p ./info >info.$p2p.out 2>&1 ||
    { echo "FAIL: exit status $? with GPUPAR_SIM_P2P=$p2p"; status=1; }
  cat info.$p2p.out
  if [ $p2p = 1 ]; then row1='  1  yes yes yes'; else row1='  1   no yes  no'; fi
  grep -qx -- "  $row1" info.$p2p.out || { echo "FAIL: P2P=$p2p: no row '$row1'"; status=1; }
  grep -q "^devices: 3$" info.$p2p.out || { echo "FAIL: P2P=$p2p: 3 devices expected"; status=1; }
  grep -qE "^nccl: [0-9]+\.[0-9]+\.[0-9]+$" info.$p2p.out || { echo "FAIL: no NCCL version"; status=1; }
  grep -q "^cuda: in use$" info.$p2p.out || { echo "FAIL: cuda not in use"; status=1; }
done
[ $status = 0 ] && echo "sim info ok"
exit $status
