//===- Text.h - small text helpers shared by the plugin stages -------------===//
#ifndef GPUPAR_PLUGIN_TEXT_H
#define GPUPAR_PLUGIN_TEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gpupar {

/// Returns the source text of `S` as written (through macro expansions), or its pretty-printed
/// form when the text cannot be recovered.
std::string sourceText(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// Returns `S` pretty-printed as C (types as written, for the host file and for keys).
std::string printC(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// Returns `T` as C source (canonical, unqualified; enums become their integer type).
std::string typeC(const clang::ASTContext &Ctx, clang::QualType T);
/// Returns `T` as C++ source for the .cu file (canonical, unqualified, `bool`).
std::string typeCxx(const clang::ASTContext &Ctx, clang::QualType T);
/// Returns a declaration of `Name` with type `T` as C++ source for the .cu file (canonical,
/// unqualified, `bool`): `double t[4][8]`.
std::string declCxx(const clang::ASTContext &Ctx, clang::QualType T, llvm::StringRef Name);
/// Returns `T` with enums replaced by their underlying integer type and qualifiers dropped.
clang::QualType valueType(clang::QualType T);
/// Returns true when `Name` is a C++ keyword (or alternative token) that C allows as an
/// identifier.
bool isCxxKeyword(llvm::StringRef Name);
/// Returns the 32-bit FNV-1a hash of `Text`.
uint32_t fnv1a(llvm::StringRef Text);
/// Returns `Text` safe inside a C block comment.
std::string commentSafe(llvm::StringRef Text);
/// Returns `Text` as the contents of a C string literal.
std::string escapeString(llvm::StringRef Text);
/// Returns `Text` with every character that cannot appear in a C identifier replaced by '_'.
std::string identifierSafe(llvm::StringRef Text);
/// Returns `V` as a C `long long` literal.
std::string llLiteral(int64_t V);
/// Returns a run-time fact (BodyInfo::Assumptions: C text that must be >= 0) as a user would
/// write it, quoted: `'-1 + size - i >= 0'` (no casts, no `LL`).
std::string factText(const std::string &Fact);
/// The value of `Text` when it is an integer literal, possibly signed and parenthesised (`16`,
/// `(3)`, `-1`, `1LL`): clause section bounds are kept as text.
std::optional<int64_t> literalValue(std::string Text);
/// Returns the variable `Name` names where statement `At` begins (C scoping: a parameter of the
/// enclosing function, a local declared earlier in a block around `At` or in the header of a
/// loop around it, or a file-scope variable declared before it; the innermost wins), or null.
const clang::VarDecl *visibleVariable(clang::ASTContext &Ctx, const clang::Stmt *At,
                                      llvm::StringRef Name);

} // namespace gpupar

#endif
