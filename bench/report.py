#!/usr/bin/env python3
"""Turns the RESULT/PLUGIN lines of bench/run.sh into results.json and a markdown table."""
import json
import math
import sys


def parse(line):
    kind, *fields = line.split()
    row = dict(f.split("=", 1) for f in fields)
    for k, v in row.items():
        try:
            row[k] = int(v)
        except ValueError:
            try:
                row[k] = float(v)
            except ValueError:
                pass
    return kind, row


def main(src, json_out, md_out):
    results, plugin = [], []
    with open(src) as f:
        for line in f:
            if not line.strip():
                continue
            kind, row = parse(line)
            if kind == "RESULT":
                row["correct"] = bool(row.pop("ok"))
                results.append(row)
            elif kind == "PLUGIN":
                plugin.append(row)
    with open(json_out, "w") as f:
        json.dump({"results": results, "plugin_cost": plugin}, f, indent=1)

    md = ["# gpupar benchmark results", "",
          "Median seconds per call (end-to-end: copies included). `ok` = result checked against the serial computation.", "",
          "| kernel | size | variant | backend | median s | GB/s | GFLOP/s | vs serial | vs OpenMP | ok |",
          "| --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    index = {(r["name"], r["size"], r["variant"]): r for r in results}
    for r in results:
        if r["name"] == "overhead":
            continue
        t = r["median_s"]
        ser = index.get((r["name"], r["size"], "serial"), {}).get("median_s", math.nan)
        omp = index.get((r["name"], r["size"], "omp"), {}).get("median_s", math.nan)
        gbs = r["bytes"] / t / 1e9 if t and t == t else math.nan
        gfl = r["flops"] / t / 1e9 if t and t == t else math.nan
        md.append(f"| {r['name']} | {r['size']} | {r['variant']} | {r['backend']} | {t:.6f} | "
                  f"{gbs:.2f} | {gfl:.2f} | {ser / t:.2f}x | {omp / t:.2f}x | "
                  f"{'yes' if r['correct'] else 'NO'} |")
    over = {r["variant"]: r["median_s"] for r in results if r["name"] == "overhead"}
    if "serial" in over and "gpupar" in over:
        md += ["", f"Per-call overhead of a loop kept on the CPU: "
                   f"{(over['gpupar'] - over['serial']) * 1e9:.0f} ns "
                   f"(serial call {over['serial'] * 1e9:.0f} ns, gpupar call {over['gpupar'] * 1e9:.0f} ns)."]
    if plugin:
        md += ["", "| file | clang -fsyntax-only s | with plugin s | ratio |", "| --- | ---: | ---: | ---: |"]
        md += [f"| {p['file']} | {p['base_s']:.4f} | {p['plugin_s']:.4f} | {p['ratio']:.2f} |" for p in plugin]
    with open(md_out, "w") as f:
        f.write("\n".join(md) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
