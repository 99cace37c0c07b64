//===- LoopPlan.h - what to emit for one offloaded loop --------------------===//
//
// The target-independent result of the analysis: iteration space, arrays, access terms and
// scalars, with every run-time expression already printed as C for the host file.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_LOOPPLAN_H
#define GPUPAR_PLUGIN_LOOPPLAN_H

#include "LoopForm.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpupar {

struct PlanScalar {
  std::string Name;
  std::string TypeC;   ///< host file type of the copy (enums: their integer type)
  std::string TypeCxx; ///< .cu parameter type
};

struct PlanArray {
  std::string Name;
  std::string ElemC, ElemCxx;
  bool Read = false, Write = false;
};

/// `coef * j` for an inner loop variable j in [Lo, Hi] (inclusive; C expressions).
struct PlanRange {
  std::string Coef, Lo, Hi;
};

/// One access term: elements [Coef*i + Offset + ranges] of array `Array`.
struct PlanTerm {
  unsigned Array = 0;
  bool Write = false;
  bool Exact = false;
  std::string Coef, Offset; ///< C `long long` expressions
  std::vector<PlanRange> Ranges;
  std::string Text; ///< the access as written, for the comment
};

struct LoopPlan {
  LoopForm Form;
  unsigned Line = 0;
  std::string File;   ///< presumed file name of the loop, for #line
  std::string Site;   ///< "file.c:LINE"
  std::string Name;   ///< suffix of the generated functions: "<stem>_<line>"
  std::string Symbol; ///< the descriptor: "gpupar_loop_<stem>_<line>_<hash>"
  std::string VarName, VarTypeC, VarTypeCxx;
  std::string CmpTypeC;
  std::string Lo, Hi; ///< C expressions as written
  bool IsUnsigned = false;
  std::vector<PlanScalar> Scalars;
  std::vector<PlanArray> Arrays;
  std::vector<PlanTerm> Terms;
};

} // namespace gpupar

#endif
