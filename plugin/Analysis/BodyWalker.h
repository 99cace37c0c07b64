//===- BodyWalker.h - the walk over an offloaded loop body (internal) -------===//
//
// Internal to Accesses.cpp, CallAccesses.cpp, Members.cpp and Scatter.cpp: the walker that
// records accesses and reject reasons. Calls to functions of this file that take pointers are
// walked with the pointer parameters bound to where the call's arguments point (one Frame per
// call being walked).
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_BODYWALKER_H
#define GPUPAR_PLUGIN_BODYWALKER_H

#include "Analysis/Accesses.h"
#include "Text.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <memory>
#include <optional>
#include <string>

namespace gpupar {

/// Returns whether `T` is arithmetic and not an enum or complex: an element a device array may
/// hold.
bool isArithmetic(clang::QualType T);
/// Returns the innermost element type of pointer or array type `T` (pointers: one level, then
/// array levels), or a null type when `T` is neither.
clang::QualType innermost(clang::QualType T);
/// Returns why record type `T` cannot be copied to a device, or nothing when it can.
std::optional<Reason> recordProblem(clang::QualType T);

namespace body {

using namespace clang;

/// The local copy that offloads member `ME` when it cannot be read once: `float *x`, `int n`
/// (Members.cpp).
std::string localCopy(const MemberExpr *ME);

/// Pre-pass: locals declared in the body and variables the body writes or takes the address of.
class WriteCollector : public RecursiveASTVisitor<WriteCollector> {
public:
  llvm::DenseSet<const VarDecl *> Locals;
  llvm::DenseMap<const VarDecl *, const Expr *> Written;        ///< each variable's first write
  std::vector<std::pair<const VarDecl *, const Expr *>> Writes; ///< every write, in order

  bool VisitVarDecl(VarDecl *VD) {
    Locals.insert(VD);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      note(BO->getLHS(), BO);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      note(UO->getSubExpr(), UO);
    return true;
  }

private:
  void note(const Expr *LHS, const Expr *By) {
    if (const VarDecl *VD = referencedVar(LHS)) {
      Written.try_emplace(VD, By);
      Writes.push_back({VD, By});
    }
  }
};

enum class Mode { Read, Write, ReadWrite };

/// Where an lvalue or a pointer points.
struct Place {
  enum Kind { Array, Local, Scalar } K = Array;
  const VarDecl *Base = nullptr;
  Poly Index;          ///< in units of the base's innermost element type (Array only)
  bool Affine = true;  ///< Index is exact
  bool Inside = false; ///< inside one element (a struct member): offsets stay in it
  /// Inside only: the byte offset within the element (member offsets, and the subscripts of
  /// array members times their elements' size), exact when WithinAffine.
  Poly Within;
  bool WithinAffine = true;
  bool PtrArith = false; ///< reached through `*p`, `p + e` or a pointer local
  bool Member = false;   ///< a struct member
  /// `a[r][c]` of a pointer-to-pointer `a`: Index is the row r, Column the element in the row.
  bool Rows = false;
  Poly Column;
  /// For Rows: 2 while the place is the row pointers themselves (`a`, or a `T **` parameter bound
  /// to it), 1 once it is in one row (`a[r]` passed as a `T *`, or `a[r][c]`): further offsets
  /// move the column.
  unsigned RowLevel = 0;
  bool RowsChecked = false; ///< locateRows checked the element's row and column
  unsigned Substituted = 0; ///< pointer locals expanded
};

/// A call to a function of this file that takes pointers, walked with its parameters bound:
/// each pointer parameter to where the call's argument points, each integer parameter to the
/// argument expression (in the caller's context, for forward substitution in subscripts).
struct Frame {
  const FunctionDecl *Fn = nullptr; ///< the definition
  const CallExpr *Call = nullptr;   ///< in the loop body (Frames[0]) or the caller's body
  WriteCollector Pre;               ///< Fn's parameters and locals, and what Fn writes
  llvm::DenseMap<const VarDecl *, const Expr *> Args;
  llvm::DenseMap<const VarDecl *, Place> Pointers;
};

/// Calls are walked at most this many functions deep.
constexpr unsigned MaxCallDepth = 8;

class BodyWalker {
public:
  BodyWalker(ASTContext &Ctx, const LoopForm &F, const Directive &Dir, BodyInfo &Info)
      : Ctx(Ctx), F(F), Dir(Dir), Info(Info) {}

