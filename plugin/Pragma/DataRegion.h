//===- DataRegion.h - `#pragma gpupar data map(...)` over a block ----------===//
//
// A data region keeps arrays on the devices across the offloaded loops of one compound
// statement, like OpenACC `data`:
//
//   #pragma gpupar data map(tofrom: u[0:n*m]) map(to: f[0:n*m])
//   { for (...) { ... offloaded loops ... } }
//
// The host file calls gpupar_data_enter() for each mapped section before the block and
// gpupar_data_exit() after it, on the same lines, so line numbers stay. The runtime does the
// work (include/gpupar/gpupar.h). A region that control can leave other than through its end
// (`return`, `goto`, `break`, `continue`) would skip the exit: it is ignored with a warning, which
// costs copies but never correctness.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_DATAREGION_H
#define GPUPAR_PLUGIN_DATAREGION_H

#include "Diagnostics.h"
#include "Pragma/PragmaHandler.h"

#include "clang/AST/ASTContext.h"

#include <string>
#include <vector>

namespace gpupar {

/// Text to insert into the host file at `Loc` (a file location).
struct HostInsertion {
  clang::SourceLocation Loc;
  std::string Text;
};

/// Returns true when `R` is a `#pragma gpupar data` directive.
bool isDataDirective(const PragmaRecord &R);

/// Checks data directive `R` and the block after it; on success appends the host-file
/// insertions that open and close the region to `Edits` (and a remark to `Problems` when
/// `Remarks`). Returns false with the reasons in `Problems` when the region is not rewritten.
bool planDataRegion(clang::ASTContext &Ctx, const PragmaRecord &R, bool Remarks,
                    std::vector<HostInsertion> &Edits, std::vector<Problem> &Problems);

} // namespace gpupar

#endif
