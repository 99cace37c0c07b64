//===- Planner.cpp - from a loop to its LoopPlan ---------------------------===//
#include "Plan/Planner.h"
#include "Analysis/Emittable.h"
#include "Analysis/FatalPaths.h"
#include "Plan/Tiling.h"
#include "Text.h"

using namespace clang;

namespace gpupar {

/// Returns the inclusive range of inner loop `L`'s variable.
static void innerRange(const InnerLoop &L, PlanBound &Lo, PlanBound &Hi) {
  // A loop of a called function: its bounds with the call's arguments for the parameters.
  PlanBound A, B;
  A.Cast = B.Cast = true;
  if (L.Bounds)
    A.Affine = L.LoBound, B.Affine = L.HiBound;
  else
    A.Expr = L.Form.Lo, B.Expr = L.Form.Hi;
  switch (L.Form.Op) {
  case Cond::LT:
    Lo = A, Hi = B, Hi.Add = -1;
    break;
  case Cond::LE:
    Lo = A, Hi = B;
    break;
  case Cond::GT:
    Lo = B, Lo.Add = 1, Hi = A;
    break;
  default:
    Lo = B, Hi = A;
    break;
  }
}

/// `PlanIndex[a]` is the index in Plan.Arrays of Info.Arrays[a]; reduction arrays have none
/// (-1): the runtime gives each chunk its own copy of their section instead.
static void buildTerms(ASTContext &Ctx, const BodyInfo &Info, const std::vector<int> &PlanIndex,
                       LoopPlan &Plan) {
  struct Pending {
    unsigned Array;
    bool Write;
    Poly Base; ///< subscript without the constant term when merged as a range
    int64_t Lo, Hi;
    bool Exact;
    bool Disjoint; ///< every access merged into it is a proven-disjoint write (SelfDisjoint)
    const Expr *Access;
    const FunctionDecl *Via;
    PlanTerm::EndT End;
    std::vector<Guard> Guards; ///< only terms with the same guards merge
    bool Rows;
    Poly Column;
    /// Invariant conditions `RunsIf >= 0` that hold where the access runs (a triangular loop
    /// whose bounds move together, `j = i; j < i + k`: k > 0).
    std::vector<Poly> RunsIf;
  };
  auto SameGuards = [](const std::vector<Guard> &A, const std::vector<Guard> &B) {
    if (A.size() != B.size())
      return false;
    for (size_t I = 0; I < A.size(); ++I)
      if (A[I].Atom != B[I].Atom || A[I].Lo != B[I].Lo || A[I].Hi != B[I].Hi)
        return false;
    return true;
  };
  // A moving column under `if (j != k)` (rows may end at the skipped column: only the
  // iterations that run may name columns) gives two terms, guarded by j <= k - 1 and j >= k + 1.
  std::vector<Access> Accesses;
  for (const Access &A : Info.Accesses) {
    auto X = std::find_if(A.Excluded.begin(), A.Excluded.end(),
                          [&](const Exclusion &E) { return E.Atom == Info.OuterAtom; });
    Poly Below = X == A.Excluded.end() ? Poly() : X->Value, Above = Below;
    if (!A.movesColumn(Info.OuterAtom) || X == A.Excluded.end() ||
        !Below.addScaled(Poly::constant(1), -1) || !Above.addScaled(Poly::constant(1), 1)) {
      Accesses.push_back(A);
      continue;
    }
    Guard G;
    G.Atom = Info.OuterAtom;
    Accesses.push_back(A);
    G.Hi = Below;
    Accesses.back().Guards.push_back(G);
    Accesses.push_back(A);
    G.Hi.reset();
    G.Lo = Above;
    Accesses.back().Guards.push_back(G);
  }
  std::vector<Pending> Terms;
  for (const Access &A : Accesses) {
    int Index = PlanIndex[Info.arrayIndex(A.Array)];
    if (Index < 0 || !A.Affine || A.CoveredRead)
      continue; // reduction arrays; non-affine reads are covered by a whole-array term below;
                // a read of what its iteration wrote needs no copy
    unsigned Array = (unsigned)Index;
    // A triangular loop's variable j in [lo(i), hi(i)]: the subscript is affine in j, so what
    // one iteration touches lies between its values at j = lo(i) and j = hi(i), two terms
    // affine in i whose hull (the runtime takes the hull of an array's terms) covers it. Both
    // only in iterations where the loop runs (lo(i) <= hi(i)), so an empty loop's bounds never
    // reach outside the array. Not exact: a write section is copied in first.
    const InnerLoop *Tri = nullptr;
    for (unsigned V : A.Subscript.loopVars(Info.Atoms))
      for (const InnerLoop &IL : Info.Inner)
        if (IL.Atom == V && IL.Tri)
          Tri = &IL;
    if (Tri) {
      Poly C = A.Subscript.coefficient(Tri->Atom);
      Poly Rest = A.Subscript, CV = C;
      CV.multiply(Poly::atom(Tri->Atom));
      Rest.addScaled(CV, -1);
      // Guards on the variable (`j < n`, `j >= 0`) cut its range: its ends are then a guard's
      // bound where that cuts, the loop's elsewhere (triangularGuards: a guard on i tells which).
      std::optional<Poly> CutLo, CutHi;
      triangularGuards(*Tri, Info.OuterAtom, A.Guards, CutLo, CutHi);
      std::vector<Guard> Guards;
      for (const Guard &G : A.Guards)
        if (G.Atom != Tri->Atom)
          Guards.push_back(G);
      std::vector<Poly> RunsIf;
      int64_t CL = 0, CH = 0;
      Tri->TriLo.coefficient(Info.OuterAtom).isConstant(&CL);
      Tri->TriHi.coefficient(Info.OuterAtom).isConstant(&CH);
      Poly Gap = Tri->TriHi.invariantPart(Info.Atoms); // lo(i) <= hi(i): (CL - CH) i <= Gap
      Gap.addScaled(Tri->TriLo.invariantPart(Info.Atoms), -1);
      Guard G;
      G.Atom = Info.OuterAtom;
      if (CL - CH == 1)
        G.Hi = Gap;
      else if (CL - CH == -1)
        G.Lo = Poly(), G.Lo->addScaled(Gap, -1);
      else
        RunsIf.push_back(Gap);
      // A condition known to hold says nothing (`j = i; j < i + 32`).
      auto Holds = [](const Poly &P) {
        int64_t V = 0;
        return P.isConstant(&V) && V >= 0;
      };
      if (G.Lo || G.Hi)
        Guards.push_back(G);
      // Where a term applies: guards on i, and invariant conditions `R >= 0`.
      struct Where {
        std::vector<Guard> G;
        std::vector<Poly> R;
      };
      // `P <= B` (P = K * i + p with K in -1..1, B invariant).
      auto AtMost = [&](Where &To, const Poly &P, const Poly &B) {
        int64_t K = 0;
        P.coefficient(Info.OuterAtom).isConstant(&K);
        Poly Room = B;
        Room.addScaled(P.invariantPart(Info.Atoms), -1); // K * i <= B - p
        Guard G;
        G.Atom = Info.OuterAtom;
        if (K == 0)
          return To.R.push_back(Room);
        if (K == 1)
          G.Hi = Room;
        else
          G.Lo = Poly(), G.Lo->addScaled(Room, -1);
        To.G.push_back(G);
      };
      auto AtLeast = [&](Where &To, const Poly &P, const Poly &B) {
        Poly NP, NB;
        NP.addScaled(P, -1);
        NB.addScaled(B, -1);
        AtMost(To, NP, NB);
      };
      auto Push = [&](const Poly &End, PlanTerm::EndT Which, Where W) {
        Poly Sub = Rest, At = C;
        if (!At.multiply(End) || !Sub.addScaled(At, 1))
          return false; // overflow: no terms, the analysis found none to copy (cannot happen)
        W.R.erase(std::remove_if(W.R.begin(), W.R.end(), Holds), W.R.end());
        Terms.push_back({Array, A.IsWrite, Sub, 0, 0, false, A.SelfDisjoint, A.Expr, nullptr, Which,
                         W.G, A.Rows, A.Column, W.R});
        return true;
      };
      const Poly &Lo = Tri->TriLo, &Hi = Tri->TriHi;
      Where Base{Guards, RunsIf};
      if (CutLo && CutHi) // the guards' range is not empty
        AtMost(Base, *CutLo, *CutHi);
      // The first element: lo(i) where no guard cuts it, else the lower guard's bound.
      Where W1 = Base, W2 = Base, W3 = Base, W4 = Base;
      if (CutLo)
        AtLeast(W1, Lo, *CutLo);
      if (CutHi)
        AtMost(W1, Lo, *CutHi);
      bool Ok = Push(Lo, PlanTerm::First, W1);
      if (CutLo) { // lo(i) < a <= hi(i)
        Poly Before = *CutLo;
        Before.addScaled(Poly::constant(1), -1);
        AtMost(W2, Lo, Before);
        AtLeast(W2, Hi, *CutLo);
        Ok = Ok && Push(*CutLo, PlanTerm::First, W2);
      }
      // The last: hi(i) where no guard cuts it, else the upper guard's bound.
      if (CutHi)
        AtMost(W3, Hi, *CutHi);
      if (CutLo)
        AtLeast(W3, Hi, *CutLo);
      Ok = Ok && Push(Hi, PlanTerm::Last, W3);
      if (CutHi) { // lo(i) <= b < hi(i)
        Poly Past = *CutHi;
        Past.addScaled(Poly::constant(1), 1);
        AtLeast(W4, Hi, Past);
        AtMost(W4, Lo, *CutHi);
        Ok = Ok && Push(*CutHi, PlanTerm::Last, W4);
      }
      if (!Ok)
        return;
      continue;
    }
    std::vector<unsigned> Vars = A.Subscript.loopVars(Info.Atoms);
    std::vector<unsigned> InnerVars;
    for (unsigned V : Vars)
      if (V != Info.OuterAtom)
        InnerVars.push_back(V);
    // A row's columns cover their range exactly only without inner variables in the row and
    // with one unit-stride inner variable (or none) in the column: the packed section of a
    // row then holds no element the access skips.
    if (A.Rows)
      for (unsigned V : A.Column.loopVars(Info.Atoms))
        InnerVars.push_back(V);
    // A struct member is a part of its element: the rest must come in before a write.
    bool Exact = A.Unconditional && !Info.HasJumps && !A.Partial;
    if (!InnerVars.empty()) {
      int64_t C = 0;
      const InnerLoop *L = nullptr;
      for (const InnerLoop &IL : Info.Inner)
        if (IL.Atom == InnerVars[0])
          L = &IL;
      const Poly &Sub = A.Rows ? A.Column : A.Subscript;
      Exact = Exact && InnerVars.size() == 1 && Sub.coefficient(InnerVars[0]).isConstant(&C) &&
              (C == 1 || C == -1) && L && !L->Hull && (L->Form.Step == 1 || L->Form.Step == -1);
    }
    // Reads without inner variables that differ only in their constant merge into one range.
    bool Ranged = !A.IsWrite && InnerVars.empty();
    Poly Base = Ranged ? A.Subscript.withoutConstant() : A.Subscript;
    int64_t K = Ranged ? A.Subscript.constantTerm() : 0;
    bool Merged = false;
    for (Pending &T : Terms)
      if (T.Array == Array && T.Write == A.IsWrite && T.Base == Base && T.RunsIf.empty() &&
          SameGuards(T.Guards, A.Guards) && T.Rows == A.Rows && T.Column == A.Column) {
        T.Lo = std::min(T.Lo, K);
        T.Hi = std::max(T.Hi, K);
        T.Exact = T.Exact || Exact;
        T.Disjoint = T.Disjoint && A.SelfDisjoint;
        Merged = true;
        break;
      }
    if (Merged)
      continue;
    const FunctionDecl *Via = A.Via ? enclosingFunction(Ctx, A.Expr) : nullptr;
    Terms.push_back({Array,
                     A.IsWrite,
                     Base,
                     K,
                     K,
                     Exact,
                     A.SelfDisjoint,
                     A.Expr,
                     Via,
                     PlanTerm::Both,
                     A.Guards,
                     A.Rows,
                     A.Column,
                     {}});
  }
  // The range of inner variable V in `Coef * V` (conditions on V around the access narrow it).
  auto rangeOf = [&](const Pending &T, const Poly &P, unsigned V, PlanRange &R) {
    auto Narrow = [&]() {
      for (const Guard &G : T.Guards) {
        if (G.Atom != V)
          continue;
        if (G.Lo)
          R.Lo.Clamp.push_back(*G.Lo);
        if (G.Hi)
          R.Hi.Clamp.push_back(*G.Hi);
      }
    };
    R.Coef = P.coefficient(V);
    if (Info.Atoms.isQuotient(V)) { // `e / c` over the whole loop (read terms only)
      R.Lo.Affine = Info.Atoms.get(V).Lo;
      R.Hi.Affine = Info.Atoms.get(V).Hi;
      Narrow();
      return true;
    }
    for (const InnerLoop &IL : Info.Inner)
      if (IL.Atom == V) {
        innerRange(IL, R.Lo, R.Hi);
        Narrow();
        return true;
      }
    return false;
  };
  // The ranges of `P`'s variables other than the offloaded loop's, remainders `e % c` as
  // [0, c - 1]; returns the rest of P, whose outer coefficient and invariant part are the term's.
  auto addRanges = [&](const Pending &T, const Poly &P, std::vector<PlanRange> &Out) {
    Remainders R = splitRemainders(P, Info.Atoms);
    for (unsigned V : R.Rest.loopVars(Info.Atoms)) {
      PlanRange X;
      if (V != Info.OuterAtom && rangeOf(T, R.Rest, V, X))
        Out.push_back(X);
    }
    for (const auto &[K, Q] : R.Parts)
      Out.push_back({Poly::constant(K), PlanBound::constant(0),
                     PlanBound::constant(Info.Atoms.get(Q).Divisor - 1)});
    return R.Rest;
  };
  for (const Pending &T : Terms) {
    PlanTerm PT;
    PT.Array = T.Array;
    PT.Write = T.Write;
    PT.Exact = T.Exact && T.Lo == T.Hi;
    PT.Disjoint = T.Disjoint;
    PT.Access = T.Access;
    PT.Via = T.Via;
    PT.End = T.End;
    PT.Merged = T.Lo != T.Hi;
    // An empty range of an inner variable leaves the term touching nothing.
    Poly Base = addRanges(T, T.Base, PT.Ranges);
    PT.Coef = Base.coefficient(Info.OuterAtom);
    PT.Offset = Base.invariantPart(Info.Atoms);
    PT.Offset.addScaled(Poly::constant(T.Lo), 1);
    if (T.Rows) {
      PT.Rows = true;
      PT.Exact = PT.Exact && T.Base.loopVars(Info.Atoms).size() <= 1;
      Poly Column = addRanges(T, T.Column, PT.ColRanges);
      PT.ColOffset = Column.invariantPart(Info.Atoms);
      if (Column.coefficient(Info.OuterAtom) != Poly())
        PT.ColCoef = Column.coefficient(Info.OuterAtom);
    }
    if (T.Lo != T.Hi)
      PT.Ranges.push_back(
          {Poly::constant(1), PlanBound::constant(0), PlanBound::constant(T.Hi - T.Lo)});
    PT.RunsIf = T.RunsIf;
    for (const Guard &G : T.Guards) {
      if (G.Atom != Info.OuterAtom)
        continue;
      if (G.Lo)
        PT.GuardLo.push_back(*G.Lo);
      if (G.Hi)
        PT.GuardHi.push_back(*G.Hi);
    }
    Plan.Terms.push_back(std::move(PT));
  }
  // Arrays accessed at run-time indices: one term over the section, every iteration (a read
  // of a CopyWhole array; a write of a scatter array, never exact).
  for (size_t I = 0; I < Info.Arrays.size(); ++I) {
    const ArrayShape &Shape = Info.Shapes[I];
    if ((!Shape.CopyWhole && !Shape.Scatter) || PlanIndex[I] < 0)
      continue;
    PlanTerm PT;
    PT.Array = (unsigned)PlanIndex[I];
    PT.Write = Shape.Scatter;
    PlanWhole W;
    if (Shape.Map)
      W.Map = *Shape.Map;
    else
      W.Extent = *literalValue(Shape.Extent);
    if (Shape.CopyRow && *Shape.CopyRow != Poly::constant(1))
      W.Row = Shape.CopyRow;
    PT.Whole = W;
    Plan.Terms.push_back(std::move(PT));
  }
}

/// Returns whether every element access `A` can update lies in the section [Lo, Lo + Len): a
/// constant index, or one affine in the loop variable alone with constant bounds. Those
/// updates need no run-time check.
static bool provenInSection(ASTContext &Ctx, const BodyInfo &Info, const LoopForm &F,
                            const Access &A, int64_t Lo, int64_t Len) {
  auto Inside = [&](__int128 K) { return K >= Lo && K < (__int128)Lo + Len; };
  int64_t K = 0, C = 0;
  if (!A.Affine || A.Via)
    return false;
  if (A.Subscript.isConstant(&K))
    return Inside(K);
  std::vector<unsigned> Vars = A.Subscript.loopVars(Info.Atoms);
  if (Vars.size() != 1 || Vars[0] != Info.OuterAtom ||
      !A.Subscript.coefficient(Info.OuterAtom).isConstant(&C) ||
      !A.Subscript.invariantPart(Info.Atoms).isConstant(&K))
    return false;
  Expr::EvalResult B0, B1;
  if (!F.Lo || !F.Hi || !F.Lo->EvaluateAsInt(B0, Ctx) || !F.Hi->EvaluateAsInt(B1, Ctx))
    return false;
  // A superset of the loop variable's values: the bound the condition stops at.
  __int128 First = B0.Val.getInt().getExtValue(), Hi = B1.Val.getInt().getExtValue(), Last;
  switch (F.Op) {
  case Cond::LT:
    Last = Hi - 1;
    break;
  case Cond::LE:
    Last = Hi;
    break;
  case Cond::GT:
    Last = First, First = Hi + 1;
    break;
  case Cond::GE:
    Last = First, First = Hi;
    break;
  default:
    return false;
  }
  if (First > Last)
    return true; // no iteration
  return Inside(C * First + K) && Inside(C * Last + K);
}

/// Plans the per-thread variables of `Info.Written` and the array reductions.
static void planWritten(ASTContext &Ctx, const BodyInfo &Info, LoopPlan &Plan) {
  for (const WrittenScalar &W : Info.Written) {
    PlanReduction R;
    R.Var = W.Var;
    R.Type = W.Var->getType();
    R.TypeKind = *perThreadKind(Ctx, R.Type);
    R.Op = W.Op;
    R.GuardBound = W.GuardBound;
    switch (W.Role) {
    case ScalarRole::Private:
      R.Kind = PlanReduction::Private;
      break;
    case ScalarRole::LastPrivate:
      R.Kind = PlanReduction::Last;
      break;
    case ScalarRole::Reduction:
      R.Kind = PlanReduction::Reduce;
      break;
    }
    Plan.Reductions.push_back(std::move(R));
  }
  for (const ArrayReduction &AR : Info.ArrayReductions) {
    const ArrayShape &Shape = Info.Shapes[Info.arrayIndex(AR.Var)];
    PlanReduction R;
    R.Kind = PlanReduction::Reduce;
    R.IsArray = true;
    R.Var = AR.Var;
    R.Type = Shape.Element;
    R.TypeKind = *perThreadKind(Ctx, Shape.Element);
    R.Op = AR.Op;
    R.Section.Name = AR.Var->getNameAsString();
    R.Section.IsSection = true;
    R.Section.Lo.Text = AR.Lo;
    R.Section.Len.Text = AR.Len;
    R.LoScalar = (unsigned)Plan.Scalars.size();
    Plan.Scalars.push_back({PlanScalar::SectionLo, nullptr, (unsigned)Plan.Reductions.size()});
    std::optional<int64_t> SLo = literalValue(AR.Lo), SLen = literalValue(AR.Len);
    for (const ElementUpdate &U : AR.Updates) {
      bool Proven = false;
      for (const Access &A : Info.Accesses)
        if (A.Array == AR.Var && A.Expr->IgnoreParenImpCasts() == U.Target->IgnoreParenImpCasts())
          Proven = SLo && SLen && provenInSection(Ctx, Info, Plan.Form, A, *SLo, *SLen);
      R.Checked |= !Proven;
    }
    for (const ElementUpdate &U : AR.Updates)
      Plan.Updates.push_back(
          {U.Whole, U.Target, U.Value, U.Negate, (unsigned)Plan.Reductions.size()});
    Plan.Reductions.push_back(std::move(R));
  }
}

/// Sets array `VD`'s dimensions after the first in `A`: constants in Dims or, for a
/// variable-length array, each in VarDims, a variable one read from the scalar of its variable
/// (added to `Plan` when the body does not read it).
static void planDims(ASTContext &Ctx, const VarDecl *VD, PlanArray &A, LoopPlan &Plan) {
  std::vector<const ArrayType *> Types = innerArrayTypes(Ctx, VD);
  bool Variable = false;
  for (const ArrayType *AT : Types)
    Variable |= !isa<ConstantArrayType>(AT);
  if (!Variable) {
    A.Dims = innerDims(Ctx, VD);
    return;
  }
  for (const ArrayType *AT : Types) {
    PlanDim D;
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT)) {
      D.Size = CAT->getSize().getZExtValue();
      A.VarDims.push_back(D);
      continue;
    }
    // A variable, or else an expression over variables (checkEmittable): one scalar per value.
    const VarDecl *Dim = dimensionVariable(AT);
    const Expr *Size = Dim ? nullptr : dimensionSize(AT);
    for (size_t K = 0; K < Plan.Scalars.size() && !D.Scalar; ++K) {
      const PlanScalar &S = Plan.Scalars[K];
      bool Extent = S.Kind == PlanScalar::Extent;
      if ((S.Kind == PlanScalar::Variable || Extent) && Dim && S.Var == Dim)
        D.Scalar = (unsigned)K;
      if (Extent && !S.Var && Size && printC(Ctx, S.Expr) == printC(Ctx, Size))
        D.Scalar = (unsigned)K;
    }
    if (!D.Scalar) { // an expression's slot is named by its index (Of)
      D.Scalar = (unsigned)Plan.Scalars.size();
      Plan.Scalars.push_back({PlanScalar::Extent, Dim, *D.Scalar, Size});
    }
    A.VarDims.push_back(D);
  }
}