  bool run(Problem &P);

private:
  ASTContext &Ctx;
  const LoopForm &F;
  const Directive &Dir;
  BodyInfo &Info;
  WriteCollector Pre;
  std::vector<unsigned> Active; ///< indices into Info.Inner of the enclosing canonical loops
  /// Array elements updated as `a[e] op= v` or `a[e] = a[e] op v` (for array reductions),
  /// by the element accessed (the target and the same element read on the right).
  llvm::DenseMap<const Expr *, ElementUpdate> Updates;
  void noteUpdate(const Expr *E) {
    if (std::optional<ElementUpdate> U = matchElementUpdate(Ctx, E)) {
      Updates[U->Target->IgnoreParenImpCasts()] = *U;
      for (const Expr *R : U->Reads)
        Updates[R] = *U;
    }
  }
  unsigned BreakDepth = 0; ///< loops and switches between here and the offloaded loop
  bool BodyJumps = false;  ///< the body has a `break`, `continue`, `goto` or `return`
  unsigned CondDepth = 0;  ///< branches between here and the offloaded loop
  /// Of those, the `if` branches whose condition is only bounds and excluded values of the
  /// offloaded loop's variable (`if (j != k)`, `if (i > 0 && i < n - 1)`: outerOnly), which a
  /// term's guards can express exactly.
  unsigned ClearDepth = 0;
  unsigned IndexDepth = 0; ///< subscripts being walked around here (hoistable's InIndex)
  /// Integer and pointer scalars the body assigns exactly once, as a statement of a block, and
  /// reads only after that statement in the same block (`k = i + n*j; a[k] = ...`,
  /// `rA = &rv[k];`): the assigned value, substituted into subscripts (and for pointers into
  /// accesses through them) like an initialiser (findAssignedOnce).
  llvm::DenseMap<const VarDecl *, const Expr *> AssignedOnce;
  void findAssignedOnce();
  /// Integer scalars that the body writes only by statements of blocks, `v = e;`, `v += e;`,
  /// `v -= e;`, `v++;` (maybe several), in a body without labels: a read of one has one
  /// reaching assignment when the statements before it in its blocks hold one
  /// (reachingAssignment).
  llvm::SmallPtrSet<const VarDecl *, 8> AssignedByStatements;
  /// The value `V` has where `R` reads it: the right-hand side of the last `V = e;` or
  /// initialiser before `R` in the blocks around it, within the body, its operands read where it
  /// stands (`j_g = offset; j_g += BS * (c + 1);` gives `offset + BS * (c + 1)`). Null when
  /// a loop around R but not around that statement writes V, a statement between them writes V
  /// otherwise, or none is found in the iteration.
  const Expr *reachingAssignment(const VarDecl *V, const DeclRefExpr *R);
  /// The value statement `S` gives its variable (steppedOrAssigned): `e` for `v = e;`, a made
  /// `v + e` for `v += e;` (kept in Stepped), whose `v` reads the value before the statement.
  const Expr *steppedValue(const Stmt *S);
  llvm::DenseMap<const Stmt *, Expr *> Stepped;
  /// Bounds on loop variables from the enclosing conditions (Accesses.cpp, condGuards).
  std::vector<Guard> Guards;
  /// Appends to `Out` the bounds that condition `C` (negated when `Negate`) puts on one loop
  /// variable each; conditions it cannot read give none (always safe: fewer bounds).
  /// `v != e` (e invariant) that bounds nothing goes to `*Excluded` when given.
  void condGuards(const Expr *C, bool Negate, std::vector<Guard> &Out,
                  std::vector<Exclusion> *Excluded = nullptr);
  /// Returns true when condition `C` (negated when `Negate`) is a conjunction of comparisons
  /// that each bound the offloaded loop's variable or exclude one value of it, and nothing else.
  bool outerOnly(const Expr *C, bool Negate);
  /// condGuards for one condition that is no conjunction.
  void condGuard(const Expr *C, bool Negate, std::vector<Guard> &Out,
                 std::vector<Exclusion> *Excluded);
  /// Residues fixed and values excluded by the enclosing `if`s of the body (and the rest of a
  /// block after `if (c) continue;`): Access::Congruences and Access::Excluded.
  std::vector<Congruence> Congruent;
  std::vector<Exclusion> Excluded;
  /// Adds the residues condition `C` (negated when `Negate`) fixes to Congruent, and the values
  /// it excludes, `X` (from condGuards), to Excluded.
  void addFacts(const Expr *C, bool Negate, const std::vector<Exclusion> &X);
  /// Drops the facts added after Congruent and Excluded had sizes `Mark`.
  void dropFacts(std::pair<size_t, size_t> Mark);
  std::pair<size_t, size_t> factsMark() const { return {Congruent.size(), Excluded.size()}; }
  /// Appends to `Out` the residues that condition `C` (negated when `Negate`) fixes; conditions
  /// it cannot read give none.
  void condCongruences(const Expr *C, bool Negate, std::vector<Congruence> &Out);
  /// condCongruences for one condition that is no conjunction.
  void condCongruence(const Expr *C, bool Negate, std::vector<Congruence> &Out);
  /// Conditionals `c ? a : b` met while the index of the access being located was built
  /// (`w = x == 0 ? c : c - 1; ... t[w]`), and, while an access is located again once per
  /// combination of their arms (armVariants), the arm each takes: 1 true, 2 false.
  std::vector<const ConditionalOperator *> SeenArms;
  llvm::DenseMap<const ConditionalOperator *, int> Arms;
  bool Replaying = false; ///< locating again: walk() records nothing
  /// For access `E`, located as `P` with a subscript that is not affine only because it picks
  /// one of two affine values by a condition: the place of each combination of arms, with the
  /// bounds its conditions put on loop variables. Empty when that is not so.
  std::vector<std::pair<Place, std::vector<Guard>>>
  armVariants(const Expr *E, const Place &P, const std::vector<const ConditionalOperator *> &Conds);
  /// Records access `E` at place `P` under the enclosing conditions and `More`; `Conditional`:
  /// it runs in some iterations only even with no branch around it.
  bool recordAccess(const Expr *E, Mode M, Place P, const std::vector<Guard> &More,
                    bool Conditional, bool Reduced);
  /// Walks `S` with `More` added to Guards.
  bool walkGuarded(const Stmt *S, const std::vector<Guard> &More, Mode M = Mode::Read);
  bool walkCompound(const CompoundStmt *CS);
  Problem Failure;
  bool Failed = false;
  /// The walk of the current statement of the body stopped at a failure (walkBody goes on with
  /// the next one after a warning).
  bool Stopped = false;
  /// Walks the loop body, statement by statement; see run().
  bool walkBody(const Stmt *Body);

