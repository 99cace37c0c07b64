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
    results, plugin, kernels, floor = [], [], [], {}
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
            elif kind == "KERNEL":
                kernels.append(row)
            elif kind == "FLOOR":
                floor = row
    with open(json_out, "w") as f:
        json.dump({"results": results, "plugin_cost": plugin, "kernel_only": kernels,
                   "floors_gbs": floor}, f, indent=1)

    md = ["# gpupar benchmark results", "",
          "Median seconds per call (end-to-end: copies included). `ok` = result checked against the serial computation.",
          "Peers `omp-target` (Clang OpenMP offload) and `openacc` (GCC OpenACC): backend `gpu` when their offloaded "
          "regions ran on a GPU, `host-fallback` when they ran on the host (no usable GPU), `none` when not built.", "",
          "| kernel | size | variant | backend | median s | GB/s | GFLOP/s | vs serial | vs OpenMP | ok |",
          "| --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    index = {(r["name"], r["size"], r["variant"]): r for r in results}
    for r in results:
        if r["name"] == "overhead":
            continue
        t = r["median_s"]
        ser = index.get((r["name"], r["size"], "serial"), {}).get("median_s", math.nan)
        omp = index.get((r["name"], r["size"], "omp"), {}).get("median_s", math.nan)
        ok = "yes" if r["correct"] else "NO"
        if "reason" in r:
            ok += f" ({r['reason']})"
        if not (t and t == t):
            md.append(f"| {r['name']} | {r['size']} | {r['variant']} | {r['backend']} | - | - | - | "
                      f"- | - | {ok} |")
            continue
        gbs, gfl = r["bytes"] / t / 1e9, r["flops"] / t / 1e9
        md.append(f"| {r['name']} | {r['size']} | {r['variant']} | {r['backend']} | {t:.6f} | "
                  f"{gbs:.2f} | {gfl:.2f} | {ser / t:.2f}x | {omp / t:.2f}x | {ok} |")
    over = {r["variant"]: r["median_s"] for r in results if r["name"] == "overhead"}
    if "serial" in over and "gpupar" in over:
        md += ["", f"Per-call overhead of a loop kept on the CPU: "
                   f"{(over['gpupar'] - over['serial']) * 1e9:.0f} ns "
                   f"(serial call {over['serial'] * 1e9:.0f} ns, gpupar call {over['gpupar'] * 1e9:.0f} ns)."]
    if floor:
        md += ["", f"GPU floors measured on the device: memory {floor['dev_gbs']} GB/s "
                   f"(device-to-device copy, read + write), host to device {floor['h2d_gbs']} GB/s, "
                   f"device to host {floor['d2h_gbs']} GB/s (pinned).", "",
               "Variant `resident`: the calls run inside a `#pragma gpupar data` region (nothing crosses "
               "the bus; one kernel per call).", "",
               "Where Nsight Compute gave them: thread instructions per iteration, and the issue slots and "
               "DRAM bandwidth the kernels kept busy (an issue share near 100% with DRAM below it: bound "
               "by instructions, not memory).", "",
               "| kernel | size | variant | kernel-only s | memory floor s | ratio | end-to-end s | bus floor s | ratio "
               "| inst/iter | issue busy | DRAM busy |",
               "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        bus = (floor["h2d_gbs"] + floor["d2h_gbs"]) / 2 * 1e9
        for k in kernels:
            variant = k.get("variant", "gpupar")
            r = index.get((k["name"], k["size"], variant))
            cuda = [x for x in results if x["name"] == k["name"] and x["size"] == k["size"]
                    and x["variant"] == variant and x["backend"] == "cuda"]
            b = cuda[0]["bytes"] if cuda else (r or {}).get("bytes", 0)
            mem_floor = b / (floor["dev_gbs"] * 1e9)
            e2e = cuda[0]["median_s"] if cuda else math.nan
            row = (f"| {k['name']} | {k['size']} | {variant} | {k['kernel_s']:.6f} | {mem_floor:.6f} | "
                   f"{k['kernel_s'] / mem_floor if mem_floor else math.nan:.2f}x | {e2e:.6f} | ")
            if variant == "resident":  # nothing crosses the bus: end to end against the memory floor
                row += f"- | {e2e / mem_floor if mem_floor else math.nan:.2f}x (memory) |"
            else:
                row += f"{b / bus:.6f} | {e2e / (b / bus) if b else math.nan:.2f}x |"
            if "issue_pct" in k:
                row += f" {k['inst_per_iter']:.1f} | {k['issue_pct']:.0f}% | {k['dram_pct']:.0f}% |"
            else:
                row += " - | - | - |"
            md.append(row)
        for r in results:
            if r["variant"] == "cublas":
                mine = [x for x in results if x["name"] == "matmul" and x["size"] == r["size"]
                        and x["variant"] == "gpupar" and x["backend"] == "cuda"]
                if mine:
                    md.append(f"\nmatmul n={r['size']}: cuBLAS {r['median_s']:.6f} s, gpupar "
                              f"{mine[0]['median_s']:.6f} s end-to-end "
                              f"({r['median_s'] / mine[0]['median_s']:.2f}x of cuBLAS speed)")
    if plugin:
        md += ["", "| file | clang -fsyntax-only s | with plugin s | ratio |", "| --- | ---: | ---: | ---: |"]
        md += [f"| {p['file']} | {p['base_s']:.4f} | {p['plugin_s']:.4f} | {p['ratio']:.2f} |" for p in plugin]
    with open(md_out, "w") as f:
        f.write("\n".join(md) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
