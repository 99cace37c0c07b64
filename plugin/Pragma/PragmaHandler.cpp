//===- PragmaHandler.cpp - records `#pragma gpupar` ------------------------===//
#include "Pragma/PragmaHandler.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace gpupar {

void GpuparPragmaHandler::HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                                       Token &FirstToken) {
  PragmaRecord R;
  R.HashLoc = Introducer.Loc;
  R.IsHashPragma = Introducer.Kind == PIK_HashPragma;
  if (!R.IsHashPragma && Introducer.Loc.isMacroID()) {
    SourceManager &SM = PP.getSourceManager();
    CharSourceRange Range = SM.getImmediateExpansionRange(Introducer.Loc);
    SourceLocation Name = Range.getBegin();
    if (Name.isFileID() && Range.getBegin() == Range.getEnd()) {
      Token NameTok;
      if (!Lexer::getRawToken(Name, NameTok, SM, PP.getLangOpts()) &&
          NameTok.is(tok::raw_identifier)) {
        IdentifierInfo *II = PP.getIdentifierInfo(NameTok.getRawIdentifier());
        const MacroInfo *MI = PP.getMacroInfo(II);
        if (MI && MI->isObjectLike() && MI->getNumTokens() == 4 &&
            MI->getReplacementToken(0).getIdentifierInfo() &&
            MI->getReplacementToken(0).getIdentifierInfo()->getName() == "_Pragma")
          R.PragmaMacroLoc = Name;
      }
    }
  }
  Token Tok;
  PP.Lex(Tok);
  while (Tok.isNot(tok::eod) && Tok.isNot(tok::eof)) {
    ClauseToken C;
    C.Loc = Tok.getLocation();
    C.Spelling = PP.getSpelling(Tok);
    C.IsIdentifier = Tok.getIdentifierInfo() != nullptr;
    R.Clauses.push_back(std::move(C));
    PP.Lex(Tok);
  }
  R.EodLoc = Tok.getLocation();
  (void)FirstToken;
  Log->push_back(std::move(R));
}

} // namespace gpupar
