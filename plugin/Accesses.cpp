//===- Accesses.cpp - what an offloaded loop body reads and writes ---------===//
#include "Accesses.h"
#include "MathCalls.h"
#include "Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace gpupar {

static bool isArithmetic(QualType T) {
  T = T.getCanonicalType();
  return T->isArithmeticType() && !T->isEnumeralType() && !T->isAnyComplexType();
}

bool isArrayVariable(const VarDecl *VD) {
  QualType T = VD->getType().getCanonicalType();
  if (const auto *PT = T->getAs<PointerType>())
    return isArithmetic(PT->getPointeeType());
  if (const auto *CAT = dyn_cast<ConstantArrayType>(T.getTypePtr()))
    return isArithmetic(CAT->getElementType());
  if (const auto *IAT = dyn_cast<IncompleteArrayType>(T.getTypePtr()))
    return isArithmetic(IAT->getElementType());
  return false;
}

static QualType elementType(const VarDecl *VD) {
  QualType T = VD->getType().getCanonicalType();
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType();
  return cast<ArrayType>(T.getTypePtr())->getElementType();
}

/// Returns why type `T` cannot appear in an offloaded loop, or "" when it can.
static std::string typeProblem(QualType T) {
  T = T.getCanonicalType();
  if (T->isAnyComplexType())
    return "'_Complex' types are not supported in an offloaded loop";
  if (const auto *BT = T->getAs<BuiltinType>()) {
    switch (BT->getKind()) {
    case BuiltinType::LongDouble:
      return "long double is not supported in an offloaded loop; use double";
    case BuiltinType::Int128:
    case BuiltinType::UInt128:
      return "'__int128' is not supported in an offloaded loop";
    default:
      break;
    }
  }
  if (T->isBitIntType())
    return "'_BitInt' types are not supported in an offloaded loop";
  if (T->isVectorType() || T->isExtVectorType())
    return "vector types are not supported in an offloaded loop";
  if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
    return typeProblem(AT->getElementType());
  if (const auto *PT = T->getAs<PointerType>())
    return typeProblem(PT->getPointeeType());
  return "";
}

namespace {

/// Pre-pass: locals declared in the body and variables the body writes or takes the address of.
class WriteCollector : public RecursiveASTVisitor<WriteCollector> {
public:
  llvm::DenseSet<const VarDecl *> Locals;
  llvm::DenseMap<const VarDecl *, const Expr *> Written;

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
    if (const VarDecl *VD = referencedVar(LHS))
      Written.try_emplace(VD, By);
  }
};

enum class Mode { Read, Write, ReadWrite };

class BodyWalker {
public:
  BodyWalker(ASTContext &Ctx, const LoopForm &F, BodyInfo &Info) : Ctx(Ctx), F(F), Info(Info) {}

  bool run(Problem &P);

private:
  ASTContext &Ctx;
  const LoopForm &F;
  BodyInfo &Info;
  WriteCollector Pre;
  std::vector<unsigned> Active; ///< indices into Info.Inner of the enclosing canonical loops
  unsigned BreakDepth = 0;      ///< loops and switches between here and the offloaded loop
  unsigned CondDepth = 0;       ///< branches between here and the offloaded loop
  Problem Failure;
  bool Failed = false;

  bool fail(SourceRange R, std::string Message) {
    if (!Failed) {
      Failed = true;
      Failure.Level = Severity::Warning;
      Failure.Range = R;
      Failure.Message = std::move(Message);
    }
    return false;
  }
  std::string text(const Stmt *S) { return sourceText(Ctx, S); }
  std::string quoted(const NamedDecl *D) { return "'" + D->getNameAsString() + "'"; }

  bool isOuter(const VarDecl *VD) const { return VD != F.Var && !Pre.Locals.count(VD); }
  bool isInvariant(const Expr *E);
  bool checkName(const NamedDecl *D, SourceRange R);
  bool checkLocal(const VarDecl *VD);
  bool walk(const Stmt *S, Mode M = Mode::Read);
  bool walkChildren(const Stmt *S);
  bool walkFor(const ForStmt *FS);
  bool walkDeclRef(const DeclRefExpr *DRE, Mode M);
  bool walkSubscript(const ArraySubscriptExpr *ASE, Mode M);
  bool walkCall(const CallExpr *CE);
  bool walkBinary(const BinaryOperator *BO);
  bool walkUnary(const UnaryOperator *UO, Mode M);
};

