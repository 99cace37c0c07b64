//===- Planner.cpp - from a loop to its LoopPlan ---------------------------===//
#include "Plan/Planner.h"
#include "Analysis/Analysis.h"
#include "Text.h"

using namespace clang;

namespace gpupar {

/// Collects the dimensions of array `VD` after the first (`double A[N][M]`, `double (*A)[M]`)
/// as decimal values into `Dims`. Returns false with a warning in `P` when one is not a
/// constant (a variable-length array: C++ has no type for a pointer to its rows).
static bool innerDims(ASTContext &Ctx, const VarDecl *VD, const BodyInfo &Info,
                      std::vector<std::string> &Dims, Problem &P) {
  QualType T = VD->getType();
  const ArrayType *Top = Ctx.getAsArrayType(T);
  QualType Row = Top ? Top->getElementType() : T->getPointeeType();
  for (const ArrayType *AT = Ctx.getAsArrayType(Row); AT;
       AT = Ctx.getAsArrayType(AT->getElementType())) {
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT)) {
      Dims.push_back(std::to_string(CAT->getSize().getZExtValue()));
      continue;
    }
    const auto *VAT = dyn_cast<VariableArrayType>(AT);
    std::string Dim = VAT && VAT->getSizeExpr() ? sourceText(Ctx, VAT->getSizeExpr()) : "?";
    P = makeProblem(Diag::inner_dimension_not_constant, VD->getSourceRange(),
                    {VD->getNameAsString(), Dim});
    for (const Access &A : Info.Accesses)
      if (A.Array == VD) {
        P.Range = A.Expr->getSourceRange();
        break;
      }
    return false;
  }
  return true;
}

