//===- Text.cpp - small text helpers shared by the plugin stages -----------===//
#include "Text.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <regex>

using namespace clang;

namespace gpupar {

std::string printC(const ASTContext &Ctx, const Stmt *S) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  PrintingPolicy Policy(Ctx.getLangOpts());
  S->printPretty(OS, nullptr, Policy);
  return Out;
}

std::string sourceText(const ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(S->getSourceRange());
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    R = Lexer::makeFileCharRange(R, SM, Ctx.getLangOpts());
  if (R.isValid()) {
    bool Invalid = false;
    StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts(), &Invalid);
    if (!Invalid && !Text.empty())
      return Text.str();
  }
  return printC(Ctx, S);
}

QualType valueType(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *ET = T->getAs<EnumType>())
    return ET->getDecl()->getIntegerType().getCanonicalType().getUnqualifiedType();
  return T;
}

std::string typeC(const ASTContext &Ctx, QualType T) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  return valueType(T).getAsString(Policy);
}

std::string typeCxx(const ASTContext &Ctx, QualType T) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.Bool = 1;
  Policy.PrintCanonicalTypes = 1;
  return valueType(T).getAsString(Policy);
}

std::string declCxx(const ASTContext &Ctx, QualType T, StringRef Name) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.Bool = 1;
  Policy.PrintCanonicalTypes = 1;
  std::string S;
  llvm::raw_string_ostream OS(S);
  T.getCanonicalType().getUnqualifiedType().print(OS, Policy, Name);
  return S;
}

bool isCxxKeyword(StringRef Name) {
  static const llvm::StringSet<> Keywords = {"alignas",
                                             "alignof",
                                             "and",
                                             "and_eq",
                                             "asm",
                                             "bitand",
                                             "bitor",
                                             "bool",
                                             "catch",
                                             "char8_t",
                                             "char16_t",
                                             "char32_t",
                                             "class",
                                             "compl",
                                             "concept",
                                             "consteval",
                                             "constexpr",
                                             "constinit",
                                             "const_cast",
                                             "co_await",
                                             "co_return",
                                             "co_yield",
                                             "decltype",
                                             "delete",
                                             "dynamic_cast",
                                             "explicit",
                                             "export",
                                             "false",
                                             "friend",
                                             "mutable",
                                             "namespace",
                                             "new",
                                             "noexcept",
                                             "not",
                                             "not_eq",
                                             "nullptr",
                                             "operator",
                                             "or",
                                             "or_eq",
                                             "private",
                                             "protected",
                                             "public",
                                             "reinterpret_cast",
                                             "requires",
                                             "static_assert",
                                             "static_cast",
                                             "template",
                                             "this",
                                             "thread_local",
                                             "throw",
                                             "true",
                                             "try",
                                             "typeid",
                                             "typename",
                                             "using",
                                             "virtual",
                                             "wchar_t",
                                             "xor",
                                             "xor_eq"};
  return Keywords.contains(Name);
}

uint32_t fnv1a(StringRef Text) {
  uint32_t H = 2166136261u;
  for (unsigned char C : Text) {
    H ^= C;
    H *= 16777619u;
  }
  return H;
}

std::string commentSafe(StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    Out += Text[I];
    if ((Text[I] == '*' && I + 1 < Text.size() && Text[I + 1] == '/') ||
        (Text[I] == '/' && I + 1 < Text.size() && Text[I + 1] == '*'))
      Out += ' ';
  }
  return Out;
}

std::string escapeString(StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '\\' || C == '"')
      Out += '\\';
    if (C == '\n') {
      Out += "\\n";
      continue;
    }
    Out += C;
  }
  return Out;
}

std::string identifierSafe(StringRef Text) {
  std::string Out;
  for (char C : Text)
    Out += (isalnum((unsigned char)C) || C == '_') ? C : '_';
  if (Out.empty() || isdigit((unsigned char)Out[0]))
    Out = "_" + Out;
  return Out;
}

std::string llLiteral(int64_t V) {
  if (V == INT64_MIN)
    return "(-9223372036854775807LL - 1)";
  return std::to_string(V) + "LL";
}

std::string factText(const std::string &Fact) {
  std::string F = std::regex_replace(Fact, std::regex(R"(\(long long\)\((\w+)\))"), "$1");
  F = std::regex_replace(F, std::regex(R"(\b(\d+)LL\b)"), "$1");
  return "'" + F + " >= 0'";
}

std::optional<int64_t> literalValue(std::string Text) {
  while (Text.size() >= 2 && Text.front() == '(' && Text.back() == ')')
    Text = Text.substr(1, Text.size() - 2);
  llvm::StringRef T = llvm::StringRef(Text).trim();
  bool Neg = T.consume_front("-");
  T = T.ltrim().rtrim("uUlL");
  int64_t V = 0;
  if (T.empty() || T.getAsInteger(0, V))
    return std::nullopt;
  return Neg ? -V : V;
}

const clang::VarDecl *visibleVariable(clang::ASTContext &Ctx, const clang::Stmt *At,
                                      llvm::StringRef Name) {
  using namespace clang;
  auto Named = [&](const Stmt *S) -> const VarDecl * {
    const VarDecl *Last = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getName() == Name)
          Last = VD;
    return Last;
  };
  DynTypedNode Node = DynTypedNode::create(*At);
  const Stmt *Child = At;
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      break;
    Node = Parents[0];
    if (const auto *CS = Node.get<CompoundStmt>()) {
      const VarDecl *Found = nullptr;
      for (const Stmt *S : CS->body()) {
        if (S == Child)
          break;
        if (const VarDecl *VD = Named(S))
          Found = VD;
      }
      if (Found)
        return Found;
    } else if (const auto *FS = Node.get<ForStmt>()) {
      if (Child != FS->getInit())
        if (const VarDecl *VD = Named(FS->getInit()))
          return VD;
    } else if (const auto *FD = Node.get<FunctionDecl>()) {
      for (const ParmVarDecl *P : FD->parameters())
        if (P->getName() == Name)
          return P;
      break;
    }
    if (const Stmt *S = Node.get<Stmt>())
      Child = S;
    else
      break;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(At->getBeginLoc());
  for (const NamedDecl *D : Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)))
    if (const auto *VD = dyn_cast<VarDecl>(D))
      for (const VarDecl *R : VD->redecls())
        if (SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R->getLocation()), Loc))
          return VD;
  return nullptr;
}

} // namespace gpupar
