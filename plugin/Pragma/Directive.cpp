//===- Directive.cpp - the clauses of one `#pragma gpupar` -----------------===//
#include "Pragma/Directive.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace clang;

namespace gpupar {

// The operator functions below are the rows of GPUPAR_RED_OP_MAP (gpupar/loop.h).

const char *reductionOpSpelling(ReductionOp Op) {
  switch (Op) {
#define GPUPAR_PLUGIN_RED_OP(NAME, name, Name, value, spelling, ident, combine, cls)               \
  case ReductionOp::Name:                                                                          \
    return spelling;
    GPUPAR_RED_OP_MAP(GPUPAR_PLUGIN_RED_OP)
#undef GPUPAR_PLUGIN_RED_OP
  }
  return "?";
}

std::optional<ReductionOp> reductionOpFromSpelling(llvm::StringRef Spelling) {
#define GPUPAR_PLUGIN_RED_OP(NAME, name, Name, value, spelling, ident, combine, cls)               \
  if (Spelling == spelling)                                                                        \
    return ReductionOp::Name;
  GPUPAR_RED_OP_MAP(GPUPAR_PLUGIN_RED_OP)
#undef GPUPAR_PLUGIN_RED_OP
  if (Spelling == "-") // OpenMP's `-` (deprecated in 5.2): partial results are added
    return ReductionOp::Add;
  return std::nullopt;
}

const ReductionClause *Directive::reductionOf(llvm::StringRef Name, const ClauseItem **Item) const {
  for (const ReductionClause &R : Reductions)
    for (const ClauseItem &I : R.Items)
      if (I.Name == Name) {
        if (Item)
          *Item = &I;
        return &R;
      }
  return nullptr;
}

const ClauseItem *Directive::privateOf(llvm::StringRef Name) const {
  for (const ClauseItem &I : Privates)
    if (I.Name == Name)
      return &I;
  return nullptr;
}

const ClauseItem *Directive::mapOf(llvm::StringRef Name, MapKind *Kind) const {
  for (const MapClause &M : Maps)
    for (const ClauseItem &I : M.Items)
      if (I.Name == Name) {
        if (Kind)
          *Kind = M.Kind;
        return &I;
      }
  return nullptr;
}

namespace {

/// A recursive-descent parser over the clause tokens of one pragma.
class ClauseParser {
public:
  ClauseParser(const PragmaRecord &R, Directive &D, std::vector<Problem> &Problems)
      : R(R), T(R.Clauses), D(D), Problems(Problems) {}

  bool run();

private:
  const PragmaRecord &R;
  const std::vector<ClauseToken> &T;
  Directive &D;
  std::vector<Problem> &Problems;
  size_t I = 0;

  bool atEnd() const { return I >= T.size(); }
  const std::string &peek() const {
    static const std::string None;
    return atEnd() ? None : T[I].Spelling;
  }
  /// The location of the current token, or the end of the pragma line.
  SourceLocation here() const { return atEnd() ? R.EodLoc : T[I].Loc; }
  bool accept(llvm::StringRef S) {
    if (!atEnd() && T[I].Spelling == S) {
      ++I;
      return true;
    }
    return false;
  }
  bool error(SourceRange Range, Diag Id, std::vector<std::string> Args = {}) {
    Problems.push_back(makeProblem(Id, Range, std::move(Args)));
    return false;
  }
  bool errorHere(Diag Id, std::vector<std::string> Args = {}) {
    return error(SourceRange(here(), here()), Id, std::move(Args));
  }
  bool expect(llvm::StringRef S, const std::string &What) {
    if (accept(S))
      return true;
    if (atEnd())
      return errorHere(Diag::expected_token, {S.str(), What});
    return errorHere(Diag::expected_token_found, {S.str(), What, peek()});
  }
  bool duplicate(SourceLocation Prev, const std::string &Name) {
    error(SourceRange(T[I - 1].Loc, T[I - 1].Loc), Diag::duplicate_clause, {Name});
    Problems.back().Notes.push_back({SourceRange(Prev, Prev), Diag::note_previous_clause, {Name}});
    return false;
  }

