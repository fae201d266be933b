// JUnit XML, the format CI systems (Jenkins, GitLab, GitHub test reporters) read:
//   <testsuites><testsuite name=".." tests="J" failures="F" errors="E" skipped="S" time="..">
//     <testcase classname="hypercast.NETWORK" name="JOB ID" time="1.2">
//       <failure message="first divergence ..." type="fail">details</failure>
//     </testcase> ...
// A verification failure is a <failure>, a job that could not run properly
// (bad input, crash) an <error>, and so is a job without a result (not run,
// interrupted, preempted: type="not-run"), which CI must not show as passing
// the way it shows a <skipped>.
#pragma once

#include <string>
#include <vector>

namespace hypercast {
namespace regress {

struct JunitCase {
  std::string classname, name;
  double seconds = 0;
  std::string outcome;  // pass | fail | error | missing
  std::string message;  // one line
  std::string details;  // the body (log tail, command line)
};

std::string junitXml(const std::string& suite, const std::vector<JunitCase>& cases);
// Text and attribute escaping (&, <, >, ", '), control characters dropped,
// bytes that are not UTF-8 replaced.
std::string xmlEscape(const std::string& s);

}  // namespace regress
}  // namespace hypercast
