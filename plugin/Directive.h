//===- Directive.h - the clauses of one `#pragma gpupar` -------------------===//
//
// No clause is accepted yet: every token after `gpupar` is reported as an unknown clause. The
// parser walks clause names so that clauses (`private`, `reduction`, ...) can be added here.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_DIRECTIVE_H
#define GPUPAR_PLUGIN_DIRECTIVE_H

#include "Diagnostics.h"
#include "PragmaHandler.h"

#include <vector>

namespace gpupar {

/// A parsed `#pragma gpupar`: its record and the clauses it carries (none yet).
struct Directive {
  const PragmaRecord *Record = nullptr;
};

/// Parses the clauses of `R` into `D`. Returns false (with the problems in `Problems`) when a
/// clause is malformed or unknown.
bool parseDirective(const PragmaRecord &R, Directive &D, std::vector<Problem> &Problems);

} // namespace gpupar

#endif