bool BodyWalker::isInvariant(const Expr *E) {
  if (!E->getType()->isIntegerType() || E->HasSideEffects(Ctx))
    return false;
  struct Check {
    BodyWalker &W;
    bool ok(const Stmt *S) {
      if (!S)
        return true;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        if (isa<EnumConstantDecl>(DRE->getDecl()))
          return true;
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        return VD && W.isOuter(VD) && !W.Pre.Written.count(VD) &&
               !VD->getType().isVolatileQualified() && VD->getType()->isIntegerType() &&
               !isArrayVariable(VD);
      }
      if (isa<ArraySubscriptExpr, MemberExpr, CallExpr, StmtExpr, GenericSelectionExpr>(S))
        return false;
      if (const auto *UO = dyn_cast<UnaryOperator>(S))
        if (UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_AddrOf)
          return false;
      for (const Stmt *C : S->children())
        if (!ok(C))
          return false;
      return true;
    }
  };
  return Check{*this}.ok(E);
}

bool BodyWalker::checkName(const NamedDecl *D, SourceRange R) {
  if (!D->getIdentifier())
    return true;
  StringRef Name = D->getName();
  if (isCxxKeyword(Name))
    return fail(R, "identifier '" + Name.str() +
                       "' is a C++ keyword and cannot appear in an offloaded loop; rename it");
  if (Name.starts_with("gpupar_") || Name.starts_with("GPUPAR_"))
    return fail(R, "identifier '" + Name.str() + "' uses the reserved prefix 'gpupar_'");
  return true;
}

bool BodyWalker::checkLocal(const VarDecl *VD) {
  SourceRange R = VD->getLocation();
  if (!checkName(VD, R))
    return false;
  if (VD->isStaticLocal() || VD->hasExternalStorage())
    return fail(R, "static local " + quoted(VD) +
                       " is not supported in an offloaded loop; declare it outside the loop");
  QualType T = VD->getType().getCanonicalType();
  if (T.isVolatileQualified())
    return fail(R, "volatile variable " + quoted(VD) + " is not supported in an offloaded loop");
  if (T->isVariablyModifiedType())
    return fail(R, "variable-length array " + quoted(VD) +
                       " is not supported in an offloaded loop; use a fixed size");
  std::string Why = typeProblem(T);
  if (!Why.empty())
    return fail(R, Why);
  if (T->isEnumeralType())
    return fail(R, "local " + quoted(VD) +
                       " has an enum type, which is not supported yet; use an integer type");
  if (T->isRecordType())
    return fail(R, "struct types are not supported in an offloaded loop yet (" + quoted(VD) + ")");
  if (T->isPointerType())
    return fail(R, "pointer variable " + quoted(VD) +
                       " is not supported in an offloaded loop yet; subscript the array");
  if (const auto *CAT = dyn_cast<ConstantArrayType>(T.getTypePtr())) {
    if (!isArithmetic(CAT->getElementType()))
      return fail(R, "local array " + quoted(VD) + " must have an arithmetic element type");
  } else if (!isArithmetic(T)) {
    return fail(R, "local " + quoted(VD) + " of type '" + VD->getType().getAsString() +
                       "' is not supported in an offloaded loop");
  }
  if (const Expr *Init = VD->getInit()) {
    if (const auto *ILE = dyn_cast<InitListExpr>(Init->IgnoreParenImpCasts())) {
      const InitListExpr *Syn =
          ILE->isSemanticForm() && ILE->getSyntacticForm() ? ILE->getSyntacticForm() : ILE;
      for (const Expr *E : Syn->inits())
        if (isa<InitListExpr, DesignatedInitExpr>(E->IgnoreParenImpCasts()))
          return fail(E->getSourceRange(),
                      "nested or designated initializers are not supported in an offloaded "
                      "loop yet");
      return walk(Syn);
    }
    return walk(Init);
  }
  return true;
}

bool BodyWalker::walkChildren(const Stmt *S) {
  for (const Stmt *C : S->children())
    if (!walk(C))
      return false;
  return true;
}

