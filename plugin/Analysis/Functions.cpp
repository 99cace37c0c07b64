//===- Functions.cpp - functions of this file called from an offloaded loop -===//
#include "Analysis/Functions.h"
#include "Analysis/Asserts.h"
#include "Analysis/FatalPaths.h"
#include "Analysis/LoopForm.h"
#include "Analysis/MathCalls.h"
#include "Text.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cstdio>

using namespace clang;

namespace gpupar {

Reason undefinedCallProblem(const FunctionDecl *FD, bool InFunction) {
  std::string Name = FD->getNameAsString();
  StringRef N = FD->getName();
  N.consume_front("__builtin_");
  if (N == "setjmp" || N == "longjmp" || N == "_setjmp" || N == "_longjmp" || N == "sigsetjmp" ||
      N == "siglongjmp")
    return {InFunction ? Diag::function_call_jumps : Diag::call_jumps, {Name}};
  if (N == "alloca")
    return {InFunction ? Diag::function_call_alloca : Diag::call_alloca};
  if (N == "exit" || N == "abort" || N == "_Exit")
    return {InFunction ? Diag::function_call_exits : Diag::call_exits, {Name}};
  return {InFunction ? Diag::function_call_undefined : Diag::call_undefined, {Name}};
}

namespace {

class FunctionChecker {
public:
  FunctionChecker(ASTContext &Ctx, std::vector<const FunctionDecl *> &Out,
                  std::vector<QualType> &Types, std::vector<const VarDecl *> &Constants, Problem &P)
      : Ctx(Ctx), Out(Out), Types(Types), Constants(Constants), P(P) {}

  bool function(const FunctionDecl *FD);

private:
  ASTContext &Ctx;
  std::vector<const FunctionDecl *> &Out;
  std::vector<QualType> &Types;
  std::vector<const VarDecl *> &Constants;
  Problem &P;
  std::vector<const FunctionDecl *> Stack; ///< functions being checked (for recursion)
  const FunctionDecl *Current = nullptr;

