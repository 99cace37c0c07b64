#!/usr/bin/env bash
# One command for a machine with a GPU (docs/performance.md, "Checking on a GPU").
#
#   scripts/gpu-check.sh --prepare [DIR]   here (clang-19 and a build of gpupar): runs the plugin
#       on every end-to-end program (tests/e2e/CMakeLists.txt) and every benchmark kernel and
#       keeps the generated .gpupar.c/.gpupar.cu with the sources in DIR (default: gpu-check/)
#   scripts/gpu-check.sh --run [DIR] [--stages "build e2e sanitize bench nsys"] [--allow-no-gpu]
#       on the GPU machine (nvcc, gcc, python3; no clang needed): builds libgpupar with the cuda
#       backend (gcc) and every program (gcc + nvcc for the GPU's architecture), runs the e2e
#       suite on GPUPAR_DEVICES=cuda with GPUPAR_FORCE=gpu (tests/e2e/run_program.sh: the
#       program's own element-by-element check and the trace's coverage), each program under
#       compute-sanitizer memcheck, racecheck and synccheck (when installed), the benchmarks'
#       GPU part (bench/run.sh --quick, with a gpuparcc stand-in that compiles the prepared
#       files) and an nsys timeline of saxpy (when nsys is installed). Writes DIR/summary.txt.
#
# Without a GPU, --run builds (when nvcc is there) and stops with a clear message and exit
# status 2; --allow-no-gpu makes that exit 0 (to test the script). Each stage appends to the
# summary, so that stages can be run in separate commands (each must finish in the time a lent
# machine gives one command). Exit status: 0 when nothing failed, 1 when something did.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode="" dir="" stages="build e2e sanitize bench nsys" allow_no_gpu=0
while (($#)); do
  case $1 in
  --prepare | --run) mode=${1#--} ;;
  --stages) stages=$2; shift ;;
  --allow-no-gpu) allow_no_gpu=1 ;;
  -h | --help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  -*) echo "gpu-check: unknown option '$1' (see --help)" >&2; exit 2 ;;
  *) dir=$1 ;;
  esac
  shift
done
[ -n "$mode" ] || { echo "gpu-check: say --prepare or --run (see --help)" >&2; exit 2; }
dir=${dir:-$root/gpu-check}
mkdir -p "$dir" && dir=$(cd "$dir" && pwd)
log() { echo "gpu-check: $*" >&2; }

# The e2e programs: "name|source|mode|expect" entries of tests/e2e/CMakeLists.txt.
e2e_programs() {
  grep -o '"[a-z0-9_]*|[^|"]*|[a-z]*|[a-z]*"' "$root/tests/e2e/CMakeLists.txt" | tr -d '"' |
    sed -e "s|\${CMAKE_SOURCE_DIR}|$root|" -e "s|\${E2E_SRC}|$root/tests/e2e|"
}

# --- prepare ---------------------------------------------------------------------------------

