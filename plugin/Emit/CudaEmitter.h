//===- CudaEmitter.h - prints the generated .cu file -----------------------===//
//
// Per loop: the body as a `__host__ __device__` function (printed from the AST), the host entry
// point for the emu backend, the kernel and its launcher (under __CUDACC__), and the
// descriptor tables. The file compiles as plain C++ and with nvcc.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_CUDAEMITTER_H
#define GPUPAR_PLUGIN_CUDAEMITTER_H

#include "Plan/LoopPlan.h"

#include "clang/AST/ASTContext.h"

#include <string>
#include <vector>

namespace gpupar {

/// Returns the .cu text for `Plans`, generated from `SourceName` (a base name).
std::string emitCuda(clang::ASTContext &Ctx, const std::vector<LoopPlan> &Plans,
                     const std::string &SourceName);

} // namespace gpupar

#endif