  bool fail(SourceRange R, Diag Id, std::vector<std::string> Args = {},
            std::string Context = std::string()) {
    P = makeProblem(Id, R, std::move(Args));
    P.Context = std::move(Context);
    return false;
  }
  std::string in() const { return "in function '" + Current->getNameAsString() + "': "; }
  bool valueType(QualType T, SourceRange R, const std::string &What);
  bool parameterType(const ParmVarDecl *PVD);
  bool global(const DeclRefExpr *DRE, const VarDecl *VD);
  bool notWritten(const Expr *E, const char *How);
  bool namesDistinct(const FunctionDecl *FD);
  bool stmt(const Stmt *S);
};

bool FunctionChecker::valueType(QualType T, SourceRange R, const std::string &What) {
  QualType C = T.getCanonicalType();
  if (C->isVoidType() || C->isArithmeticType() || C->isEnumeralType()) {
    if (C->isAnyComplexType() || C->isBitIntType())
      return fail(R, Diag::function_unsupported_type, {What, T.getAsString()}, in());
    if (const auto *BT = C->getAs<BuiltinType>())
      if (BT->getKind() == BuiltinType::LongDouble || BT->getKind() == BuiltinType::Int128 ||
          BT->getKind() == BuiltinType::UInt128)
        return fail(R, Diag::function_unsupported_type, {What, T.getAsString()}, in());
    return true;
  }
  if (C->isRecordType()) {
    const RecordDecl *RD = C->getAs<RecordType>()->getDecl()->getDefinition();
    if (!RD || RD->isUnion())
      return fail(R, Diag::function_unsupported_type, {What, T.getAsString()}, in());
    for (const FieldDecl *FD : RD->fields())
      if (FD->getType()->isPointerType() || FD->isBitField())
        return fail(R, Diag::function_struct_member, {What, T.getAsString(), FD->getNameAsString()},
                    in());
    Types.push_back(T);
    return true;
  }
  if (C->isPointerType())
    return fail(R, Diag::function_pointer_value, {What}, in());
  if (const auto *CAT = dyn_cast<ConstantArrayType>(C.getTypePtr()))
    return valueType(CAT->getElementType(), R, What);
  return fail(R, Diag::function_unsupported_type, {What, T.getAsString()}, in());
}

/// A parameter is a value, or a pointer to elements (arithmetic, structs without pointers, or
/// rows of those): the call binds it to an array of the loop (CallAccesses.cpp).
bool FunctionChecker::parameterType(const ParmVarDecl *PVD) {
  std::string What = "parameter '" + PVD->getNameAsString() + "'";
  QualType C = PVD->getType().getCanonicalType();
  const auto *PT = C->getAs<PointerType>();
  if (!PT)
    return valueType(PVD->getType(), PVD->getLocation(), What);
  QualType E = PT->getPointeeType().getCanonicalType();
  if (E->isFunctionType())
    return fail(PVD->getLocation(), Diag::function_pointer_parameter, {What}, in());
  if (E->isPointerType()) { // rows of numbers: bound to a pointer-to-pointer array of the loop
    QualType Row = E->getAs<PointerType>()->getPointeeType();
    QualType RowC = Row.getCanonicalType();
    if (E.isVolatileQualified() || RowC.isVolatileQualified() || !RowC->isArithmeticType() ||
        RowC->isEnumeralType() || RowC->isAnyComplexType())
      return fail(PVD->getLocation(), Diag::function_pointer_to_pointer, {What, Row.getAsString()},
                  in());
    return valueType(Row, PVD->getLocation(), What);
  }
  if (E.isVolatileQualified())
    return fail(PVD->getLocation(), Diag::function_volatile_pointee, {What}, in());
  QualType Elem = E;
  while (const auto *AT = dyn_cast<ArrayType>(Elem.getTypePtr())) {
    if (!isa<ConstantArrayType>(AT))
      return fail(PVD->getLocation(), Diag::function_variable_length_rows, {What}, in());
    Elem = AT->getElementType().getCanonicalType();
  }
  if (Elem->isVoidType() || !(Elem->isArithmeticType() || Elem->isRecordType()))
    return fail(PVD->getLocation(), Diag::function_pointee_type,
                {What, PVD->getType().getAsString()}, in());
  return valueType(PT->getPointeeType(), PVD->getLocation(), What);
}

/// A file-scope variable that is not a device constant: a number or a struct of numbers, passed
/// by value (functionGlobals) and read, never written.
bool FunctionChecker::global(const DeclRefExpr *DRE, const VarDecl *VD) {
  QualType T = fileVariable(VD)->getType();
  if (T.isVolatileQualified())
    return fail(DRE->getSourceRange(), Diag::function_volatile_variable, {VD->getNameAsString()},
                in());
  QualType C = T.getCanonicalType();
  // An array of constant size is one of the loop's arrays, read through the function: the loop
  // walks its accesses (BodyWalker::walkCall) and the device copy takes a pointer to it.
  while (const auto *CAT = dyn_cast<ConstantArrayType>(C.getTypePtr()))
    C = CAT->getElementType().getCanonicalType();
  // A pointer to numbers or structs is one too (`double *data;` set by main): its accesses
  // through the function get sections like a pointer parameter's.
  if (C->isPointerType() && !C->getPointeeType().isVolatileQualified() &&
      (C->getPointeeType()->isArithmeticType() || C->getPointeeType()->isRecordType()))
    C = C->getPointeeType().getCanonicalType();
  if (!(C->isArithmeticType() || C->isEnumeralType() || C->isRecordType()))
    return fail(DRE->getSourceRange(), Diag::function_global_variable,
                {VD->getNameAsString(), T.getAsString()}, in());
  return valueType(C, DRE->getSourceRange(), "global variable '" + VD->getNameAsString() + "'");
}

/// `E` (written, or its address taken) is not a file-scope variable or a part of one: those are
/// passed to the device functions by value.
bool FunctionChecker::notWritten(const Expr *E, const char *How) {
  for (;;) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase();
    else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
             ASE && ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      E = ASE->getBase();
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || VD->isLocalVarDeclOrParm())
    return true;
  return fail(DRE->getSourceRange(), Diag::function_global_written, {VD->getNameAsString(), How},
              in());
}

/// The device copy of `FD` takes the globals it reads as parameters of the same names, and passes
/// them on to its callees by those names: no local may take one of the names.
bool FunctionChecker::namesDistinct(const FunctionDecl *FD) {
  std::vector<const VarDecl *> Globals = functionGlobals(Ctx, FD);
  if (Globals.empty())
    return true;
  for (const VarDecl *L : declaredVariables(FD))
    for (const VarDecl *G : Globals)
      if (L->getName() == G->getName())
        return fail(L->getLocation(), Diag::function_global_hidden, {G->getNameAsString()}, in());
  return true;
}

bool FunctionChecker::stmt(const Stmt *S) {
  if (!S)
    return true;
  switch (S->getStmtClass()) {
  case Stmt::GCCAsmStmtClass:
  case Stmt::MSAsmStmtClass:
    return fail(S->getSourceRange(), Diag::function_inline_assembly, {}, in());
  case Stmt::IndirectGotoStmtClass:
    return fail(S->getSourceRange(), Diag::function_computed_goto, {}, in());
  case Stmt::StmtExprClass:
    if (const Expr *C = assertCondition(cast<StmtExpr>(S))) // `assert(C)`
      return stmt(C);
    return fail(S->getSourceRange(), Diag::function_statement_expression, {}, in());
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD)
        continue; // local types and prototypes
      if (VD->isStaticLocal() || VD->hasExternalStorage())
        return fail(VD->getLocation(), Diag::function_static_local, {VD->getNameAsString()}, in());
      if (VD->getType().isVolatileQualified())
        return fail(VD->getLocation(), Diag::function_volatile_variable, {VD->getNameAsString()},
                    in());
      if (VD->getType()->isVariablyModifiedType())
        return fail(VD->getLocation(), Diag::function_variable_length_array,
                    {VD->getNameAsString()}, in());
      std::string What = "local '" + VD->getNameAsString() + "'";
      // A pointer local that points where its initialiser does (`const double *q = p + 1;`):
      // the loop's walk of the call locates its uses there (BodyWalker::locatePointer), and
      // rejects one assigned again.
      if (VD->getType()->isPointerType() && VD->getInit()) {
        QualType E = VD->getType()->getPointeeType().getCanonicalType();
        if (E.isVolatileQualified() || !(E->isArithmeticType() || E->isRecordType()))
          return fail(VD->getLocation(), Diag::function_pointee_type,
                      {What, VD->getType().getAsString()}, in());
        if (!valueType(E, VD->getLocation(), What) || !stmt(VD->getInit()))
          return false;
        continue;
      }
      if (!valueType(VD->getType(), VD->getLocation(), What))
        return false;
      if (!stmt(VD->getInit()))
        return false;
    }
    return true;
  default:
    break;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    if (!notWritten(BO->getLHS(), "written"))
      return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp() && !notWritten(UO->getSubExpr(), "written"))
      return false;
    if (UO->getOpcode() == UO_AddrOf && !notWritten(UO->getSubExpr(), "used through its address"))
      return false;
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (!VD->isLocalVarDeclOrParm() && isDeviceConstant(Ctx, VD)) {
          if (std::find(Constants.begin(), Constants.end(), VD) == Constants.end())
            Constants.push_back(VD);
          return true;
        }
        if (!VD->isLocalVarDeclOrParm())
          return global(DRE, VD);
        if (VD->isStaticLocal())
          return fail(DRE->getSourceRange(), Diag::function_static_local, {VD->getNameAsString()},
                      in());
      } else if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl())) {
        (void)FD; // calls are checked below; other uses are function pointers
      }
    }
    // `*p` and `&a[k]` are checked where they are bound to the loop's arrays (CallAccesses.cpp):
    // pointers can only come from parameters and locals, since pointer locals are rejected.
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      if (!Callee)
        return fail(CE->getSourceRange(), Diag::function_indirect_call, {}, in());
      if (isAssertFailure(CE)) // a failed `assert`, in its strict-C form
        return true;
      if (onFatalPath(Ctx, CE)) // the kernel stops there (FatalPaths.h)
        return true;
      if (!findMathCall(Ctx, Callee)) {
        const FunctionDecl *Def = nullptr;
        if (!Callee->hasBody(Def) || !Def)
          return fail(CE->getSourceRange(), undefinedCallProblem(Callee, /*InFunction=*/true).Id,
                      undefinedCallProblem(Callee, /*InFunction=*/true).Args, in());
        const FunctionDecl *Saved = Current;
        if (!function(Def))
          return false;
        Current = Saved;
      }
      for (const Expr *A : CE->arguments())
        if (!stmt(A))
          return false;
      return true;
    }
    if (isa<ImplicitCastExpr>(E) &&
        cast<ImplicitCastExpr>(E)->getCastKind() == CK_FunctionToPointerDecay)
      return fail(E->getSourceRange(), Diag::function_pointer_use, {}, in());
    if (E->getType().isVolatileQualified())
      return fail(E->getSourceRange(), Diag::function_volatile_access, {}, in());
  }
  for (const Stmt *C : S->children())
    if (!stmt(C))
      return false;
  return true;
}

