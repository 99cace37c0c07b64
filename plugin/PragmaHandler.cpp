//===- PragmaHandler.cpp - records `#pragma gpupar` ------------------------===//
#include "PragmaHandler.h"

#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace gpupar {

void GpuparPragmaHandler::HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                                       Token &FirstToken) {
  PragmaRecord R;
  R.HashLoc = Introducer.Loc;
  R.IsHashPragma = Introducer.Kind == PIK_HashPragma;
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
