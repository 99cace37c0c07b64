//===- BodyPrinter.cpp - prints a C loop body as C++ for the .cu file ------===//
#include "Emit/BodyPrinter.h"
#include "Analysis/FatalPaths.h"
#include "Analysis/Functions.h"
#include "Analysis/MathCalls.h"
#include "Text.h"

#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/StmtVisitor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace gpupar {

/// Returns whether `P` is a `T **` parameter, bound to a pointer-to-pointer array of the loop.
static bool isRowsParameter(const ParmVarDecl *P) {
  const auto *PT = P->getType().getCanonicalType()->getAs<PointerType>();
  return PT && PT->getPointeeType()->isPointerType();
}

/// Prints pointer type `T` with `Name` as C++: `restrict` becomes `__restrict__`, the pointee
/// keeps its `const`.
static std::string pointerTypeCxx(const ASTContext &Ctx, QualType T, const std::string &Name) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.Bool = 1;
  Policy.PrintCanonicalTypes = 1;
  T = T.getCanonicalType();
  bool Restrict = T.isRestrictQualified() && !Name.empty(); // casts drop it
  T.removeLocalRestrict();
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  T.print(OS, Policy, (Restrict ? "__restrict__ " : "") + Name);
  return Out;
}

namespace {

class ExprHelper : public PrinterHelper {
public:
  ExprHelper(const ASTContext &Ctx, const PrintingPolicy &Policy,
             const std::vector<UpdateRewrite> &Updates, const std::vector<NameRewrite> &Names)
      : Ctx(Ctx), Policy(Policy), Updates(Updates), Names(Names) {}

