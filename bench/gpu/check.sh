#!/usr/bin/env bash
# Runs on a GPU machine what bench/gpu/pack.sh built elsewhere: the e2e and realcode programs on
# the cuda backend (outputs checked as in CI), the benchmark kernels against the serial build,
# OpenMP on all host cores and cuBLAS, the bandwidth floors, the data path's counters, and
# kernel-only times (ncu, when present). Every step has a time limit; a failing step is
# reported and the rest go on. Results and logs go to $GPUCHECK_DIR (default /tmp/gpucheck).
#   bench/gpu/check.sh [PACKDIR] [--quick]      (scripts/gpu-check.sh --run)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
pack=$root/gpu-check
quick=0
for a in "$@"; do
  case $a in
  --quick) quick=1 ;;
  *) pack=$a ;;
  esac
done
if [ ! -d "$pack" ] && [ -f "$pack.tar.xz" ]; then
  tar -C "$(dirname "$pack")" -xJf "$pack.tar.xz" || exit 2
fi
[ -d "$pack/e2e" ] || { echo "check: no pack at $pack (bench/gpu/pack.sh builds it)" >&2; exit 2; }
out=${GPUCHECK_DIR:-/tmp/gpucheck}
mkdir -p "$out"
log=$out/check.log
results=$out/results.txt
summary=$out/summary.txt
: >"$results"
: >"$summary"
note() { echo "$*" | tee -a "$summary"; }
export LD_LIBRARY_PATH=${CUDA_HOME:-/usr/local/cuda}/lib64:${LD_LIBRARY_PATH:-}
start=$(date +%s)
elapsed() { echo $(($(date +%s) - start))s; }

{
  nvidia-smi -L
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
  nproc
} >"$out/machine.txt" 2>&1
note "machine: $(head -1 "$out/machine.txt"); $(nproc) host cores"

if floor=$(timeout 60 "$pack/bin/bandwidth" 2>>"$log"); then
  echo "$floor" >>"$results"
  note "$floor"
else
  note "bandwidth floors: failed (see check.log)"
fi
GPUPAR_LOG=info timeout 60 "$pack/bin/gpupar-info" >"$out/gpupar-info.txt" 2>&1 ||
  note "gpupar-info: exit status $?"
note "gpupar-info: $(grep -m1 -i 'cuda:0' "$out/gpupar-info.txt" || echo 'no cuda:0 line')"
timeout 60 "$pack/bin/hostcopy" 256 >"$out/hostcopy.txt" 2>&1 || note "hostcopy: failed"
note "$(tail -1 "$out/hostcopy.txt")"

# e2e programs on the GPU: run_program.sh checks exit status, the program's own checks and the
# trace (every iteration covered once, on cuda:0).
pass=0 fail=0
for dir in "$pack"/e2e/*/; do
  name=$(basename "$dir")
  expect=$(cat "$dir/expect")
  timeout 120 bash "$root/tests/e2e/run_program.sh" "${dir%/}" cuda "$expect" >"$out/e2e.$name.log" 2>&1
  rc=$?
  if [ $rc = 0 ]; then
    pass=$((pass + 1))
  elif [ $rc = 77 ]; then
    note "e2e $name: skipped (no usable GPU)"
  else
    fail=$((fail + 1))
    note "e2e $name: FAIL ($(tail -1 "$out/e2e.$name.log"))"
  fi
done
note "e2e on cuda: $pass passed, $fail failed ($(elapsed))"

# The cost model on this machine, not forced: where did each call of a repeated loop run?
if [ -x "$pack/e2e/placement/gpupar" ]; then
  GPUPAR_DEVICES=auto GPUPAR_LOG=info timeout 60 "$pack/e2e/placement/gpupar" >/dev/null \
    2>"$out/placement.auto.err" || note "placement auto: exit status $?"
  grep 'placement.c' "$out/placement.auto.err" | sed -n '1,3p;$p' | cut -c1-160 | tee -a "$summary"
fi

# Device-side memory checks (compute-sanitizer memcheck) on the programs with guarded,
# pointer-to-pointer, scatter and pointer-variable accesses: no kernel touches memory outside its
# buffers.
if command -v compute-sanitizer >/dev/null 2>&1 && ((!quick)); then
  for name in guarded rows scatter stencil2d pointers; do
    GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 \
      "$pack/e2e/$name/gpupar" >"$out/memcheck.$name.txt" 2>&1
    rc=$?
    note "memcheck $name: $([ $rc = 0 ] && echo clean || echo "exit status $rc: $(grep -m1 -E 'ERROR|Invalid' "$out/memcheck.$name.txt")")"
  done
fi

# realcode programs: the GPU build's output equals the serial build's.
for dir in "$pack"/realcode/*/; do
  name=$(basename "$dir")
  "$dir/serial" >"$dir/serial.out" 2>/dev/null
  if GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu GPUPAR_LOG=warn timeout 60 "$dir/gpupar" >"$dir/cuda.out" \
    2>"$out/realcode.$name.err" && diff -q "$dir/serial.out" "$dir/cuda.out" >/dev/null; then
    note "realcode $name: ok"
  else
    note "realcode $name: FAIL (status or output differs; see realcode.$name.err)"
    diff "$dir/serial.out" "$dir/cuda.out" >>"$out/realcode.$name.err" 2>&1
  fi
