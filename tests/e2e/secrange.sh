#!/usr/bin/env bash
# Runs tests/e2e/programs/secrange.c (built by build_program.sh) under one GPUPAR_DEVICES value
# and checks, beyond run_program.sh (output equal to the serial build, exact trace coverage):
#  - one warning, naming the loop, the array and its section,
#  - calls whose updates stay inside the sections ran on the devices (DEVICES=cpu: on the host
#    threads, run with GPUPAR_FORCE=cpu), the others serially with a `section` fault event.
# usage: secrange.sh OUTDIR DEVICES
set -uo pipefail
out=$1 devices=$2
here=$(cd "$(dirname "$0")" && pwd)
export E2E_TAG=${E2E_TAG:-sections}
bash "$here/run_program.sh" "$out" "$devices" any || exit 1
tag=${devices//[:,]/_}.$E2E_TAG
err="$out/gpupar.$tag.err"
want="gpupar: warning: secrange.c:21: an update of 'hist' is outside its reduction section 'hist[8:64]'; the loop ran serially on the host (warned once per loop)"
if [ "$(grep -c 'gpupar: warning' "$err")" != 1 ] || ! grep -qxF "$want" "$err"; then
  echo "FAIL: expected exactly this warning on stderr:"
  echo "$want"
  exit 1
fi
python3 - "$out/trace.$tag.json" "$devices" <<'PY' || exit 1
import collections, json, sys
events = json.load(open(sys.argv[1]))["traceEvents"]
where = collections.defaultdict(set)
faults = collections.defaultdict(list)
for e in events:
    a = e.get("args", {})
    if e.get("cat") == "chunk":
        where[a["call"]].add(a["device"])
    elif e.get("cat") == "fault" and a.get("kind") == "section":
        faults[a["call"]].append(a["action"])
# main() calls the loop with strays 0 1 0 2 3 0: calls 2, 4 and 5 leave a section.
outside = {2: "hist", 4: "hist", 5: "top"}
if sorted(where) != [1, 2, 3, 4, 5, 6]:
    sys.exit(f"expected calls 1..6 in the trace, found {sorted(where)}")
for call, devs in sorted(where.items()):
    if call in outside:
        action = f"serial loop ('{outside[call]}')"
        if devs != {"cpu"} or faults[call] != [action]:
            sys.exit(f"call {call}: ran on {sorted(devs)} with section faults {faults[call]}; "
                     f"expected the serial loop and [{action!r}]")
    elif faults[call] or ("cpu" in devs and sys.argv[2] != "cpu"):
        sys.exit(f"call {call} stays inside its sections but ran on {sorted(devs)} "
                 f"(faults {faults[call]}): it should offload")
print("sections ok: calls 1, 3, 6 offloaded; 2, 4, 5 serial with a warning")
PY
