#!/usr/bin/env bash
# gpupar benchmarks: each kernel in bench/kernels built serially (-O3), with OpenMP (the CPU
# peer: '#pragma gpupar' read as '#pragma omp parallel for', clauses kept), with gpuparcc, and
# through two GPU peers where they build: Clang OpenMP offload (variant omp-target, clang-19
# -fopenmp --offload-arch=sm_90) and GCC OpenACC (variant openacc, gcc-12 -fopenacc, nvptx
# offload). bench/peers.py writes the peer sources by translating each '#pragma gpupar' line;
# each peer prints where its offloaded regions ran: backend=gpu, or backend=host-fallback when
# they ran on the host (no usable GPU). Missing peer packages (libomp-19-dev,
# gcc-12-offload-nvptx) are installed when running as root or with 'sudo -n', unless
# --no-install; a peer that cannot be built gets rows with ok=0 and a reason, the run goes on.
# Several sizes, a warm-up and repetitions per run (medians). Writes build/bench/results.json and
# build/bench/results.md.
#   bench/run.sh [--quick] [--backends "cpu emu:2 cuda"] [--no-install] [--no-peers]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GPUPAR_BUILD_DIR:-$root/build}
out=$build/bench
quick=0
backends="cpu"
install=1
peers="omp-target openacc"
while (($#)); do
  case $1 in
  --quick) quick=1 ;;
  --backends) backends=$2; shift ;;
  --no-install) install=0 ;;
  --no-peers) peers="" ;;
  *) echo "usage: bench/run.sh [--quick] [--backends LIST] [--no-install] [--no-peers]" >&2; exit 2 ;;
  esac
  shift
done
[ -x "$build/bin/gpuparcc" ] || { echo "bench: build gpupar first (scripts/build.sh)" >&2; exit 2; }
mkdir -p "$out/bin" "$out/src"
cc=${CC:-gcc}

# name: sizes (quick) | sizes (full) | repetitions
declare -A sizes_quick=([saxpy]="1000000 8000000" [jacobi2d]="512 2048" [matmul]="256 512"
  [dot]="1000000 8000000" [histogram]="4000000 32000000" [nbody]="2048 8192"
  [blackscholes]="500000 2000000" [histwide]="4000000 16000000")
declare -A sizes_full=([saxpy]="1000000 16000000 64000000" [jacobi2d]="512 2048 8192"
  [matmul]="256 1024 2048" [dot]="1000000 16000000 64000000"
  [histogram]="4000000 64000000 256000000" [nbody]="2048 16384 65536"
  [blackscholes]="500000 4000000 16000000" [histwide]="4000000 64000000")
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

