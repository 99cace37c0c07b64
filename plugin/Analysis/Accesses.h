//===- Accesses.h - what an offloaded loop body reads and writes -----------===//
//
// Walks the body of a canonical loop: classifies every variable (loop variable, body local,
// loop-invariant scalar, array), records each array access with its polynomial subscript, finds
// canonical inner loops whose variables may appear in subscripts, and rejects what cannot run
// on a device (with the reason at the offending expression).
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_ACCESSES_H
#define GPUPAR_PLUGIN_ACCESSES_H

#include "Analysis/Affine.h"
#include "Analysis/ElementUpdate.h"
#include "Analysis/LoopForm.h"
#include "Diagnostics.h"
#include "Pragma/Directive.h"

#include "llvm/ADT/DenseMap.h"

#include <deque>
#include <string>
#include <vector>

namespace gpupar {

/// A condition around an access that bounds one loop variable: the access runs only when the
/// variable lies in [Lo, Hi] (each optional; polynomials over invariant atoms). From `if (i > 0)`
/// (Lo = 1), `if (i + 1 < n)` (Hi = n - 2), `i < m && ...`, `cond ? ... : ...`, and the rest of a
/// block after `if (i < 1 || i >= n - 1) continue;`. Used to narrow the access's section.
struct Guard {
  unsigned Atom = 0;
  std::optional<Poly> Lo, Hi;
  bool OfLoop = false; ///< a further bound of its loop's condition (splitBounds), not an `if`
};

/// A canonical inner `for` loop whose variable may appear in subscripts.
struct InnerLoop {
  LoopForm Form;
  unsigned Atom = 0; ///< the loop variable's atom
  /// A loop in a called function: its bounds as polynomials over the loop's atoms, with the
  /// function's parameters replaced by the call's arguments (Form.Lo/Hi name the parameters).
  bool Bounds = false;
  Poly LoBound, HiBound;
  /// A triangular loop (`for (j = i + 1; j < n; j++)`, `for (j = 0; j <= i; j++)`): its bounds
  /// are affine in the offloaded loop's variable with constant coefficients, and the variable
  /// lies in [TriLo, TriHi] (inclusive; polynomials over the outer atom and invariant atoms).
  /// Unit step; only outside collapse and called functions. Sections fold the variable into the
  /// outer one (Planner); the dependence test takes its hull over the outer range.
  bool Tri = false;
  Poly TriLo, TriHi;
  /// A loop bounded by an enclosing inner loop's variable (`for (k = 0; k < i; k++)` inside
  /// `for (i = 0; i < m; i++)`): one bound invariant, the other affine in that variable with a
  /// constant coefficient, not under a condition. The loops' ranges are nested, so their union
  /// is the range at that variable's far end: Bounds holds it (LoBound, HiBound over invariant
  /// atoms). Each iteration runs a subset: accesses over it are not exact, and a dependence
  /// found with it is not proven.
  bool Hull = false;
  /// A loop with more than one bound (`j < i + 32 && j < n`): Form holds the one that may move,
  /// the others guard the body (invariant). Form's range is a superset of the loop's: a
  /// dependence found with it is not proven.
  bool Guarded = false;
  std::vector<Guard> Cuts; ///< a guarded loop's further bounds, as guards on its variable
};

/// Where the body reads a value that the host file reads once before the loop (BodyInfo::Hoisted,
/// MemberArrays): each entry lists the inner loops around one read (indices into BodyInfo::Inner,
/// outermost first). The serial loop reads the value only when, in an iteration, every loop of
/// some entry runs an iteration, so the host file reads it only then too (an inner loop's own
/// bounds are read where the loops around it run: its entry does not list it).
struct ReadSites {
  std::vector<std::vector<unsigned>> Within;
  /// Records a read inside `Loops`; an entry that another starts with covers it.
  void add(const std::vector<unsigned> &Loops);
};

/// Finds the guards among `Guards` on triangular loop `L`'s variable (`j < n` in `for (j = i;
/// j < i + 32 && j < n; j++)`) that the planner folds into the loop's range: at most one lower
/// and one upper bound, with each of L's bounds fixed or moving by +-1 with the offloaded loop's
/// variable `Outer`, so that where a guard cuts the range is a guard on `Outer` (or a condition
/// on invariants). Sets `Lo` and `Hi` to
/// their bounds (unset when there is none); false when the guards on the variable are more, or
/// other, than that.
bool triangularGuards(const InnerLoop &L, unsigned Outer, const std::vector<Guard> &Guards,
                      std::optional<Poly> &Lo, std::optional<Poly> &Hi);

/// A condition around an access that fixes a residue: the access runs only when `Sum` (affine,
/// over loop variables and invariants) is a multiple of `Modulus`. From `if ((i + j) % 2 == 0)`
/// (Sum = i + j), `if ((i + j) % 2 == color)` (i + j - color), `if (k % 3 == 1)`, `if (i & 1)`,
/// `if ((i & 3) == 2)` and the negations that fix a residue: the colours of a red-black sweep.
struct Congruence {
  Poly Sum;
  int64_t Modulus = 0; ///< > 1
};

/// A condition around an access that excludes one value of a loop variable: the access runs
/// only when `Atom` is not `Value` (an invariant). From `if (i != k)`, `if (i == k) continue;`:
/// Gauss-Jordan's update of every row but the pivot's.
struct Exclusion {
  unsigned Atom = 0;
  Poly Value;
};

/// One access to an array: a read or a write (a read-modify-write gives one of each).
struct Access {
  const clang::VarDecl *Array = nullptr; ///< the base object (pointer or array variable)
  /// The access as written: `a[i][j]`, `*(p + i)`, `p[i].v.y` (the whole member expression).
  const clang::Expr *Expr = nullptr;
  bool IsWrite = false;
  /// The FLATTENED index in units of the array's innermost element type (ArrayShape::Element):
  /// `a[i][j]` with M columns is `i*M + j`; `p[i].x` is `i` (units of the struct). Meaningful
  /// only when Affine.
  Poly Subscript;
  bool Affine = true;         ///< false: the subscript is not affine (e.g. `x[idx[i]]`)
  bool Unconditional = false; ///< runs in every iteration (no branch around it)
  /// An access in a called function through a pointer parameter: the call in the loop body
  /// that leads there (Expr is in the function's body). Null for accesses in the body.
  const clang::CallExpr *Via = nullptr;
  /// Part of an array reduction (`hist[e] += v` under `reduction(+: hist[0:256])`): exempt
  /// from the dependence test.
  bool InReduction = false;
  /// A read of an element the same iteration assigned earlier (markCoveredReads): it never
  /// sees the array's value from before the loop, so its term asks for no copy.
  bool CoveredRead = false;
  /// Set by the dependence test, on writes only: no two iterations write the same element through
  /// it, proven without the runtime's footprint check (GPUPAR_DISJOINT on its terms).
  mutable bool SelfDisjoint = false;
  /// The enclosing conditions that bound loop variables (outermost first).
  std::vector<Guard> Guards;
  /// The enclosing conditions that fix a residue (in the loop body itself, `if` statements and
  /// the rest of a block after `if (c) continue;`).
  std::vector<Congruence> Congruences;
  /// The enclosing conditions that exclude a value of a loop variable (where Congruences come
  /// from).
  std::vector<Exclusion> Excluded;
  /// `a[r][c]` of a pointer-to-pointer array: Subscript is the row r (an index into the row
  /// pointers), Column the element c within the row (affine; with the outer loop variable only
  /// when the row has none and the access runs in every iteration: movingColumnProblem).
  bool Rows = false;
  Poly Column;
  /// A part of its element (a struct member, `p[i].x`, `p->v[k]`): other parts of the element
  /// stay as they are. Within is the part's byte offset in the element, exact when
  /// WithinAffine.
  bool Partial = false;
  Poly Within;
  bool WithinAffine = false;
  /// The inner loops around the access, outermost first, each variable with its loop's atom:
  /// a variable that sibling loops reuse (`for (k...) a[k] = ...; for (k...) ... a[k - 1]`) has
  /// one atom per loop, so a subscript rebuilt from `Expr` must take these.
  std::vector<std::pair<const clang::VarDecl *, unsigned>> LoopAtoms;
  /// Each subscript of `Expr`'s chain `a[e1]...[ek]` as the walker built it, where it could:
  /// with its loops' atoms and body locals substituted (`k1 = k + 1; a[n][k1]`). The dependence
  /// test's subscripts per dimension.
  std::vector<std::pair<const clang::Expr *, Poly>> SubscriptPolys;
  const Poly *subscriptPoly(const clang::Expr *Sub) const {
    for (const auto &[E, P] : SubscriptPolys)
      if (E == Sub)
        return &P;
    return nullptr;
  }
  /// Rows only: whether the column has the outer loop variable (`w[k][j]` in a loop over j).
  bool movesColumn(unsigned OuterAtom) const {
    return Rows && Column.coefficient(OuterAtom) != Poly();
  }
};

/// The role of a scalar declared outside the loop and written in its body.
enum class ScalarRole {
  Private,     ///< written before read in every iteration; its value after the loop is unused
  LastPrivate, ///< private, and read after the loop: the last iteration's value is copied out
  Reduction,   ///< combined across iterations with Op
};

/// A scalar declared outside the loop (local or global) that the body writes.
struct WrittenScalar {
  const clang::VarDecl *Var = nullptr;
  ScalarRole Role = ScalarRole::Private;
  ReductionOp Op = ReductionOp::Add; ///< Reduction only
  bool FromClause = false;           ///< named in private(...)/reduction(...) (else auto-detected)
  const clang::Expr *FirstWrite = nullptr; ///< where the body first writes it (for diagnostics)
  /// Constant writes (Scalars.cpp `idempotentWrites`): the constant K stored, when the reduction
  /// equals the serial loop only if the value before the loop is at most K (Op Max) or at least
  /// K (Op Min); null: always. The loop runs serially when that fails.
  const clang::Expr *GuardBound = nullptr;
  /// LastPrivate only: the inner loops of the body around its writes that must run at least
  /// once for every iteration to write it (`for (k = 1; k < n; k++) tmp1 = ...`); analyzeBody
  /// turns their entry conditions into BodyInfo::EntryGuards.
  std::vector<const clang::ForStmt *> EntryLoops;
};

/// `reduction(op: a[lo:len])`: every access to `Var` in the body is an `a[e] op= v` update.
struct ArrayReduction {
  const clang::VarDecl *Var = nullptr;
  ReductionOp Op = ReductionOp::Add;
  std::string Lo, Len;                ///< the section, as C source text from the clause
  std::vector<ElementUpdate> Updates; ///< each update statement once
};

/// What the kernel needs to know about one array (pointer or array variable).
struct ArrayShape {
  clang::QualType Element; ///< the innermost element type (arithmetic or a record)
  /// The dimensions after the first, outermost first, as C text: `float A[N][M]` and
  /// `double (*A)[m]` give {"M"} / {"m"}, so the kernel parameter can be `float (*A)[M]`.
  /// Empty for one-dimensional arrays and plain pointers.
  std::vector<std::string> InnerDims;
  /// The total extent in elements of Element as a C expression, when known (fixed-size
  /// arrays, or from a `map` clause: "lo + len" elements are reachable); empty when unknown.
  std::string Extent;
  /// Read-only, accessed non-affinely and with a known Extent: copy the `map` section (in rows of
  /// CopyRow elements), else [0, Extent), to every chunk.
  bool CopyWhole = false;
  std::optional<Poly> CopyRow;
  /// Only written, every write at an index known only at run time (`dst[perm[i]] = v`) under
  /// `independent`, with a known Extent: every chunk gets that section and the
  /// runtime merges the elements each device changed (Scatter.cpp, GPUPAR_SCATTER).
  bool Scatter = false;
  /// The `map` clause for this array, if any (its section replaces the inferred one).
  const ClauseItem *Map = nullptr;
  MapKind MapAs = MapKind::ToFrom;
  /// A pointer-to-pointer array (`float **a`, accessed as `a[r][c]`): Element is the type of
  /// the rows' elements; the runtime copies each touched row (docs/analysis.md).
  bool Rows = false;
  /// Rows only: an access's column moves with the loop variable (`w[k][j]` in a loop over j);
  /// the runtime may pack the rows column by column (the body sees `gpupar_cols<Elem>`).
  bool MovingColumn = false;
};

struct BodyInfo {
  AtomTable Atoms;
  unsigned OuterAtom = 0;
  std::vector<const clang::VarDecl *> Arrays; ///< in order of first use
  std::vector<ArrayShape> Shapes;             ///< parallel to Arrays
  /// `map(to: x[0:n])` sections inferred from the allocation of an array read at run-time
  /// indices (Allocation.h), for ArrayShape::Map; a deque keeps their addresses.
  std::deque<ClauseItem> AllocationMaps;
  /// Pointers read at run-time indices whose extent only the run time knows: the block each
  /// points into (gpupar_heap_extent). Their ArrayShape::Map is an AllocationMaps section naming
  /// the host file's `gpupar_heap_first_K`, `gpupar_heap_len_K` (K: the index here).
  std::vector<const clang::VarDecl *> HeapExtents;
  std::vector<const clang::VarDecl *> Scalars; ///< loop-invariant scalars read by the body
  /// Elements of fixed-size arrays at constant indices taken as invariants (`grid_points[1]` in
  /// an inner loop's bound or a subscript): nothing the body writes may store into them.
  std::vector<const clang::Expr *> InvariantElements;
  std::vector<Access> Accesses;
  std::vector<InnerLoop> Inner;
  bool HasJumps = false; ///< `continue` or `break` somewhere in the body
  /// Pointer-to-pointer arrays a row of which is passed to a called function as a pointer
  /// (`f(a[i])`), with the first such argument: their rows stay rows on a device (no packing by
  /// column).
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> RowPointers;
  /// Variables declared outside the loop of which each thread declares its own: pointers the
  /// loop assigns once per iteration before their uses (`rA = &rv[first_i];`, OpenMP's
  /// `private(rA)`), and structs named in `private` (`private(d)`, `d.x = ...`).
  std::vector<const clang::VarDecl *> ThreadPrivates;
  /// Reads of an arithmetic member of a struct that cannot be copied to a device (`p->n`,
  /// `s.dim.m` where the struct holds pointers), or of any struct in a bound or subscript,
  /// which the loop does not write: read once before the loop and passed as scalars. One expression
  /// per distinct member read (as printed), and every read of the body with the index of its entry.
  std::vector<const clang::Expr *> Hoisted;
  std::vector<std::pair<const clang::Expr *, unsigned>> HoistedUses;
  std::vector<ReadSites> HoistedSites; ///< parallel to Hoisted
  /// Parallel to Hoisted: the member's struct can be copied to a device, and the member is read
  /// once because it bounds an inner loop or is in a subscript (`j < s.m`, `a[i * p->m + j]`),
  /// which must not change while the loop runs.
  std::vector<bool> HoistedCopyable;
  /// Pointer members of such structs used as arrays (`p->x[i]`, `s.w[i][k]`), under the same
  /// rules: each is an array of the loop whose variable is made here (named as the member is
  /// written, `p->x`, for the messages; never declared in the program), with the member
  /// expression first seen, whose value the host file reads once before the loop. Every read
  /// of the body names its array's variable (printed as the .cu's name for it).
  std::vector<std::pair<const clang::VarDecl *, const clang::Expr *>> MemberArrays;
  std::vector<std::pair<const clang::Expr *, const clang::VarDecl *>> MemberArrayUses;
  std::vector<ReadSites> MemberArraySites; ///< parallel to MemberArrays
  /// Returns the member expression of `VD` in MemberArrays, or null (a variable of the program).
  const clang::Expr *memberArray(const clang::VarDecl *VD) const;
  /// The loop is the outer loop of a perfect nest deeper than what is collapsed (Collapse): each
  /// thread runs the remaining inner loops alone (GPUPAR loop descriptor's serial_inner).
  bool SerialInner = false;
  /// The body walk reached its end: Accesses holds every access of the body, or, after a
  /// warning in one of its statements (BodyWalker::walkBody), those of the other statements.
  /// Analysis.cpp then still runs the dependence test on them, so that a proven dependence is
  /// the error shown rather than the warning.
  bool Walked = false;

