//===- Planner.h - from a loop to its LoopPlan -----------------------------===//
#ifndef GPUPAR_PLUGIN_PLANNER_H
#define GPUPAR_PLUGIN_PLANNER_H

#include "Analysis/Accesses.h"
#include "Plan/LoopPlan.h"
#include "Pragma/Directive.h"

namespace gpupar {

/// Returns the plan (all but the names) of loop `F` under directive `Dir`, which analyzeLoop
/// accepted with `Info`. Planning cannot fail: every reason to stay serial is the analysis's.
LoopPlan planLoop(clang::ASTContext &Ctx, const Directive &Dir, const LoopForm &F,
                  const BodyInfo &Info);

} // namespace gpupar

#endif