  /// The calls being walked, outermost first (CallAccesses.cpp).
  std::vector<std::unique_ptr<Frame>> Frames;
  /// While a call's pointer argument is located: what it is bound to, for the messages.
  std::string Binding;

  /// Records the first reject reason; inside a called function the message names it and the
  /// notes show the calls that lead there.
  bool fail(SourceRange R, Diag Id, std::vector<std::string> Args = {}) {
    return failWith(problem(R, Id, std::move(Args)));
  }
  /// The problem fail() would record, with its context (the function, the calls to it).
  Problem problem(SourceRange R, Diag Id, std::vector<std::string> Args = {}) {
    Problem P = makeProblem(Id, R, std::move(Args));
    if (!Binding.empty())
      P.Context = Binding + ": ";
    if (!Frames.empty())
      P.Context = "in function " + quoted(Frames.back()->Fn) + ": " + P.Context;
    callNotes(P);
    return P;
  }
  /// Arrays the body compares with a null pointer (`p != NULL`, `!p`, `if (p)`, in the loop or
  /// a called function's pointer parameter): the test reads no element, and on a device the
  /// array's pointer is null only when the host's is, where the runtime keeps the loop on the
  /// host. The kernel can name the array only when the loop accesses it too (finish()): else
  /// the problem of a plain use.
  std::vector<std::pair<const VarDecl *, Problem>> NullTests;
  /// Returns whether `E` compares an array of the loop with a null pointer, recording it.
  bool nullTest(const Expr *E);
  /// Records `P` as the reason unless one is recorded already (an error replaces a warning:
  /// after a warning the walk goes on with the body's next statement, walkBody) and stops the
  /// walk; returns false.
  bool failWith(Problem P) {
    Stopped = true;
    if (!Failed || (Failure.Level == Severity::Warning && P.Level == Severity::Error)) {
      Failed = true;
      Failure = std::move(P);
    }
    return false;
  }
  bool fail(SourceRange R, const Reason &Why) { return fail(R, Why.Id, Why.Args); }
  /// Appends to `P` a note at each call being walked, innermost first.
  void callNotes(Problem &P) const;
  /// Returns the index in Frames of the function that declares `VD`, or -1 (the loop's).
  int frameOf(const VarDecl *VD) const;
  /// Returns the pre-pass that knows `VD`: its function's, or the loop body's.
  const WriteCollector &preOf(const VarDecl *VD) const {
    int K = frameOf(VD);
    return K < 0 ? Pre : Frames[K]->Pre;
  }
  /// Returns whether `VD` is a pointer parameter of a function being walked.
  bool isBoundPointer(const VarDecl *VD) const {
    int K = frameOf(VD);
    return K >= 0 && Frames[K]->Pointers.count(VD);
  }
  /// Walks call `CE` to `Def`, which takes pointers: binds the parameters, then records the
  /// accesses of Def's body as accesses of the loop (CallAccesses.cpp).
  bool walkBoundCall(const CallExpr *CE, const FunctionDecl *Def);
  /// Returns whether `E`, in a called function, is a loop-invariant integer: a polynomial with
  /// no loop variable once parameters are replaced by the call's arguments.
  std::optional<Poly> invariantBound(const Expr *E);
  /// For a loop `L` with several bounds (`j < i + 32 && j < n`): keeps the one that may move as
  /// L.Hi and appends the others to `Out` as guards on the loop's variable (their Atom unset);
  /// false when more than one may move or a guard is not an invariant polynomial.
  bool splitBounds(LoopForm &L, std::vector<Guard> &Out);
  /// The polynomials of `L`'s bounds (L.Lo, L.Hi) when both are side-effect-free integers.
  std::optional<std::pair<Poly, Poly>> boundPolys(const LoopForm &L);
  /// For a loop `L` whose bounds are affine in the offloaded loop's variable: its inclusive
  /// range in `Lo`, `Hi`; false when it is not a triangular loop (InnerLoop::Tri).
  bool triangularRange(const LoopForm &L, std::optional<Poly> &Lo, std::optional<Poly> &Hi);
  /// For a loop `L` with one bound affine in one enclosing inner loop's variable, or both at one
  /// rate with a constant width (a strip, `t = v; t < v + 32`): the union of its ranges, as
  /// LoopForm bounds (`Lo` for L.Lo, `Hi` for L.Hi; InnerLoop::Hull); false when it is not
  /// such a loop.
  bool hullBounds(const LoopForm &L, std::optional<Poly> &Lo, std::optional<Poly> &Hi);
  std::string text(const Stmt *S) { return sourceText(Ctx, S); }
  std::string quoted(const NamedDecl *D) { return "'" + D->getNameAsString() + "'"; }

