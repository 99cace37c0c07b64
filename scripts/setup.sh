#!/usr/bin/env bash
# Installs what gpupar needs to build and test on Debian 12: Clang/LLVM 19 (plugin, lit,
# FileCheck), cmocka, CMake, Ninja and Csmith (random C programs for tests/fuzz). CUDA is
# optional and is never installed here: it is used from /usr/local/cuda (or $CUDA_HOME) when
# present.
set -euo pipefail

packages=(clang-19 libclang-19-dev llvm-19-dev llvm-19-tools libcmocka-dev cmake ninja-build
          pkg-config python3 gcc g++ make csmith)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi
echo "setup: toolchain ready"
