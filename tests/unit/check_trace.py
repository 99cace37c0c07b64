"""Checks a trace written by test_trace: valid JSON, chunk events of each call tiling
[0, trip) exactly once, copy events well formed, a thread name for every device."""
import json
import sys

with open(sys.argv[1]) as f:
    trace = json.load(f)
events = trace["traceEvents"]
chunks = [e for e in events if e.get("cat") == "chunk"]
copies = [e for e in events if e.get("cat") == "copy"]
names = {e["tid"]: e["args"]["name"] for e in events if e.get("ph") == "M"}

groups = {}
for e in chunks:
    assert e["ph"] == "X" and e["dur"] >= 0 and e["ts"] >= 0, e
    a = e["args"]
    assert e["name"] == a["loop"], e
    assert names[e["tid"]] == a["device"], e
    groups.setdefault((a["loop"], a["trip"]), []).append((a["begin"], a["end"]))
for (loop, trip), ranges in groups.items():
    at = 0
    for begin, end in sorted(ranges):
        assert begin == at and end > begin, (loop, trip, ranges)
        at = end
    assert at == trip, (loop, trip, ranges)
assert ("saxpy.c:3", 1000) in groups and len(groups[("saxpy.c:3", 1000)]) == 3, groups
assert ("saxpy.c:3", 500) in groups, groups
assert ("stencil.c:12", 38) in groups, "the loop after the flush is missing: no write at exit?"
for e in copies:
    a = e["args"]
    assert a["direction"] in ("h2d", "d2h") and a["bytes"] > 0 and a["array"], e
    assert names[e["tid"]] == a["device"], e
print(f"trace ok: {len(chunks)} chunks, {len(copies)} copies, {len(groups)} calls")
