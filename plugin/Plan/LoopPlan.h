//===- LoopPlan.h - what to emit for one offloaded loop --------------------===//
//
// The target-independent result of the analysis: iteration space, arrays, access terms and
// scalars, as typed values (declarations, types, polynomials over the loop's atoms, the runtime's
// enums). Nothing here is printed C: the emitters (Emit/) print it, with the runtime's names from
// Emit/RuntimeNames.h.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_LOOPPLAN_H
#define GPUPAR_PLUGIN_LOOPPLAN_H

#include "Analysis/Affine.h"
#include "Analysis/LoopForm.h"
#include "Diagnostics.h"
#include "Pragma/Directive.h"

#include "gpupar/loop.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpupar {

/// When the serial loop reads a value that the host file reads once before it (a struct member,
/// BodyInfo::HoistedSites): in an iteration, when every inner loop of one entry (outermost first)
/// runs an iteration; an empty entry: in every iteration.
using PlanReadWhen = std::vector<std::vector<LoopForm>>;

/// A value the host entry passes to the generated code in a scalar slot.
struct PlanScalar {
  enum KindT {
    Variable,  ///< a user variable the body reads (Var)
    SectionLo, ///< the first index of array reduction Reductions[Of]'s section (`long long`)
    NestLo,    ///< the first value of collapsed loop Collapsed[Of]'s variable (`long long`)
    /// the gpupar_rows_layout of pointer-to-pointer array Arrays[Of]: the runtime's, read by the
    /// host entry and the launcher from the slot (never a kernel or body parameter)
    Layout,
    /// a struct member the body reads (Expr, BodyInfo::Hoisted[Of]), read once before the loop;
    /// a body parameter, which the body's reads of it name
    Member,
    /// the size of a variable-length array's dimension, integer variable Var, which the body
    /// does not read itself, or else expression Expr over such variables (`n + 1`, a `long
    /// long`, Of its index among the scalars): read by the host entry and the launcher with its
    /// array (never a kernel or body parameter)
    Extent,
  } Kind = Variable;
  const clang::VarDecl *Var = nullptr; ///< Variable and Extent only
  unsigned Of = 0;
  const clang::Expr *Expr = nullptr; ///< Member, and Extent without Var
  PlanReadWhen When{};               ///< Member only
};

/// A dimension of a variable-length array after the first: a constant, or the value of a scalar.
struct PlanDim {
  uint64_t Size = 0;
  std::optional<unsigned> Scalar; ///< an index into LoopPlan::Scalars (Variable or Extent)
};

struct PlanArray {
  const clang::VarDecl *Var = nullptr;
  clang::QualType Elem; ///< the innermost element type (the runtime's unit)
  /// The constant dimensions after the first, outermost first: `double A[N][M]` and
  /// `double (*A)[M]` give {M}, so the .cu parameter is `double (*A)[M]`. Empty for
  /// one-dimensional arrays and plain pointers.
  std::vector<uint64_t> Dims;
  /// A variable-length array (`double A[n][m]`, `float (*T)[ny][nx]`): all its dimensions after
  /// the first, outermost first; the body sees `gpupar_vla<Elem, N>` (kernel.h) built from
  /// their values. Empty otherwise.
  std::vector<PlanDim> VarDims;
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
  /// A pointer member of a struct (`p->x`, BodyInfo::MemberArrays; Var stands for it and is
  /// named as it is written): the host file reads it once, where the serial loop reads it
  /// (When), and the .cu gives it a name of its own.
  const clang::Expr *Member = nullptr;
  PlanReadWhen When;
};

/// One inclusive end of a range: `(long long)(Expr)` or `Affine`, plus `Add`, then clamped by
/// each of `Clamp` (at least each for a lower end, at most each for an upper end).
struct PlanBound {
  std::optional<Poly> Affine;        ///< over LoopPlan::Atoms; else Expr
  const clang::Expr *Expr = nullptr; ///< a user bound as written (a loop of the body)
  bool Cast = false;                 ///< printed as `(long long)(...)`
  int64_t Add = 0;                   ///< -1, 0 or 1
  std::vector<Poly> Clamp;           ///< conditions around the access on the variable

  static PlanBound constant(int64_t V) {
    PlanBound B;
    B.Affine = Poly::constant(V);
    return B;
  }
};

/// `Coef * j` for an inner loop variable j in [Lo, Hi].
struct PlanRange {
  Poly Coef;
  PlanBound Lo, Hi;
};