bool FunctionChecker::function(const FunctionDecl *FD) {
  if (std::find(Out.begin(), Out.end(), FD) != Out.end())
    return true;
  auto It = std::find(Stack.begin(), Stack.end(), FD);
  if (It != Stack.end()) {
    std::string Cycle;
    for (auto J = It; J != Stack.end(); ++J)
      Cycle += "'" + (*J)->getNameAsString() + "' -> ";
    Cycle += "'" + FD->getNameAsString() + "'";
    return fail(FD->getLocation(), Diag::function_recursive, {FD->getNameAsString(), Cycle});
  }
  Current = FD;
  if (FD->isVariadic())
    return fail(FD->getLocation(), Diag::function_variadic, {}, in());
  if (FD->getReturnType()->isPointerType())
    return fail(FD->getLocation(), Diag::function_returns_pointer, {}, in());
  if (!valueType(FD->getReturnType(), FD->getLocation(), "the return type"))
    return false;
  for (const ParmVarDecl *PVD : FD->parameters())
    if (!parameterType(PVD))
      return false;
  Stack.push_back(FD);
  bool Ok = stmt(FD->getBody());
  Stack.pop_back();
  if (!Ok)
    return false;
  if (!namesDistinct(FD))
    return false;
  Out.push_back(FD); // after everything it calls
  return true;
}

} // namespace