  /// Facts the dependence test assumed, each a C `long long` expression over loop-invariant
  /// scalars that must be >= 0 (`(long long)(i)` for `a[i*n + j]` with `j` in [i, n)): checked
  /// before the loop, which runs serially when one fails.
  std::vector<std::string> Assumptions;
  /// Facts in the form of Assumptions that WrittenScalar::EntryLoops need: each such inner loop
  /// runs at least once (`(long long)(n) - 2LL` for `for (k = 1; k < n; k++)`).
  std::vector<std::string> EntryGuards;
  /// Outer scalars the body writes, with their role (private, last-private, reduction).
  std::vector<WrittenScalar> Written;
  /// Array reductions from `reduction(op: a[lo:len])` clauses.
  std::vector<ArrayReduction> ArrayReductions;
  /// With `collapse(n)`: the perfect nest, outermost first (Collapse[0] is the offloaded loop's
  /// form); size n. Without the clause: just the offloaded loop. Collapse[k].Var are loop
  /// variable atoms (Atoms.loopVar) like the outer one.
  std::vector<LoopForm> Collapse;
  /// Functions defined in this translation unit that the body calls, directly or transitively;
  /// callees before callers (each can be emitted after everything it calls).
  std::vector<const clang::FunctionDecl *> Functions;
  /// Record and typedef declarations the body and Functions need, in dependency order (a type
  /// after the types it uses).
  std::vector<const clang::TypeDecl *> Types;
  /// File-scope constants the Functions read (isDeviceConstant): the .cu defines a copy.
  std::vector<const clang::VarDecl *> Constants;
  /// Other file-scope variables the Functions read (functionGlobals): the body takes their
  /// values like those of the scalars it reads.
  std::vector<const clang::VarDecl *> FunctionGlobals;
  /// Remarks for -fplugin-arg-gpupar-remarks: scalars privatised or reduced automatically.
  std::vector<Problem> Remarks;
  /// Warnings about a loop that is offloaded all the same (a clause applied only in part).
  std::vector<Problem> Warnings;

  /// Returns the index of `VD` in Arrays, or Arrays.size().
  size_t arrayIndex(const clang::VarDecl *VD) const;
  /// Returns the written-scalar entry of `VD`, or null.
  const WrittenScalar *written(const clang::VarDecl *VD) const;
};

/// Returns true when `VD` can be passed as an array: a pointer to, or a 1-D array of, an
/// arithmetic type.
bool isArrayVariable(const clang::VarDecl *VD);

/// The element type of the rows of pointer-to-pointer type `T` (`float **` gives float; an array
/// of row pointers, `float *u[2]`, is one too), or a null type.
clang::QualType rowElement(clang::QualType T);

/// Analyses the body of loop `F` under directive `Dir`. Returns false with the first reason in
/// `P`.
bool analyzeBody(clang::ASTContext &Ctx, const LoopForm &F, const Directive &Dir, BodyInfo &Info,
                 Problem &P);

} // namespace gpupar

#endif
