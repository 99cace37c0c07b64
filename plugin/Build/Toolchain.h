//===- Toolchain.h - the programs and files an offloaded object needs ------===//
//
// Where the gpupar headers are (relative to the plugin, so that an installed tree can move), which
// compiler builds a kernel file (nvcc, or the host C++ compiler for host-only use, as gpuparcc
// does), and how a program is run with its output kept for a diagnostic.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_BUILD_TOOLCHAIN_H
#define GPUPAR_PLUGIN_BUILD_TOOLCHAIN_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace gpupar {

/// A program and its arguments (Args[0] is the program's name as shown in messages).
struct Command {
  std::string Program;
  std::vector<std::string> Args;
  std::string text() const; ///< the command as one line, for messages
};

/// Returns the folder holding the gpupar headers next to the plugin (`build/include` for
/// `build/plugin/gpupar.so`, `<prefix>/include` for `<prefix>/lib/gpupar/gpupar.so`), or an empty
/// string and the places looked at in `Why`.
std::string findIncludeDir(std::string &Why);

/// Fills `C` with the command that compiles kernel file `Cu` into object `Obj`: nvcc when this
/// build has CUDA and nvcc is found ($NVCC, $CUDA_HOME/bin, /usr/local/cuda/bin, PATH), else the
/// host C++ compiler ($CXX, default c++) for the host and emulated devices. Returns false with
/// the reason in `Why` when no compiler is found.
bool kernelCommand(const std::string &Cu, const std::string &Obj, const std::string &Include,
                   Command &C, std::string &Why);

/// Fills `C` with `ld -r Inputs... -o Out` (a relocatable link). Returns false when no `ld`.
bool relocatableLinkCommand(const std::vector<std::string> &Inputs, const std::string &Out,
                            Command &C, std::string &Why);

/// Runs `C` with its standard output and error going to `LogPath`. Returns true when it exits
/// with status 0; `Output` holds what it printed (or why it did not run).
bool runCommand(const Command &C, const std::string &LogPath, std::string &Output);

/// Returns the whole lines at the end of `Text` that fit in `Max` characters (the end of a
/// failed command's output says what failed).
std::string lastLines(llvm::StringRef Text, size_t Max = 4000);

} // namespace gpupar

#endif
