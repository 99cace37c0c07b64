#!/usr/bin/env python3
"""Times clang-19 -fsyntax-only with and without the gpupar plugin on the benchmark kernels and
on a generated file with thousands of loops; prints one PLUGIN line per file."""
import argparse
import pathlib
import statistics
import subprocess
import tempfile
import time


def timed(cmd, reps=5):
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def many_loops(path, count):
    lines = ["void f(int n, float *restrict a, const float *restrict b) {"]
    for k in range(count):
        lines += ["#pragma gpupar", f"  for (int i = 0; i < n; i++) a[i] = b[i] * {k}.0f + a[i];"]
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    root = pathlib.Path(__file__).resolve().parent
    plugin = pathlib.Path(args.build) / "plugin" / "gpupar.so"
    with tempfile.TemporaryDirectory() as tmp:
        big = pathlib.Path(tmp) / "loops2000.c"
        many_loops(big, 2000)
        files = sorted((root / "kernels").glob("*.c")) + [big]
        for f in files:
            base = ["clang-19", "-fsyntax-only", "-w", str(f)]
            with_plugin = base + [f"-fplugin={plugin}", f"-fplugin-arg-gpupar-outdir={tmp}"]
            t0, t1 = timed(base), timed(with_plugin)
            print(f"PLUGIN file={f.name} base_s={t0:.4f} plugin_s={t1:.4f} ratio={t1 / t0:.2f}")


if __name__ == "__main__":
    main()
