#!/usr/bin/env python3
"""Sums the gpu__time_duration of the gpupar kernels in an `ncu --csv` report and prints the
kernel-only seconds per call as a KERNEL line. Usage: ncu_kernel_time.py CSV NAME SIZE CALLS [VARIANT]
(VARIANT: the benchmark's end-to-end row it belongs to, "gpupar" unless told);
ncu_kernel_time.py --metrics prints the metrics to ask ncu for.

When the report also has NCU_METRICS below, the line tells which floor binds: thread
instructions per iteration (warp instructions x 32 / SIZE per call), and the issue slots and DRAM
bandwidth the kernels kept busy, in percent, averaged over their durations. A kernel whose
issue slots are near 100% while DRAM is not is bound by its instructions, not by memory."""
import collections
import csv
import sys

UNIT = {"nsecond": 1e-9, "usecond": 1e-6, "msecond": 1e-3, "second": 1.0}
TIME = "gpu__time_duration.sum"
INST = "sm__inst_executed.sum"
ISSUE = "sm__inst_issued.avg.pct_of_peak_sustained_active"
DRAM = "dram__throughput.avg.pct_of_peak_sustained_elapsed"
NCU_METRICS = ",".join((TIME, INST, ISSUE, DRAM))


def number(text):
    return float(text.replace(",", ""))


def main(path, name, size, calls, variant="gpupar"):
    kernels = collections.defaultdict(dict)  # (kernel id) -> metric -> value
    with open(path) as f:
        rows = [line for line in f if line.startswith('"')]
    for row in csv.DictReader(rows):
        metric, value = row.get("Metric Name"), row.get("Metric Value", "")
        if metric == TIME:
            value = number(value) * UNIT.get(row["Metric Unit"], 1e-9)
        elif metric in (INST, ISSUE, DRAM):
            value = number(value)
        else:
            continue
        kernels[row.get("ID", len(kernels))][metric] = value
    total = sum(k.get(TIME, 0.0) for k in kernels.values())
    line = f"KERNEL name={name} size={size} kernel_s={total / int(calls):.9f} variant={variant}"
    timed = [k for k in kernels.values() if TIME in k]
    if total > 0 and timed and all(INST in k and ISSUE in k and DRAM in k for k in timed):
        inst = sum(k[INST] for k in timed) * 32 / int(calls) / int(size)
        issue = sum(k[ISSUE] * k[TIME] for k in timed) / total
        dram = sum(k[DRAM] * k[TIME] for k in timed) / total
        line += f" inst_per_iter={inst:.1f} issue_pct={issue:.1f} dram_pct={dram:.1f}"
    print(line)


if __name__ == "__main__":
    if sys.argv[1:] == ["--metrics"]:
        print(NCU_METRICS)
    else:
        main(*sys.argv[1:6])