bool BodyWalker::walkFor(const ForStmt *FS) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
    const auto *First = dyn_cast<VarDecl>(*DS->decl_begin());
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (First && VD && VD->getType().getCanonicalType() != First->getType().getCanonicalType())
        return fail(VD->getLocation(), "variables of different types in one 'for' "
                                       "initialisation are not supported in an offloaded loop");
    }
  }
  LoopForm Inner;
  Problem Ignored;
  bool Canonical = matchLoopForm(Ctx, FS, Inner, Ignored) && Inner.Op != Cond::NE &&
                   ((Inner.Step > 0) == (Inner.Op == Cond::LT || Inner.Op == Cond::LE)) &&
                   Pre.Locals.count(Inner.Var) && isInvariant(Inner.Lo) && isInvariant(Inner.Hi);
  if (Canonical) {
    WriteCollector InnerWrites;
    InnerWrites.TraverseStmt(const_cast<Stmt *>(FS->getBody()));
    Canonical = !InnerWrites.Written.count(Inner.Var);
  }
  if (!walk(FS->getInit()) || !walk(FS->getCond()) || !walk(FS->getInc()))
    return false;
  ++BreakDepth;
  if (Canonical) {
    Info.Inner.push_back({Inner, Info.Atoms.loopVar(Inner.Var)});
    Active.push_back(Info.Inner.size() - 1);
  } else {
    ++CondDepth;
  }
  bool Ok = walk(FS->getBody());
  if (Canonical)
    Active.pop_back();
  else
    --CondDepth;
  --BreakDepth;
  return Ok;
}

bool BodyWalker::walkDeclRef(const DeclRefExpr *DRE, Mode M) {
  const ValueDecl *D = DRE->getDecl();
  if (isa<EnumConstantDecl>(D))
    return true;
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return fail(DRE->getSourceRange(),
                "use of function " + quoted(FD) + " other than a call is not supported");
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD)
    return fail(DRE->getSourceRange(), "use of " + quoted(D) + " is not supported");
  if (!checkName(VD, DRE->getSourceRange()))
    return false;
  if (VD->getType().isVolatileQualified())
    return fail(DRE->getSourceRange(),
                "volatile variable " + quoted(VD) + " is not supported in an offloaded loop");
  if (VD == F.Var) {
    if (M != Mode::Read)
      return fail(DRE->getSourceRange(),
                  "loop variable " + quoted(VD) + " is modified in the loop body");
    return true;
  }
  if (Pre.Locals.count(VD))
    return true;
  if (isArrayVariable(VD))
    return fail(DRE->getSourceRange(), "array " + quoted(VD) +
                                           " can only be used as a subscript '" +
                                           VD->getNameAsString() + "[...]' in an offloaded loop");
  QualType T = VD->getType().getCanonicalType();
  std::string Why = typeProblem(T);
  if (!Why.empty())
    return fail(DRE->getSourceRange(), Why);
  if (T->isArithmeticType() || T->isEnumeralType()) {
    if (M != Mode::Read) {
      if (mentions(F.Lo, VD) || mentions(F.Hi, VD))
        return fail(DRE->getSourceRange(),
                    "loop bound " + quoted(VD) + " is modified in the loop body");
      return fail(DRE->getSourceRange(),
                  "write to " + quoted(VD) +
                      " needs a reduction or private clause (not supported yet); declare it "
                      "inside the loop if each iteration needs its own copy");
    }
    if (std::find(Info.Scalars.begin(), Info.Scalars.end(), VD) == Info.Scalars.end())
      Info.Scalars.push_back(VD);
    return true;
  }
  if (T->isRecordType())
    return fail(DRE->getSourceRange(),
                "struct types are not supported in an offloaded loop yet (" + quoted(VD) + ")");
  if (const auto *PT = T->getAs<PointerType>())
    if (PT->getPointeeType()->isPointerType())
      return fail(DRE->getSourceRange(),
                  "pointer to pointer " + quoted(VD) +
                      " is not supported yet; use a flat array with 'a[i*m + j]'");
  if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
    if (AT->getElementType()->isArrayType())
      return fail(DRE->getSourceRange(),
                  "multi-dimensional array " + quoted(VD) +
                      " is not supported yet; use a flat array with 'a[i*m + j]'");
  if (const auto *PT = T->getAs<PointerType>())
    if (PT->getPointeeType()->isArrayType())
      return fail(DRE->getSourceRange(),
                  "pointer to array " + quoted(VD) +
                      " is not supported yet; use a flat array with 'a[i*m + j]'");
  return fail(DRE->getSourceRange(), "variable " + quoted(VD) + " of type '" +
                                         VD->getType().getAsString() +
                                         "' is not supported in an offloaded loop");
}

