#!/usr/bin/env python3
"""Fuzz driver: builds random programs with gpuparcc and with cc and checks
  - the plugin never crashes;
  - the build fails only with a gpupar error on a loop with a real cross-iteration conflict
    (genloops.py) or, for Csmith programs, only with a gpupar error at all;
  - no loop with a real conflict is offloaded (genloops.py, from --gpupar-remarks);
  - the output is identical to the serial build under GPUPAR_DEVICES=cpu, emu:1 and emu:3.

usage: fuzz.py --gpuparcc PATH --count N [--seed S] [--csmith K] [--workdir DIR]
Exits non-zero when any program fails; failing programs are kept in the work directory.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEVICES = ["cpu", "emu:1", "emu:3"]
CRASH = re.compile(r"PLEASE submit a bug report|Stack dump|Segmentation fault|Assertion .* failed|"
                   r"internal compiler error")


def run(cmd, timeout=120, env=None):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timeout"


class Stats:
    def __init__(self):
        self.programs = self.loops = self.parallel = self.offloaded_parallel = 0
        self.conflicting = self.rejected_builds = 0
        self.failures = []


def check_program(args, st, src, truth, tag, cflags):
    """Builds and runs one program; returns a failure message or None."""
    d = os.path.dirname(src)
    rc, _, err = run(["cc", "-O1", "-w"] + cflags + [src, "-o", d + "/serial", "-lm"])
    if rc:
        return None  # not valid C for cc: not a test
    rc, _, err = run([args.gpuparcc, "-O1", "-w", "--gpupar-remarks", "--gpupar-keep"] + cflags +
                     [src, "-o", d + "/gpupar", "-lm"], timeout=300)
    open(d + "/build.log", "w").write(err)
    if CRASH.search(err) or rc < 0:
        return "plugin or compiler crash (build.log)"
    offloaded = {int(m.group(1)) for m in re.finditer(r":(\d+):\d+: remark: loop offloaded", err)}
    # Each error with the lines of its notes (an error in a helper function has its loop in the
    # note "called from the loop here").
    errors = []
    for m in re.finditer(r"^[^ :]*:(\d+):\d+: (error|warning|note): (.*)$", err, re.M):
        if m.group(2) == "error":
            errors.append(([int(m.group(1))], m.group(3)))
        elif m.group(2) == "note" and errors and errors[-1][0] is not None:
            errors[-1][0].append(int(m.group(1)))
        elif m.group(2) == "warning":
            errors.append((None, ""))
    errors = [e for e in errors if e[0] is not None]
    if truth is not None:
        st.loops += len(truth)
        for L in truth:
            lo, hi = L["lines"]
            on = any(lo <= x <= hi for x in offloaded)
            if L["conflict"]:
                st.conflicting += 1
                if on:
                    return "loop at line %d has a real conflict but was offloaded" % lo
            else:
                st.parallel += 1
                st.offloaded_parallel += on
    if rc:
        gp = [e for e in errors]
        if not gp:
            return "build failed without a gpupar error (build.log)"
        for lines, msg in gp:
            if truth is None:
                continue
            owner = [L for L in truth if any(L["lines"][0] <= x <= L["lines"][1] for x in lines)]
            if not owner or not any(L["conflict"] for L in owner):
                return "gpupar error on a loop without a real conflict: line %d: %s" % (lines[0], msg)
        st.rejected_builds += 1
        return None
    rc, want, _ = run([d + "/serial"], timeout=30)
    if rc == 124:
        return None  # the serial program itself runs too long: not a test
    for dev in DEVICES:
        env = dict(os.environ, GPUPAR_DEVICES=dev, GPUPAR_LOG="error")
        rc2, got, gerr = run([d + "/gpupar"], timeout=60, env=env)
        if rc2 != rc or got != want:
            open(d + "/serial.out", "w").write(want)
            open(d + "/gpupar.%s.out" % dev.replace(":", "_"), "w").write(got + gerr)
            return "output differs from serial under GPUPAR_DEVICES=%s (exit %d vs %d)" % (dev, rc2, rc)
    return None


def csmith_program(seed, path):
    """A Csmith program with '#pragma gpupar' before every 'for'."""
    rc, out, err = run(["csmith", "--seed", str(seed), "--max-funcs", "4", "--no-volatiles",
                        "--no-packed-struct", "--no-bitfields"], timeout=60)
    if rc:
        return False
    lines = []
    for line in out.splitlines():
        if re.match(r"^\s*for \(", line):
            lines.append("#pragma gpupar")
        lines.append(line)
    open(path, "w").write("\n".join(lines) + "\n")
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpuparcc", required=True)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--csmith", type=int, default=0, help="Csmith programs to add")
    ap.add_argument("--workdir", default="fuzz-work")
    args = ap.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    st = Stats()
    csmith_inc = []
    for inc in ("/usr/include/csmith", "/usr/include/csmith-2.3.0"):
        if os.path.isdir(inc):
            csmith_inc = ["-I", inc]
    jobs = [("gen", args.seed + k) for k in range(args.count)]
    if args.csmith:
        if not shutil.which("csmith"):
            print("fuzz: csmith is not installed (scripts/setup.sh installs it): Csmith part skipped")
        else:
                jobs += [("csmith", args.seed + k) for k in range(args.csmith)]
    for kind, seed in jobs:
        d = os.path.join(args.workdir, "%s-%d" % (kind, seed))
        os.makedirs(d, exist_ok=True)
        src = os.path.join(d, "prog.c")
        if kind == "gen":
            subprocess.run([sys.executable, os.path.join(HERE, "genloops.py"), str(seed), src,
                            d + "/truth.json"], check=True)
            truth = json.load(open(d + "/truth.json"))
            why = check_program(args, st, src, truth, kind, [])
        else:
            if not csmith_program(seed, src):
                continue
            why = check_program(args, st, src, None, kind, csmith_inc)
        st.programs += 1
        if why:
            st.failures.append("%s: %s" % (d, why))
            print("FAIL %s: %s" % (d, why), flush=True)
        else:
            shutil.rmtree(d, ignore_errors=True)
    rate = 100.0 * st.offloaded_parallel / st.parallel if st.parallel else 0.0
    print("fuzz: %d programs, %d generated loops (%d truly parallel, %.0f%% of them offloaded; "
          "%d with a real conflict), %d builds stopped by a gpupar error on a conflicting loop, "
          "%d failures" % (st.programs, st.loops, st.parallel, rate, st.conflicting,
                           st.rejected_builds, len(st.failures)))
    return 1 if st.failures else 0


if __name__ == "__main__":
    sys.exit(main())
