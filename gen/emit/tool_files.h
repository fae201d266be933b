// Files for vendor tools beside the FuseSoC core: an SDC clock constraint and a
// .f file list (docs/file-formats.md "SDC constraints and file list").
#pragma once

#include <map>
#include <string>
#include <vector>

namespace hypercast {

// The clock target `generate --target-mhz` and `synth --target-mhz` take by
// default, and the largest they accept.
constexpr int kDefaultTargetMhz = 100;
constexpr int kMaxTargetMhz = 1000;

// create_clock on the top's clk_i port for a `mhz` clock (period in ns, three
// decimals), with a header naming the top.
std::string sdcFile(const std::string& top, int mhz);

// The clock an SDC file asks for, in MHz: 1000 / the -period (ns) of its first
// create_clock. Throws Error when it has none or the period is not a positive number.
double sdcClockMhz(const std::string& sdc);

// One file a line, in the order given (dependency order: the modules a file
// instantiates come before it), relative to the generated folder.
std::string fileList(const std::vector<std::string>& files);

// The two files every generated network has beside its FuseSoC core, added to
// `files` (path -> text) as <name>.sdc (sdcFile of `top`, `mhz`) and <name>.f
// (fileList of `verilog_files`); returns their paths, the SDC file's first.
std::vector<std::string> addToolFiles(std::map<std::string, std::string>& files,
                                      const std::string& name, const std::string& top,
                                      const std::vector<std::string>& verilog_files, int mhz);

}  // namespace hypercast
