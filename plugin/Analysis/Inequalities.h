//===- Inequalities.h - rational feasibility of small linear systems ------===//
//
// Fourier–Motzkin elimination over the rationals. A system without a rational solution has no
// integer one either, so `infeasible` is a proof that two iterations never meet (the dependence
// test's bound test, Dependence.cpp); a feasible system proves nothing about integers.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_INEQUALITIES_H
#define GPUPAR_PLUGIN_INEQUALITIES_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpupar {

class LinearSystem {
public:
  explicit LinearSystem(unsigned Vars) : Vars(Vars) {}

  /// sum Coef[k] * x[k] + Const >= 0 (Coef may be shorter than the number of unknowns).
  void addNonNegative(const std::vector<int64_t> &Coef, int64_t Const);
  /// sum Coef[k] * x[k] + Const == 0.
  void addZero(const std::vector<int64_t> &Coef, int64_t Const);

  /// Returns true when no rational x satisfies every constraint; false when some x does, or when
  /// the elimination would exceed `MaxRows` constraints or 2^96 in a coefficient (no proof;
  /// `*GaveUp` tells the two apart when given).
  bool infeasible(size_t MaxRows = 4096, bool *GaveUp = nullptr) const;

  unsigned vars() const { return Vars; }

private:
  struct Row {
    std::vector<__int128> A;
    __int128 C = 0;
  };
  unsigned Vars;
  std::vector<Row> Rows;
};

} // namespace gpupar

#endif
