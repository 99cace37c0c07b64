//===- Planner.h - from a loop to its LoopPlan -----------------------------===//
#ifndef GPUPAR_PLUGIN_PLANNER_H
#define GPUPAR_PLUGIN_PLANNER_H

#include "Diagnostics.h"
#include "Plan/LoopPlan.h"
#include "Pragma/Directive.h"

namespace gpupar {

/// Analyses `FS` under directive `Dir` (canonical form, body, dependences) and fills `Plan` (all
/// but the names). Returns false with the reason in `P` when the loop must stay serial.
bool planLoop(clang::ASTContext &Ctx, const clang::ForStmt *FS, const Directive &Dir,
              LoopPlan &Plan, Problem &P);

} // namespace gpupar

#endif
