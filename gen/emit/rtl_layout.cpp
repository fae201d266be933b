#include "emit/rtl_layout.h"

#include "util/error.h"

namespace hypercast {

void validate(const RtlOptions& o) {
  if (o.payload_width < 1 || o.payload_width > 64) {
    throw Error("--payload-width must be 1..64, got " + std::to_string(o.payload_width));
  }
  if (o.buffer_depth < 1 || o.buffer_depth > 64) {
    throw Error("--buffer-depth must be 1..64, got " + std::to_string(o.buffer_depth));
  }
}

RtlLayout makeLayout(const Hypercycle& h, const RouterTables& t, const RtlOptions& o) {
  validate(o);
  RtlLayout l;
  l.nodes = h.nodes();
  l.np = static_cast<int>(h.ports().size());
  l.aw = bitsFor(h.nodes() - 1);
  l.pw = o.payload_width;
  l.wdw = bitsFor(static_cast<uint64_t>(h.dims()) + 1);
  l.wcw = bitsFor(static_cast<uint64_t>(t.max_wc));
  l.piw = bitsFor(static_cast<uint64_t>(l.np - 1));
  l.depth = o.buffer_depth;
  l.ndim = h.dims();
  l.fw = 1 + l.aw + l.wdw + l.wcw + l.pw;
  return l;
}

}  // namespace hypercast
