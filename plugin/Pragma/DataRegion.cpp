//===- DataRegion.cpp - `#pragma gpupar data map(...)` over a block --------===//
#include "Pragma/DataRegion.h"
#include "Pragma/Directive.h"
#include "Text.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace gpupar {

namespace {

/// Finds the compound statement whose `{` is at a given file location.
class BlockFinder : public RecursiveASTVisitor<BlockFinder> {
public:
  BlockFinder(const SourceManager &SM, SourceLocation Brace) : SM(SM), Brace(Brace) {}
  bool VisitCompoundStmt(CompoundStmt *CS) {
    if (SM.getExpansionLoc(CS->getLBracLoc()) == Brace)
      Found = CS;
    return !Found;
  }
  const CompoundStmt *Found = nullptr;

private:
  const SourceManager &SM;
  SourceLocation Brace;
};

/// Finds a statement by which control can leave a block other than through its end.
class ExitFinder {
public:
  ExitFinder(const SourceManager &SM, SourceRange Block) : SM(SM), Block(Block) {}

  const Stmt *Exit = nullptr;

  void walk(const Stmt *S, bool InLoop, bool InBreakable) {
    if (!S || Exit)
      return;
    if (isa<ReturnStmt>(S) || isa<IndirectGotoStmt>(S) || (isa<BreakStmt>(S) && !InBreakable) ||
        (isa<ContinueStmt>(S) && !InLoop)) {
      Exit = S;
      return;
    }
    if (const auto *G = dyn_cast<GotoStmt>(S)) {
      const LabelStmt *Target = G->getLabel()->getStmt();
      if (!Target || !inside(Target->getBeginLoc()))
        Exit = S;
      return;
    }
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = C->getDirectCallee()) {
        StringRef N = F->getName();
        if (N == "longjmp" || N == "siglongjmp" || N == "_longjmp") {
          Exit = S;
          return;
        }
      }
    bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S);
    bool Breakable = Loop || isa<SwitchStmt>(S);
    for (const Stmt *Child : S->children())
      walk(Child, InLoop || Loop, InBreakable || Breakable);
  }

private:
  const SourceManager &SM;
  SourceRange Block;

  bool inside(SourceLocation L) const {
    L = SM.getExpansionLoc(L);
    return !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(Block.getBegin())) &&
           !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Block.getEnd()), L);
  }
};

const char *mapConstant(MapKind K) {
  switch (K) {
  case MapKind::To:
    return "GPUPAR_MAP_TO";
  case MapKind::From:
    return "GPUPAR_MAP_FROM";
  case MapKind::ToFrom:
    return "GPUPAR_MAP_TOFROM";
  }
  return "GPUPAR_MAP_TOFROM";
}

const char *mapSpelling(MapKind K) {
  return K == MapKind::To ? "to" : K == MapKind::From ? "from" : "tofrom";
}

} // namespace

bool isDataDirective(const PragmaRecord &R) {
  return !R.Clauses.empty() && R.Clauses.front().IsIdentifier &&
         R.Clauses.front().Spelling == "data";
}

bool planDataRegion(ASTContext &Ctx, const PragmaRecord &R, bool Remarks,
                    std::vector<HostInsertion> &Edits, std::vector<Problem> &Problems) {
  SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceRange At(R.Clauses.front().Loc, R.Clauses.front().Loc);

  PragmaRecord Clauses = R;
  Clauses.Clauses.erase(Clauses.Clauses.begin());
  Directive D;
  if (!parseDirective(Clauses, D, Problems))
    return false;
  if (D.Independent || !D.Privates.empty() || !D.Reductions.empty() || D.CollapseLoc.isValid() ||
      D.If || D.Devices) {
    Problems.push_back(makeProblem(Diag::data_only_map, At));
    return false;
  }
  if (D.Maps.empty()) {
    Problems.push_back(makeProblem(Diag::data_needs_map, At));
    return false;
  }

  SourceLocation PragmaEnd =
      R.EodLoc.isMacroID() ? SM.getExpansionRange(R.EodLoc).getEnd() : R.EodLoc;
  std::optional<Token> Next = Lexer::findNextToken(PragmaEnd, SM, LO);
  const CompoundStmt *Block = nullptr;
  BlockFinder Finder(SM, Next ? Next->getLocation() : SourceLocation());
  if (Next && Next->is(tok::l_brace)) {
    Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
    Block = Finder.Found;
  }
  if (!Block) {
    Problems.push_back(makeProblem(Diag::data_needs_compound, At));
    return false;
  }
  CharSourceRange Text =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Block->getSourceRange()), SM, LO);
  if (Text.isInvalid() || Block->getLBracLoc().isMacroID() || !SM.isInMainFile(Text.getBegin())) {
    Problems.push_back(makeProblem(Diag::data_not_rewritable, At));
    return false;
  }

  ExitFinder Exits(SM, Block->getSourceRange());
  Exits.walk(Block, false, false);
  if (Exits.Exit) {
    Problem P = makeProblem(Diag::data_early_exit, Exits.Exit->getSourceRange());
    P.Notes.push_back({At, Diag::note_data_region});
    Problems.push_back(std::move(P));
    return false;
  }

  std::string Line = std::to_string(SM.getPresumedLineNumber(Block->getLBracLoc()));
  std::string Open = "{ ", Close, What;
  unsigned K = 0;
  for (const MapClause &M : D.Maps)
    for (const ClauseItem &It : M.Items) {
      // Resolved where the block begins, as C would: a name in another block or another
      // function would make the host file fail to compile.
      const VarDecl *VD = visibleVariable(Ctx, Block, It.Name);
      if (!VD) {
        Problems.push_back(
            makeProblem(Diag::data_map_undeclared, SourceRange(It.NameLoc, It.NameLoc), {It.Name}));
        return false;
      }
      if (!VD->getType()->isPointerType() && !VD->getType()->isArrayType()) {
        Problem P = makeProblem(Diag::data_map_not_variable, It.Range, {It.Name});
        P.Notes.push_back({VD->getSourceRange(), Diag::note_declared_here, {It.Name}});
        Problems.push_back(std::move(P));
        return false;
      }
      std::string Var = "gpupar_data_" + Line + "_" + std::to_string(K++);
      Open += "const void *" + Var + " = (const void *)&(" + It.Name + ")[" + It.Lo.Text +
              "]; gpupar_data_enter(" + Var + ", (size_t)(" + It.Len.Text + ") * sizeof((" +
              It.Name + ")[0]), " + mapConstant(M.Kind) + "); ";
      Close = "gpupar_data_exit(" + Var + "); " + Close;
      What += (What.empty() ? "" : ", ") + It.Name + " (" + mapSpelling(M.Kind) + ")";
    }
  Edits.push_back({Text.getBegin(), Open});
  Edits.push_back({Text.getEnd(), " " + Close + "}"});
  if (Remarks)
    Problems.push_back(makeProblem(Diag::data_region_remark, At, {What}));
  return true;
}

} // namespace gpupar
