#!/usr/bin/env python3
"""Sums the gpu__time_duration of the gpupar kernels in an `ncu --csv` report and prints the
kernel-only seconds per call as a KERNEL line. Usage: ncu_kernel_time.py CSV NAME SIZE CALLS [VARIANT]
(VARIANT: the benchmark's end-to-end row it belongs to, "gpupar" unless told)."""
import csv
import sys

UNIT = {"nsecond": 1e-9, "usecond": 1e-6, "msecond": 1e-3, "second": 1.0}


def main(path, name, size, calls, variant="gpupar"):
    total = 0.0
    with open(path) as f:
        rows = [line for line in f if line.startswith('"')]
    for row in csv.DictReader(rows):
        if row.get("Metric Name") == "gpu__time_duration.sum":
            total += float(row["Metric Value"].replace(",", "")) * UNIT.get(row["Metric Unit"], 1e-9)
    print(f"KERNEL name={name} size={size} kernel_s={total / int(calls):.9f} variant={variant}")


if __name__ == "__main__":
    main(*sys.argv[1:6])