# GPU peers. Each entry of peer_skip is empty when the peer can be built, else why not.
llvm19=${LLVM19_DIR:-/usr/lib/llvm-19}
omp_arch=${BENCH_OMP_ARCH:-sm_90}
acc_isa=${BENCH_ACC_ISA:-sm_80}
acc_cc=${BENCH_ACC_CC:-gcc-12}
declare -A peer_skip=([omp-target]="" [openacc]="")
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
if [ -n "$peers" ] && command -v dpkg-query >/dev/null 2>&1; then
  missing=()
  installed libomp-19-dev || missing+=(libomp-19-dev)
  installed gcc-12-offload-nvptx || missing+=(gcc-12-offload-nvptx)
  if ((${#missing[@]})); then
    as_root=()
    if [ "$(id -u)" != 0 ] && sudo -n true 2>/dev/null; then as_root=(sudo -n); fi
    if [ $install = 0 ]; then
      log "peers: ${missing[*]} missing (--no-install)"
    elif [ "$(id -u)" != 0 ] && [ ${#as_root[@]} = 0 ]; then
      log "peers: ${missing[*]} missing and no root or 'sudo -n' to install them"
    else
      log "peers: installing ${missing[*]} (log: $out/peers-install.log)"
      apt=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get)
      # libomp-19-dev conflicts with other libomp-N-dev: say what apt removes.
      removes=$("${apt[@]}" -s install --no-install-recommends "${missing[@]}" 2>/dev/null |
        awk '/^Remv/ {print $2}' | tr '\n' ' ')
      [ -z "$removes" ] || log "peers: apt removes $removes(conflicts)"
      { "${apt[@]}" install -y --no-install-recommends "${missing[@]}" ||
        { "${apt[@]}" update && "${apt[@]}" install -y --no-install-recommends "${missing[@]}"; }
      } >"$out/peers-install.log" 2>&1 || log "peers: install failed (see $out/peers-install.log)"
    fi
  fi
fi
for p in $peers; do
  if [ "$p" = omp-target ]; then
    [ -x "$llvm19/bin/clang" ] || peer_skip[$p]=no-clang-19
    [ -n "${peer_skip[$p]}" ] || [ -e "$llvm19/lib/libomptarget.so" ] || peer_skip[$p]=no-libomp-19-dev
  else
    command -v "$acc_cc" >/dev/null 2>&1 || peer_skip[$p]=no-$acc_cc
    [ -n "${peer_skip[$p]}" ] || [ -x "$("$acc_cc" -print-prog-name=accel/nvptx-none/mkoffload)" ] ||
      peer_skip[$p]=no-gcc-12-offload-nvptx
  fi
  [ -z "${peer_skip[$p]}" ] || log "peers: skipping $p (${peer_skip[$p]})"
done

# Writes bin/NAME.PEER from the kernel or prints why it cannot (one word).
build_peer() { # peer name src
  local p=$1 name=$2 src=$3 psrc=$out/src/$2.$1.c plog=$out/$2.$1.log
  [ -z "${peer_skip[$p]}" ] || { echo "${peer_skip[$p]}"; return; }
  if ! python3 "$root/bench/peers.py" "$p" "$src" "$psrc" 2>"$plog"; then
    log "$p: cannot translate $name: $(cat "$plog")"
    echo not-translated
    return
  fi
  local cmd
  if [ "$p" = omp-target ]; then
    # shellcheck disable=SC2054 # the comma belongs to -Wl,-rpath
    cmd=("$llvm19/bin/clang" -O3 -fopenmp --offload-arch="$omp_arch"
      --libomptarget-nvptx-bc-path="$llvm19/lib" -Wl,-rpath,"$llvm19/lib")
  else
    cmd=("$acc_cc" -O3 -fopenacc -foffload-options=nvptx-none="-misa=$acc_isa -lm")
  fi
  if "${cmd[@]}" -o "$out/bin/$name.$p" "$psrc" -lm -w >>"$plog" 2>&1; then
    return
  fi
  rm -f "$out/bin/$name.$p"
  log "$p: build of $name failed (see $plog)"
  if grep -q 'internal compiler error' "$plog"; then echo compiler-crash; else echo build-failed; fi
}

for src in "$root"/bench/kernels/*.c; do
  name=$(basename "$src" .c)
  log "building $name"
  rm -f "$out/bin/$name.serial" "$out/bin/$name.omp" "$out/bin/$name.gpupar"
  if ! CC=$cc bash "$root/bench/build_kernel.sh" "$build/bin/gpuparcc" "$src" "$out/bin" "$out/src"; then
    [ -x "$out/bin/$name.omp" ] || exit 1 # the serial or OpenMP build failed
    log "gpuparcc failed on $name (see $out/src/$name.gpuparcc.log)"
  fi
  declare -A peer_why=()
  for p in $peers; do
    peer_why[$p]=$(build_peer "$p" "$name" "$src")
  done
  if [ $quick = 1 ]; then sz=${sizes_quick[$name]}; else sz=${sizes_full[$name]}; fi
  for n in $sz; do
    run_variant() { # variant backend command...   (backend 'peer': from the PEER line)
      local variant=$1 backend=$2
      shift 2
      local line text
      text=$("$@" "$n" "$reps" 2>>"$out/$name.stderr") || true
      if [ "$backend" = peer ]; then
        case $(grep -m1 '^PEER' <<<"$text") in
        *on_device=1*) backend=gpu ;;
        *on_device=0*) backend=host-fallback ;;
        *) backend=unknown ;;
        esac
      fi
      if line=$(grep -m1 '^RESULT' <<<"$text"); then
        echo "$line variant=$variant backend=$backend" >>"$results"
      else
        echo "RESULT name=$name size=$n median_s=nan bytes=0 flops=0 ok=0 variant=$variant backend=$backend reason=no-result" >>"$results"
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
    for p in $peers; do
      if [ -z "${peer_why[$p]}" ]; then
        run_variant "$p" peer env OMP_NUM_THREADS="$(nproc)" "$out/bin/$name.$p"
      else
        echo "RESULT name=$name size=$n median_s=nan bytes=0 flops=0 ok=0 variant=$p backend=none reason=${peer_why[$p]}" >>"$results"
      fi
    done
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
rm -f "$out/bin/overhead.gpupar"
"$build/bin/gpuparcc" -O3 -o "$out/bin/overhead.gpupar" "$root/bench/overhead.c" -lm ||
  log "gpuparcc failed on overhead.c: no per-call overhead figure"
calls=$((quick ? 500000 : 5000000))
for v in serial gpupar; do
  [ -x "$out/bin/overhead.$v" ] || continue
  line=$(GPUPAR_DEVICES=cpu "$out/bin/overhead.$v" "$calls" | grep '^RESULT')
  echo "$line variant=$v backend=cpu" >>"$results"
done

# Plugin cost: -fsyntax-only with and without the plugin.
python3 "$root/bench/plugin_cost.py" --build "$build" --out "$out" >>"$results" ||
  log "plugin cost not measured (plugin_cost.py failed)"

[ -f "$results.floor" ] && cat "$results.floor" >>"$results"
python3 "$root/bench/report.py" "$results" "$out/results.json" "$out/results.md"
cat "$out/results.md"
