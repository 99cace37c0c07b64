//===- HostRewriter.h - rewrites the main file into <stem>.gpupar.c --------===//
//
// Every original line keeps its number: each pragma line becomes a comment of the same line
// count, the prologue of an offloaded loop ends with `#line`, and the closing text goes on the
// loop's last line. Rejected loops stay exactly as written.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_HOSTREWRITER_H
#define GPUPAR_PLUGIN_HOSTREWRITER_H

#include "Plan/LoopPlan.h"
#include "Pragma/DataRegion.h"
#include "Pragma/PragmaHandler.h"

#include "clang/AST/ASTContext.h"

#include <string>
#include <vector>

namespace gpupar {

/// Returns the rewritten main file. `Pragmas` are the pragmas of the main file (commented out),
/// `Plans` the offloaded loops, `Extra` further insertions (data regions), `FileName` the name
/// for `#line 1`.
std::string rewriteHost(clang::ASTContext &Ctx, const std::vector<const PragmaRecord *> &Pragmas,
                        const std::vector<LoopPlan> &Plans, const std::vector<HostInsertion> &Extra,
                        const std::string &FileName);

/// Returns the insertions that run loop `FS`, which stays serial in the host file, in `#pragma
/// omp single` after a barrier (the loop lies in an OpenMP `parallel` region: one thread of the
/// team runs it, as its `omp for` was shared among them).
std::vector<HostInsertion> singleThreadLoop(clang::ASTContext &Ctx, const clang::ForStmt *FS);

} // namespace gpupar

#endif