  bool handledStmt(Stmt *S, raw_ostream &OS) override {
    for (const NameRewrite &N : Names)
      if (N.first == S) {
        OS << N.second;
        return true;
      }
    for (const UpdateRewrite &U : Updates)
      if (U.Whole == S) {
        if (U.Check.empty()) {
          OS << U.Fn << "(&(";
          U.Target->printPretty(OS, this, Policy);
          OS << "), ";
        } else {
          // The element's index: the subscript of `a[e]` (either operand order), else the
          // distance of the element from the array (`*(a + e)`, `(a + 1)[e]`, `h[e]` with `h`
          // a pointer into `a`).
          OS << U.Fn << "(" << U.Array << ", " << U.Check << ", (long long)(";
          const auto *AS = dyn_cast<ArraySubscriptExpr>(U.Target->IgnoreParens());
          const auto *Base =
              AS ? dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts()) : nullptr;
          if (Base && Base->getDecl()->getName() == U.Array) {
            AS->getIdx()->printPretty(OS, this, Policy);
          } else {
            OS << "&(";
            U.Target->printPretty(OS, this, Policy);
            OS << ") - " << U.Array;
          }
          OS << "), ";
        }
        OS << (U.Negate ? "-" : "") << "(" << U.TypeCxx << ")(";
        if (U.Value)
          U.Value->printPretty(OS, this, Policy);
        else
          OS << "1";
        OS << "))";
        return true;
      }
    if (auto *UE = dyn_cast<UnaryExprOrTypeTraitExpr>(S))
      if (!UE->isArgumentType() && !UE->getArgumentExpr()->getType()->isVariablyModifiedType())
        if (std::optional<llvm::APSInt> V = UE->getIntegerConstantExpr(Ctx)) {
          // Its operand is not evaluated, and need not be among the kernel's parameters.
          OS << "((size_t)" << *V << "u)";
          return true;
        }
    if (auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *ECD = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
        OS << "(" << ECD->getInitVal() << ")";
        return true;
      }
    if (auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *FD = CE->getDirectCallee(); FD && !FD->hasBody()) {
        // kernel.h's copies, which a device has (BodyWalker::walkMemoryCall).
        StringRef Name = FD->getName();
        Name.consume_front("__builtin_");
        if (Name == "memcpy" || Name == "memmove" || Name == "memset") {
          OS << "gpupar_" << Name << "(";
          for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
            OS << (I ? ", " : "");
            CE->getArg(I)->printPretty(OS, this, Policy);
          }
          OS << ")";
          return true;
        }
      }
    if (auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *FD = CE->getDirectCallee())
        if (const MathCall *MC = findMathCall(Ctx, FD)) {
          OS << MC->CxxName << "(";
          for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
            if (I)
              OS << ", ";
            bool Cast = MC->CastArgs && I < FD->getNumParams();
            if (Cast)
              OS << "(" << typeCxx(Ctx, FD->getParamDecl(I)->getType()) << ")(";
            CE->getArg(I)->printPretty(OS, this, Policy);
            if (Cast)
              OS << ")";
          }
          OS << ")";
          return true;
        }
    if (auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *FD = CE->getDirectCallee())
        if (FD->getDefinition()) {
          // A function of this file: its device copy (see printFunction). Pointer arguments
          // are cast to the parameter's type: a read-only array is `const` in the .cu even when
          // the parameter is not (the analysis has checked that nothing is written through it).
          OS << deviceFunctionName(FD) << "(";
          for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
            if (I)
              OS << ", ";
            bool Cast = I < FD->getNumParams() && FD->getParamDecl(I)->getType()->isPointerType() &&
                        !isRowsParameter(FD->getParamDecl(I));
            if (Cast)
              OS << "(" << pointerTypeCxx(Ctx, FD->getParamDecl(I)->getType(), "") << ")(";
            CE->getArg(I)->printPretty(OS, this, Policy);
            if (Cast)
              OS << ")";
          }
          bool Comma = CE->getNumArgs() != 0;
          for (const VarDecl *G : functionGlobals(Ctx, FD)) { // passed on by name (printFunction)
            OS << (Comma ? ", " : "");
            Comma = true;
            // A global pointer is `const` in the .cu when the loop only reads through it.
            if (G->getType()->isPointerType())
              OS << "(" << pointerTypeCxx(Ctx, G->getType(), "") << ")(" << G->getName() << ")";
            else
              OS << G->getName();
          }
          OS << ")";
          return true;
        }
    if (auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->getOpcode() == BO_Assign && BO->getType()->isPointerType()) {
      // `p = &a[k]`: the array may be `const` in the .cu (see Printer::decl).
      BO->getLHS()->printPretty(OS, this, Policy);
      OS << " = (" << pointerTypeCxx(Ctx, BO->getLHS()->getType(), "") << ")(";
      BO->getRHS()->printPretty(OS, this, Policy);
      OS << ")";
      return true;
    }
    if (auto *ICE = dyn_cast<ImplicitCastExpr>(S)) {
      // Conversions C makes implicitly and C++ only explicitly: void * to another pointer,
      // integers to enums.
      QualType To = ICE->getType().getCanonicalType();
      QualType From = ICE->getSubExpr()->getType().getCanonicalType();
      bool FromVoidPtr = ICE->getCastKind() == CK_BitCast && From->isVoidPointerType() &&
                         To->isPointerType() && !To->isVoidPointerType();
      bool ToEnum = To->isEnumeralType() && From != To;
      if (FromVoidPtr || ToEnum) {
        OS << "(";
        ICE->getType().print(OS, Policy);
        OS << ")(";
        ICE->getSubExpr()->printPretty(OS, this, Policy);
        OS << ")";
        return true;
      }
    }
    if (auto *ILE = dyn_cast<InitListExpr>(S)) {
      const RecordDecl *RD = ILE->getType()->getAsRecordDecl();
      InitListExpr *Sem = ILE->isSemanticForm()    ? ILE
                          : ILE->getSemanticForm() ? ILE->getSemanticForm()
                                                   : nullptr;
      if (RD && !RD->isUnion() && Sem) {
        // Records: one element per field (designators resolved), each cast to the field's
        // type (C++ rejects narrowing in braces); fields left out are value-initialised.
        OS << "{";
        unsigned I = 0;
        for (const FieldDecl *FD : RD->fields()) {
          if (I >= Sem->getNumInits())
            break;
          const Expr *E = Sem->getInit(I);
          OS << (I ? ", " : "");
          if (isa<ImplicitValueInitExpr>(E)) {
            OS << "{}";
          } else if (isa<InitListExpr>(E->IgnoreImplicit())) {
            E->printPretty(OS, this, Policy);
          } else {
            OS << "(" << typeCxx(Ctx, FD->getType()) << ")(";
            E->printPretty(OS, this, Policy);
            OS << ")";
          }
          ++I;
        }
        OS << "}";
        return true;
      }
      InitListExpr *Syn =
          ILE->isSemanticForm() && ILE->getSyntacticForm() ? ILE->getSyntacticForm() : ILE;
      QualType Elem = ILE->getType().getCanonicalType();
      if (const auto *AT = dyn_cast<ArrayType>(Elem.getTypePtr()))
        Elem = AT->getElementType();
      OS << "{";
      for (unsigned I = 0; I < Syn->getNumInits(); ++I) {
        OS << (I ? ", (" : "(") << typeCxx(Ctx, Elem) << ")(";
        Syn->getInit(I)->printPretty(OS, this, Policy);
        OS << ")";
      }
      OS << "}";
      return true;
    }
    return false;
  }