bool BodyWalker::walkSubscript(const ArraySubscriptExpr *ASE, Mode M) {
  const Expr *Base = ASE->getBase()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD) {
    if (isa<ArraySubscriptExpr>(Base))
      return fail(ASE->getSourceRange(),
                  "'" + text(ASE) +
                      "': multi-dimensional arrays and pointers to pointers are not supported "
                      "yet; use a flat array with 'a[i*m + j]'");
    if (isa<MemberExpr>(Base))
      return fail(ASE->getSourceRange(),
                  "struct types are not supported in an offloaded loop yet ('" + text(ASE) + "')");
    return fail(ASE->getSourceRange(),
                "subscript '" + text(ASE) + "' must subscript an array variable");
  }
  if (!walk(ASE->getIdx()))
    return false;
  if (Pre.Locals.count(VD))
    return true; // a per-iteration local array
  if (!isArrayVariable(VD))
    return walkDeclRef(DRE, M);
  if (!checkName(VD, DRE->getSourceRange()))
    return false;
  if (VD->getType().isVolatileQualified() || elementType(VD).isVolatileQualified())
    return fail(DRE->getSourceRange(),
                "volatile array " + quoted(VD) + " is not supported in an offloaded loop");
  std::string Why = typeProblem(elementType(VD));
  if (!Why.empty())
    return fail(ASE->getSourceRange(), Why);

  PolyBuilder Builder(
      Ctx, Info.Atoms,
      [this](const VarDecl *V) {
        if (V == F.Var)
          return true;
        for (unsigned I : Active)
          if (Info.Inner[I].Form.Var == V)
            return true;
        return false;
      },
      [this](const Expr *E) { return isInvariant(E); });
  std::optional<Poly> Sub = Builder.build(ASE->getIdx());
  if (!Sub || !Sub->isAffine(Info.Atoms))
    return fail(ASE->getSourceRange(),
                "subscript '" + text(ASE) + "' is not affine in the loop variables");
  if (std::find(Info.Arrays.begin(), Info.Arrays.end(), VD) == Info.Arrays.end())
    Info.Arrays.push_back(VD);
  Access A;
  A.Array = VD;
  A.Expr = ASE;
  A.Subscript = *Sub;
  A.Unconditional = CondDepth == 0;
  if (M == Mode::Read || M == Mode::ReadWrite)
    Info.Accesses.push_back(A);
  if (M == Mode::Write || M == Mode::ReadWrite) {
    A.IsWrite = true;
    Info.Accesses.push_back(A);
  }
  return true;
}

bool BodyWalker::walkCall(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return fail(CE->getSourceRange(),
                "call through a function pointer is not supported in an offloaded loop");
  const MathCall *MC = findMathCall(Ctx, FD);
  if (!MC) {
    StringRef Name = FD->getName();
    if (Name.ends_with("l") && findMathCall(Ctx, FD, /*AllowLongDouble=*/true))
      return fail(CE->getSourceRange(),
                  "long double is not supported in an offloaded loop; call '" +
                      Name.drop_back().str() + "' on double");
    return fail(CE->getSourceRange(),
                "call to " + quoted(FD) +
                    " is not supported yet; only C math library functions can be called in an "
                    "offloaded loop");
  }
  for (const Expr *Arg : CE->arguments())
    if (!walk(Arg))
      return false;
  return true;
}

bool BodyWalker::walkBinary(const BinaryOperator *BO) {
  // The right-hand side first: reads are listed before the write they feed.
  if (BO->getOpcode() == BO_Assign)
    return walk(BO->getRHS()) && walk(BO->getLHS(), Mode::Write);
  if (BO->isCompoundAssignmentOp())
    return walk(BO->getRHS()) && walk(BO->getLHS(), Mode::ReadWrite);
  if (!walk(BO->getLHS()))
    return false;
  if (BO->isLogicalOp()) {
    ++CondDepth;
    bool Ok = walk(BO->getRHS());
    --CondDepth;
    return Ok;
  }
  return walk(BO->getRHS());
}

