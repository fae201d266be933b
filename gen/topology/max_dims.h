// Most dimensions of any network (hypercycle --m, hypercube --dim, torus --n):
// every dimension has at least 2 nodes, so no more fit in kMaxNetworkNodes
// (topology/network.h, which checks the two agree).
#pragma once

namespace hypercast {

constexpr int kMaxNetworkDims = 24;

}  // namespace hypercast
