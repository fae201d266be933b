// Numbers as a user types them (command-line options, a regression file's
// values): whole numbers and comma lists, with one-line Errors (util/error.h)
// that name the option they came from.
#pragma once

#include <string>
#include <vector>

namespace hypercast {

// A whole number; `option` ("--dim") names it in the error.
long long parseInt(const std::string& option, const std::string& text);
// An index below `limit`: a whole number in 0..limit-1, digits only; `what`
// names it in the error ("HYPERCAST_FAULT_ROM: node '8' is not in 0..7").
unsigned long long parseIndex(const std::string& what, const std::string& text,
                              unsigned long long limit);
// "8,6,5": whole numbers of at most 1000000 in magnitude.
std::vector<int> parseIntList(const std::string& option, const std::string& text);
// An offered load in broadcasts per node per cycle: a number in (0, 1].
double parseRate(const std::string& option, const std::string& text);
// A decimal number ("30", "0.5") in lo..hi.
double parseDecimal(const std::string& option, const std::string& text, double lo, double hi);

}  // namespace hypercast