  bool openmpClause(const std::string &Name, SourceLocation Loc);
  bool expression(const std::string &Clause, std::initializer_list<llvm::StringRef> Stops,
                  ClauseExpr &E);
  bool item(const std::string &Clause, bool Section, ClauseItem &It);
  bool list(const std::string &Clause, bool Section, std::vector<ClauseItem> &Items);
  bool clause();
};

/// Joins clause tokens into C text: one space between tokens, none inside brackets or around a
/// member access (`dim.n`, `p->n`).
static void appendToken(std::string &Text, const std::string &Tok) {
  if (!Text.empty()) {
    char Last = Text.back();
    bool Tight = Last == '(' || Last == '[' || Last == '.' ||
                 llvm::StringRef(Text).ends_with("->") || Tok == ")" || Tok == "]" || Tok == "," ||
                 Tok == "." || Tok == "->";
    if (!Tight)
      Text += ' ';
  }
  Text += Tok;
}

bool ClauseParser::expression(const std::string &Clause,
                              std::initializer_list<llvm::StringRef> Stops, ClauseExpr &E) {
  SourceLocation Begin = here();
  int Depth = 0;
  size_t Start = I;
  while (!atEnd()) {
    const std::string &S = T[I].Spelling;
    if (Depth == 0 && std::find(Stops.begin(), Stops.end(), S) != Stops.end())
      break;
    if (S == "(" || S == "[")
      ++Depth;
    else if (S == ")" || S == "]") {
      if (Depth == 0)
        break;
      --Depth;
    }
    appendToken(E.Text, S);
    ++I;
  }
  if (I == Start)
    return errorHere(Diag::expected_expression, {Clause});
  E.Range = SourceRange(Begin, T[I - 1].Loc);
  if (Depth != 0)
    return errorHere(Diag::unbalanced_parentheses, {Clause});
  return true;
}

bool ClauseParser::item(const std::string &Clause, bool Section, ClauseItem &It) {
  if (atEnd() || !T[I].IsIdentifier)
    return atEnd() ? errorHere(Diag::expected_variable, {Clause})
                   : errorHere(Diag::expected_variable_found, {Clause, peek()});
  It.Name = T[I].Spelling;
  It.NameLoc = T[I].Loc;
  ++I;
  if (accept("[")) {
    It.IsSection = true;
    if (!expression(Clause, {":"}, It.Lo) ||
        !expect(":", "between the first element and the length of the section '" + It.Name +
                         "[lo:len]'") ||
        !expression(Clause, {":"}, It.Len) ||
        !expect("]", "after the length of the section '" + It.Name + "[lo:len]'"))
      return false;
  }
  It.Range = SourceRange(It.NameLoc, T[I - 1].Loc);
  if (!Section && It.IsSection)
    return error(It.Range, Diag::clause_takes_variables, {Clause});
  return true;
}

bool ClauseParser::list(const std::string &Clause, bool Section, std::vector<ClauseItem> &Items) {
  do {
    ClauseItem It;
    if (!item(Clause, Section, It))
      return false;
    Items.push_back(std::move(It));
  } while (accept(","));
  return expect(")", "to close the '" + Clause + "' clause");
}

/// OpenMP words and clauses accepted so that a loop written for `#pragma omp parallel for` keeps
/// compiling when the pragma becomes `#pragma gpupar`. None changes what gpupar does: the
/// analysis decides privatisation and last values itself (`firstprivate`, `lastprivate`,
/// `linear`), and scheduling is the runtime's.
static bool isOpenMPClause(llvm::StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases("parallel", "for", "simd", "loop", "nowait", "untied", "mergeable", true)
      .Cases("shared", "default", "schedule", "num_threads", "proc_bind", true)
      .Cases("firstprivate", "lastprivate", "linear", "copyin", "allocate", "order", true)
      .Cases("dist_schedule", "safelen", "simdlen", "aligned", "ordered", true)
      .Default(false);
}

/// Accepts OpenMP clause `Name` (its parenthesised argument, if any, must be balanced).
bool ClauseParser::openmpClause(const std::string &Name, SourceLocation Loc) {
  if (Name == "ordered")
    D.OrderedLoc = Loc;
  if (!accept("("))
    return true;
  for (int Depth = 1; !atEnd(); ++I) {
    if (peek() == "(")
      ++Depth;
    else if (peek() == ")" && --Depth == 0) {
      ++I;
      return true;
    }
  }
  return errorHere(Diag::expected_token, {")", "to close the '" + Name + "' clause"});
}

bool ClauseParser::clause() {
  const ClauseToken &Name = T[I];
  std::string N = Name.Spelling;
  SourceLocation Loc = Name.Loc;
  if (!Name.IsIdentifier)
    return errorHere(Diag::expected_clause_name, {N});
  ++I;
  if (N == "independent") {
    if (D.Independent)
      return duplicate(D.IndependentLoc, N);
    D.Independent = true;
    D.IndependentLoc = Loc;
    return true;
  }
  if (isOpenMPClause(N))
    return openmpClause(N, Loc);
  bool Known = N == "private" || N == "reduction" || N == "collapse" || N == "map" || N == "if" ||
               N == "devices";
  if (!Known)
    return error(SourceRange(Loc, Loc), Diag::unknown_clause, {N});
  if (N == "collapse" && D.CollapseLoc.isValid())
    return duplicate(D.CollapseLoc, N);
  if (N == "if" && D.If)
    return duplicate(D.IfLoc, N);
  if (N == "devices" && D.Devices)
    return duplicate(D.DevicesLoc, N);
  if (!expect("(", "after '" + N + "'"))
    return false;

  if (N == "private") {
    if (D.PrivateLoc.isInvalid())
      D.PrivateLoc = Loc;
    return list(N, /*Section=*/false, D.Privates);
  }
  if (N == "reduction") {
    ReductionClause RC;
    RC.Loc = Loc;
    RC.OpLoc = here();
    std::optional<ReductionOp> Op = atEnd() ? std::nullopt : reductionOpFromSpelling(peek());
    if (!Op && T[I].IsIdentifier && I + 1 < T.size() && T[I + 1].Spelling == ":") {
      // OpenMP's `declare reduction` identifier: valid OpenMP, kept serial by the analysis.
      D.UserReduction = peek();
      D.UserReductionLoc = here();
      I += 2;
      std::vector<ClauseItem> Ignored;
      return list(N, /*Section=*/true, Ignored);
    }
    if (!Op)
      return atEnd() ? errorHere(Diag::expected_reduction_operator)
                     : errorHere(Diag::expected_reduction_operator_found, {peek()});
    RC.Op = *Op;
    ++I;
    if (!accept(":"))
      return errorHere(Diag::expected_colon_after_operator);
    if (!list(N, /*Section=*/true, RC.Items))
      return false;
    D.Reductions.push_back(std::move(RC));
    return true;
  }
  if (N == "map") {
    MapClause MC;
    MC.Loc = Loc;
    std::string K = peek();
    if (K == "to")
      MC.Kind = MapKind::To;
    else if (K == "from")
      MC.Kind = MapKind::From;
    else if (K == "tofrom")
      MC.Kind = MapKind::ToFrom;
    else
      return atEnd() || K == ")" || K == ":" ? errorHere(Diag::expected_map_kind)
                                             : errorHere(Diag::unknown_map_kind, {K});
    ++I;
    if (!accept(":"))
      return errorHere(Diag::expected_colon_after_map_kind);
    if (!list(N, /*Section=*/true, MC.Items))
      return false;
    for (const ClauseItem &It : MC.Items)
      if (!It.IsSection)
        return error(It.Range, Diag::map_needs_section, {It.Name});
    D.Maps.push_back(std::move(MC));
    return true;
  }
  if (N == "collapse") {
    D.CollapseLoc = Loc;
    SourceLocation ArgLoc = here();
    ClauseExpr E;
    if (!expression(N, {}, E))
      return false;
    D.CollapseArg = E.Range;
    unsigned long long V = 0;
    if (llvm::StringRef(E.Text).getAsInteger(0, V) || V == 0)
      return error(E.Range, Diag::collapse_not_constant, {E.Text});
    if (V > 3)
      return error(E.Range, Diag::collapse_too_deep, {E.Text});
    (void)ArgLoc;
    D.Collapse = V;
    return expect(")", "to close the 'collapse' clause");
  }
  // if(expr), devices(expr)
  ClauseExpr E;
  if (!expression(N, {}, E) || !expect(")", "to close the '" + N + "' clause"))
    return false;
  if (N == "if") {
    D.If = E;
    D.IfLoc = Loc;
  } else {
    D.Devices = E;
    D.DevicesLoc = Loc;
  }
  return true;
}

bool ClauseParser::run() {
  while (!atEnd()) {
    if (accept(",")) // clauses may be separated by commas
      continue;
    if (!clause())
      return false;
  }
  // A variable may appear in one data clause only.
  std::vector<const ClauseItem *> Seen;
  const char *Kinds = "'private' or 'reduction'";
  auto Check = [&](const ClauseItem &It) {
    for (const ClauseItem *O : Seen)
      if (O->Name == It.Name) {
        error(It.Range, Diag::item_repeated, {It.Name, Kinds});
        Problems.back().Notes.push_back({O->Range, Diag::note_first_named});
        return false;
      }
    Seen.push_back(&It);
    return true;
  };
  for (const ClauseItem &It : D.Privates)
    if (!Check(It))
      return false;
  for (const ReductionClause &RC : D.Reductions)
    for (const ClauseItem &It : RC.Items)
      if (!Check(It))
        return false;
  Seen.clear();
  Kinds = "'map'";
  for (const MapClause &MC : D.Maps)
    for (const ClauseItem &It : MC.Items)
      if (!Check(It))
        return false;
  return true;
}

} // namespace

bool parseDirective(const PragmaRecord &R, Directive &D, std::vector<Problem> &Problems) {
  D.Record = &R;
  return ClauseParser(R, D, Problems).run();
}

} // namespace gpupar