bool checkDeviceFunction(ASTContext &Ctx, const FunctionDecl *FD,
                         std::vector<const FunctionDecl *> &Out, std::vector<QualType> &Types,
                         std::vector<const VarDecl *> &Constants, Problem &P) {
  return FunctionChecker(Ctx, Out, Types, Constants, P).function(FD);
}

const VarDecl *fileVariable(const VarDecl *VD) {
  if (!VD->isFileVarDecl())
    return VD;
  if (const VarDecl *D = VD->getDefinition())
    return D;
  if (const VarDecl *D = VD->getActingDefinition()) // `double t[4];`, a tentative definition
    return D;
  return VD->getMostRecentDecl();
}

std::vector<const VarDecl *> declaredVariables(const FunctionDecl *FD) {
  std::vector<const VarDecl *> Out(FD->param_begin(), FD->param_end());
  std::vector<const Stmt *> Work{FD->getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          Out.push_back(VD);
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  return Out;
}

static void collectGlobals(const ASTContext &Ctx, const Stmt *S,
                           std::vector<const FunctionDecl *> &Seen,
                           std::vector<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->isFileVarDecl() && !isDeviceConstant(Ctx, VD) &&
        std::find(Out.begin(), Out.end(), VD->getCanonicalDecl()) == Out.end())
      Out.push_back(VD->getCanonicalDecl());
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    if (callsFatalPathFunction(CE)) // replaced in the .cu file: its arguments are not passed
      return;
    const FunctionDecl *Def = nullptr;
    if (const FunctionDecl *Callee = CE->getDirectCallee();
        Callee && Callee->hasBody(Def) && Def &&
        std::find(Seen.begin(), Seen.end(), Def) == Seen.end()) {
      Seen.push_back(Def);
      collectGlobals(Ctx, Def->getBody(), Seen, Out);
    }
  }
  for (const Stmt *C : S->children())
    collectGlobals(Ctx, C, Seen, Out);
}

std::vector<const VarDecl *> functionGlobals(const ASTContext &Ctx, const FunctionDecl *FD) {
  std::vector<const FunctionDecl *> Seen{FD};
  std::vector<const VarDecl *> Out;
  collectGlobals(Ctx, FD->getBody(), Seen, Out);
  return Out;
}

bool isDeviceConstant(const ASTContext &Ctx, const VarDecl *VD) {
  QualType T = VD->getType();
  if (!VD->isFileVarDecl() || !T.isConstQualified() || T.isVolatileQualified())
    return false;
  const auto *BT = T.getCanonicalType()->getAs<BuiltinType>();
  if (!BT || BT->isBooleanType() ||
      !(BT->isInteger() || BT->getKind() == BuiltinType::Float ||
        BT->getKind() == BuiltinType::Double))
    return false;
  const VarDecl *Def = VD->getDefinition(const_cast<ASTContext &>(Ctx));
  if (!Def || !Def->getInit())
    return false;
  const APValue *V = Def->evaluateValue();
  return V && (V->isInt() || V->isFloat());
}

std::string constantDefinition(const ASTContext &Ctx, const VarDecl *VD) {
  const VarDecl *Def = VD->getDefinition(const_cast<ASTContext &>(Ctx));
  const APValue *V = Def->evaluateValue();
  std::string Type = VD->getType().getCanonicalType().getUnqualifiedType().getAsString();
  std::string Value;
  if (V->isInt()) {
    const llvm::APSInt &I = V->getInt();
    Value = llvm::toString(I, 10) + (I.isUnsigned() ? "ULL" : "LL");
  } else {
    char Buf[64];
    std::snprintf(Buf, sizeof Buf, "%a", V->getFloat().convertToDouble());
    Value = Buf;
  }
  return "static constexpr " + Type + " " + VD->getNameAsString() + " = (" + Type + ")(" + Value +
         ");";
}

} // namespace gpupar