private:
  const ASTContext &Ctx;
  const PrintingPolicy &Policy;
  const std::vector<UpdateRewrite> &Updates;
  const std::vector<NameRewrite> &Names;
};

class Printer {
public:
  Printer(const ASTContext &Ctx, raw_ostream &OS, const std::vector<UpdateRewrite> &Updates,
          const std::vector<NameRewrite> &Names)
      : Ctx(Ctx), OS(OS), Policy(Ctx.getLangOpts()) {
    Policy.Bool = 1;
    Policy.PrintCanonicalTypes = 1;
    Helper = std::make_unique<ExprHelper>(Ctx, Policy, Updates, Names);
  }

  void stmt(const Stmt *S, unsigned Indent);
  /// Prints the statements of `CS`; those of a fatal block (FatalPaths.h) as the kernel's stop
  /// alone: the serial loop runs them as written.
  void children(const CompoundStmt *CS, unsigned Indent) {
    if (endsInExit(CS)) {
      indent(Indent);
      OS << "GPUPAR_FATAL();\n";
      return;
    }
    for (const Stmt *C : CS->body())
      stmt(C, Indent);
  }
  void expr(const Expr *E) { E->printPretty(OS, Helper.get(), Policy); }
  void decls(const DeclStmt *DS);
  /// Prints `VD`'s declarator (with its type when `WithType`) and initialiser.
  void decl(const VarDecl *VD, bool WithType);

private:
  const ASTContext &Ctx;
  raw_ostream &OS;
  PrintingPolicy Policy;
  std::unique_ptr<ExprHelper> Helper;

  void indent(unsigned N) { OS.indent(N); }
  /// Prints a controlled statement: a compound one after " {" on the same line (returns true:
  /// the line is left open after its "}"), anything else on the next lines.
  bool controlled(const Stmt *S, unsigned Indent) {
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      OS << " {\n";
      children(CS, Indent + 2);
      indent(Indent);
      OS << "}";
      return true;
    }
    OS << "\n";
    stmt(S, Indent + 2);
    return false;
  }
  void close(bool Open) {
    if (Open)
      OS << "\n";
  }
};

void Printer::decl(const VarDecl *VD, bool WithType) {
  // A pointer into an array: the array may be `const` in the .cu where the program's pointer
  // is not (nothing is written through it), and C's `restrict` is C++'s `__restrict__`.
  bool Pointer = VD->getType()->isPointerType();
  if (!WithType)
    OS << VD->getName();
  else if (Pointer)
    OS << pointerTypeCxx(Ctx, VD->getType(), VD->getName().str());
  else
    VD->getType().print(OS, Policy, VD->getName());
  if (const Expr *Init = VD->getInit()) {
    OS << " = ";
    if (Pointer)
      OS << "(" << pointerTypeCxx(Ctx, VD->getType(), "") << ")(";
    expr(Init);
    if (Pointer)
      OS << ")";
  }
}

void Printer::decls(const DeclStmt *DS) {
  bool First = true;
  for (const Decl *D : DS->decls()) {
    // One declaration per `for` initialisation: the analysis only accepts same-type lists.
    if (!First)
      OS << ", ";
    decl(cast<VarDecl>(D), First);
    First = false;
  }
}