/// The elements every chunk gets of an array accessed at run-time indices: the `map` section
/// `[Map->Lo, Map->Lo + Map->Len)` in rows of `Row` elements, else [0, Extent).
struct PlanWhole {
  std::optional<ClauseItem> Map;
  std::optional<Poly> Row; ///< none: one element per unit
  int64_t Extent = 0;      ///< without Map: the fixed array's elements
};

/// One access term: elements [Coef*i + Offset + ranges] of array `Array`.
struct PlanTerm {
  unsigned Array = 0;
  bool Write = false;
  bool Exact = false;
  bool Disjoint = false; ///< a write no two iterations share (GPUPAR_DISJOINT)
  Poly Coef, Offset;
  std::vector<PlanRange> Ranges;
  /// An array accessed at run-time indices: the term covers PlanWhole's section (Coef and
  /// Offset unused), every iteration.
  std::optional<PlanWhole> Whole;
  /// Bounds on the loop variable from the conditions around the access: the term applies only
  /// to those iterations (gpupar_span_guard_lo/_hi).
  std::vector<Poly> GuardLo, GuardHi;
  /// The access runs only where every `RunsIf >= 0` (a triangular loop whose bounds move
  /// together, `j = i; j < i + k`: k > 0; guards `j >= a && j <= b`: b - a >= 0); invariant
  /// conditions.
  std::vector<Poly> RunsIf;
  /// For the comment: the access as written, and the function it is in when reached through a
  /// call; which end of a triangular range the term is; whether reads at several constant
  /// offsets were merged into it.
  const clang::Expr *Access = nullptr;
  const clang::FunctionDecl *Via = nullptr;
  enum EndT { Both, First, Last } End = Both;
  bool Merged = false;
  /// A pointer-to-pointer array's term: Coef/Offset/Ranges give rows, these the columns of each
  /// row (gpupar_span_cols / gpupar_span_add_cols / gpupar_span_col_coef).
  bool Rows = false;
  Poly ColOffset;
  std::optional<Poly> ColCoef; ///< the column's coefficient of the loop variable, when not 0
  std::vector<PlanRange> ColRanges;
};

/// A variable the kernel keeps per thread: a reduction (clause or auto-detected), a private
/// outer scalar, or a private one whose last value the host assigns after the loop.
struct PlanReduction {
  enum KindT { Reduce, Private, Last } Kind = Reduce;
  const clang::VarDecl *Var = nullptr;
  clang::QualType Type; ///< the element type
  gpupar_type_kind TypeKind = GPUPAR_TYPE_SIGNED;
  ReductionOp Op = ReductionOp::Add; ///< Reduce only
  /// Reduce: the constant every write stores, when the value before the loop must be at most it
  /// (Op Max) or at least it (Op Min) for the reduction to equal the serial loop.
  const clang::Expr *GuardBound = nullptr;
  bool IsArray = false;  ///< `reduction(op: a[lo:len])`
  ClauseItem Section;    ///< IsArray: the clause's `a[lo:len]`
  unsigned LoScalar = 0; ///< IsArray: the PlanScalar holding the section's lo
  /// IsArray: some update's index is not proven inside the section, so every update checks it
  /// at run time (kernel.h gpupar_red_update_in).
  bool Checked = false;
};

/// An inner loop of a `collapse(n)` nest (Collapsed[0] is the second loop). After an offloaded
/// run the host file assigns a variable declared outside the nest (Form.DeclaredOutside) the
/// value the serial nest leaves.
struct PlanCollapsed {
  LoopForm Form;
  unsigned LoScalar = 0; ///< the PlanScalar holding its first value
};

/// An update of an array-reduction element, printed as a gpupar_red_update call.
struct PlanUpdate {
  const clang::Expr *Whole = nullptr, *Target = nullptr, *Value = nullptr;
  bool Negate = false;
  unsigned Reduction = 0; ///< its array reduction, an index into LoopPlan::Reductions
};

/// A two-loop nest run as tiles (Plan/Tiling.h): the body is Pre, then a loop over K that reads
/// X(i, k) and Y(k, j), then Post. A block of threads stages a slice of k of X and Y in shared
/// memory and runs many (i, j) iterations at once, each in its own order.
struct PlanTile {
  LoopForm K;                                 ///< the inner loop (step 1, bounds the same for all)
  std::vector<const clang::Stmt *> Pre, Post; ///< the body's statements before and after it
  const clang::Expr *X = nullptr, *Y = nullptr;  ///< the staged reads (first occurrences)
  std::vector<const clang::Expr *> XUses, YUses; ///< every occurrence in the K loop's body
  bool XKFastest = true, YKFastest = false;      ///< which variable walks memory contiguously
  /// Pre's variables that the K loop or Post read: kept per iteration (`gpupar_s.v`).
  std::vector<const clang::VarDecl *> State;
  /// An array element the K loop updates, kept in a register meanwhile (`C[i][j] += ...`); its
  /// occurrences in the K loop's body.
  const clang::Expr *Acc = nullptr;
  std::vector<const clang::Expr *> AccUses;
  /// Occurrences of State variables in the K loop's body and Post.
  std::vector<const clang::Expr *> StateUses;
};

