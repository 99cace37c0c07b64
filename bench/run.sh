#!/usr/bin/env bash
# gpupar benchmarks: each kernel in bench/kernels built serially (-O3), with OpenMP (the CPU
# peer: '#pragma gpupar' read as '#pragma omp parallel for', clauses kept) and with gpuparcc;
# several sizes, a warm-up and repetitions per run (medians). Writes build/bench/results.json and
# build/bench/results.md.
#   bench/run.sh [--quick] [--backends "cpu emu:2 cuda"]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GPUPAR_BUILD_DIR:-$root/build}
out=$build/bench
quick=0
backends="cpu"
while (($#)); do
  case $1 in
  --quick) quick=1 ;;
  --backends) backends=$2; shift ;;
  *) echo "usage: bench/run.sh [--quick] [--backends LIST]" >&2; exit 2 ;;
  esac
  shift
done
[ -x "$build/bin/gpuparcc" ] || { echo "bench: build gpupar first (scripts/build.sh)" >&2; exit 2; }
mkdir -p "$out/bin" "$out/src"
cc=${CC:-gcc}

# name: sizes (quick) | sizes (full) | repetitions
declare -A sizes_quick=([saxpy]="1000000 8000000" [jacobi2d]="512 2048" [matmul]="256 512"
  [dot]="1000000 8000000" [histogram]="4000000 32000000" [nbody]="2048 8192"
  [blackscholes]="500000 2000000")
declare -A sizes_full=([saxpy]="1000000 16000000 64000000" [jacobi2d]="512 2048 8192"
  [matmul]="256 1024 2048" [dot]="1000000 16000000 64000000"
  [histogram]="4000000 64000000 256000000" [nbody]="2048 16384 65536"
  [blackscholes]="500000 4000000 16000000")
reps=$((quick ? 3 : 5))

log() { echo "bench: $*" >&2; }
results=$out/results.txt
: >"$results"

for src in "$root"/bench/kernels/*.c; do
  name=$(basename "$src" .c)
  sed 's/^\([[:space:]]*\)#pragma gpupar/\1#pragma omp parallel for/' "$src" >"$out/src/$name.omp.c"
  cp "$root/bench/kernels/common.h" "$out/src/"
  log "building $name"
  "$cc" -O3 -o "$out/bin/$name.serial" "$src" -lm -w
  "$cc" -O3 -fopenmp -o "$out/bin/$name.omp" "$out/src/$name.omp.c" -lm -w
  if ! "$build/bin/gpuparcc" -O3 -o "$out/bin/$name.gpupar" "$src" -lm 2>"$out/$name.gpuparcc.log"; then
    log "gpuparcc failed on $name (see $out/$name.gpuparcc.log)"
  fi
  if [ $quick = 1 ]; then sz=${sizes_quick[$name]}; else sz=${sizes_full[$name]}; fi
  for n in $sz; do
    run_variant() { # variant backend command...
      local variant=$1 backend=$2
      shift 2
      local line
      if line=$("$@" "$n" "$reps" 2>>"$out/$name.stderr" | grep '^RESULT'); then
        echo "$line variant=$variant backend=$backend" >>"$results"
      else
        echo "RESULT name=$name size=$n median_s=nan bytes=0 flops=0 ok=0 variant=$variant backend=$backend" >>"$results"
      fi
      tail -n1 "$results" >&2
    }
    run_variant serial host "$out/bin/$name.serial"
    run_variant omp host env OMP_NUM_THREADS="$(nproc)" "$out/bin/$name.omp"
    if [ -x "$out/bin/$name.gpupar" ]; then
      for b in $backends; do
        run_variant gpupar "$b" env GPUPAR_DEVICES="$b" "$out/bin/$name.gpupar"
      done
    fi
  done
done

# Per-call overhead of a loop the runtime keeps on the CPU.
"$cc" -O3 -o "$out/bin/overhead.serial" "$root/bench/overhead.c" -lm -w
"$build/bin/gpuparcc" -O3 -o "$out/bin/overhead.gpupar" "$root/bench/overhead.c" -lm
calls=$((quick ? 500000 : 5000000))
for v in serial gpupar; do
  line=$(GPUPAR_DEVICES=cpu "$out/bin/overhead.$v" "$calls" | grep '^RESULT')
  echo "$line variant=$v backend=cpu" >>"$results"
done

# Plugin cost: -fsyntax-only with and without the plugin.
python3 "$root/bench/plugin_cost.py" --build "$build" --out "$out" >>"$results"

python3 "$root/bench/report.py" "$results" "$out/results.json" "$out/results.md"
cat "$out/results.md"
