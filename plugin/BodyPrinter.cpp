//===- BodyPrinter.cpp - prints a C loop body as C++ for the .cu file ------===//
#include "BodyPrinter.h"
#include "MathCalls.h"
#include "Text.h"

#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/StmtVisitor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace gpupar {

namespace {

class ExprHelper : public PrinterHelper {
public:
  ExprHelper(const ASTContext &Ctx, const PrintingPolicy &Policy) : Ctx(Ctx), Policy(Policy) {}

  bool handledStmt(Stmt *S, raw_ostream &OS) override {
    if (auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *ECD = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
        OS << "(" << ECD->getInitVal() << ")";
        return true;
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
    if (auto *ILE = dyn_cast<InitListExpr>(S)) {
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
};

class Printer {
public:
  Printer(const ASTContext &Ctx, raw_ostream &OS) : Ctx(Ctx), OS(OS), Policy(Ctx.getLangOpts()) {
    Policy.Bool = 1;
    Policy.PrintCanonicalTypes = 1;
    Helper = std::make_unique<ExprHelper>(Ctx, Policy);
  }

  void stmt(const Stmt *S, unsigned Indent);
  void expr(const Expr *E) { E->printPretty(OS, Helper.get(), Policy); }
  void decls(const DeclStmt *DS);

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
      for (const Stmt *C : CS->body())
        stmt(C, Indent + 2);
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

void Printer::decls(const DeclStmt *DS) {
  bool First = true;
  for (const Decl *D : DS->decls()) {
    const auto *VD = cast<VarDecl>(D);
    if (First) {
      VD->getType().print(OS, Policy, VD->getName());
    } else {
      // One declaration per `for` initialisation: the analysis only accepts same-type lists.
      OS << ", " << VD->getName();
    }
    if (const Expr *Init = VD->getInit()) {
      OS << " = ";
      expr(Init);
    }
    First = false;
  }
}

void Printer::stmt(const Stmt *S, unsigned Indent) {
  if (!S)
    return;
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
    for (const Stmt *C : cast<CompoundStmt>(S)->body())
      stmt(C, Indent + 2);
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
      const auto *VD = cast<VarDecl>(D);
      indent(Indent);
      VD->getType().print(OS, Policy, VD->getName());
      if (const Expr *Init = VD->getInit()) {
        OS << " = ";
        expr(Init);
      }
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

std::string printBody(const ASTContext &Ctx, const Stmt *Body, unsigned Indent) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Printer P(Ctx, OS);
  if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
    for (const Stmt *S : CS->body())
      P.stmt(S, Indent);
  } else {
    P.stmt(Body, Indent);
  }
  return Out;
}

} // namespace gpupar
