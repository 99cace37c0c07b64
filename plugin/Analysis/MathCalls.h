//===- MathCalls.h - the C math functions an offloaded loop may call -------===//
#ifndef GPUPAR_PLUGIN_MATHCALLS_H
#define GPUPAR_PLUGIN_MATHCALLS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace gpupar {

struct MathCall {
  const char *Name;    ///< as declared (or the builtin)
  const char *CxxName; ///< name to print in the .cu
  bool CastArgs;       ///< print arguments cast to the parameter types (false: type-generic)
};

/// Returns the math function `FD` is, or null when `FD` is not a C math library function (or a
/// builtin <math.h> macros expand to). Long double forms are only found with `AllowLongDouble`.
const MathCall *findMathCall(const clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                             bool AllowLongDouble = false);

} // namespace gpupar

#endif