  bool isLoopVar(const VarDecl *VD) const {
    if (VD == F.Var)
      return true;
    for (const LoopForm &C : Info.Collapse)
      if (C.Var == VD)
        return true;
    return false;
  }
  bool isOuter(const VarDecl *VD) const { return !isLoopVar(VD) && !preOf(VD).Locals.count(VD); }
  std::optional<Poly> unitsOf(QualType T);
  std::optional<Poly> buildIndex(const Expr *E);
  /// The inclusive range of loop variable atom `V` (the offloaded, a collapsed or a canonical
  /// inner loop's; not a triangular one's), for quotients `e / c` in subscripts.
  std::optional<std::pair<Poly, Poly>> varRange(unsigned V);
  /// Moves place `P` by index `Idx` (times `Units`, in the base's innermost elements; `Sign`
  /// -1 for `p - e`). Inside an element it moves P.Within by `Idx` times the size of `Elem`.
  bool addIndex(Place &P, const Expr *Idx, std::optional<Poly> Units, clang::QualType Elem,
                int Sign = 1);
  /// Locates `a[r][c]` of a pointer-to-pointer variable `a` (returns false with P untouched
  /// when `ASE` is not of that form; `Matched` tells whether it was).
  bool locateRows(const ArraySubscriptExpr *ASE, Place &P, bool &Matched);
  /// For `a[r][c]` whose column c moves with the loop variable: why a chunk's columns of each
  /// row cannot be copied (the serial loop may not touch them all), or none.
  std::optional<std::string> movingColumnProblem(const Poly &Row, const Poly &Col);
  bool locatePointer(const Expr *E, Place &P);
  /// Locates pointer-to-pointer array `VD` itself (an outer variable, named by `R`), as the
  /// argument of a `T **` parameter: its rows must hold numbers.
  bool locateRowsArray(const VarDecl *VD, SourceRange R, Place &P);
  /// The checks of an element `E` of a pointer-to-pointer array at `P` (row and column affine,
  /// a column that moves with the loop variable only where every chunk's columns are copied,
  /// no triangular loop's variable).
  bool checkRowsElement(const Expr *E, const Place &P);
  bool locateElement(const Expr *E, Place &P);
  bool walkAccess(const Expr *E, Mode M);
  void addType(QualType T);
  /// `private(t)` naming an array of constant size declared outside the loop (OpenMP's
  /// per-thread scratch arrays): each thread declares its own, so its elements are locals of
  /// the body (Pre.Locals) and the body function declares it (ThreadPrivates).
  bool addPrivateArrays();
  /// The checks after the walk: every array's shape, the array reductions' updates, the `map`
  /// clauses' names. Returns false when one fails.
  bool finish();
  /// Records the failure `Id` at `R` unless one is already recorded; returns false.
  bool failFirst(SourceRange R, Diag Id, std::vector<std::string> Args = {});
  /// Appends array `VD`'s ArrayShape to Info.Shapes; returns false when its accesses keep the
  /// loop serial.
  bool shapeArray(const VarDecl *VD);
  /// shapeArray for a pointer-to-pointer array whose rows hold `Elem`.
  bool shapeRows(const VarDecl *VD, QualType Elem);
  /// Classifies `VD`'s accesses at run-time indices: a scatter array, a read-only array copied
  /// whole (in rows of `RowUnits` elements), or a reason the loop stays serial.
  bool shapeRunTimeIndexed(const VarDecl *VD, const std::optional<Poly> &RowUnits,
                           ArrayShape &Shape);
  /// Checks item `It` of reduction clause `RC`: an array section whose every access is an update
  /// with the clause's operator (Info.ArrayReductions); scalars are Scalars.cpp's.
  bool arrayReduction(const ReductionClause &RC, const ClauseItem &It);
  /// Decides whether array `VD`, written at `W` with a subscript that is not affine, is a
  /// scatter array (sets Shape.Scatter) or keeps the loop serial (Scatter.cpp). `Shape` has its
  /// Extent and Map.
  bool checkScatter(const VarDecl *VD, const Access &W, ArrayShape &Shape);
  /// Without a clause: when every access of one-dimensional array `VD` is an update with one
  /// operator, at indices known only at run time, and its extent is known (a fixed size, a `map`
  /// section, its allocation, or the block it points into), queues an array reduction over
  /// that extent (AutoReductions, done by finish()) and returns true (Scatter.cpp).
  bool autoReduction(const VarDecl *VD, const std::optional<Poly> &RowUnits,
                     const ArrayShape &Shape);
  /// Whether `VD` is a local array object that its function only ever subscripts (before the
  /// loop ends): no pointer into it exists.
  bool onlySubscripted(const VarDecl *VD);
  /// An array reduction autoReduction found: its operator, its section, and the section in
  /// words for the remark.
  struct AutoReduction {
    ReductionOp Op;
    ClauseItem Item;
    std::string Where;
  };
  std::vector<AutoReduction> AutoReductions;
  bool isInvariant(const Expr *E);
  /// Returns whether `ASE` is an element at a constant index inside a fixed-size array of
  /// integers declared outside the loop: an invariant when the body never writes it (isInvariant
  /// records it in BodyInfo::InvariantElements for that check).
  bool invariantElement(const ArraySubscriptExpr *ASE);
  /// invariantElement's answer for each array: whether the loop only reads its elements.
  llvm::DenseMap<const VarDecl *, bool> ReadOnlyArrays;
  // Struct members read once before the loop (Members.cpp).
  /// Returns whether `E` is a read of an arithmetic member of a struct that cannot be copied to a
  /// device (of any struct when `InIndex`: `E` is in an inner loop's bound or a subscript),
  /// through members only from an outer variable the loop does not write (BodyInfo::Hoisted);
  /// outside called functions. Records a failure when it is one but inner loops around it keep
  /// it from being read once (movingLoopProblem).
  bool hoistable(const Expr *E, bool InIndex = false);
  /// Returns the outer variable, not assigned in the loop, that member chain `Top` starts from
  /// when its struct cannot be copied to a device (or is any struct, when `Copyable`); else
  /// null (and always in called functions).
  const VarDecl *hoistRoot(const MemberExpr *Top, bool Copyable = false);
  /// Returns whether member `Top` may be read before the loop whatever inner loops run here: a
  /// member of a struct variable through no pointer, or one already read outside those loops.
  bool readOutsideInner(const Expr *Top);
  /// Returns whether `ASE` is an integer element at a constant index through an outer pointer
  /// variable the loop does not assign (FT's `d[1]` of parameter `int d[3]`), read in every
  /// iteration, outside called functions: in a bound or subscript, it is read once before the
  /// loop as a member is (BodyInfo::Hoisted); analyzeBody checks that no write of the body may
  /// store into it.
  bool hoistableElement(const ArraySubscriptExpr *ASE);
  /// Records read `E` (hoistable) in BodyInfo::Hoisted / HoistedUses / HoistedSites.
  void hoist(const Expr *E);
  /// Returns why a value read here, with no condition or jump around it, cannot be read once
  /// before the loop: an inner loop around it whose bounds move with a variable of the loop (a
  /// triangular or hull loop), so that the host file cannot test before the loop whether the
  /// serial loop reads it at all; none when it can (BodyInfo::HoistedSites).
  std::optional<std::string> movingLoopProblem();
  /// For `E` a pointer member used as an array (`p->x`, `s.w` of `float **`) whose chain
  /// hoistRoot accepts: the variable that stands for it (BodyInfo::MemberArrays), recording the
  /// use; null with `Matched` set and a failure recorded when it cannot be read once (volatile,
  /// not read in every iteration); null with `Matched` false when `E` is no such member.
  const VarDecl *memberArray(const Expr *E, bool &Matched);
  /// Locates outer array variable `VD` (named by `R`): its type must be one the loop can pass.
  bool locateArray(const VarDecl *VD, SourceRange R, Place &P);
  /// locateArray, or locateRowsArray for a pointer-to-pointer array named as a call's argument
  /// in the loop body.
  bool locateArrayOrRows(const VarDecl *VD, SourceRange R, Place &P);
  bool checkName(const NamedDecl *D, SourceRange R);
  bool checkLocal(const VarDecl *VD);
  /// Checks that pointer `VD`, initialised or assigned once with `Init` (at `R`), points into an
  /// array of the loop, from variables that hold their values while it is in use.
  bool pointerTarget(const VarDecl *VD, const Expr *Init, SourceRange R);
  /// Returns a variable of pointer initialiser `Init` that the loop may change while the
  /// pointer is in scope (written in the body, not assigned once, no loop's variable around
  /// here); null when there is none.
  const VarDecl *changedAfter(const Expr *Init);
  bool walk(const Stmt *S, Mode M = Mode::Read);
  bool walkChildren(const Stmt *S);
  bool walkFor(const ForStmt *FS);
  bool walkDeclRef(const DeclRefExpr *DRE, Mode M);
  bool walkCall(const CallExpr *CE);
  /// `memcpy`, `memmove` or `memset` of whole elements (`memcpy(&y[i*m], &x[i*m], m *
  /// sizeof(double))`): element k of the destination written, and of the source read, for k in
  /// [0, n) as by an inner loop (a Bounds loop with an atom of its own); the device runs the call
  /// as written.
  bool walkMemoryCall(const CallExpr *CE, StringRef Name);
  /// Records `Globals`, those that `Def` called at `CE` uses (functionGlobals), as values the
  /// body takes; fails when the loop writes one or a declaration at the loop hides one.
  bool addFunctionGlobals(const CallExpr *CE, const FunctionDecl *Def,
                          const std::vector<const VarDecl *> &Globals);
  bool walkBinary(const BinaryOperator *BO);
  bool walkUnary(const UnaryOperator *UO, Mode M);
};

} // namespace body
} // namespace gpupar

#endif
