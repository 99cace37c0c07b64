//===- Attach.cpp - finds the loop a `#pragma gpupar` belongs to -----------===//
#include "Pragma/Attach.h"

#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringRef.h"

using namespace clang;

namespace gpupar {

static bool inSkipped(const PragmaLog &Log, const SourceManager &SM, SourceLocation L) {
  for (const SourceRange &R : Log.Skipped)
    if (!SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
        SM.isBeforeInTranslationUnit(L, R.getEnd()))
      return true;
  return false;
}

static bool isGpuparHash(const PragmaLog &Log, SourceLocation L) {
  for (const PragmaRecord &R : Log)
    if (R.IsHashPragma && R.HashLoc == L)
      return true;
  return false;
}

std::optional<Token> tokenAfterPragma(SourceLocation PragmaEnd, const PragmaLog &Log,
                                      const SourceManager &SM, const LangOptions &LO) {
  return tokenFrom(Lexer::getLocForEndOfToken(PragmaEnd, 0, SM, LO), Log, SM, LO);
}

std::optional<Token> tokenFrom(SourceLocation Start, const PragmaLog &Log, const SourceManager &SM,
                               const LangOptions &LO) {
  if (Start.isInvalid() || !Start.isFileID())
    return std::nullopt;
  std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Start);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(At.first, &Invalid);
  if (Invalid)
    return std::nullopt;
  Lexer Raw(SM.getLocForStartOfFile(At.first), LO, Buf.begin(), Buf.begin() + At.second, Buf.end());
  bool InDirective = false;
  Token T;
  // A raw lexer marks the first token of each physical line (escaped newlines continue a line),
  // so a directive ends at the next token that starts a line.
  for (;;) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      return std::nullopt;
    if (T.isAtStartOfLine())
      InDirective = false;
    if (InDirective || inSkipped(Log, SM, T.getLocation()))
      continue;
    if (T.is(tok::hash) && T.isAtStartOfLine()) {
      if (isGpuparHash(Log, T.getLocation()))
        return T; // two gpupar pragmas in a row: the first has no loop
      InDirective = true;
      continue;
    }
    return T;
  }
}

size_t directiveEnd(StringRef Buf, size_t Off) {
  for (size_t P = Off; P < Buf.size(); ++P)
    if (Buf[P] == '\n') {
      size_t Q = P;
      if (Q > 0 && Buf[Q - 1] == '\r')
        --Q;
      if (Q > 0 && Buf[Q - 1] == '\\')
        continue;
      return P;
    }
  return Buf.size();
}

/// Returns the next word of a directive, past blanks and line continuations.
static StringRef directiveWord(StringRef &Rest) {
  Rest = Rest.ltrim(" \t\v\f\\\r\n");
  StringRef W = Rest.take_while([](char C) { return isalnum((unsigned char)C) || C == '_'; });
  Rest = Rest.drop_front(W.size());
  return W;
}

/// Reads `#pragma omp` from `Rest` (a directive from its `#`) and returns the construct word.
static StringRef ompConstructWord(StringRef &Rest) {
  Rest = Rest.ltrim();
  if (!Rest.consume_front("#") || directiveWord(Rest) != "pragma" || directiveWord(Rest) != "omp")
    return {};
  return directiveWord(Rest);
}

StringRef ompConstruct(StringRef Directive) { return ompConstructWord(Directive); }

std::optional<size_t> ompRegionParallelEnd(StringRef Directive) {
  StringRef Rest = Directive;
  if (ompConstructWord(Rest) != "parallel")
    return std::nullopt;
  size_t End = Directive.size() - Rest.size();
  StringRef Next = directiveWord(Rest);
  if (Next == "for" || Next == "loop" || Next == "sections" || Next == "master" ||
      Next == "masked" || Next == "workshare")
    return std::nullopt;
  return End;
}

