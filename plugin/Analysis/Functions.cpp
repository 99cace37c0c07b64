//===- Functions.cpp - functions of this file called from an offloaded loop -===//
#include "Analysis/Functions.h"
#include "Analysis/LoopForm.h"
#include "Analysis/MathCalls.h"
#include "Text.h"

#include "clang/AST/Stmt.h"

#include <algorithm>

using namespace clang;

namespace gpupar {

std::string undefinedCallProblem(const ASTContext &Ctx, const FunctionDecl *FD) {
  (void)Ctx;
  std::string Name = FD->getNameAsString();
  StringRef N = FD->getName();
  N.consume_front("__builtin_");
  if (N == "setjmp" || N == "longjmp" || N == "_setjmp" || N == "_longjmp" || N == "sigsetjmp" ||
      N == "siglongjmp")
    return "'" + Name + "' cannot be used in an offloaded loop: it jumps across iterations";
  if (N == "alloca")
    return "'alloca' is not supported in an offloaded loop; use a fixed-size local array";
  if (N == "exit" || N == "abort" || N == "_Exit")
    return "call to '" + Name + "' leaves the program from inside an offloaded loop";
  return "call to '" + Name +
         "' is not supported: it is not defined in this file and is not a C math function";
}

namespace {

class FunctionChecker {
public:
  FunctionChecker(ASTContext &Ctx, std::vector<const FunctionDecl *> &Out,
                  std::vector<QualType> &Types, Problem &P)
      : Ctx(Ctx), Out(Out), Types(Types), P(P) {}

  bool function(const FunctionDecl *FD);

private:
  ASTContext &Ctx;
  std::vector<const FunctionDecl *> &Out;
  std::vector<QualType> &Types;
  Problem &P;
  std::vector<const FunctionDecl *> Stack; ///< functions being checked (for recursion)
  const FunctionDecl *Current = nullptr;

