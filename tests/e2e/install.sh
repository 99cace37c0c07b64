#!/usr/bin/env bash
# Installs gpupar into a temporary prefix and builds examples/saxpy from there three ways:
# a Makefile with CC=gpuparcc, `clang-19 -fplugin=... -c` plus pkg-config for the link, and a
# CMake project with find_package(gpupar). Each build runs under GPUPAR_DEVICES=emu:3 and must
# print what the serial build prints, with the loop offloaded (trace).
# usage: install.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -uo pipefail
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd) work=$3
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 1
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log" || fail "install failed"
saxpy=$src/examples/saxpy/saxpy.c
cc -O2 "$saxpy" -lm -o "$work/serial" || fail "serial build failed"
"$work/serial" >"$work/serial.out" || fail "serial run failed"

check() { # NAME PROGRAM
  local trace=$work/$1.trace.json
  GPUPAR_DEVICES=emu:3 GPUPAR_TRACE=$trace "$2" >"$work/$1.out" || fail "$1: run failed"
  diff -u "$work/serial.out" "$work/$1.out" || fail "$1: output differs from the serial build"
  python3 "$here/check_trace.py" "$trace" --devices emu:3 --expect offload >/dev/null ||
    fail "$1: the loop was not offloaded"
  echo "$1: ok"
}

# 1. A Makefile with CC=gpuparcc (compile and link steps as make runs them).
mkdir -p "$work/make" && cp "$saxpy" "$work/make/" &&
  printf 'saxpy: saxpy.o\n\t$(CC) $(CFLAGS) saxpy.o -o $@ -lm\n' >"$work/make/Makefile" || exit 1
make -s -C "$work/make" CC="$prefix/bin/gpuparcc" CFLAGS=-O2 || fail "make with CC=gpuparcc failed"
check make "$work/make/saxpy"

# 2. clang-19 -fplugin=... -c, then pkg-config for the link.
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
plugin=$(pkg-config --variable=plugin gpupar) || fail "pkg-config does not know gpupar"
[ -f "$plugin" ] || fail "pkg-config names no plugin: $plugin"
mkdir -p "$work/plugin" || exit 1
clang-19 -O2 -fplugin="$plugin" -c "$saxpy" -o "$work/plugin/saxpy.o" || fail "clang -fplugin -c failed"
ls "$work/plugin" | grep -qv '^saxpy.o$' && fail "side files left beside the object: $(ls "$work/plugin")"
clang-19 "$work/plugin/saxpy.o" $(pkg-config --libs gpupar) -o "$work/plugin/saxpy" ||
  fail "link with pkg-config --libs gpupar failed"
check plugin "$work/plugin/saxpy"

# 3. A CMake project with find_package(gpupar) and gpupar_offload().
mkdir -p "$work/cmake" && cp "$saxpy" "$work/cmake/" && cat >"$work/cmake/CMakeLists.txt" <<'CMAKE' || exit 1
cmake_minimum_required(VERSION 3.20)
project(saxpy C)
find_package(gpupar VERSION_OF_THIS_BUILD REQUIRED)
add_executable(saxpy saxpy.c)
target_link_libraries(saxpy PRIVATE m)
gpupar_offload(saxpy)
CMAKE
# Ask for the version this build installs (the package accepts the same major.minor).
version=$(pkg-config --modversion gpupar) || fail "pkg-config --modversion gpupar failed"
sed -i "s/VERSION_OF_THIS_BUILD/$version/" "$work/cmake/CMakeLists.txt"
cmake -S "$work/cmake" -B "$work/cmake/build" -G Ninja -DCMAKE_C_COMPILER=clang-19 \
  -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log" || fail "cmake configure failed: $(cat "$work/cmake.log")"
cmake --build "$work/cmake/build" >>"$work/cmake.log" || fail "cmake build failed: $(cat "$work/cmake.log")"
check cmake "$work/cmake/build/saxpy"

# The installed tree does not depend on the build tree: nothing in it names the build folder.
if grep -rIl "$build" "$prefix" --exclude-dir=doc; then fail "installed files name the build tree"; fi
echo "install ok"
