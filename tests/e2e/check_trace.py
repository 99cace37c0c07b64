#!/usr/bin/env python3
"""Checks a gpupar trace: every call's chunks cover [0, trip) exactly once, on the expected
devices. Exits non-zero with a message on the first problem."""
import argparse
import collections
import json
import sys


def expected_devices(spec):
    if spec.startswith("emu:"):
        return {f"emu:{d}" for d in range(int(spec[4:]))}
    if spec == "cpu":
        return {"cpu"}
    if spec.startswith("cuda:"):
        return {f"cuda:{d}" for d in spec[5:].split(",")}
    return None  # cuda, auto: whatever the machine has


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("trace")
    ap.add_argument("--devices", required=True)
    ap.add_argument("--expect", choices=["offload", "any"], default="offload")
    args = ap.parse_args()
    with open(args.trace) as f:
        events = json.load(f)["traceEvents"]
    chunks = [e for e in events if e.get("cat") == "chunk"]
    if not chunks:
        sys.exit(f"{args.trace}: no chunk events")
    allowed = expected_devices(args.devices)
    calls = collections.defaultdict(list)
    for e in chunks:
        a = e["args"]
        if e.get("ph") != "X" or e.get("dur", -1) < 0:
            sys.exit(f"bad chunk event: {e}")
        dev = a["device"]
        if dev == "cpu":
            if args.expect == "offload" and args.devices != "cpu":
                sys.exit(f"{a['loop']}: ran on the host under {args.devices}: {e}")
        elif allowed is not None and dev not in allowed:
            sys.exit(f"{a['loop']}: chunk on unexpected device {dev}")
        calls[(a["loop"], a["call"])].append(a)
    used = set()
    for (loop, call), parts in sorted(calls.items()):
        trip = parts[0]["trip"]
        if trip == 0:
            continue
        spans = sorted((p["begin"], p["end"]) for p in parts)
        pos = 0
        for b, e in spans:
            if b != pos or e <= b:
                sys.exit(f"{loop} call {call}: chunks {spans} do not cover [0, {trip}) exactly once")
            pos = e
        if pos != trip:
            sys.exit(f"{loop} call {call}: chunks {spans} do not cover [0, {trip}) exactly once")
        used |= {p["device"] for p in parts}
    if allowed and args.expect == "offload" and args.devices.startswith("emu:"):
        big = [parts for parts in calls.values() if parts[0]["trip"] >= len(allowed)]
        if big and used != allowed:
            sys.exit(f"devices used {sorted(used)}, expected all of {sorted(allowed)}")
    print(f"trace ok: {len(calls)} calls, {len(chunks)} chunks on {', '.join(sorted(used))}")


if __name__ == "__main__":
    main()
