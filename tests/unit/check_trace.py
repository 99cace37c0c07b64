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
    assert names[e["tid"]].split(" ")[0] == a["device"], e
    groups.setdefault((a["loop"], a["call"], a["trip"]), []).append((a["begin"], a["end"]))
for (loop, call, trip), ranges in groups.items():
    at = 0
    for begin, end in sorted(ranges):
        assert begin == at and end > begin, (loop, trip, ranges)
        at = end
    assert at == trip, (loop, trip, ranges)
by_loop = {(loop, trip): ranges for (loop, call, trip), ranges in groups.items()}
assert len(by_loop[("saxpy.c:3", 1000)]) == 3, groups
assert ("saxpy.c:3", 500) in by_loop, groups
assert ("stencil.c:12", 38) in by_loop, "the loop after the flush is missing: no write at exit?"
assert len({call for (_, call, _) in groups}) == len(groups), "calls share a call id"
for e in copies:
    a = e["args"]
    assert a["direction"] in ("h2d", "d2h") and a["bytes"] > 0 and a["array"], e
    assert any(c == a["call"] for (_, c, _) in groups), e
    assert names[e["tid"]].split(" ")[0] == a["device"], e
print(f"trace ok: {len(chunks)} chunks, {len(copies)} copies, {len(groups)} calls")
