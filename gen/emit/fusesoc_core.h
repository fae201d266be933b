// FuseSoC CAPI2 core files for generated networks: the RTL fileset, optional
// data files copied beside the simulation (ROM images), the top's settable
// parameters, and default, lint and synth targets (synth defines SYNTHESIS).
#pragma once

#include <string>
#include <vector>

namespace hypercast {

// A parameter of the top that FuseSoC may set (paramtype vlogparam).
struct CoreParam {
  std::string name;
  std::string datatype;  // "int", "str", "bool"
  std::string default_value;
  std::string description;
};

struct CoreSpec {
  std::string kind;  // "network", "schedule", "mesh" or "combining": part of the VLNV name
  std::string name;
  std::string description;
  std::string top;
  std::vector<std::string> verilog_files;
  std::vector<std::string> data_files;  // copied to the work folder (copyto)
  std::vector<std::string> sdc_files;   // timing constraints (file_type SDC)
  std::vector<CoreParam> params;        // the top's settable parameters
};

std::string fusesocCore(const CoreSpec& c);

}  // namespace hypercast
