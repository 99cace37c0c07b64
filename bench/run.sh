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
rm -f "$results.floor"

# A usable GPU adds the cuda backend and the GPU-only measurements.
gpu=0
nvcc=${NVCC:-${CUDA_HOME:-/usr/local/cuda}/bin/nvcc}
if [ -x "$nvcc" ]; then
  "$nvcc" -O2 -std=c++17 -o "$out/bin/bandwidth" "$root/bench/gpu/bandwidth.cu" &&
    "$nvcc" -O2 -std=c++17 -o "$out/bin/cublas_sgemm" "$root/bench/gpu/cublas_sgemm.cu" -lcublas ||
    log "cannot build the GPU helpers"
  if floor=$("$out/bin/bandwidth" 2>/dev/null); then
    gpu=1
    case " $backends " in *" cuda "*) ;; *) backends="$backends cuda" ;; esac
    echo "$floor" >>"$results.floor"
    log "GPU found: $floor"
  else
    log "no usable GPU: CPU figures only"
  fi
fi

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

# On a GPU: the bandwidth floors, cuBLAS for matrix multiply, and kernel-only times of the
# generated kernels (Nsight Compute's gpu__time_duration, when ncu is installed).
if [ "$gpu" = 1 ]; then
  for n in ${sizes_quick[matmul]} $([ $quick = 1 ] || echo "${sizes_full[matmul]}"); do
    line=$("$out/bin/cublas_sgemm" "$n" "$reps" | grep '^RESULT') &&
      echo "$line variant=cublas backend=cuda" >>"$results"
  done
  if command -v ncu >/dev/null 2>&1; then
    for src in "$root"/bench/kernels/*.c; do
      name=$(basename "$src" .c)
      [ -x "$out/bin/$name.gpupar" ] || continue
      if [ $quick = 1 ]; then sz=${sizes_quick[$name]}; else sz=${sizes_full[$name]}; fi
      n=${sz##* }
      GPUPAR_DEVICES=cuda ncu --csv --metrics gpu__time_duration.sum --kernel-name regex:gpupar_kernel \
        "$out/bin/$name.gpupar" "$n" 1 >"$out/$name.ncu.csv" 2>/dev/null &&
        python3 "$root/bench/ncu_kernel_time.py" "$out/$name.ncu.csv" "$name" "$n" 2 >>"$results"
    done
  else
    log "ncu not found: no kernel-only times"
  fi
fi

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

[ -f "$results.floor" ] && cat "$results.floor" >>"$results"
python3 "$root/bench/report.py" "$results" "$out/results.json" "$out/results.md"
cat "$out/results.md"
