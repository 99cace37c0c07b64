//===- LoopPlan.h - what to emit for one offloaded loop --------------------===//
//
// The target-independent result of the analysis: iteration space, arrays, access terms and
// scalars, with every run-time expression already printed as C for the host file.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_LOOPPLAN_H
#define GPUPAR_PLUGIN_LOOPPLAN_H

#include "Analysis/LoopForm.h"
#include "Diagnostics.h"
#include "Emit/BodyPrinter.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpupar {

struct PlanScalar {
  std::string Name;
  std::string TypeC;   ///< host file type of the copy (enums: their integer type)
  std::string TypeCxx; ///< .cu parameter type
  /// The host expression of the value; empty: the variable `Name`. Values the generated code
  /// needs (gpupar_* names: a reduction section's first index, collapsed loops' bounds) have one.
  std::string Value;
  /// The gpupar_rows_layout of a pointer-to-pointer array: the runtime's, read by the host
  /// entry and the launcher from the scalar slot (never a kernel or body parameter).
  bool Layout = false;
};

struct PlanArray {
  std::string Name;
  std::string ElemC, ElemCxx; ///< the innermost element type (the runtime's unit)
  /// The constant dimensions after the first, outermost first, as decimal values: `double
  /// A[N][M]` and `double (*A)[M]` give {"<M>"}, so the .cu parameter is `double (*A)[<M>]`.
  /// Empty for one-dimensional arrays and plain pointers.
  std::vector<std::string> Dims;
  bool Read = false, Write = false;
  /// Written at indices known only at run time (GPUPAR_SCATTER): one write term covers its
  /// whole section; the runtime merges what each device changed.
  bool Scatter = false;
  /// A pointer-to-pointer array: the body sees `gpupar_rows<Elem>` (kernel.h), laid out by
  /// scalar LayoutScalar (an index into LoopPlan::Scalars).
  bool Rows = false;
  unsigned LayoutScalar = 0;
  /// Rows only: a column moves with the loop variable: the body sees `gpupar_cols<Elem>`, whose
  /// rows may be packed column by column (kernel.h).
  bool MovingColumn = false;
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
  bool Disjoint = false;    ///< a write no two iterations share (GPUPAR_DISJOINT)
  std::string Coef, Offset; ///< C `long long` expressions
  std::vector<PlanRange> Ranges;
  /// Bounds on the loop variable from the conditions around the access (C `long long`
  /// expressions; gpupar_span_guard_lo/_hi): the term applies only to those iterations.
  std::vector<std::string> GuardLo, GuardHi;
  std::string Text; ///< the access as written, for the comment
  /// A pointer-to-pointer array's term: Coef/Offset/Ranges give rows, these the columns of each
  /// row (gpupar_span_cols / gpupar_span_add_cols).
  bool Rows = false;
  std::string ColOffset;
  std::string ColCoef; ///< the column's coefficient of the loop variable; empty: none
                       ///< (gpupar_span_col_coef)
  std::vector<PlanRange> ColRanges;
};

/// A variable the kernel keeps per thread: a reduction (clause or auto-detected), a private
/// outer scalar, or a private one whose last value the host assigns after the loop.
struct PlanReduction {
  enum KindT { Reduce, Private, Last } Kind = Reduce;
  std::string Name;
  std::string TypeC, TypeCxx; ///< element type (host file / .cu)
  std::string TypeKind;       ///< GPUPAR_TYPE_* (Reduce, Last)
  std::string Op;             ///< GPUPAR_RED_* (Reduce: the operator; Last: GPUPAR_RED_LAST)
  std::string OpTemplate;     ///< gpupar_red_add, ... (Reduce)
  bool IsArray = false;       ///< `reduction(op: a[lo:len])`
  std::string Lo, Len;        ///< the section (IsArray), C text
  std::string LoScalar;       ///< IsArray: the PlanScalar holding Lo in the .cu
  /// IsArray: some update's index is not proven inside the section, so every update checks
  /// it at run time (kernel.h gpupar_red_update_in); Section is the clause's `a[lo:len]`.
  bool Checked = false;
  std::string Section;
};

/// An inner loop of a `collapse(n)` nest (Collapsed[0] is the second loop).
struct PlanCollapsed {
  std::string VarName, VarTypeCxx;
  std::string LoScalar; ///< the PlanScalar holding its first value
  std::string TripCall; ///< host C: `gpupar_trip_count(...)` of the loop
  int64_t Step = 1;
  /// `int j; ... for (j = lo; ...)`: after an offloaded run the host file assigns j the value
  /// the serial nest leaves (its type as C text here).
  bool DeclaredOutside = false;
  std::string VarTypeC;
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
  /// Reductions, privates and last-value privates, in the order of Info.Written (then array
  /// reductions). Only Reduce and Last entries have a runtime descriptor (ReductionIndex).
  std::vector<PlanReduction> Reductions;
  /// `if(expr)` as C text, and-ed with the reductions' guards; empty: none
  std::string IfExpr;
  std::string DevicesExpr;      ///< `devices(expr)`; empty without the clause
  std::vector<Problem> Remarks; ///< from the analysis, printed with -fplugin-arg-gpupar-remarks
  /// Functions of this file the body calls (callees first) and the types they and the body
  /// need (dependency order): emitted once per .cu file, before the loops.
  std::vector<const clang::FunctionDecl *> Functions;
  std::vector<const clang::TypeDecl *> Types;
  /// `collapse(n)`: the n - 1 inner loops, outermost first; the body is the innermost one's.
  std::vector<PlanCollapsed> Collapsed;
  const clang::Stmt *Body = nullptr;
  /// Host file: other tools' loop pragmas of this loop (`#pragma omp parallel for`), moved from
  /// around the gpupar pragma to right before the `for` (character ranges of the main file).
  std::vector<clang::CharSourceRange> MovedPragmas;
  /// Updates of array-reduction elements, printed as gpupar_red_update calls.
  std::vector<UpdateRewrite> Updates;

  /// Returns whether entry `R` has a runtime descriptor (a reduction or a last value).
  static bool hasDescriptor(const PlanReduction &R) { return R.Kind != PlanReduction::Private; }
};

} // namespace gpupar

#endif
