// The start-up configuration stream of the programmable router (hw/hc_router_cfg.v,
// docs/hardware.md "Programmable router"): the words a host writes, in order, through
// cfg_valid_i/cfg_data_i/cfg_ready_o before the network routes.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "algorithm/broadcast_weights.h"
#include "emit/rtl_layout.h"
#include "topology/network.h"

namespace hypercast {

// r, preference (0 clockwise, 1 counterclockwise), then m_i, rho_i, D_i for
// i = 1..r (dimension 1 first: the reverse of the paper's list order).
std::vector<uint32_t> routerConfigWords(const NetworkDesc& net, Preference pref);

// The same words as a $readmemh image, one hex word per line, with a comment header.
std::string routerConfigHex(const NetworkDesc& net, Preference pref);

// The parameters of hw/hc_weight_unit.v (the prototype's weight module, driven by
// the same stream) for a programmable layout's limits and field widths.
std::vector<std::pair<std::string, int>> weightUnitParams(const RtlLayout& l);

}  // namespace hypercast
