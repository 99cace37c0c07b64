//===- Analysis.cpp - everything the analysis knows about one loop ---------===//
#include "Analysis.h"
#include "Dependence.h"

using namespace clang;

namespace gpupar {

bool analyzeLoop(ASTContext &Ctx, const ForStmt *FS, const Directive &Dir, const EmitSupport &S,
                 LoopForm &F, BodyInfo &Info, Problem &P) {
  if (!matchLoopForm(Ctx, FS, F, P))
    return false;
  Info.Collapse.push_back(F);
  if (!analyzeBody(Ctx, F, Dir, S, Info, P))
    return false;
  return checkDependences(Ctx, F, Info, P);
}

} // namespace gpupar