done
note "e2e + realcode done ($(elapsed))"

# Benchmarks: NAME "sizes". The serial build, gpupar on the host threads and the cost model's own
# choice run at the first size only (the larger ones take minutes on one core; each program also
# computes its reference serially).
if ((quick)); then
  sizes=(saxpy "8000000" dot "8000000" histogram "32000000" jacobi2d "2048" matmul "512"
    nbody "16384" blackscholes "4000000" histwide "16000000")
else
  sizes=(saxpy "8000000 64000000" dot "8000000 64000000" histogram "32000000 256000000"
    jacobi2d "2048 8192" matmul "512 2048" nbody "16384 65536" blackscholes "4000000 16000000"
    histwide "16000000 64000000")
fi
reps=5
run_variant() { # name size variant backend command...
  local name=$1 n=$2 variant=$3 backend=$4 text line
  shift 4
  text=$(timeout 180 "$@" "$n" "$reps" 2>>"$out/bench.$name.err") || true
  if line=$(grep -m1 '^RESULT' <<<"$text"); then
    echo "$line variant=$variant backend=$backend" >>"$results"
  else
    echo "RESULT name=$name size=$n median_s=nan bytes=0 flops=0 ok=0 variant=$variant backend=$backend reason=no-result" >>"$results"
  fi
}
for ((k = 0; k < ${#sizes[@]}; k += 2)); do
  name=${sizes[k]}
  first=1
  for n in ${sizes[k + 1]}; do
    run_variant "$name" "$n" gpupar cuda env GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu "$pack/bench/$name.gpupar"
    run_variant "$name" "$n" omp host env OMP_NUM_THREADS="$(nproc)" "$pack/bench/$name.omp"
    if ((first)); then
      run_variant "$name" "$n" serial host "$pack/bench/$name.serial"
      run_variant "$name" "$n" gpupar cpu env GPUPAR_DEVICES=cpu "$pack/bench/$name.gpupar"
      run_variant "$name" "$n" gpupar auto env GPUPAR_DEVICES=auto "$pack/bench/$name.gpupar"
    fi
    first=0
  done
  note "bench $name done ($(elapsed))"
done
# The largest size of benchmark NAME in `sizes`.
largest() {
  local k
  for ((k = 0; k < ${#sizes[@]}; k += 2)); do
    [ "${sizes[k]}" = "$1" ] && echo "${sizes[k + 1]##* }"
  done
}
# The bandwidth-bound kernels with their arrays resident in a data region (bench/resident.sh):
# nothing crosses the bus, each call is one kernel; end to end here, kernel-only with ncu below.
resident=(saxpy dot jacobi2d blackscholes)
for name in "${resident[@]}"; do
  n=$(largest "$name")
  text=$(GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu timeout 120 "$pack/bench/$name.gpupar" "$n" "$reps" resident \
    2>>"$out/bench.$name.err") || true
  line=$(grep -m1 '^RESULT' <<<"$text") &&
    echo "$line variant=resident backend=cuda" >>"$results"
done
note "bench resident done ($(elapsed))"
for n in 512 2048; do
  line=$(timeout 60 "$pack/bin/cublas_sgemm" "$n" "$reps" 2>>"$log" | grep '^RESULT') &&
    echo "$line variant=cublas backend=cuda" >>"$results"
done

# Data path counters and end-to-end time per call on the GPU, one run per setting: registrations
# cached across calls (the default, with the memory hooks) and dropped after each call; each
# sub-chunk committed as its event completes and at the round's end (GPUPAR_COMMIT; CUDA's
# default is round until chunk measures faster, docs/performance.md "Write-back").
for n in 8000000 64000000; do
  for setting in cache=default GPUPAR_PIN_CACHE=0 GPUPAR_COMMIT=chunk GPUPAR_COMMIT=round; do
    vars=()
    [ "${setting%%=*}" != cache ] && vars=("$setting")
    file=$out/datapath.$n.${setting#GPUPAR_}.txt
    env GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu GPUPAR_LOG=warn "${vars[@]}" timeout 120 \
      "$pack/bench/datapath" "$n" 5 --check >"$file" 2>&1 ||
      note "datapath $n ($setting): exit status $?"
    note "datapath $n $setting: ms per call in place $(awk '$1 == "in-place" {printf "%s ", $13}' \
      "$file"), out of place $(awk '$1 == "out" {printf "%s ", $13}' "$file")"
  done
done
note "datapath done ($(elapsed))"

# Cached registrations and memory the program frees and maps again at the same addresses: right
# with the memory hooks; with the program's own munmap and GPUPAR_PIN_CACHE=1 the devices copy
# the old pinned pages (the failure the simulator models, here on the hardware).
GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu timeout 60 "$pack/bin/freed" >"$out/freed.txt" 2>&1
note "freed (memory hooks): exit status $?: $(tr '\n' ';' <"$out/freed.txt" | cut -c1-240)"
GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu GPUPAR_PIN_CACHE=1 timeout 60 "$pack/bin/freed_own" \
  >"$out/freed_own.txt" 2>&1
note "freed (own munmap, GPUPAR_PIN_CACHE=1; stale pages expected): exit status $?: $(tr '\n' ';' \
  <"$out/freed_own.txt" | cut -c1-240)"

# Kernel-only times (Nsight Compute), largest size of each kernel, one timed call (a warm-up
# before it): a KERNEL line for the benchmark's VARIANT row; ARGS go to the program.
kernel_time() { # name variant [args...]
  local name=$1 variant=$2 n csv
  shift 2
  n=$(largest "$name")
  csv=$out/ncu.$name${1:+.$1}.csv
  local metrics
  metrics=$(python3 "$root/bench/ncu_kernel_time.py" --metrics)
  # The instruction and DRAM metrics tell which floor binds; an ncu that lacks one still times.
  for m in "$metrics" gpu__time_duration.sum; do
    GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu timeout 45 ncu --clock-control none --csv \
      --metrics "$m" --kernel-name regex:gpupar "$pack/bench/$name.gpupar" "$n" 1 \
      "$@" >"$csv" 2>>"$log" &&
      python3 "$root/bench/ncu_kernel_time.py" "$csv" "$name" "$n" 2 "$variant" >>"$results" &&
      return 0
  done
  return 1
}
if command -v ncu >/dev/null 2>&1 && ((!quick)); then
  for ((k = 0; k < ${#sizes[@]}; k += 2)); do
    kernel_time "${sizes[k]}" gpupar
  done
  for name in "${resident[@]}"; do
    kernel_time "$name" resident resident
  done
  note "ncu done ($(elapsed))"
fi

python3 "$root/bench/report.py" "$results" "$out/results.json" "$out/results.md" >/dev/null 2>>"$log" ||
  note "report.py failed"
# The summary was printed as it grew (note); the table of GPU and OpenMP rows comes last.
grep -E '^\| (saxpy|dot|histogram|histwide|jacobi2d|matmul|nbody|blackscholes) ' "$out/results.md" 2>/dev/null |
  grep -E 'cuda|omp|cublas|resident|gpupar \|' | cut -c1-120