LoopPlan planLoop(ASTContext &Ctx, const Directive &Dir, const LoopForm &F, const BodyInfo &Info) {
  LoopPlan Plan;
  Plan.Form = F;
  Plan.Atoms = Info.Atoms;
  planWritten(Ctx, Info, Plan);
  if (Dir.If)
    Plan.If = *Dir.If;
  Plan.Assumptions = Info.Assumptions;
  for (const std::string &G : Info.EntryGuards)
    if (std::find(Plan.Assumptions.begin(), Plan.Assumptions.end(), G) == Plan.Assumptions.end())
      Plan.Assumptions.push_back(G);
  if (Dir.Devices)
    Plan.Devices = *Dir.Devices;
  Plan.Remarks = Info.Remarks;
  Plan.SerialInner = Info.SerialInner;
  Plan.FatalPaths = hasFatalPath(F.For->getBody());
  for (const FunctionDecl *FD : Info.Functions)
    Plan.FatalPaths |= hasFatalPath(FD->getBody());
  Plan.ThreadPrivates = Info.ThreadPrivates;
  Plan.Functions = Info.Functions;
  Plan.Constants = Info.Constants;
  Plan.Types = Info.Types;
  Plan.Body = F.For->getBody();
  for (size_t K = 1; K < Info.Collapse.size(); ++K) {
    PlanCollapsed PC;
    PC.Form = Info.Collapse[K];
    PC.LoScalar = (unsigned)Plan.Scalars.size();
    Plan.Scalars.push_back({PlanScalar::NestLo, nullptr, (unsigned)Plan.Collapsed.size()});
    Plan.Collapsed.push_back(PC);
    Plan.Body = PC.Form.For->getBody();
  }
  for (const VarDecl *VD : Info.Scalars)
    // Bounds of collapsed loops reach the .cu as trip counts, not as variables.
    if (!Info.written(VD) && mentions(Plan.Body, VD))
      Plan.Scalars.push_back({PlanScalar::Variable, VD, 0});
  // Globals that called functions read: the body passes them on by name (printFunction).
  for (const VarDecl *G : Info.FunctionGlobals)
    if (std::none_of(Plan.Scalars.begin(), Plan.Scalars.end(), [&](const PlanScalar &S) {
          return S.Kind == PlanScalar::Variable && S.Var->getCanonicalDecl() == G;
        }))
      Plan.Scalars.push_back({PlanScalar::Variable, G, 0});
  unsigned FirstMember = (unsigned)Plan.Scalars.size();
  auto When = [&](const ReadSites &Sites) {
    PlanReadWhen W;
    for (const std::vector<unsigned> &Loops : Sites.Within) {
      W.emplace_back();
      for (unsigned L : Loops)
        W.back().push_back(Info.Inner[L].Form);
    }
    return W;
  };
  for (size_t K = 0; K < Info.Hoisted.size(); ++K)
    Plan.Scalars.push_back(
        {PlanScalar::Member, nullptr, (unsigned)K, Info.Hoisted[K], When(Info.HoistedSites[K])});
  for (const auto &[Use, K] : Info.HoistedUses)
    Plan.MemberReads.push_back({Use, FirstMember + K});
  std::vector<int> PlanIndex;
  for (size_t I = 0; I < Info.Arrays.size(); ++I) {
    const VarDecl *VD = Info.Arrays[I];
    bool Reduced = false;
    for (const ArrayReduction &AR : Info.ArrayReductions)
      Reduced |= AR.Var == VD;
    if (Reduced) {
      PlanIndex.push_back(-1);
      continue;
    }
    PlanArray A;
    A.Var = VD;
    A.Elem = Info.Shapes[I].Element;
    if (Info.Shapes[I].Rows) {
      A.Rows = true;
      A.MovingColumn = Info.Shapes[I].MovingColumn;
      A.LayoutScalar = (unsigned)Plan.Scalars.size();
      Plan.Scalars.push_back({PlanScalar::Layout, nullptr, (unsigned)Plan.Arrays.size()});
    } else {
      planDims(Ctx, VD, A, Plan);
    }
    // Writing a member keeps the rest of its element: the element comes in (inout).
    for (const Access &X : Info.Accesses)
      if (X.Array == VD && !X.CoveredRead) {
        (X.IsWrite ? A.Write : A.Read) = true;
        A.Read |= X.IsWrite && X.Partial;
      }
    A.Scatter = Info.Shapes[I].Scatter;
    A.Member = Info.memberArray(VD);
    for (size_t K = 0; K < Info.MemberArrays.size(); ++K)
      if (Info.MemberArrays[K].first == VD)
        A.When = When(Info.MemberArraySites[K]);
    for (const auto &[Use, Of] : Info.MemberArrayUses)
      if (Of == VD)
        Plan.MemberArrayReads.push_back({Use, (unsigned)Plan.Arrays.size()});
    PlanIndex.push_back((int)Plan.Arrays.size());
    Plan.Arrays.push_back(A);
  }
  for (const VarDecl *VD : Info.HeapExtents)
    Plan.HeapExtents.push_back({VD, PlanIndex[Info.arrayIndex(VD)]});
  buildTerms(Ctx, Info, PlanIndex, Plan);
  Plan.Tile = planTile(Ctx, Plan);
  return Plan;
}

} // namespace gpupar