bool BodyWalker::walkUnary(const UnaryOperator *UO, Mode M) {
  switch (UO->getOpcode()) {
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec:
    return walk(UO->getSubExpr(), Mode::ReadWrite);
  case UO_AddrOf:
    return fail(UO->getSourceRange(),
                "taking the address '" + text(UO) + "' is not supported in an offloaded loop");
  case UO_Deref:
    return fail(UO->getSourceRange(),
                "pointer dereference '" + text(UO) + "' is not supported; write it as a subscript");
  case UO_Real:
  case UO_Imag:
  case UO_Extension:
  case UO_Coawait:
    return fail(UO->getSourceRange(), "'" + text(UO) + "' is not supported in an offloaded loop");
  default:
    (void)M;
    return walk(UO->getSubExpr());
  }
}

bool BodyWalker::walk(const Stmt *S, Mode M) {
  if (!S)
    return true;
  if (Failed)
    return false;
  if (const auto *E = dyn_cast<Expr>(S)) {
    std::string Why = typeProblem(E->getType());
    if (!Why.empty())
      return fail(E->getSourceRange(), Why);
  }
  switch (S->getStmtClass()) {
  case Stmt::CompoundStmtClass:
  case Stmt::NullStmtClass:
  case Stmt::AttributedStmtClass:
  case Stmt::LabelStmtClass:
  case Stmt::CaseStmtClass:
  case Stmt::DefaultStmtClass:
  case Stmt::ConstantExprClass:
  case Stmt::IntegerLiteralClass:
  case Stmt::FloatingLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::StringLiteralClass:
  case Stmt::ImplicitValueInitExprClass:
  case Stmt::InitListExprClass:
    return walkChildren(S);
  case Stmt::ParenExprClass:
    return walk(cast<ParenExpr>(S)->getSubExpr(), M);
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD)
        return fail(D->getSourceRange(),
                    "declaring types or functions inside an offloaded loop is not supported");
      if (!checkLocal(VD))
        return false;
    }
    return true;
  case Stmt::IfStmtClass: {
    const auto *IS = cast<IfStmt>(S);
    if (!walk(IS->getCond()))
      return false;
    ++CondDepth;
    bool Ok = walk(IS->getThen()) && walk(IS->getElse());
    --CondDepth;
    return Ok;
  }
  case Stmt::SwitchStmtClass:
  case Stmt::WhileStmtClass:
  case Stmt::DoStmtClass: {
    ++CondDepth;
    ++BreakDepth;
    bool Ok = walkChildren(S);
    --BreakDepth;
    --CondDepth;
    return Ok;
  }
  case Stmt::ForStmtClass:
    return walkFor(cast<ForStmt>(S));
  case Stmt::ContinueStmtClass:
    Info.HasJumps = true;
    return true;
  case Stmt::BreakStmtClass:
    Info.HasJumps = true;
    if (BreakDepth == 0)
      return fail(S->getSourceRange(),
                  "'break' leaves the offloaded loop early, which cannot run in parallel; "
                  "remove '#pragma gpupar' or the 'break'");
    return true;
  case Stmt::GotoStmtClass:
  case Stmt::IndirectGotoStmtClass:
    return fail(S->getSourceRange(), "'goto' is not supported in an offloaded loop");
  case Stmt::ReturnStmtClass:
    return fail(S->getSourceRange(),
                "'return' cannot leave an offloaded loop; remove '#pragma gpupar' or the "
                "'return'");
  case Stmt::GCCAsmStmtClass:
  case Stmt::MSAsmStmtClass:
    return fail(S->getSourceRange(), "inline assembly is not supported in an offloaded loop");
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return walkBinary(cast<BinaryOperator>(S));
  case Stmt::UnaryOperatorClass:
    return walkUnary(cast<UnaryOperator>(S), M);
  case Stmt::ConditionalOperatorClass:
  case Stmt::BinaryConditionalOperatorClass: {
    const auto *CO = cast<AbstractConditionalOperator>(S);
    if (!walk(CO->getCond()))
      return false;
    ++CondDepth;
    bool Ok = walk(CO->getTrueExpr()) && walk(CO->getFalseExpr());
    --CondDepth;
    return Ok;
  }
  case Stmt::ImplicitCastExprClass: {
    const auto *ICE = cast<ImplicitCastExpr>(S);
    if (ICE->getCastKind() == CK_LValueToRValue)
      return walk(ICE->getSubExpr(), Mode::Read);
    return walk(ICE->getSubExpr(), M);
  }
  case Stmt::CStyleCastExprClass: {
    const auto *CE = cast<CStyleCastExpr>(S);
    QualType T = CE->getTypeAsWritten().getCanonicalType();
    if (!T->isVoidType() && !isArithmetic(T))
      return fail(CE->getSourceRange(), "cast to '" + CE->getTypeAsWritten().getAsString() +
                                            "' is not supported in an offloaded loop");
    return walk(CE->getSubExpr());
  }
  case Stmt::UnaryExprOrTypeTraitExprClass: {
    const auto *UE = cast<UnaryExprOrTypeTraitExpr>(S);
    if (UE->isArgumentType()) {
      QualType T = UE->getArgumentType().getCanonicalType();
      if (!isArithmetic(T))
        return fail(UE->getSourceRange(),
                    "'" + text(UE) + "' is not supported in an offloaded loop");
      return true;
    }
    return walk(UE->getArgumentExpr());
  }
  case Stmt::ArraySubscriptExprClass:
    return walkSubscript(cast<ArraySubscriptExpr>(S), M);
  case Stmt::DeclRefExprClass:
    return walkDeclRef(cast<DeclRefExpr>(S), M);
  case Stmt::CallExprClass:
    return walkCall(cast<CallExpr>(S));
  case Stmt::MemberExprClass:
  case Stmt::OffsetOfExprClass:
    return fail(S->getSourceRange(), "struct types are not supported in an offloaded loop yet");
  case Stmt::CompoundLiteralExprClass:
    return fail(S->getSourceRange(),
                "compound literals are not supported in an offloaded loop yet");
  case Stmt::GenericSelectionExprClass:
    return fail(S->getSourceRange(), "'_Generic' is not supported in an offloaded loop");
  case Stmt::StmtExprClass:
    return fail(S->getSourceRange(),
                "statement expressions are not supported in an offloaded loop");
  default:
    return fail(S->getSourceRange(), std::string("this construct (") + S->getStmtClassName() +
                                         ") is not supported in an offloaded loop yet");
  }
}