void Printer::stmt(const Stmt *S, unsigned Indent) {
  if (!S)
    return;
  if (exitCall(S)) { // a fatal path (FatalPaths.h)
    indent(Indent);
    OS << "GPUPAR_FATAL();\n";
    return;
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    indent(Indent);
    expr(E);
    OS << ";\n";
    return;
  }
  switch (S->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    indent(Indent);
    OS << "{\n";
    children(cast<CompoundStmt>(S), Indent + 2);
    indent(Indent);
    OS << "}\n";
    return;
  case Stmt::NullStmtClass:
    indent(Indent);
    OS << ";\n";
    return;
  case Stmt::DeclStmtClass: {
    // Separate declarations: each with its own full type.
    for (const Decl *D : cast<DeclStmt>(S)->decls()) {
      indent(Indent);
      decl(cast<VarDecl>(D), true);
      OS << ";\n";
    }
    return;
  }
  case Stmt::IfStmtClass: {
    const auto *IS = cast<IfStmt>(S);
    indent(Indent);
    OS << "if (";
    expr(IS->getCond());
    OS << ")";
    bool Open = controlled(IS->getThen(), Indent);
    if (const Stmt *Else = IS->getElse()) {
      if (Open) {
        OS << " else";
      } else {
        indent(Indent);
        OS << "else";
      }
      Open = controlled(Else, Indent);
    }
    close(Open);
    return;
  }
  case Stmt::ForStmtClass: {
    const auto *FS = cast<ForStmt>(S);
    indent(Indent);
    OS << "for (";
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit()))
      decls(DS);
    else if (const auto *E = dyn_cast_or_null<Expr>(FS->getInit()))
      expr(E);
    OS << ";";
    if (FS->getCond()) {
      OS << " ";
      expr(FS->getCond());
    }
    OS << ";";
    if (FS->getInc()) {
      OS << " ";
      expr(FS->getInc());
    }
    OS << ")";
    close(controlled(FS->getBody(), Indent));
    return;
  }
  case Stmt::WhileStmtClass: {
    const auto *WS = cast<WhileStmt>(S);
    indent(Indent);
    OS << "while (";
    expr(WS->getCond());
    OS << ")";
    close(controlled(WS->getBody(), Indent));
    return;
  }
  case Stmt::DoStmtClass: {
    const auto *DS = cast<DoStmt>(S);
    indent(Indent);
    OS << "do";
    if (controlled(DS->getBody(), Indent))
      OS << " ";
    else
      indent(Indent);
    OS << "while (";
    expr(DS->getCond());
    OS << ");\n";
    return;
  }
  case Stmt::SwitchStmtClass: {
    const auto *SS = cast<SwitchStmt>(S);
    indent(Indent);
    OS << "switch (";
    expr(SS->getCond());
    OS << ")";
    close(controlled(SS->getBody(), Indent));
    return;
  }
  case Stmt::CaseStmtClass: {
    const auto *CS = cast<CaseStmt>(S);
    indent(Indent);
    OS << "case ";
    expr(CS->getLHS());
    if (CS->getRHS()) {
      OS << " ... ";
      expr(CS->getRHS());
    }
    OS << ":\n";
    stmt(CS->getSubStmt(), Indent + 2);
    return;
  }
  case Stmt::DefaultStmtClass:
    indent(Indent);
    OS << "default:\n";
    stmt(cast<DefaultStmt>(S)->getSubStmt(), Indent + 2);
    return;
  case Stmt::LabelStmtClass:
    indent(Indent);
    OS << cast<LabelStmt>(S)->getName() << ":\n";
    stmt(cast<LabelStmt>(S)->getSubStmt(), Indent);
    return;
  case Stmt::AttributedStmtClass:
    stmt(cast<AttributedStmt>(S)->getSubStmt(), Indent);
    return;
  case Stmt::BreakStmtClass:
    indent(Indent);
    OS << "break;\n";
    return;
  case Stmt::ContinueStmtClass:
    indent(Indent);
    OS << "continue;\n";
    return;
  default:
    // The analysis accepts nothing else; print it as Clang does.
    S->printPretty(OS, Helper.get(), Policy, Indent / 2);
    return;
  }
}

} // namespace

std::string deviceFunctionName(const FunctionDecl *FD) {
  return "gpupar_fn_" + FD->getNameAsString();
}

/// Prints the fields of record `RD` at `Indent`.
static void printFields(const ASTContext &Ctx, const PrintingPolicy &Policy, const RecordDecl *RD,
                        raw_ostream &OS) {
  for (const FieldDecl *FD : RD->fields()) {
    OS << "  ";
    FD->getType().print(OS, Policy, FD->getName());
    if (FD->isBitField()) {
      OS << " : " << FD->getBitWidthValue(Ctx);
    }
    OS << ";\n";
  }
}

