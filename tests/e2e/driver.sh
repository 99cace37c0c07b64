#!/usr/bin/env bash
# gpuparcc as a compiler driver: errors fail the build, warnings pass through, several files and
# separate compile/link steps work, --gpupar-keep keeps the generated files.
set -uo pipefail
gpuparcc=$1 work=$2
src=$(cd "$(dirname "$0")/driver" && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

if "$gpuparcc" -c "$src/dependent.c" -o dependent.o 2>err.txt; then
  fail "a proven dependence compiled"
fi
grep -q "error: write to 'a\[i\]' and read of 'a\[i - 1\]' carry a dependence of distance 1" err.txt ||
  fail "dependence error not shown: $(cat err.txt)"
[ ! -e dependent.o ] || fail "an object was written for a file with errors"

"$gpuparcc" -O2 -c "$src/serial_warning.c" 2>err.txt || fail "a serial loop broke the build: $(cat err.txt)"
grep -q "warning: call to 'external_step'" err.txt || fail "warning not passed through: $(cat err.txt)"
[ -f serial_warning.o ] || fail "-c without -o must write serial_warning.o"
if "$gpuparcc" --gpupar-werror -c "$src/serial_warning.c" -o w.o 2>/dev/null; then
  fail "--gpupar-werror did not fail on a warning"
fi
grep -q "\[gpupar-call-undefined\]" err.txt || fail "the warning does not name its id: $(cat err.txt)"
"$gpuparcc" --gpupar-werror --gpupar-no=call-undefined -c "$src/serial_warning.c" -o w.o 2>err.txt ||
  fail "--gpupar-no=call-undefined did not silence the warning: $(cat err.txt)"
if grep -q "warning\|error" err.txt; then fail "--gpupar-no left a message: $(cat err.txt)"; fi

"$gpuparcc" -O2 --gpupar-keep -c "$src/scale.c" -o scale.o || fail "scale.c did not compile"
[ -f scale.gpupar.c ] && [ -f scale.gpupar.cu ] || fail "--gpupar-keep kept nothing"
"$gpuparcc" -O2 "$src/main.c" serial_warning.o scale.o -o app || fail "link failed"
for devices in cpu emu:2; do
  GPUPAR_DEVICES=$devices ./app || fail "app gave a wrong result under $devices"
done
"$gpuparcc" -O2 -fopenmp -MD -c "$src/omp_style.c" -o omp_style.o 2>err.txt ||
  fail "an OpenMP-style file did not compile: $(cat err.txt)"
head -n1 omp_style.d | grep -q "^omp_style.o:" && grep -q " $src/omp_style.c" omp_style.d || fail "-MD must name the source: $(cat omp_style.d)"
if grep -q "gpupar.c" omp_style.d; then fail "-MD names the temporary host file"; fi
"$gpuparcc" -fopenmp omp_style.o -o omp_style || fail "OpenMP-style link failed"
GPUPAR_DEVICES=emu:2 ./omp_style >/dev/null || fail "OpenMP-style program gave a wrong result"

# Drop-in: K&R definitions, implicit int and declarations, int/pointer conversions compile as
# they do with gcc (warnings), with and without gpupar pragmas.
for std in gnu89 gnu11; do
  "$gpuparcc" -std=$std -O2 -c "$src/kr_style.c" -o kr.o 2>err.txt ||
    fail "K&R file with pragmas rejected under -std=$std: $(cat err.txt)"
  "$gpuparcc" -std=$std -DNO_PRAGMA -c "$src/kr_style.c" -o kr_plain.o 2>err.txt ||
    fail "K&R file without pragmas rejected under -std=$std: $(cat err.txt)"
done
"$gpuparcc" -O2 kr.o -o kr || fail "K&R link failed"
GPUPAR_DEVICES=emu:2 ./kr || fail "K&R program gave a wrong result"

# With nvcc: code for every GPU family CUDA 13 supports (a missing one fails every launch there).
"$gpuparcc" --gpupar-verbose -O2 -c "$src/scale.c" -o scale_v.o >verbose.txt 2>&1 ||
  fail "scale.c did not compile with --gpupar-verbose: $(cat verbose.txt)"
if grep -q "nvcc" verbose.txt; then
  for arch in sm_75 sm_80 sm_90 sm_100 sm_120 compute_100; do
    grep -q "code=\[*[a-z0-9_,]*$arch" verbose.txt || fail "nvcc builds no $arch code: $(grep nvcc verbose.txt)"
  done
fi

# -fsyntax-only: diagnostics only, nothing written, errors still fail.
"$gpuparcc" -O2 -fsyntax-only "$src/serial_warning.c" 2>err.txt ||
  fail "-fsyntax-only failed on a file without errors: $(cat err.txt)"
grep -q "warning: call to 'external_step'" err.txt || fail "-fsyntax-only hid the warning: $(cat err.txt)"
if "$gpuparcc" -fsyntax-only "$src/dependent.c" 2>err.txt; then fail "-fsyntax-only passed a dependence"; fi
grep -q "carry a dependence of distance 1" err.txt || fail "-fsyntax-only error not shown: $(cat err.txt)"
mkdir syntax && (cd syntax && "$gpuparcc" -fsyntax-only "$src/scale.c" "$src/main.c") 2>err.txt ||
  fail "-fsyntax-only on two files failed: $(cat err.txt)"
[ -z "$(ls syntax)" ] || fail "-fsyntax-only wrote files: $(ls syntax)"
if printf 'int f(void) { return undeclared_name; }\n' >bad.c && "$gpuparcc" -fsyntax-only bad.c 2>/dev/null; then
  fail "-fsyntax-only passed a C error"
fi

if "$gpuparcc" --gpupar-bogus "$src/scale.c" 2>err.txt; then fail "unknown option accepted"; fi
grep -q "unknown option '--gpupar-bogus'" err.txt || fail "unknown option message: $(cat err.txt)"
echo "driver ok"
