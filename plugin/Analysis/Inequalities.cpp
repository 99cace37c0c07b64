//===- Inequalities.cpp - rational feasibility of small linear systems ----===//
#include "Analysis/Inequalities.h"

#include <utility>

namespace gpupar {

namespace {

__int128 magnitude(__int128 V) { return V < 0 ? -V : V; }

__int128 gcd(__int128 A, __int128 B) {
  A = magnitude(A), B = magnitude(B);
  while (B != 0)
    A = std::exchange(B, A % B);
  return A;
}

constexpr __int128 Limit = (__int128)1 << 96;

} // namespace

void LinearSystem::addNonNegative(const std::vector<int64_t> &Coef, int64_t Const) {
  Row R;
  R.A.assign(Vars, 0);
  for (size_t K = 0; K < Coef.size() && K < Vars; ++K)
    R.A[K] = Coef[K];
  R.C = Const;
  Rows.push_back(std::move(R));
}

void LinearSystem::addZero(const std::vector<int64_t> &Coef, int64_t Const) {
  addNonNegative(Coef, Const);
  std::vector<int64_t> Neg(Coef.size());
  for (size_t K = 0; K < Coef.size(); ++K)
    Neg[K] = -Coef[K];
  addNonNegative(Neg, -Const);
}

bool LinearSystem::infeasible(size_t MaxRows, bool *GaveUp) const {
  bool Ignored = false;
  bool &Stop = GaveUp ? *GaveUp : Ignored;
  Stop = false;
  std::vector<LinearSystem::Row> Cur = Rows;
  // A row without unknowns is a fact: false (C < 0) ends the proof, true is dropped.
  auto Settle = [](std::vector<LinearSystem::Row> &Rs, bool &Contradiction) {
    std::vector<LinearSystem::Row> Kept;
    for (LinearSystem::Row &R : Rs) {
      bool Empty = true;
      for (__int128 V : R.A)
        Empty &= V == 0;
      if (!Empty)
        Kept.push_back(std::move(R));
      else if (R.C < 0)
        Contradiction = true;
    }
    Rs = std::move(Kept);
  };
  bool Contradiction = false;
  Settle(Cur, Contradiction);
  for (unsigned X = 0; X < Vars && !Contradiction; ++X) {
    std::vector<LinearSystem::Row> Pos, Neg, Next;
    for (LinearSystem::Row &R : Cur)
      (R.A[X] > 0 ? Pos : R.A[X] < 0 ? Neg : Next).push_back(std::move(R));
    if (Next.size() + Pos.size() * Neg.size() > MaxRows)
      return !(Stop = true);
    // x's lower bounds against its upper bounds: P.A[X] * x >= -rest_P and
    // N.A[X] * x >= -rest_N (N.A[X] < 0) combine without x.
    for (const LinearSystem::Row &P : Pos)
      for (const LinearSystem::Row &N : Neg) {
        __int128 FP = -N.A[X], FN = P.A[X], G = 0;
        LinearSystem::Row R;
        R.A.assign(Vars, 0);
        for (unsigned K = 0; K < Vars; ++K) {
          R.A[K] = P.A[K] * FP + N.A[K] * FN;
          if (magnitude(R.A[K]) > Limit)
            return !(Stop = true);
          G = gcd(G, R.A[K]);
        }
        R.C = P.C * FP + N.C * FN;
        if (magnitude(R.C) > Limit)
          return !(Stop = true);
        G = gcd(G, R.C);
        if (G > 1) {
          for (__int128 &V : R.A)
            V /= G;
          R.C /= G;
        }
        Next.push_back(std::move(R));
      }
    Cur = std::move(Next);
    Settle(Cur, Contradiction);
  }
  return Contradiction;
}

} // namespace gpupar
