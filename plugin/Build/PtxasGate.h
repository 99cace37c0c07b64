//===- PtxasGate.h - kernels that spill or use too much shared memory ------===//
//
// nvcc compiles kernel files with `-Xptxas -v`: for every architecture ptxas prints each
// kernel's spill stores and loads and its static shared memory. The gate reads that output
// (the same rules as gpuparcc's `ptxas_gate`): a spill runs correctly, only slower, and is a
// warning unless GPUPAR_PTXAS_STRICT=1 (CI) makes it an error; more than 48 KB of static shared
// memory never loads and is always an error (ptxas stops at the first such kernel without
// naming its architecture; the gate names each kernel and architecture).
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_BUILD_PTXASGATE_H
#define GPUPAR_PLUGIN_BUILD_PTXASGATE_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace gpupar {

/// One kernel on one architecture over a limit.
struct PtxasFinding {
  std::string Kernel; ///< demangled, without parameters
  std::string Arch;   ///< `sm_80`
  unsigned SpillStores = 0, SpillLoads = 0;
  unsigned SharedBytes = 0; ///< static shared memory, when over the limit
  bool Error = false;       ///< fails the build (the plugin's messages: Diagnostics.def)
};

/// The largest static shared memory a kernel may have (48 KB).
constexpr unsigned PtxasSharedLimit = 48 * 1024;

/// Whether GPUPAR_PTXAS_STRICT asks for spills to fail the build (set and not "0").
bool ptxasStrict();

/// Reads nvcc's output `Log`: returns the findings (spills are errors when `Strict`) and, in
/// `Rest`, the lines that are not ptxas's resource usage (warnings and errors to show).
std::vector<PtxasFinding> checkPtxasOutput(llvm::StringRef Log, bool Strict, std::string &Rest);

} // namespace gpupar

#endif
