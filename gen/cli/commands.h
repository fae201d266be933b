// The hypercast sub-commands. Each takes the words after its name, writes its
// result to stdout and returns the exit code; errors are thrown as Error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hypercast {

class Hypercycle;

namespace cli {

int cmdInfo(const std::vector<std::string>& words);
int cmdGenerate(const std::vector<std::string>& words);
int cmdSimulate(const std::vector<std::string>& words);
int cmdSchedule(const std::vector<std::string>& words);
int cmdSweep(const std::vector<std::string>& words);
int cmdSynth(const std::vector<std::string>& words);
int cmdExport(const std::vector<std::string>& words);

// Refuses (Error) a network the simulation engine ("systemc", "verilator",
// "cosim") does not take: too many nodes, too many ports per node.
void checkSimulatedNetwork(const Hypercycle& h, const std::string& engine);

// Refuses (Error) a load run (--traffic uniform) whose expected broadcasts,
// rate x nodes x cycles, exceed what the harness takes; before any work.
void checkLoadRun(uint64_t nodes, double rate, long long cycles);

}  // namespace cli
}  // namespace hypercast
