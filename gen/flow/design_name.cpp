#include "flow/design_name.h"

#include "emit/design_name.h"

namespace hypercast {
namespace flow {

std::string designName(const Params& a) {
  if (!a.has("name")) return "";
  checkDesignName(a.get("name"));
  return a.get("name");
}

}  // namespace flow
}  // namespace hypercast
