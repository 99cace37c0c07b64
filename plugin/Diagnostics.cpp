//===- Diagnostics.cpp - gpupar diagnostics --------------------------------===//
#include "Diagnostics.h"

using namespace clang;

namespace gpupar {

Problem makeProblem(Severity Level, SourceRange Range, std::string Message) {
  Problem P;
  P.Level = Level;
  P.Range = Range;
  P.Message = std::move(Message);
  return P;
}

DiagnosticBuilder Diagnostics::diag(Severity Level, SourceLocation Loc, llvm::StringRef Format) {
  DiagnosticsEngine::Level L = DiagnosticsEngine::Warning;
  switch (Level) {
  case Severity::Remark:
    L = DiagnosticsEngine::Remark;
    break;
  case Severity::Note:
    L = DiagnosticsEngine::Note;
    break;
  case Severity::Warning:
    L = WarningsAsErrors ? DiagnosticsEngine::Error : DiagnosticsEngine::Warning;
    break;
  case Severity::Error:
    L = DiagnosticsEngine::Error;
    break;
  }
  unsigned ID = Engine.getDiagnosticIDs()->getCustomDiagID((DiagnosticIDs::Level)L, Format);
  return Engine.Report(Loc, ID);
}

void Diagnostics::report(const Problem &P) {
  diag(P.Level, P.Range.getBegin(), "%0") << P.Message << P.Range;
  for (const Problem::NoteAt &N : P.Notes)
    diag(Severity::Note, N.Range.getBegin(), "%0") << N.Message << N.Range;
}

} // namespace gpupar