bool BodyWalker::run(Problem &P) {
  Pre.TraverseStmt(const_cast<Stmt *>(F.For->getBody()));
  Info.OuterAtom = Info.Atoms.loopVar(F.Var);
  if (!checkName(F.Var, F.Var->getLocation())) {
    P = Failure;
    return false;
  }
  // A bound the body writes through a plain assignment is reported by walkDeclRef; an address
  // taken counts as a write too.
  for (const Expr *B : {F.Lo, F.Hi})
    for (const auto &[VD, By] : Pre.Written)
      if (mentions(B, VD) && isa<UnaryOperator>(By) &&
          cast<UnaryOperator>(By)->getOpcode() == UO_AddrOf) {
        fail(By->getSourceRange(), "loop bound " + quoted(VD) +
                                       " may be modified in the loop "
                                       "body (its address is taken)");
        P = Failure;
        return false;
      }
  if (!walk(F.For->getBody())) {
    P = Failure;
    return false;
  }
  return true;
}

} // namespace

size_t BodyInfo::arrayIndex(const VarDecl *VD) const {
  return std::find(Arrays.begin(), Arrays.end(), VD) - Arrays.begin();
}

const WrittenScalar *BodyInfo::written(const VarDecl *VD) const {
  for (const WrittenScalar &W : Written)
    if (W.Var == VD)
      return &W;
  return nullptr;
}

bool analyzeBody(ASTContext &Ctx, const LoopForm &F, const Directive &Dir, const EmitSupport &S,
                 BodyInfo &Info, Problem &P) {
  (void)Dir;
  (void)S;
  BodyWalker W(Ctx, F, Info);
  if (!W.run(P))
    return false;
  for (const VarDecl *VD : Info.Arrays) {
    ArrayShape Shape;
    Shape.Element = elementType(VD);
    Info.Shapes.push_back(Shape);
  }
  return true;
}

bool analyzeBody(ASTContext &Ctx, const LoopForm &F, BodyInfo &Info, Problem &P) {
  Directive None;
  return analyzeBody(Ctx, F, None, EmitSupport(), Info, P);
}

} // namespace gpupar
