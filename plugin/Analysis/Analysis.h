//===- Analysis.h - everything the analysis knows about one loop -----------===//
//
// The one entry point the Planner calls: the canonical form (and the collapsed nest), the body's
// accesses, scalars, reductions, functions and types, and the dependence test, under the
// directive's clauses. Every reason a loop stays serial is decided here: a loop this accepts is
// planned and emitted without further checks.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_ANALYSIS_H
#define GPUPAR_PLUGIN_ANALYSIS_H

#include "Analysis/Accesses.h"
#include "Analysis/LoopForm.h"
#include "Pragma/Directive.h"

namespace gpupar {

/// Analyses loop `FS` annotated with `Dir`. On success fills `F` (the offloaded loop's form)
/// and `Info` (Info.Warnings holds warnings to print anyway, Info.Remarks the remarks to print
/// with -fplugin-arg-gpupar-remarks) and returns true; otherwise returns false with the reason
/// (error or warning, with notes) in `P`. A `collapse(n)` of a nest that is rectangular only in
/// its first k < n loops is narrowed to `collapse(k)` in `Dir` (with a warning).
bool analyzeLoop(clang::ASTContext &Ctx, const clang::ForStmt *FS, Directive &Dir, LoopForm &F,
                 BodyInfo &Info, Problem &P);

} // namespace gpupar

#endif