namespace {

/// The lines of one file buffer.
struct Lines {
  StringRef Buf;
  /// Returns the offset of the start of the line holding `Off`.
  size_t begin(size_t Off) const {
    size_t P = Buf.rfind('\n', Off); // the last newline before Off
    return P == StringRef::npos ? 0 : P + 1;
  }
  /// Returns the offset of the newline ending the line at `Off` (continuations included).
  size_t end(size_t Off) const { return directiveEnd(Buf, Off); }
};

/// Returns whether a pragma whose text after `#pragma` is `Rest` goes with the next loop.
bool isLoopPragma(StringRef Rest) {
  StringRef Word = directiveWord(Rest);
  if (Word == "omp" || Word == "acc" || Word == "ivdep" || Word == "unroll" || Word == "nounroll" ||
      Word == "simd" || Word == "vector" || Word == "novector" || Word == "loop")
    return true;
  StringRef Next = Rest.ltrim();
  if (Word == "GCC")
    return Next.starts_with("ivdep") || Next.starts_with("unroll");
  if (Word == "clang")
    return Next.starts_with("loop");
  return false;
}

} // namespace

/// The offset of the first of the lines right above the line holding `Off` that are blank,
/// comments, preprocessor lines or in skipped blocks (the line of `Off` when there are none).
static size_t firstLineAbove(const Lines &L, const PragmaLog &Log, const SourceManager &SM,
                             SourceLocation FileStart, size_t Off) {
  size_t First = L.begin(Off);
  while (First > 0) {
    size_t Prev = L.begin(First - 1);
    // A continued directive: go to its first line.
    while (Prev > 0) {
      size_t Above = L.begin(Prev - 1);
      StringRef AboveText = L.Buf.slice(Above, Prev).rtrim("\r\n");
      if (!AboveText.ends_with("\\"))
        break;
      Prev = Above;
    }
    StringRef Text = L.Buf.slice(Prev, First).trim();
    bool Skipped = inSkipped(Log, SM, FileStart.getLocWithOffset(Prev));
    if (!(Text.empty() || Text.starts_with("#") || Skipped || Text.starts_with("//") ||
          (Text.starts_with("/*") && Text.ends_with("*/"))))
      break;
    First = Prev;
  }
  return First;
}

/// The text after `#pragma` of each active pragma of the log that starts in [From, To) of file
/// `File`, with its range.
static std::vector<std::pair<StringRef, CharSourceRange>>
pragmasBetween(const Lines &L, const PragmaLog &Log, const SourceManager &SM, FileID File,
               size_t From, size_t To) {
  std::vector<std::pair<StringRef, CharSourceRange>> Out;
  SourceLocation FileStart = SM.getLocForStartOfFile(File);
  for (SourceLocation P : Log.Pragmas) {
    if (SM.getFileID(P) != File)
      continue;
    size_t Off = SM.getFileOffset(P);
    if (Off < From || Off >= To)
      continue;
    size_t End = L.end(Off);
    StringRef Rest = L.Buf.slice(Off + 1, End).ltrim();
    if (!Rest.consume_front("pragma"))
      continue;
    Out.push_back({Rest, CharSourceRange::getCharRange(FileStart.getLocWithOffset(Off),
                                                       FileStart.getLocWithOffset(End))});
  }
  return Out;
}

std::vector<CharSourceRange> loopPragmasOf(const PragmaRecord &R, SourceLocation ForLoc,
                                           const PragmaLog &Log, const SourceManager &SM) {
  std::vector<CharSourceRange> Out;
  if (!R.IsHashPragma || !R.HashLoc.isFileID() || !ForLoc.isFileID())
    return Out;
  std::pair<FileID, unsigned> At = SM.getDecomposedLoc(R.HashLoc);
  if (SM.getFileID(ForLoc) != At.first)
    return Out;
  bool Invalid = false;
  Lines L{SM.getBufferData(At.first, &Invalid)};
  if (Invalid)
    return Out;
  SourceLocation FileStart = SM.getLocForStartOfFile(At.first);
  // The active non-gpupar pragma lines that start between the preprocessor lines right above
  // the gpupar pragma and the `for`.
  size_t First = firstLineAbove(L, Log, SM, FileStart, At.second);
  for (const auto &[Rest, Range] :
       pragmasBetween(L, Log, SM, At.first, First, SM.getFileOffset(ForLoc)))
    if (Range.getBegin() != R.HashLoc && isLoopPragma(Rest))
      Out.push_back(Range);
  return Out;
}

} // namespace gpupar