struct LoopPlan {
  LoopForm Form;
  unsigned Line = 0;
  std::string File;   ///< presumed file name of the loop, for #line
  std::string Site;   ///< "file.c:LINE"
  std::string Name;   ///< suffix of the generated functions: "<stem>_<line>"
  std::string Symbol; ///< the descriptor: "gpupar_loop_<stem>_<line>_<hash>"
  /// The atoms of every polynomial in the plan.
  AtomTable Atoms;
  std::vector<PlanScalar> Scalars;
  std::vector<PlanArray> Arrays;
  std::vector<PlanTerm> Terms;
  /// Reductions, privates and last-value privates, in the order of Info.Written (then array
  /// reductions). Only Reduce and Last entries have a runtime descriptor (hasDescriptor).
  std::vector<PlanReduction> Reductions;
  /// `if(expr)`; the loop offloads when it holds and so do the reductions' guards.
  std::optional<ClauseExpr> If;
  /// Run-time facts the dependence proof assumed (BodyInfo::Assumptions): each `>= 0`, and-ed
  /// into the `if` like the clause's condition.
  std::vector<std::string> Assumptions;
  /// The pointers whose extent is the block each points into, found at the call, in the order
  /// of BodyInfo::HeapExtents: the loop offloads only when every one is found. A pointer read at
  /// run-time indices is an array of the plan (Array, an index into Arrays); an array reduced
  /// over its block is not (Array -1: Var, a plain variable, names it).
  struct HeapExtent {
    const clang::VarDecl *Var = nullptr;
    int Array = -1;
  };
  std::vector<HeapExtent> HeapExtents;
  std::optional<ClauseExpr> Devices; ///< `devices(expr)`
  std::vector<Problem> Remarks; ///< from the analysis, printed with -fplugin-arg-gpupar-remarks
  /// Functions of this file the body calls (callees first) and the types they and the body
  /// need (dependency order): emitted once per .cu file, before the loops.
  std::vector<const clang::FunctionDecl *> Functions;
  std::vector<const clang::TypeDecl *> Types;
  std::vector<const clang::VarDecl *> Constants; ///< file-scope constants the Functions read
  /// `collapse(n)`: the n - 1 inner loops, outermost first; the body is the innermost one's.
  std::vector<PlanCollapsed> Collapsed;
  const clang::Stmt *Body = nullptr;
  /// Host file: other tools' loop pragmas of this loop (`#pragma omp parallel for`), moved from
  /// around the gpupar pragma to right before the `for` (character ranges of the main file).
  std::vector<clang::CharSourceRange> MovedPragmas;
  /// The loop lies in a `#pragma omp parallel` region: under -fopenmp every thread of the team
  /// reaches it, as it reached the `omp for` the gpupar pragma replaces, and one of them runs it.
  bool InParallelRegion = false;
  /// Updates of array-reduction elements.
  std::vector<PlanUpdate> Updates;
  /// Each thread runs a perfectly nested inner loop that is not collapsed (BodyInfo).
  bool SerialInner = false;
  /// The body or a function it calls has a fatal path (FatalPaths.h).
  bool FatalPaths = false;
  /// Variables declared outside the loop of which each thread has its own (BodyInfo): declared
  /// at the start of the .cu's body.
  std::vector<const clang::VarDecl *> ThreadPrivates;
  /// The body's reads of Member scalars, with the index of the scalar each names.
  std::vector<std::pair<const clang::Expr *, unsigned>> MemberReads;
  /// The body's reads of member arrays (PlanArray::Member), with the index of the array.
  std::vector<std::pair<const clang::Expr *, unsigned>> MemberArrayReads;
  /// The nest runs as tiles on devices (Plan/Tiling.h).
  std::optional<PlanTile> Tile;

  /// Returns whether entry `R` has a runtime descriptor (a reduction or a last value).
  static bool hasDescriptor(const PlanReduction &R) { return R.Kind != PlanReduction::Private; }
};

} // namespace gpupar

#endif