# Generates into $1 (a folder) the plugin's files for source $2, with the source and the
# headers beside it.
generate() {
  local out=$1 src=$2 gpuparcc=$3
  mkdir -p "$out"
  cp "$src" "$out/" && cp "$(dirname "$src")"/*.h "$out/" 2>/dev/null
  # One architecture is enough here: nvcc only checks that the kernels compile.
  GPUPAR_CUDA_ARCH=${GPUPAR_CUDA_ARCH:--arch=sm_90} "$gpuparcc" -O2 --gpupar-keep -c "$src" \
    -o "$out/$(basename "$src" .c).o" 2>"$out/gpuparcc.log" ||
    { log "gpuparcc failed on $src (see $out/gpuparcc.log)"; return 1; }
  rm -f "$out/$(basename "$src" .c).o"
}

prepare() {
  local build=${GPUPAR_BUILD_DIR:-$root/build}
  local gpuparcc=$build/bin/gpuparcc
  [ -x "$gpuparcc" ] || { log "no $gpuparcc: build gpupar first (cmake; see README.md)"; exit 2; }
  rm -rf "$dir/e2e" "$dir/bench" && mkdir -p "$dir/e2e" "$dir/bench"
  local failed=0 n=0
  while IFS='|' read -r name src _ expect; do
    generate "$dir/e2e/$name" "$src" "$gpuparcc" || { failed=1; continue; }
    echo "$name $(basename "$src" .c) $expect" >>"$dir/e2e/programs.txt"
    n=$((n + 1))
  done < <(e2e_programs)
  for src in "$root"/bench/kernels/*.c "$root/bench/overhead.c"; do
    generate "$dir/bench/$(basename "$src" .c)" "$src" "$gpuparcc" || failed=1
  done
  {
    echo "prepared $(date -u '+%Y-%m-%d %H:%M UTC') from $(git -C "$root" rev-parse --short HEAD 2>/dev/null)"
    echo "programs: $n e2e, $(ls "$dir/bench" | wc -l) benchmark sources"
  } >"$dir/prepared.txt"
  cat "$dir/prepared.txt"
  log "now copy $dir to the GPU machine with the repository and run: scripts/gpu-check.sh --run"
  exit $failed
}

# --- run -------------------------------------------------------------------------------------

cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=${NVCC:-$cuda/bin/nvcc}
cc=${CC:-gcc}
summary=$dir/summary.txt
failures=0
note() { echo "$*" | tee -a "$summary"; }
result() { # stage item PASS|FAIL|SKIP [detail]
  note "$(printf '%-9s %-24s %-4s %s' "$1" "$2" "$3" "${4:-}")"
  [ "$3" != FAIL ] || failures=$((failures + 1))
}

gpu_arch() { # sm_XY of GPU 0, or empty
  local cap
  cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n1 | tr -d ' .')
  [ -n "$cap" ] && echo "sm_$cap"
}

build_runtime() {
  local obj=$dir/obj/runtime
  mkdir -p "$obj" "$dir/lib"
  rm -f "$dir/lib/libgpupar.a"
  local srcs=()
  while IFS= read -r f; do srcs+=("$f"); done < <(cd "$root/runtime" && find . -name '*.c' \
    ! -name backend_cuda_stub.c ! -path './sim/*' -printf '%P\n' | sort)
  local ok=1
  for f in "${srcs[@]}"; do
    echo "$f"
  done | xargs -P "$(nproc)" -I{} sh -c '"$0" -O2 -g -std=gnu11 -fPIC -fvisibility=hidden \
      -D_POSIX_C_SOURCE=200809L -DGPUPAR_HAVE_CUDA=1 -I"$1/runtime" -I"$1/include" -I"$2/include" \
      -c "$1/runtime/{}" -o "$3/$(echo {} | tr / _).o"' "$cc" "$root" "$cuda" "$obj" 2>"$dir/runtime.log" || ok=0
  [ $ok = 1 ] && ar qc "$dir/lib/libgpupar.a" "$obj"/*.o || { result build libgpupar FAIL "see $dir/runtime.log"; return 1; }
  result build libgpupar PASS "${#srcs[@]} files, cuda backend"
}

# Writes $dir/bin/gpuparcc: compiles a prepared source (by file name) instead of running the
# plugin, then links like gpuparcc. Enough for bench/run.sh.
write_stand_in() {
  mkdir -p "$dir/bin"
  cat >"$dir/bin/gpuparcc" <<EOF
#!/usr/bin/env bash
# gpuparcc stand-in (scripts/gpu-check.sh): uses the files generated by --prepare.
set -euo pipefail
out=a.out flags=() srcs=() rest=()
while ((\$#)); do
  case \$1 in
  -o) out=\$2; shift ;;
  *.c) srcs+=("\$1") ;;
  -l* | -L* | *.o | *.a) rest+=("\$1") ;;
  *) flags+=("\$1") ;;
  esac
  shift
done
tmp=\$(mktemp -d); trap 'rm -rf "\$tmp"' EXIT
objs=()
for s in "\${srcs[@]}"; do
  stem=\$(basename "\$s" .c) g=$dir/bench/\$stem
  [ -f "\$g/\$stem.gpupar.c" ] || { echo "gpuparcc stand-in: \$stem was not prepared" >&2; exit 1; }
  $cc "\${flags[@]}" -I"\$g" -I$root/include -c "\$g/\$stem.gpupar.c" -o "\$tmp/\$stem.o"
  $nvcc -x cu -c -O3 -std=c++17 -arch=$arch -Xcompiler -fPIC -I$root/include "\$g/\$stem.gpupar.cu" -o "\$tmp/\$stem.cu.o"
  objs+=("\$tmp/\$stem.o" "\$tmp/\$stem.cu.o")
done
$cc "\${flags[@]}" "\${objs[@]}" "\${rest[@]}" $dir/lib/libgpupar.a -L$cuda/lib64 -lcudart_static \\
  -lrt -lstdc++ -lm -lpthread -ldl -o "\$out"
EOF
  chmod +x "$dir/bin/gpuparcc"
}

build_programs() {
  [ -f "$dir/e2e/programs.txt" ] || { result build programs FAIL "nothing prepared: run --prepare first"; return 1; }
  while read -r name stem _; do
    local g=$dir/e2e/$name out=$dir/out/$name
    mkdir -p "$out"
    if "$cc" -O2 -o "$out/serial" "$g/$stem.c" -lm 2>"$out/build.log" &&
      "$cc" -O2 -I"$g" -I"$root/include" -c "$g/$stem.gpupar.c" -o "$out/host.o" 2>>"$out/build.log" &&
      "$nvcc" -x cu -c -O3 -std=c++17 -arch="$arch" -I"$root/include" "$g/$stem.gpupar.cu" \
        -o "$out/dev.o" 2>>"$out/build.log" &&
      "$cc" -o "$out/gpupar" "$out/host.o" "$out/dev.o" "$dir/lib/libgpupar.a" -L"$cuda/lib64" \
        -lcudart_static -lrt -lstdc++ -lm -lpthread -ldl 2>>"$out/build.log"; then
      result build "$name" PASS
    else
      result build "$name" FAIL "see $out/build.log"
    fi
  done <"$dir/e2e/programs.txt"
}

run_e2e() {
  while read -r name _ expect; do
    local out=$dir/out/$name
    [ -x "$out/gpupar" ] || { result e2e "$name" SKIP "not built"; continue; }
    bash "$root/tests/e2e/run_program.sh" "$out" cuda "$expect" >"$out/e2e.log" 2>&1
    case $? in
    0) result e2e "$name" PASS ;;
    77) result e2e "$name" SKIP "no usable GPU" ;;
    *) result e2e "$name" FAIL "$(tail -n1 "$out/e2e.log") (see $out/e2e.log)" ;;
    esac
  done <"$dir/e2e/programs.txt"
}

run_sanitizers() {
  local cs
  cs=$(command -v compute-sanitizer || echo "$cuda/bin/compute-sanitizer")
  [ -x "$cs" ] || { result sanitize all SKIP "compute-sanitizer not installed"; return; }
  while read -r name _ _; do
    local out=$dir/out/$name
    [ -x "$out/gpupar" ] || continue
    for tool in memcheck racecheck synccheck; do
      (cd "$out" && GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu timeout "${GPU_CHECK_TIMEOUT:-300}" \
        "$cs" --tool "$tool" --error-exitcode 99 --print-limit 20 ./gpupar) >"$out/$tool.log" 2>&1
      local rc=$?
      if [ $rc = 0 ]; then
        result "$tool" "$name" PASS
      else
        result "$tool" "$name" FAIL "exit $rc: $(grep -m1 -E 'ERROR|error|Invalid|Race|Barrier' "$out/$tool.log") (see $out/$tool.log)"
      fi
    done
  done <"$dir/e2e/programs.txt"
}

run_bench() {
  [ -x "$dir/bin/gpuparcc" ] || write_stand_in
  local bb=$dir/bench-build
  mkdir -p "$bb/bin" && cp "$dir/bin/gpuparcc" "$bb/bin/gpuparcc"
  if GPUPAR_BUILD_DIR=$bb bash "$root/bench/run.sh" --quick --no-install --backends "cpu cuda" \
    >"$dir/bench.log" 2>&1; then
    result bench run.sh PASS "$bb/bench/results.md"
    cat "$bb/bench/results.md" >>"$summary"
  else
    result bench run.sh FAIL "see $dir/bench.log"
  fi
}

run_nsys() {
  command -v nsys >/dev/null 2>&1 || { result nsys saxpy SKIP "nsys not installed"; return; }
  local out=$dir/out/saxpy
  [ -x "$out/gpupar" ] || { result nsys saxpy SKIP "saxpy not built"; return; }
  if GPUPAR_DEVICES=cuda GPUPAR_FORCE=gpu nsys profile --force-overwrite true --trace cuda,osrt \
    -o "$dir/saxpy-timeline" "$out/gpupar" 16000000 >"$dir/nsys.log" 2>&1; then
    result nsys saxpy PASS "$dir/saxpy-timeline.nsys-rep"
    nsys stats -q --report cuda_gpu_kern_sum,cuda_gpu_mem_time_sum "$dir/saxpy-timeline.nsys-rep" \
      >>"$summary" 2>/dev/null || true
  else
    result nsys saxpy FAIL "see $dir/nsys.log"
  fi
}

run_all() {
  {
    echo "== gpu-check $(date -u '+%Y-%m-%d %H:%M UTC'), stages: $stages"
    echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'); $(cat "$dir/prepared.txt" 2>/dev/null | head -n1)"
    echo "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null | head -n1 || echo none)"
    echo "nvcc: $("$nvcc" --version 2>/dev/null | tail -n1 || echo none)"
  } | tee -a "$summary"
  [ -x "$nvcc" ] || { note "gpu-check: no nvcc at $nvcc (set CUDA_HOME or NVCC): nothing can be built"; exit 2; }
  local have_gpu=1 why=""
  if ! command -v nvidia-smi >/dev/null 2>&1; then
    have_gpu=0 why="nvidia-smi not found"
  elif ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
    have_gpu=0 why="nvidia-smi lists no GPU"
  fi
  arch=${GPU_CHECK_ARCH:-$(gpu_arch)}
  arch=${arch:-sm_90}
  case " $stages " in *" build "*) build_runtime && build_programs && write_stand_in ;; esac
  if [ $have_gpu = 0 ]; then
    note "gpu-check: no GPU on this machine ($why): the GPU stages did not run"
    note "== $failures failure(s); GPU stages skipped"
    [ $failures = 0 ] || exit 1
    [ $allow_no_gpu = 1 ] && exit 0
    exit 2
  fi
  case " $stages " in *" e2e "*) run_e2e ;; esac
  case " $stages " in *" sanitize "*) run_sanitizers ;; esac
  case " $stages " in *" bench "*) run_bench ;; esac
  case " $stages " in *" nsys "*) run_nsys ;; esac
  note "== $failures failure(s)"
  [ $failures = 0 ]
}

if [ "$mode" = prepare ]; then prepare; else run_all; fi
