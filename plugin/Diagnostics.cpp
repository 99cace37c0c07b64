//===- Diagnostics.cpp - gpupar diagnostics --------------------------------===//
#include "Diagnostics.h"

#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace gpupar {
namespace {

struct Row {
  const char *Name;
  Severity Level;
  const char *Format;
};

const Row Table[] = {
#define GPUPAR_DIAG(Id, Level, Format) {#Id, Severity::Level, Format},
#include "Diagnostics.def"
#undef GPUPAR_DIAG
};

} // namespace

Severity severityOf(Diag Id) { return Table[(unsigned)Id].Level; }

StringRef formatOf(Diag Id) { return Table[(unsigned)Id].Format; }

std::string nameOf(Diag Id) {
  std::string Name = Table[(unsigned)Id].Name;
  for (char &C : Name)
    if (C == '_')
      C = '-';
  return Name;
}

std::optional<Diag> diagNamed(StringRef Name) {
  for (unsigned I = 0; I < std::size(Table); ++I)
    if (nameOf((Diag)I) == Name)
      return (Diag)I;
  return std::nullopt;
}

std::string formatMessage(Diag Id, const std::vector<std::string> &Args) {
  StringRef F = formatOf(Id);
  std::string Out;
  for (size_t I = 0; I < F.size(); ++I) {
    if (F[I] != '%' || I + 1 == F.size()) {
      Out += F[I];
      continue;
    }
    if (F[I + 1] == '%') {
      Out += '%';
      ++I;
      continue;
    }
    unsigned N = 0;
    size_t J = I + 1;
    while (J < F.size() && llvm::isDigit(F[J]))
      N = N * 10 + (F[J++] - '0');
    assert(J > I + 1 && N < Args.size() && "message argument missing");
    if (N < Args.size())
      Out += Args[N];
    I = J - 1;
  }
  return Out;
}

Problem makeProblem(Diag Id, SourceRange Range, std::vector<std::string> Args) {
  Problem P;
  P.Level = severityOf(Id);
  P.Id = Id;
  P.Range = Range;
  P.Args = std::move(Args);
  return P;
}

DiagnosticBuilder Diagnostics::start(Diag Id, SourceLocation Loc, StringRef Format) {
  DiagnosticIDs::Level L = DiagnosticIDs::Warning;
  bool Tagged = false; // silenceable: the message names its id as clang names -W flags
  switch (severityOf(Id)) {
  case Severity::Remark:
    L = DiagnosticIDs::Remark;
    Tagged = true;
    break;
  case Severity::Note:
    L = DiagnosticIDs::Note;
    break;
  case Severity::Warning:
    L = WarningsAsErrors ? DiagnosticIDs::Error : DiagnosticIDs::Warning;
    Tagged = true;
    break;
  case Severity::Error:
    L = DiagnosticIDs::Error;
    break;
  }
  // Clang drops the notes that follow an ignored diagnostic.
  if (Tagged && Silenced.count(Id))
    L = DiagnosticIDs::Ignored;
  std::string Text = Format.str();
  if (Tagged)
    Text += " [gpupar-" + nameOf(Id) + "]";
  return Engine.Report(Loc, Engine.getDiagnosticIDs()->getCustomDiagID(L, Text));
}

DiagnosticBuilder Diagnostics::diag(Diag Id, SourceLocation Loc) {
  return start(Id, Loc, formatOf(Id));
}

void Diagnostics::report(const Problem &P) {
  start(P.Id, P.Range.getBegin(), "%0") << P.message() << P.Range;
  for (const Problem::NoteAt &N : P.Notes)
    start(N.Id, N.Range.getBegin(), "%0") << formatMessage(N.Id, N.Args) << N.Range;
}

} // namespace gpupar