std::string printTypes(const ASTContext &Ctx, const std::vector<const TypeDecl *> &Types) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.Bool = 1;
  Policy.PrintCanonicalTypes = 1;
  // Named records first as forward declarations: records may point to each other.
  for (const TypeDecl *TD : Types)
    if (const auto *RD = dyn_cast<RecordDecl>(TD))
      if (RD->getIdentifier())
        OS << (RD->isUnion() ? "union " : "struct ") << RD->getName() << ";\n";
  std::vector<const TypedefNameDecl *> Done;
  for (const TypeDecl *TD : Types) {
    if (const auto *RD = dyn_cast<RecordDecl>(TD)) {
      const char *Kw = RD->isUnion() ? "union" : "struct";
      if (RD->getIdentifier()) {
        OS << Kw << " " << RD->getName() << " {\n";
        printFields(Ctx, Policy, RD, OS);
        OS << "};\n";
      } else if (const TypedefNameDecl *TN = RD->getTypedefNameForAnonDecl()) {
        OS << "typedef " << Kw << " {\n";
        printFields(Ctx, Policy, RD, OS);
        OS << "} " << TN->getName() << ";\n";
        Done.push_back(TN);
      }
    } else if (const auto *TN = dyn_cast<TypedefNameDecl>(TD)) {
      if (std::find(Done.begin(), Done.end(), TN) != Done.end())
        continue;
      OS << "typedef ";
      TN->getUnderlyingType().print(OS, Policy, TN->getName());
      OS << ";\n";
    } else if (const auto *ED = dyn_cast<EnumDecl>(TD)) {
      if (!ED->getIdentifier())
        continue; // its constants print as integers
      OS << "enum " << ED->getName() << " : ";
      ED->getIntegerType().print(OS, Policy);
      OS << " {";
      bool First = true;
      for (const EnumConstantDecl *C : ED->enumerators()) {
        OS << (First ? " " : ", ") << C->getName() << " = " << C->getInitVal();
        First = false;
      }
      OS << " };\n";
    }
  }
  return Out;
}

std::string printFunction(const ASTContext &Ctx, const FunctionDecl *FD) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.Bool = 1;
  Policy.PrintCanonicalTypes = 1;
  // A `T **` parameter takes the loop's view of a pointer-to-pointer array (gpupar_rows or
  // gpupar_cols: `p[r][c]` compiles unchanged), whichever it is at each call.
  std::string Template;
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    if (isRowsParameter(FD->getParamDecl(I)))
      Template +=
          (Template.empty() ? "template <class gpupar_R" : ", class gpupar_R") + std::to_string(I);
  if (!Template.empty())
    OS << Template << ">\n";
  OS << "static __host__ __device__ inline ";
  FD->getReturnType().print(OS, Policy);
  OS << " " << deviceFunctionName(FD) << "(";
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (I)
      OS << ", ";
    if (isRowsParameter(P))
      OS << "gpupar_R" << I << " " << P->getName();
    else if (P->getType()->isPointerType())
      OS << pointerTypeCxx(Ctx, P->getType(), P->getName().str());
    else
      P->getType().print(OS, Policy, P->getName());
  }
  // The globals it reads, by value (functionGlobals).
  bool Comma = FD->getNumParams() != 0;
  for (const VarDecl *G : functionGlobals(Ctx, FD)) {
    OS << (Comma ? ", " : "");
    Comma = true;
    if (G->getType()->isArrayType()) // read only: a pointer to its first element, or row
      OS << pointerTypeCxx(
          Ctx, Ctx.getPointerType(Ctx.getAsArrayType(G->getType())->getElementType().withConst()),
          G->getName().str());
    else if (G->getType()->isPointerType())
      OS << pointerTypeCxx(Ctx, G->getType(), G->getName().str());
    else
      OS << typeCxx(Ctx, G->getType()) << " " << G->getName();
  }
  OS << ") {\n" << printBody(Ctx, FD->getBody(), 2) << "}\n";
  return Out;
}

std::string printBody(const ASTContext &Ctx, const Stmt *Body, unsigned Indent,
                      const std::vector<UpdateRewrite> &Updates,
                      const std::vector<NameRewrite> &Names) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Printer P(Ctx, OS, Updates, Names);
  if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
    P.children(CS, Indent);
  } else {
    P.stmt(Body, Indent);
  }
  return Out;
}

std::string pointerDeclCxx(const ASTContext &Ctx, const VarDecl *VD) {
  return pointerTypeCxx(Ctx, VD->getType(), VD->getName().str());
}

std::string printExpr(const ASTContext &Ctx, const Expr *E, const std::vector<NameRewrite> &Names) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Printer(Ctx, OS, {}, Names).expr(E);
  return Out;
}

} // namespace gpupar
