//===- RuntimeNames.cpp - the runtime's names the generated code spells -----===//
#include "Emit/RuntimeNames.h"

namespace gpupar::rt {

const char *condName(Cond C) {
  static const char *const Names[] = {"GPUPAR_LT", "GPUPAR_LE", "GPUPAR_GT", "GPUPAR_GE",
                                      "GPUPAR_NE"};
  return Names[(int)C];
}

const char *reductionOpEnum(ReductionOp Op) {
  switch (Op) {
#define GPUPAR_PLUGIN_RED_OP(NAME, name, Name, value, spelling, ident, combine, cls)               \
  case ReductionOp::Name:                                                                          \
    return "GPUPAR_RED_" #NAME;
    GPUPAR_RED_OP_MAP(GPUPAR_PLUGIN_RED_OP)
#undef GPUPAR_PLUGIN_RED_OP
  }
  return "?";
}

const char *reductionOpTemplate(ReductionOp Op) {
  switch (Op) {
#define GPUPAR_PLUGIN_RED_OP(NAME, name, Name, value, spelling, ident, combine, cls)               \
  case ReductionOp::Name:                                                                          \
    return "gpupar_red_" #name;
    GPUPAR_RED_OP_MAP(GPUPAR_PLUGIN_RED_OP)
#undef GPUPAR_PLUGIN_RED_OP
  }
  return "?";
}

const char *typeKindName(gpupar_type_kind K) {
  switch (K) {
  case GPUPAR_TYPE_BOOL:
    return "GPUPAR_TYPE_BOOL";
  case GPUPAR_TYPE_SIGNED:
    return "GPUPAR_TYPE_SIGNED";
  case GPUPAR_TYPE_UNSIGNED:
    return "GPUPAR_TYPE_UNSIGNED";
  case GPUPAR_TYPE_FLOAT:
    return "GPUPAR_TYPE_FLOAT";
  }
  return "?";
}

std::string accessBits(bool Read, bool Write, bool Scatter, bool Disjoint) {
  std::string S;
  auto Add = [&](bool On, const char *Name) {
    if (On)
      S += (S.empty() ? "" : " | ") + std::string(Name);
  };
  Add(Read, "GPUPAR_READ");
  Add(Write, "GPUPAR_WRITE");
  Add(Scatter, "GPUPAR_SCATTER");
  Add(Disjoint, "GPUPAR_DISJOINT");
  return S;
}

} // namespace gpupar::rt