  bool fail(SourceRange R, const std::string &M) {
    P.Level = Severity::Warning;
    P.Range = R;
    P.Message = M + "; the loop stays serial";
    return false;
  }
  std::string in() const { return "in function '" + Current->getNameAsString() + "': "; }
  bool valueType(QualType T, SourceRange R, const std::string &What);
  bool parameterType(const ParmVarDecl *PVD);
  bool stmt(const Stmt *S);
};

bool FunctionChecker::valueType(QualType T, SourceRange R, const std::string &What) {
  QualType C = T.getCanonicalType();
  if (C->isVoidType() || C->isArithmeticType() || C->isEnumeralType()) {
    if (C->isAnyComplexType() || C->isBitIntType())
      return fail(R, in() + What + " has an unsupported type '" + T.getAsString() + "'");
    if (const auto *BT = C->getAs<BuiltinType>())
      if (BT->getKind() == BuiltinType::LongDouble || BT->getKind() == BuiltinType::Int128 ||
          BT->getKind() == BuiltinType::UInt128)
        return fail(R, in() + What + " has an unsupported type '" + T.getAsString() + "'");
    return true;
  }
  if (C->isRecordType()) {
    const RecordDecl *RD = C->getAs<RecordType>()->getDecl()->getDefinition();
    if (!RD || RD->isUnion())
      return fail(R, in() + What + " has an unsupported type '" + T.getAsString() + "'");
    for (const FieldDecl *FD : RD->fields())
      if (FD->getType()->isPointerType() || FD->isBitField())
        return fail(R, in() + What + " has type '" + T.getAsString() + "' whose member '" +
                           FD->getNameAsString() + "' cannot be copied to a device");
    Types.push_back(T);
    return true;
  }
  if (C->isPointerType())
    return fail(R, in() + What +
                       " is a pointer; only parameters of functions called from an offloaded "
                       "loop may be pointers");
  if (const auto *CAT = dyn_cast<ConstantArrayType>(C.getTypePtr()))
    return valueType(CAT->getElementType(), R, What);
  return fail(R, in() + What + " has an unsupported type '" + T.getAsString() + "'");
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
    return fail(PVD->getLocation(), in() + What + " is a function pointer, which is not supported");
  if (E->isPointerType())
    return fail(PVD->getLocation(), in() + What +
                                        " is a pointer to a pointer, which is not supported; "
                                        "use a flat array with 'a[i*m + j]'");
  if (E.isVolatileQualified())
    return fail(PVD->getLocation(), in() + What +
                                        " points to volatile data, which is not "
                                        "supported");
  QualType Elem = E;
  while (const auto *AT = dyn_cast<ArrayType>(Elem.getTypePtr())) {
    if (!isa<ConstantArrayType>(AT))
      return fail(PVD->getLocation(),
                  in() + What + " points to variable-length rows, which is not supported");
    Elem = AT->getElementType().getCanonicalType();
  }
  if (Elem->isVoidType() || !(Elem->isArithmeticType() || Elem->isRecordType()))
    return fail(PVD->getLocation(), in() + What + " has an unsupported type '" +
                                        PVD->getType().getAsString() +
                                        "'; pointer parameters must point to numbers or structs");
  return valueType(PT->getPointeeType(), PVD->getLocation(), What);
}

bool FunctionChecker::stmt(const Stmt *S) {
  if (!S)
    return true;
  switch (S->getStmtClass()) {
  case Stmt::GCCAsmStmtClass:
  case Stmt::MSAsmStmtClass:
    return fail(S->getSourceRange(), in() + "inline assembly is not supported");
  case Stmt::IndirectGotoStmtClass:
    return fail(S->getSourceRange(), in() + "computed 'goto' is not supported");
  case Stmt::StmtExprClass:
    return fail(S->getSourceRange(), in() + "statement expressions are not supported");
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD)
        continue; // local types and prototypes
      if (VD->isStaticLocal() || VD->hasExternalStorage())
        return fail(VD->getLocation(),
                    in() + "static local '" + VD->getNameAsString() + "' is not supported");
      if (VD->getType().isVolatileQualified())
        return fail(VD->getLocation(),
                    in() + "volatile variable '" + VD->getNameAsString() + "' is not supported");
      if (VD->getType()->isVariablyModifiedType())
        return fail(VD->getLocation(), in() + "variable-length array '" + VD->getNameAsString() +
                                           "' is not supported");
      if (!valueType(VD->getType(), VD->getLocation(), "local '" + VD->getNameAsString() + "'"))
        return false;
      if (!stmt(VD->getInit()))
        return false;
    }
    return true;
  default:
    break;
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (!VD->isLocalVarDeclOrParm())
          return fail(DRE->getSourceRange(),
                      in() + "global variable '" + VD->getNameAsString() +
                          "' is used; functions called from an offloaded loop may only use "
                          "their parameters and locals");
        if (VD->isStaticLocal())
          return fail(DRE->getSourceRange(),
                      in() + "static local '" + VD->getNameAsString() + "' is not supported");
      } else if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl())) {
        (void)FD; // calls are checked below; other uses are function pointers
      }
    }
    // `*p` and `&a[k]` are checked where they are bound to the loop's arrays (CallAccesses.cpp):
    // pointers can only come from parameters and locals, since pointer locals are rejected.
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      if (!Callee)
        return fail(CE->getSourceRange(),
                    in() + "call through a function pointer is not supported");
      if (!findMathCall(Ctx, Callee)) {
        const FunctionDecl *Def = nullptr;
        if (!Callee->hasBody(Def) || !Def)
          return fail(CE->getSourceRange(), in() + undefinedCallProblem(Ctx, Callee));
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
      return fail(E->getSourceRange(), in() + "function pointers are not supported");
    if (E->getType().isVolatileQualified())
      return fail(E->getSourceRange(), in() + "volatile accesses are not supported");
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
    return fail(FD->getLocation(), "function '" + FD->getNameAsString() + "' is recursive (" +
                                       Cycle + "); recursion cannot run in an offloaded loop");
  }
  Current = FD;
  if (FD->isVariadic())
    return fail(FD->getLocation(), in() + "variadic functions are not supported");
  if (FD->getReturnType()->isPointerType())
    return fail(FD->getLocation(), in() + "the return type is a pointer; functions called from "
                                          "an offloaded loop may not return pointers");
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
  Out.push_back(FD); // after everything it calls
  return true;
}

} // namespace

bool checkDeviceFunction(ASTContext &Ctx, const FunctionDecl *FD,
                         std::vector<const FunctionDecl *> &Out, std::vector<QualType> &Types,
                         Problem &P) {
  return FunctionChecker(Ctx, Out, Types, P).function(FD);
}

} // namespace gpupar