/// Prints the inclusive range of inner loop `L`'s variable.
static void innerRange(ASTContext &Ctx, const AtomTable &Atoms, const InnerLoop &L, std::string &Lo,
                       std::string &Hi) {
  // A loop of a called function: its bounds with the call's arguments for the parameters.
  std::string A =
      "(long long)(" + (L.Bounds ? L.LoBound.printC(Atoms) : sourceText(Ctx, L.Form.Lo)) + ")";
  std::string B =
      "(long long)(" + (L.Bounds ? L.HiBound.printC(Atoms) : sourceText(Ctx, L.Form.Hi)) + ")";
  switch (L.Form.Op) {
  case Cond::LT:
    Lo = A, Hi = B + " - 1LL";
    break;
  case Cond::LE:
    Lo = A, Hi = B;
    break;
  case Cond::GT:
    Lo = B + " + 1LL", Hi = A;
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
    std::string Text;
    std::vector<Guard> Guards; ///< only terms with the same guards merge
    bool Rows;
    Poly Column;
    /// A C condition, invariant, without which the access never runs (a triangular loop
    /// whose bounds move together, `j = i; j < i + k`: k > 0); empty when none.
    std::string Runs;
  };
  auto SameGuards = [](const std::vector<Guard> &A, const std::vector<Guard> &B) {
    if (A.size() != B.size())
      return false;
    for (size_t I = 0; I < A.size(); ++I)
      if (A[I].Atom != B[I].Atom || A[I].Lo != B[I].Lo || A[I].Hi != B[I].Hi)
        return false;
    return true;
  };
  std::vector<Pending> Terms;
  for (const Access &A : Info.Accesses) {
    int Index = PlanIndex[Info.arrayIndex(A.Array)];
    if (Index < 0 || !A.Affine)
      continue; // reduction arrays; non-affine reads are covered by a whole-array term below
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
      std::vector<Guard> Guards = A.Guards;
      std::string Runs;
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
        Runs = "(" + Gap.printC(Info.Atoms) + ") >= 0";
      if (G.Lo || G.Hi)
        Guards.push_back(G);
      for (const Poly *End : {&Tri->TriLo, &Tri->TriHi}) {
        Poly Sub = Rest, At = C;
        if (!At.multiply(*End) || !Sub.addScaled(At, 1))
          return; // overflow: no terms, the analysis found none to copy (cannot happen)
        Terms.push_back({Array, A.IsWrite, Sub, 0, 0, false, A.SelfDisjoint,
                         sourceText(Ctx, A.Expr) + (End == &Tri->TriLo ? ", first" : ", last"),
                         Guards, A.Rows, A.Column, Runs});
      }
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
    bool Exact = A.Unconditional && !Info.HasJumps;
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
      if (T.Array == Array && T.Write == A.IsWrite && T.Base == Base && T.Runs.empty() &&
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
    std::string Text = sourceText(Ctx, A.Expr);
    if (A.Via) // an access in a called function: name it
      if (const FunctionDecl *FD = enclosingFunction(Ctx, A.Expr))
        Text += " in " + FD->getNameAsString();
    Terms.push_back({Array, A.IsWrite, Base, K, K, Exact, A.SelfDisjoint, Text, A.Guards, A.Rows,
                     A.Column, ""});
  }
  // The range of inner variable V in `Coef * V` (conditions on V around the access narrow it).
  auto rangeOf = [&](const Pending &T, const Poly &P, unsigned V, PlanRange &R) {
    auto Narrow = [&]() {
      for (const Guard &G : T.Guards) {
        if (G.Atom != V)
          continue;
        if (G.Lo)
          R.Lo = "gpupar_max_ll(" + R.Lo + ", " + G.Lo->printC(Info.Atoms) + ")";
        if (G.Hi)
          R.Hi = "gpupar_min_ll(" + R.Hi + ", " + G.Hi->printC(Info.Atoms) + ")";
      }
    };
    R.Coef = P.coefficient(V).printC(Info.Atoms);
    if (Info.Atoms.isQuotient(V)) { // `e / c` over the whole loop (read terms only)
      R.Lo = Info.Atoms.get(V).Lo.printC(Info.Atoms);
      R.Hi = Info.Atoms.get(V).Hi.printC(Info.Atoms);
      Narrow();
      return true;
    }
    for (const InnerLoop &IL : Info.Inner)
      if (IL.Atom == V) {
        innerRange(Ctx, Info.Atoms, IL, R.Lo, R.Hi);
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
      Out.push_back({llLiteral(K), "0LL", llLiteral(Info.Atoms.get(Q).Divisor - 1)});
    return R.Rest;
  };
  for (const Pending &T : Terms) {
    PlanTerm PT;
    PT.Array = T.Array;
    PT.Write = T.Write;
    PT.Exact = T.Exact && T.Lo == T.Hi;
    PT.Disjoint = T.Disjoint;
    PT.Text = T.Text;
    if (T.Lo != T.Hi)
      PT.Text += ", ...";
    // An empty range of an inner variable leaves the term touching nothing.
    Poly Base = addRanges(T, T.Base, PT.Ranges);
    PT.Coef = Base.coefficient(Info.OuterAtom).printC(Info.Atoms);
    Poly Offset = Base.invariantPart(Info.Atoms);
    Offset.addScaled(Poly::constant(T.Lo), 1);
    PT.Offset = Offset.printC(Info.Atoms);
    if (T.Rows) {
      PT.Rows = true;
      PT.Exact = PT.Exact && T.Base.loopVars(Info.Atoms).size() <= 1;
      Poly Column = addRanges(T, T.Column, PT.ColRanges);
      PT.ColOffset = Column.invariantPart(Info.Atoms).printC(Info.Atoms);
      if (Column.coefficient(Info.OuterAtom) != Poly())
        PT.ColCoef = Column.coefficient(Info.OuterAtom).printC(Info.Atoms);
    }
    if (T.Lo != T.Hi)
      PT.Ranges.push_back({"1LL", "0LL", llLiteral(T.Hi - T.Lo)});
    if (!T.Runs.empty()) { // an empty guard range when the access never runs
      PT.GuardLo.push_back("(" + T.Runs + ") ? (-0x7fffffffffffffffLL - 1) : 0x7fffffffffffffffLL");
      PT.GuardHi.push_back("(" + T.Runs + ") ? 0x7fffffffffffffffLL : (-0x7fffffffffffffffLL - 1)");
    }
    for (const Guard &G : T.Guards) {
      if (G.Atom != Info.OuterAtom)
        continue;
      if (G.Lo)
        PT.GuardLo.push_back(G.Lo->printC(Info.Atoms));
      if (G.Hi)
        PT.GuardHi.push_back(G.Hi->printC(Info.Atoms));
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
    PT.Coef = "0LL";
    PT.Offset = Shape.CopyLo;
    PT.Ranges.push_back({"1LL", "0LL", "(" + Shape.CopyHi + ") - (" + Shape.CopyLo + ")"});
    PT.Text = Info.Arrays[I]->getNameAsString() + (Shape.Scatter ? ", whole (scatter)" : ", whole");
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

/// Returns the GPUPAR_TYPE_* kind of arithmetic type `T`, or null when the kernel cannot keep a
/// per-thread copy of it (pointers, records, complex, long double).
static const char *typeKind(ASTContext &Ctx, QualType T) {
  T = valueType(T);
  if (T->isBooleanType())
    return "GPUPAR_TYPE_BOOL";
  if (T->isRealFloatingType())
    return Ctx.getTypeSize(T) > 64 ? nullptr : "GPUPAR_TYPE_FLOAT";
  if (T->isIntegerType() && Ctx.getTypeSize(T) <= 64)
    return T->isSignedIntegerType() ? "GPUPAR_TYPE_SIGNED" : "GPUPAR_TYPE_UNSIGNED";
  return nullptr;
}

/// Plans the per-thread variables of `Info.Written`. Returns false with a warning in `P` for
/// one the emitter does not generate (the loop stays serial).
static bool planWritten(ASTContext &Ctx, const BodyInfo &Info, LoopPlan &Plan, Problem &P) {
  for (const WrittenScalar &W : Info.Written) {
    PlanReduction R;
    R.Name = W.Var->getNameAsString();
    R.TypeC = typeC(Ctx, W.Var->getType());
    R.TypeCxx = typeCxx(Ctx, W.Var->getType());
    const char *Kind = typeKind(Ctx, W.Var->getType());
    if (!Kind) {
      P = makeProblem(Diag::scalar_type_not_per_thread,
                      W.FirstWrite ? W.FirstWrite->getSourceRange() : W.Var->getSourceRange(),
                      {R.Name, W.Var->getType().getAsString()});
      return false;
    }
    R.TypeKind = Kind;
    switch (W.Role) {
    case ScalarRole::Private:
      R.Kind = PlanReduction::Private;
      break;
    case ScalarRole::LastPrivate:
      R.Kind = PlanReduction::Last;
      R.Op = "GPUPAR_RED_LAST";
      break;
    case ScalarRole::Reduction:
      R.Kind = PlanReduction::Reduce;
      R.Op = reductionOpEnum(W.Op);
      R.OpTemplate = reductionOpTemplate(W.Op);
      break;
    }
    Plan.Reductions.push_back(std::move(R));
  }
  for (const ArrayReduction &AR : Info.ArrayReductions) {
    const ArrayShape &Shape = Info.Shapes[Info.arrayIndex(AR.Var)];
    PlanReduction R;
    R.Kind = PlanReduction::Reduce;
    R.IsArray = true;
    R.Name = AR.Var->getNameAsString();
    R.TypeC = typeC(Ctx, Shape.Element);
    R.TypeCxx = typeCxx(Ctx, Shape.Element);
    const char *Kind = typeKind(Ctx, Shape.Element);
    if (!Kind || !Shape.InnerDims.empty()) {
      P = Kind ? makeProblem(Diag::reduction_array_dimensions, AR.Var->getSourceRange(), {R.Name})
               : makeProblem(Diag::reduction_array_element_type, AR.Var->getSourceRange(),
                             {R.Name, Shape.Element.getAsString()});
      if (!AR.Updates.empty())
        P.Range = AR.Updates.front().Whole->getSourceRange();
      return false;
    }
    R.TypeKind = Kind;
    R.Op = reductionOpEnum(AR.Op);
    R.OpTemplate = reductionOpTemplate(AR.Op);
    R.Lo = AR.Lo;
    R.Len = AR.Len;
    R.LoScalar = "gpupar_lo_" + R.Name;
    Plan.Scalars.push_back({R.LoScalar, "long long", "long long", "(long long)(" + AR.Lo + ")"});
    R.Section = R.Name + "[" + AR.Lo + ":" + AR.Len + "]";
    std::optional<int64_t> SLo = literalValue(AR.Lo), SLen = literalValue(AR.Len);
    for (const ElementUpdate &U : AR.Updates) {
      bool Proven = false;
      for (const Access &A : Info.Accesses)
        if (A.Array == AR.Var && A.Expr->IgnoreParenImpCasts() == U.Target->IgnoreParenImpCasts())
          Proven = SLo && SLen && provenInSection(Ctx, Info, Plan.Form, A, *SLo, *SLen);
      R.Checked |= !Proven;
    }
    std::string Fn = std::string(R.Checked ? "gpupar_red_update_in<" : "gpupar_red_update<") +
                     R.OpTemplate + "<" + R.TypeCxx + " > >";
    for (const ElementUpdate &U : AR.Updates) {
      std::string Check = R.Checked ? "gpupar_chk_" + R.Name : "";
      std::string Array = R.Checked ? R.Name : "";
      Plan.Updates.push_back({U.Whole, U.Target, U.Value, U.Negate, Fn, R.TypeCxx, Check, Array});
    }
    Plan.Reductions.push_back(std::move(R));
  }
  return true;
}

bool planLoop(ASTContext &Ctx, const ForStmt *FS, const Directive &Dir, LoopPlan &Plan,
              Problem &P) {
  LoopForm &F = Plan.Form;
  EmitSupport Support;
  Support.Reductions = true;
  Support.Privates = true;
  Support.IfClause = true;
  Support.DevicesClause = true;
  Support.Functions = true;
  Support.Structs = true;
  Support.MultiDim = true;
  Support.ArrayReductions = true;
  Support.Collapse = true;
  Support.CopyWhole = true;
  Support.Scatter = true;
  BodyInfo Info;
  if (!analyzeLoop(Ctx, FS, Dir, Support, F, Info, P))
    return false;
  if (!planWritten(Ctx, Info, Plan, P))
    return false;
  if (Dir.If)
    Plan.IfExpr = Dir.If->Text;
  for (const WrittenScalar &W : Info.Written)
    if (!W.Guard.empty())
      Plan.IfExpr = Plan.IfExpr.empty() ? W.Guard : "(" + Plan.IfExpr + ") && (" + W.Guard + ")";
  if (Dir.Devices)
    Plan.DevicesExpr = Dir.Devices->Text;
  Plan.Remarks = Info.Remarks;
  Plan.Functions = Info.Functions;
  Plan.Types = Info.Types;

  Plan.VarName = F.Var->getNameAsString();
  Plan.VarTypeC = typeC(Ctx, F.Var->getType());
  Plan.VarTypeCxx = typeCxx(Ctx, F.Var->getType());
  Plan.CmpTypeC = typeC(Ctx, F.CmpType);
  Plan.IsUnsigned = F.CmpType->isUnsignedIntegerType();
  Plan.Lo = sourceText(Ctx, F.Lo);
  Plan.Hi = sourceText(Ctx, F.Hi);
  Plan.Body = F.For->getBody();
  for (size_t K = 1; K < Info.Collapse.size(); ++K) {
    const LoopForm &C = Info.Collapse[K];
    PlanCollapsed PC;
    PC.VarName = C.Var->getNameAsString();
    PC.VarTypeCxx = typeCxx(Ctx, C.Var->getType());
    PC.LoScalar = "gpupar_lo_" + PC.VarName;
    PC.Step = C.Step;
    PC.DeclaredOutside = C.DeclaredOutside;
    PC.VarTypeC = typeC(Ctx, C.Var->getType());
    std::string Cmp = "(" + typeC(Ctx, C.CmpType) + ")";
    std::string Lo = "(long long)" + Cmp + "(" + typeC(Ctx, C.Var->getType()) + ")(" +
                     sourceText(Ctx, C.Lo) + ")";
    PC.TripCall = "gpupar_trip_count(" + Lo + ", (long long)" + Cmp + "(" + sourceText(Ctx, C.Hi) +
                  "), " + llLiteral(C.Step) + ", " + condName(C.Op) + ", " +
                  (C.CmpType->isUnsignedIntegerType() ? "1" : "0") + ")";
    Plan.Scalars.push_back({PC.LoScalar, "long long", "long long", Lo});
    Plan.Collapsed.push_back(PC);
    Plan.Body = C.For->getBody();
  }
  for (const VarDecl *VD : Info.Scalars)
    // Bounds of collapsed loops reach the .cu as trip counts, not as variables.
    if (!Info.written(VD) && mentions(Plan.Body, VD))
      Plan.Scalars.push_back(
          {VD->getNameAsString(), typeC(Ctx, VD->getType()), typeCxx(Ctx, VD->getType()), ""});
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
    A.Name = VD->getNameAsString();
    A.ElemC = typeC(Ctx, Info.Shapes[I].Element);
    A.ElemCxx = typeCxx(Ctx, Info.Shapes[I].Element);
    if (Info.Shapes[I].Rows) {
      A.Rows = true;
      A.MovingColumn = Info.Shapes[I].MovingColumn;
      A.LayoutScalar = (unsigned)Plan.Scalars.size();
      PlanScalar L{"gpupar_rows_" + A.Name, "gpupar_rows_layout", "gpupar_rows_layout",
                   "(gpupar_rows_layout){0, 0, 1}"};
      L.Layout = true;
      Plan.Scalars.push_back(L);
    } else if (!innerDims(Ctx, VD, Info, A.Dims, P)) {
      return false;
    }
    for (const Access &X : Info.Accesses)
      if (X.Array == VD)
        (X.IsWrite ? A.Write : A.Read) = true;
    A.Scatter = Info.Shapes[I].Scatter;
    PlanIndex.push_back((int)Plan.Arrays.size());
    Plan.Arrays.push_back(A);
  }
  buildTerms(Ctx, Info, PlanIndex, Plan);
  return true;
}

} // namespace gpupar
