#include "emit/rtl_layout.h"

#include <algorithm>

#include "topology/hypercycle.h"
#include "util/error.h"

namespace hypercast {

const char* toString(RouterKind k) {
  return k == RouterKind::kHardwired ? "hardwired" : "programmable";
}

const char* toString(Arbitration a) {
  return a == Arbitration::kEpoch ? "epoch" : a == Arbitration::kFair ? "fair" : "rr";
}

namespace {
uint64_t maxNodes(const ProgLimits& p) {
  uint64_t n = 1;
  for (int i = 0; i < p.max_dims; ++i) n *= static_cast<uint64_t>(p.max_radix);
  return n;
}
}  // namespace

void validate(const RtlOptions& o) {
  if (o.payload_width < 1 || o.payload_width > 64) {
    throw Error("--payload-width must be 1..64, got " + std::to_string(o.payload_width));
  }
  if (o.buffer_depth < 1 || o.buffer_depth > 64) {
    throw Error("--buffer-depth must be 1..64, got " + std::to_string(o.buffer_depth));
  }
  if (o.hop_cycles != 1 && o.hop_cycles != 2) {
    throw Error("--hop-cycles must be 1 or 2, got " + std::to_string(o.hop_cycles));
  }
  if (o.epoch_quota < 1 || o.epoch_quota > kMaxEpochQuota) {
    throw Error("--epoch-quota must be 1.." + std::to_string(kMaxEpochQuota) + ", got " +
                std::to_string(o.epoch_quota));
  }
  if (o.router != RouterKind::kProgrammable) return;
  if (o.hop_cycles != 1) throw Error("--hop-cycles 2 needs --router hardwired");
  const ProgLimits& p = o.limits;
  if (p.max_dims < 1 || p.max_dims > 8) {
    throw Error("--max-dims must be 1..8, got " + std::to_string(p.max_dims));
  }
  if (p.max_radix < 2 || p.max_radix > 64) {
    throw Error("--max-radix must be 2..64, got " + std::to_string(p.max_radix));
  }
  if (p.max_degree < 1 || p.max_degree > 64) {
    throw Error("--max-degree must be 1..64, got " + std::to_string(p.max_degree));
  }
  if (maxNodes(p) > Hypercycle::kMaxNodes) {
    throw Error("--max-radix^--max-dims must be at most " + std::to_string(Hypercycle::kMaxNodes) +
                " nodes");
  }
}

void validateFits(const NetworkDesc& net, const RtlOptions& o) {
  const Hypercycle h = Hypercycle::of(net);
  validate(o);
  if (o.router != RouterKind::kProgrammable) return;
  const ProgLimits& p = o.limits;
  if (h.dims() > p.max_dims) {
    throw Error("the network has " + std::to_string(h.dims()) +
                " dimensions; the programmable router takes --max-dims " +
                std::to_string(p.max_dims));
  }
  for (int i = 1; i <= h.dims(); ++i) {
    if (h.dim(i).m > p.max_radix) {
      throw Error("m_" + std::to_string(i) + " = " + std::to_string(h.dim(i).m) +
                  " exceeds the programmable router's --max-radix " + std::to_string(p.max_radix));
    }
  }
  if (h.degree() > p.max_degree) {
    throw Error("the network has degree " + std::to_string(h.degree()) +
                "; the programmable router takes --max-degree " + std::to_string(p.max_degree));
  }
}

RtlLayout makeLayout(const NetworkDesc& net, const RouterTables& t, const RtlOptions& o) {
  const Hypercycle h = Hypercycle::of(net);
  validateFits(net, o);
  RtlLayout l;
  l.nodes = h.nodes();
  l.np = static_cast<int>(h.ports().size());
  l.aw = bitsFor(h.nodes() - 1);
  l.pw = o.payload_width;
  l.wdw = bitsFor(static_cast<uint64_t>(h.dims()) + 1);
  l.wcw = bitsFor(static_cast<uint64_t>(t.max_wc));
  l.piw = bitsFor(static_cast<uint64_t>(l.np - 1));
  l.depth = o.buffer_depth;
  l.fair = o.arbitration == Arbitration::kFair ? 1 : 0;
  l.hop = o.hop_cycles;
  l.ndim = h.dims();
  if (o.router == RouterKind::kProgrammable) {
    // Fields sized for every network the router can be configured for: weights are
    // at most max(D, a+1) <= ceil(m/2) (eqs. 3 and 6).
    const ProgLimits& p = o.limits;
    l.programmable = true;
    l.router_np = p.max_degree;
    l.max_dims = p.max_dims;
    l.max_radix = p.max_radix;
    l.aw = bitsFor(maxNodes(p) - 1);
    l.wdw = bitsFor(static_cast<uint64_t>(p.max_dims) + 1);
    l.wcw = bitsFor(static_cast<uint64_t>(p.max_radix + 1) / 2);
    l.piw = bitsFor(static_cast<uint64_t>(p.max_degree - 1));
    l.mw = bitsFor(static_cast<uint64_t>(p.max_radix));
    l.cdw = std::max(l.mw, bitsFor(static_cast<uint64_t>(p.max_dims)));
  } else {
    l.router_np = l.np;
  }
  l.epoch = o.arbitration == Arbitration::kEpoch ? 1 : 0;
  l.quota = o.epoch_quota;
  l.fw = 1 + l.aw + l.wdw + l.wcw + l.epoch + l.pw;
  return l;
}

}  // namespace hypercast
