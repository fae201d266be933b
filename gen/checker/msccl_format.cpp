#include "checker/msccl_format.h"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <string_view>
#include <tuple>
#include <utility>

namespace hypercast {
namespace checker {

namespace {

constexpr size_t kMaxErrors = 50;
constexpr size_t kMaxStr = 254;          // MAX_STR_LEN - 1 [P]
constexpr size_t kMaxAttrs = 16;         // MAX_ATTR_COUNT [P]
constexpr uint64_t kMaxElements = 4096;  // MAX_NODES [P]
constexpr uint64_t kMaxSubs = 1024;      // MAX_SUBS [P]
constexpr int64_t kMaxChannels = 32;     // MAXCHANNELS [K]
constexpr int64_t kMaxTbs = 1024;        // MSCCL_MAX_NUM_THREAD_BLOCKS = 32 * MAXCHANNELS [K]
constexpr int64_t kMaxPerChannel = 32;   // MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL [K]
constexpr int32_t kMaxDepId = 127;       // int8_t dependentBid [K]
constexpr int32_t kMaxCount = 72;        // MSCCL_MAX_COUNT: cnt < 72 [P]
constexpr int64_t kMaxOffset = 32767;    // int16_t srcOffset, dstOffset [K]

struct Errors {
  MscclFormatReport& r;
  void add(const std::string& e) {
    ++r.error_count;
    if (r.errors.size() < kMaxErrors) r.errors.push_back(e);
  }
};

std::string at(uint32_t line) { return "line " + std::to_string(line) + ": "; }

struct Attr {
  std::string_view key, value;
};

struct Tag {
  bool close = false, single = false;
  std::string_view name;
  std::vector<Attr> attrs;
  uint32_t line = 0;

  const std::string_view* get(std::string_view key) const {
    for (const Attr& a : attrs) {
      if (a.key == key) return &a.value;
    }
    return nullptr;
  }
};

bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

// Reads the text by the executor's parser's rules [P]; the first violation
// ends the reading (what follows would be read differently by the runtime).
class Reader {
 public:
  Reader(const std::string& text, Errors& errors) : t_(text), e_(errors) {}

  bool failed() const { return failed_; }

  // Spaces and newlines up to the next '<'; false at the end of the text.
  bool toTag() {
    while (p_ < t_.size()) {
      const char c = t_[p_];
      if (c == '\n') {
        ++line_;
      } else if (c == '\t') {
        return fail("a tab between elements (the parser skips only spaces and newlines)");
      } else if (c == '<') {
        return true;
      } else if (c != ' ' && c != '\r') {
        return fail(std::string("text outside a tag, '") + c + "' (the parser expects '<')");
      }
      ++p_;
    }
    return false;
  }

  // At '<': one tag.
  bool tag(Tag& out) {
    out.close = out.single = false;
    out.name = {};
    out.attrs.clear();  // keeps its capacity: one allocation for all the tags
    out.line = line_;
    ++p_;
    if (p_ < t_.size() && t_[p_] == '?') {
      return fail(
          "an XML declaration: the parser reads \"<?xml\" as an element and fails at \"?>\"");
    }
    if (p_ < t_.size() && t_[p_] == '!') return fail("a comment or declaration ('<!')");
    if (p_ < t_.size() && t_[p_] == '/') {
      out.close = true;
      ++p_;
    }
    const size_t n0 = p_;
    while (p_ < t_.size() && letter(t_[p_])) ++p_;
    out.name = std::string_view(t_).substr(n0, p_ - n0);
    if (out.name.empty()) return fail("a tag without a name");
    if (out.close) {
      if (p_ >= t_.size() || t_[p_] != '>') {
        return fail("</" + std::string(out.name) + " is not closed by '>' right after its name");
      }
      ++p_;
      return true;
    }
    while (p_ < t_.size() && t_[p_] == ' ') {
      ++p_;
      const size_t k0 = p_;
      while (p_ < t_.size() && (letter(t_[p_]) || (t_[p_] >= '0' && t_[p_] <= '9'))) ++p_;
      const std::string_view key = std::string_view(t_).substr(k0, p_ - k0);
      if (key.empty()) {
        if (p_ < t_.size() && (t_[p_] == '/' || t_[p_] == '>')) break;  // <a x="1" />
        return fail("<" + std::string(out.name) + ">: two spaces, or an attribute name with '" +
                    std::string(1, p_ < t_.size() ? t_[p_] : '?') + "'");
      }
      if (p_ >= t_.size() || t_[p_] != '=') {
        return fail("<" + std::string(out.name) + ">: attribute " + std::string(key) +
                    " has no =\"value\"");
      }
      ++p_;
      if (p_ < t_.size() && t_[p_] == '\'') {
        return fail("<" + std::string(out.name) + ">: " + std::string(key) +
                    " in single quotes (the parser ends a value only at '\"')");
      }
      if (p_ >= t_.size() || t_[p_] != '"') {
        return fail("<" + std::string(out.name) + ">: " + std::string(key) + " is not quoted");
      }
      const size_t v0 = ++p_;
      while (p_ < t_.size() && t_[p_] != '"') {
        const char c = t_[p_];
        if (c == '\n' || c == '\r' || c == '<' || c == '>' || c == '&') {
          return fail("<" + std::string(out.name) + ">: the value of " + std::string(key) +
                      " holds a newline, '<', '>' or '&' (no entities are decoded)");
        }
        ++p_;
      }
      if (p_ >= t_.size()) return fail("an unterminated attribute value");
      const std::string_view value = std::string_view(t_).substr(v0, p_ - v0);
      ++p_;
      if (key.size() > kMaxStr || value.size() > kMaxStr) {
        return fail("<" + std::string(out.name) + ">: " + std::string(key) +
                    " or its value is longer than 254 bytes (MAX_STR_LEN)");
      }
      if (out.get(key)) {
        return fail("<" + std::string(out.name) + ">: " + std::string(key) + " given twice");
      }
      out.attrs.push_back({key, value});
    }
    if (out.attrs.size() > kMaxAttrs) {
      return fail("<" + std::string(out.name) + "> has more than 16 attributes (MAX_ATTR_COUNT)");
    }
    if (p_ < t_.size() && t_[p_] == '/') {
      ++p_;
      out.single = true;
    }
    if (p_ < t_.size() && t_[p_] == '>') {
      ++p_;
      return true;
    }
    if (p_ < t_.size() && (t_[p_] == '\n' || t_[p_] == '\r')) {
      return fail("<" + std::string(out.name) +
                  ">'s attributes go on past the line (the parser reads one tag's attributes "
                  "on one line)");
    }
    return fail("<" + std::string(out.name) + "> is not closed by '>' or '/>'");
  }

 private:
  bool fail(const std::string& what) {
    if (!failed_) e_.add(at(line_) + what);
    failed_ = true;
    return false;
  }

  const std::string& t_;
  Errors& e_;
  size_t p_ = 0;
  uint32_t line_ = 1;
  bool failed_ = false;
};

// Plain decimal (strtol(s, NULL, 0) would read "010" as octal).
bool decimal(std::string_view v, int64_t& out) {
  if (v.empty()) return false;
  size_t i = v[0] == '-' ? 1 : 0;
  if (i == v.size()) return false;
  if (v[i] == '0' && v.size() > i + 1) return false;
  if (v == "-0") return false;
  int64_t x = 0;
  for (; i < v.size(); ++i) {
    if (v[i] < '0' || v[i] > '9') return false;
    if (x > (std::numeric_limits<int64_t>::max() - (v[i] - '0')) / 10) return false;
    x = x * 10 + (v[i] - '0');
  }
  out = v[0] == '-' ? -x : x;
  return true;
}

// Reads the listed attributes of a tag; reports missing, malformed and unknown ones.
struct Fields {
  const Tag& tag;
  Errors& e;
  bool ok = true;

  std::string where() const { return at(tag.line) + "<" + std::string(tag.name) + ">"; }

  bool present(std::string_view key) {
    if (tag.get(key)) return true;
    e.add(where() + " has no " + std::string(key) +
          " (the executor's parser requires it; a missing attribute fails the load)");
    ok = false;
    return false;
  }
  int64_t integer(std::string_view key, int64_t lo, int64_t hi) {
    if (!present(key)) return lo;
    int64_t v = 0;
    if (!decimal(*tag.get(key), v)) {
      e.add(where() + ": " + std::string(key) + "=\"" + std::string(*tag.get(key)) +
            "\" is not a plain decimal integer");
      ok = false;
      return lo;
    }
    if (v < lo || v > hi) {
      e.add(where() + ": " + std::string(key) + " " + std::to_string(v) + " is outside " +
            std::to_string(lo) + ".." + std::to_string(hi));
      ok = false;
    }
    return v;
  }
  std::string text(std::string_view key) { return present(key) ? std::string(*tag.get(key)) : ""; }
  void only(std::initializer_list<std::string_view> known) {
    for (const Attr& a : tag.attrs) {
      if (std::find(known.begin(), known.end(), a.key) == known.end()) {
        e.add(where() + " has attribute " + std::string(a.key) +
              ", which the executors do not read");
        ok = false;
      }
    }
  }
};

bool parseStepType(std::string_view v, MscclStepType& t) {
  static const std::pair<std::string_view, MscclStepType> kTypes[] = {
      {"s", MscclStepType::kS},     {"r", MscclStepType::kR},     {"rcs", MscclStepType::kRcs},
      {"rrs", MscclStepType::kRrs}, {"rrc", MscclStepType::kRrc}, {"rrcs", MscclStepType::kRrcs},
      {"cpy", MscclStepType::kCpy}, {"re", MscclStepType::kRe},   {"nop", MscclStepType::kNop}};
  for (const auto& [name, type] : kTypes) {
    if (v == name) {
      t = type;
      return true;
    }
  }
  return false;
}

// A <step>'s ten attributes in one pass (there are millions of steps).
void readStep(const Tag& tag, MscclTb& tb, Errors& e) {
  static constexpr std::string_view kKeys[] = {"s",      "type", "srcbuf", "srcoff", "dstbuf",
                                               "dstoff", "cnt",  "depid",  "deps",   "hasdep"};
  constexpr size_t kN = sizeof kKeys / sizeof kKeys[0];
  const std::string_view* v[kN] = {};
  auto where = [&] { return at(tag.line) + "<step>"; };
  for (const Attr& a : tag.attrs) {
    size_t k = 0;
    while (k < kN && kKeys[k] != a.key) ++k;
    if (k == kN) {
      e.add(where() + " has attribute " + std::string(a.key) + ", which the executors do not read");
    } else {
      v[k] = &a.value;
    }
  }
  int64_t num[kN] = {0, 0, 0, -1, 0, -1, 0, -1, -1, 0};
  for (size_t k = 0; k < kN; ++k) {
    if (!v[k]) {
      e.add(where() + " has no " + std::string(kKeys[k]) +
            " (the executor's parser requires it; a missing attribute fails the load)");
      continue;
    }
    if (k == 1 || k == 2 || k == 4) continue;  // type, srcbuf, dstbuf
    const int64_t lo = k == 0 || k == 6 || k == 9 ? 0 : -1;
    const int64_t hi = k == 9 ? 1 : std::numeric_limits<int32_t>::max();
    if (!decimal(*v[k], num[k]) || num[k] < lo || num[k] > hi) {
      e.add(where() + ": " + std::string(kKeys[k]) + "=\"" + std::string(*v[k]) +
            "\" is not a plain decimal integer in " + std::to_string(lo) + ".." +
            std::to_string(hi));
      num[k] = lo;
    }
  }
  MscclStep st;
  st.line = tag.line;
  if (v[1] && !parseStepType(*v[1], st.type)) {
    e.add(where() + ": type \"" + std::string(*v[1]) +
          "\" is not one of s r rcs rrs rrc rrcs cpy re nop");
  }
  for (size_t k : {size_t(2), size_t(4)}) {
    if (!v[k]) continue;
    if (*v[k] != "i" && *v[k] != "o" && *v[k] != "s") {
      e.add(where() + ": " + std::string(kKeys[k]) + " \"" + std::string(*v[k]) +
            "\" is not i, o or s");
    } else {
      (k == 2 ? st.srcbuf : st.dstbuf) = (*v[k])[0];
    }
  }
  st.s = int32_t(num[0]);
  st.srcoff = int32_t(num[3]);
  st.dstoff = int32_t(num[5]);
  st.cnt = int32_t(num[6]);
  st.depid = int32_t(num[7]);
  st.deps = int32_t(num[8]);
  st.hasdep = int32_t(num[9]);
  tb.steps.push_back(st);
}

// Reads the whole document into `algo`; false on a text-rule violation.
bool readDocument(const std::string& text, MscclAlgo& algo, Errors& e) {
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) {
    e.add(at(1) + "a byte-order mark before <algo> (the parser expects '<')");
    return false;
  }
  Reader rd(text, e);
  Tag tag;
  if (!rd.toTag()) {
    if (!rd.failed()) e.add("no <algo> element");
    return false;
  }
  if (!rd.tag(tag)) return false;
  if (tag.close || tag.name != "algo") {
    e.add(at(tag.line) + "the document's element is <" + std::string(tag.name) + ">, not <algo>");
    return false;
  }
  {
    Fields f{tag, e};
    f.only({"name", "proto", "nchannels", "nchunksperloop", "ngpus", "coll", "inplace",
            "outofplace", "minBytes", "maxBytes", "nthreads"});
    const int64_t big = std::numeric_limits<int32_t>::max();
    algo.name = f.text("name");
    algo.proto = f.text("proto");
    algo.nchannels = f.integer("nchannels", 1, kMaxChannels);
    algo.nchunksperloop = f.integer("nchunksperloop", 1, big);
    algo.ngpus = f.integer("ngpus", 1, int64_t(kMaxSubs));
    algo.coll = f.text("coll");
    algo.inplace = f.integer("inplace", 0, 1);
    algo.outofplace = f.integer("outofplace", 0, 1);
    algo.min_bytes = f.integer("minBytes", 0, std::numeric_limits<int64_t>::max());
    algo.max_bytes = f.integer("maxBytes", 0, std::numeric_limits<int64_t>::max());
  }
  if (tag.single) return !rd.failed();
  enum class Level { kAlgo, kGpu, kTb };
  Level level = Level::kAlgo;
  for (;;) {
    if (!rd.toTag()) {
      if (!rd.failed()) e.add("the document ends inside an element (unterminated)");
      return false;
    }
    if (!rd.tag(tag)) return false;
    const char* expected = level == Level::kAlgo ? "gpu" : level == Level::kGpu ? "tb" : "step";
    const char* parent = level == Level::kAlgo ? "algo" : level == Level::kGpu ? "gpu" : "tb";
    if (tag.close) {
      if (tag.name != parent) {
        e.add(at(tag.line) + "</" + std::string(tag.name) + "> closes <" + parent + ">");
        return false;
      }
      if (level == Level::kAlgo) break;
      level = level == Level::kTb ? Level::kGpu : Level::kAlgo;
      continue;
    }
    if (tag.name != expected) {
      e.add(at(tag.line) + "<" + std::string(tag.name) + "> inside <" + parent + "> (only <" +
            expected + "> belongs there)");
      return false;
    }
    const int64_t big = std::numeric_limits<int32_t>::max();
    if (level == Level::kAlgo) {
      Fields f{tag, e};
      f.only({"id", "i_chunks", "o_chunks", "s_chunks"});
      MscclGpu g;
      g.line = tag.line;
      g.id = int32_t(f.integer("id", 0, big));
      g.i_chunks = f.integer("i_chunks", 0, big);
      g.o_chunks = f.integer("o_chunks", 0, big);
      g.s_chunks = f.integer("s_chunks", 0, big);
      algo.gpus.push_back(std::move(g));
      if (!tag.single) level = Level::kGpu;
    } else if (level == Level::kGpu) {
      Fields f{tag, e};
      f.only({"id", "send", "recv", "chan"});
      MscclTb tb;
      tb.line = tag.line;
      tb.id = int32_t(f.integer("id", 0, big));
      tb.send = int32_t(f.integer("send", -1, big));
      tb.recv = int32_t(f.integer("recv", -1, big));
      tb.chan = int32_t(f.integer("chan", 0, big));
      algo.gpus.back().tbs.push_back(std::move(tb));
      if (!tag.single) level = Level::kTb;
    } else {
      readStep(tag, algo.gpus.back().tbs.back(), e);
      if (!tag.single) {
        // <step ...></step>: the parser takes it; nothing may come between.
        if (!rd.toTag() || !rd.tag(tag) || !tag.close || tag.name != "step") {
          if (!rd.failed()) e.add(at(tag.line) + "<step> holds something");
          return false;
        }
      }
    }
  }
  while (rd.toTag()) {
    e.add("line after </algo>: another element after the document's end");
    return false;
  }
  return !rd.failed();
}

// Buffer sizes in chunks of count * sizeMultiplier / nchunksperloop elements,
// for a call as NCCL defines it ([K] sizePerMscclChunk, [S] sizeMultiplier):
// allgather in count, out N count; alltoall in = out = N count; broadcast in =
// out = count; scatter (sizeMultiplier 1) in N count, out count.
bool expectedSizes(const MscclAlgo& a, int64_t& in, int64_t& out) {
  const int64_t p = a.nchunksperloop, n = a.ngpus;
  if (a.coll == "allgather") {
    in = p / n;
    out = p;
  } else if (a.coll == "alltoall" || a.coll == "broadcast") {
    in = out = p;
  } else if (a.coll == "scatter") {
    in = n * p;
    out = p;
  } else {
    return false;
  }
  return true;
}

int64_t bufferSize(const MscclGpu& g, char buf) {
  return buf == 'i' ? g.i_chunks : buf == 'o' ? g.o_chunks : g.s_chunks;
}

std::string gpuTb(const MscclGpu& g, const MscclTb& tb) {
  return "GPU " + std::to_string(g.id) + " tb " + std::to_string(tb.id);
}

std::string stepName(const MscclGpu& g, const MscclTb& tb, const MscclStep& st) {
  return at(st.line) + gpuTb(g, tb) + " step " + std::to_string(st.s);
}

void checkAlgo(const MscclAlgo& a, Errors& e) {
  static const char* kColls[] = {"allgather", "alltoall", "broadcast",     "scatter",
                                 "allreduce", "reduce",   "reducescatter", "gather",
                                 "send",      "recv",     "alltoallv"};
  if (std::find(std::begin(kColls), std::end(kColls), a.coll) == std::end(kColls)) {
    e.add("<algo>: coll \"" + a.coll + "\" is not a collective the executor loads");
  }
  if (a.proto != "Simple" && a.proto != "LL" && a.proto != "LL128") {
    e.add("<algo>: proto \"" + a.proto + "\" is not Simple, LL or LL128");
  }
  if (a.inplace == 0 && a.outofplace == 0) {
    e.add("<algo>: inplace and outofplace are both 0: the executor never selects it");
  }
  if (a.max_bytes == 0) {
    e.add(
        "<algo>: maxBytes 0 means no limit to msccl-executor-nccl but never to microsoft/msccl; "
        "write an explicit bound");
  } else if (a.min_bytes > a.max_bytes) {
    e.add("<algo>: minBytes is above maxBytes");
  }
  int64_t in = 0, out = 0;
  const bool sized = expectedSizes(a, in, out);
  if (sized && a.coll == "allgather" && a.nchunksperloop % a.ngpus != 0) {
    e.add("<algo>: an allgather's nchunksperloop must be a multiple of ngpus");
  }
  if (int64_t(a.gpus.size()) != a.ngpus) {
    e.add("<algo>: ngpus is " + std::to_string(a.ngpus) + " but there are " +
          std::to_string(a.gpus.size()) + " <gpu> elements");
  }
  std::vector<int> seen(size_t(std::max<int64_t>(a.ngpus, 0)), 0);
  for (const MscclGpu& g : a.gpus) {
    if (g.id >= a.ngpus || seen[size_t(g.id)]++ != 0) {
      e.add(at(g.line) + "<gpu> id " + std::to_string(g.id) + " is repeated or not below ngpus");
    }
    // 0: the GPU never touches that buffer (microsoft/msccl checks only sizes > 0).
    if (sized &&
        ((g.i_chunks != 0 && g.i_chunks != in) || (g.o_chunks != 0 && g.o_chunks != out))) {
      e.add(at(g.line) + "GPU " + std::to_string(g.id) + ": i_chunks " +
            std::to_string(g.i_chunks) + ", o_chunks " + std::to_string(g.o_chunks) + "; a " +
            a.coll + " with nchunksperloop " + std::to_string(a.nchunksperloop) + " has " +
            std::to_string(in) + " and " + std::to_string(out));
    }
    if (std::max({g.i_chunks, g.o_chunks, g.s_chunks}) > kMaxOffset + 1) {
      e.add(at(g.line) + "GPU " + std::to_string(g.id) +
            ": a buffer beyond 32768 chunks (offsets are 16-bit in the kernel)");
    }
    uint64_t elements = 1 + a.gpus.size() + g.tbs.size();
    if (g.tbs.size() > kMaxSubs) {
      e.add(at(g.line) + "GPU " + std::to_string(g.id) + " has more than 1024 <tb> (MAX_SUBS)");
    }
    // Threadblocks.
    std::vector<int> tb_seen(g.tbs.size(), 0);
    std::map<std::pair<int, int>, int> senders, receivers;  // (peer, chan) -> tb id
    std::map<int, int> per_chan_send, per_chan_recv;
    std::map<int, const MscclTb*> by_id;
    for (const MscclTb& tb : g.tbs) {
      elements += tb.steps.size();
      if (tb.id < 0 || size_t(tb.id) >= g.tbs.size() || tb_seen[size_t(tb.id)]++ != 0 ||
          tb.id >= kMaxTbs) {
        e.add(at(tb.line) + gpuTb(g, tb) +
              ": threadblock ids must be 0..k-1, each once (\"thread block is missing\", "
              "\"duplicate thread block id\")");
      }
      by_id[tb.id] = &tb;
      for (int peer : {tb.send, tb.recv}) {
        if (peer < -1 || peer >= a.ngpus || peer == g.id) {
          e.add(at(tb.line) + gpuTb(g, tb) + ": peer " + std::to_string(peer) +
                " is neither -1 nor another GPU");
        }
      }
      if (tb.chan < 0 || tb.chan >= a.nchannels) {
        e.add(at(tb.line) + gpuTb(g, tb) + ": chan " + std::to_string(tb.chan) +
              " is not below nchannels " + std::to_string(a.nchannels) +
              " (the executor connects only those)");
      }
      // One threadblock per (peer, channel, direction); 32 per channel and direction.
      struct Side {
        int peer;
        std::map<std::pair<int, int>, int>& owner;
        std::map<int, int>& per_chan;
        const char* verb;
      };
      for (const Side& side : {Side{tb.send, senders, per_chan_send, "send to"},
                               Side{tb.recv, receivers, per_chan_recv, "receive from"}}) {
        if (side.peer < 0) continue;
        auto [it, fresh] = side.owner.emplace(std::make_pair(side.peer, tb.chan), tb.id);
        if (!fresh) {
          e.add(at(tb.line) + gpuTb(g, tb) + " and tb " + std::to_string(it->second) + " both " +
                side.verb + " GPU " + std::to_string(side.peer) + " on channel " +
                std::to_string(tb.chan) + ": one threadblock per (peer, channel, direction)");
        }
        if (++side.per_chan[tb.chan] == kMaxPerChannel + 1) {
          e.add(at(tb.line) + "GPU " + std::to_string(g.id) + ": more than 32 threadblocks " +
                side.verb + " peers on channel " + std::to_string(tb.chan));
        }
      }
    }
    if (elements > kMaxElements) {
      e.add(at(g.line) + "GPU " + std::to_string(g.id) + " reads " + std::to_string(elements) +
            " elements (<algo>, every <gpu>, its <tb>s and <step>s); the parser holds 4096 "
            "(MAX_NODES)");
    }
    // Steps.
    for (const MscclTb& tb : g.tbs) {
      for (size_t k = 0; k < tb.steps.size(); ++k) {
        const MscclStep& st = tb.steps[k];
        auto where = [&] { return stepName(g, tb, st); };
        if (st.s != int32_t(k)) {
          e.add(where() + ": s should be " + std::to_string(k) +
                " (steps are numbered 0, 1, 2, .. in order; the kernel counts them so)");
        }
        if (st.type == MscclStepType::kNop) {
          if (st.depid < 0) e.add(where() + ": a nop without a dependency");
          if (st.hasdep) e.add(where() + ": a nop with hasdep=\"1\" (a nop raises no flag)");
          size_t next = k + 1;
          while (next < tb.steps.size() && tb.steps[next].type == MscclStepType::kNop) ++next;
          if (next == tb.steps.size()) {
            e.add(where() +
                  ": a nop with no real step after it in its threadblock (the parser "
                  "hands its dependency to the next real step)");
          }
        } else {
          if (k > 0 && tb.steps[k - 1].type == MscclStepType::kNop && st.depid < 0) {
            e.add(where() +
                  ": follows nop steps without a dependency of its own (the parser "
                  "refuses it: \"the last ... must be a part of the first immediate "
                  "instruction\")");
          }
          if (st.cnt < 1 || st.cnt >= kMaxCount) {
            e.add(where() + ": cnt " + std::to_string(st.cnt) +
                  " is outside 1..71 (MSCCL_MAX_COUNT)");
          }
          if (readsLocal(st.type) &&
              (st.srcoff < 0 || int64_t(st.srcoff) + st.cnt > bufferSize(g, st.srcbuf))) {
            e.add(where() + ": reads " + st.srcbuf + "[" + std::to_string(st.srcoff) + ".." +
                  std::to_string(int64_t(st.srcoff) + st.cnt - 1) + "], outside its " +
                  std::to_string(bufferSize(g, st.srcbuf)) + " chunks");
          }
          if (writesLocal(st.type) &&
              (st.dstoff < 0 || int64_t(st.dstoff) + st.cnt > bufferSize(g, st.dstbuf))) {
            e.add(where() + ": writes " + st.dstbuf + "[" + std::to_string(st.dstoff) + ".." +
                  std::to_string(int64_t(st.dstoff) + st.cnt - 1) + "], outside its " +
                  std::to_string(bufferSize(g, st.dstbuf)) + " chunks");
          }
          if (sendsToPeer(st.type) && tb.send < 0) {
            e.add(where() + ": a " + toString(st.type) + " in a threadblock without a send peer");
          }
          if (receivesFromPeer(st.type) && tb.recv < 0) {
            e.add(where() + ": a " + toString(st.type) + " in a threadblock without a recv peer");
          }
        }
        if (st.depid < 0) {
          if (st.depid != -1 || st.deps != -1) {
            e.add(where() + ": without a dependency, depid and deps are both -1");
          }
          continue;
        }
        auto dep = by_id.find(st.depid);
        if (st.depid == tb.id) {
          e.add(where() + ": depends on its own threadblock (program order already holds)");
        } else if (dep == by_id.end()) {
          e.add(where() + ": depid " + std::to_string(st.depid) + " names no threadblock of GPU " +
                std::to_string(g.id));
        } else if (st.depid > kMaxDepId) {
          e.add(where() + ": depid " + std::to_string(st.depid) +
                " is above 127 (the kernel keeps it in an int8_t)");
        } else if (st.deps < 0 || size_t(st.deps) >= dep->second->steps.size()) {
          e.add(where() + ": deps " + std::to_string(st.deps) + " names no step of tb " +
                std::to_string(st.depid));
        } else {
          const MscclStep& named = dep->second->steps[size_t(st.deps)];
          if (named.type == MscclStepType::kNop) {
            e.add(where() + ": depends on a nop, which raises no flag");
          } else if (named.hasdep != 1) {
            e.add(where() + ": depends on tb " + std::to_string(st.depid) + " step " +
                  std::to_string(st.deps) +
                  ", which has hasdep=\"0\" and so never raises the flag it waits for");
          }
        }
      }
    }
  }
}

// The k-th send of u to v on c meets the k-th receive of v from u on c.
struct Endpoint {
  const MscclGpu* g = nullptr;
  const MscclTb* tb = nullptr;
  std::vector<size_t> steps;  // indices into tb->steps
};

// Nodes of the wait graph: every step, numbered GPU by GPU, tb by tb.
struct StepIndex {
  std::vector<std::vector<uint64_t>> base;  // [gpu][tb position] -> first node
  uint64_t total = 0;
};

void checkConnectionsAndCycles(const MscclAlgo& a, const MscclLimits& limits, Errors& e) {
  StepIndex idx;
  idx.base.resize(a.gpus.size());
  for (size_t gi = 0; gi < a.gpus.size(); ++gi) {
    for (const MscclTb& tb : a.gpus[gi].tbs) {
      idx.base[gi].push_back(idx.total);
      idx.total += tb.steps.size();
      if (tb.steps.size() > size_t(limits.max_steps_per_tb)) {
        e.add(at(tb.line) + gpuTb(a.gpus[gi], tb) + " has " + std::to_string(tb.steps.size()) +
              " steps; the executor takes " + std::to_string(limits.max_steps_per_tb) +
              " (MSCCL_MAX_NUM_STEPS)");
      }
    }
  }
  // waits[node]: the nodes it waits for (program order, a dependency, the
  // matching send), kNone where absent.
  constexpr uint64_t kNone = ~uint64_t{0};
  std::vector<std::array<uint64_t, 3>> waits(idx.total, {kNone, kNone, kNone});
  std::map<int, size_t> gpu_pos;
  for (size_t gi = 0; gi < a.gpus.size(); ++gi) gpu_pos[a.gpus[gi].id] = gi;
  std::map<std::tuple<int, int, int>, Endpoint> sends, recvs;  // (from, to, chan)
  for (size_t gi = 0; gi < a.gpus.size(); ++gi) {
    const MscclGpu& g = a.gpus[gi];
    std::map<int, size_t> tb_pos;
    for (size_t ti = 0; ti < g.tbs.size(); ++ti) tb_pos[g.tbs[ti].id] = ti;
    for (size_t ti = 0; ti < g.tbs.size(); ++ti) {
      const MscclTb& tb = g.tbs[ti];
      for (size_t k = 0; k < tb.steps.size(); ++k) {
        const MscclStep& st = tb.steps[k];
        const uint64_t node = idx.base[gi][ti] + k;
        if (k > 0) waits[node][0] = node - 1;
        auto dep = tb_pos.find(st.depid);
        if (st.depid >= 0 && dep != tb_pos.end() && st.deps >= 0 &&
            size_t(st.deps) < g.tbs[dep->second].steps.size()) {
          waits[node][1] = idx.base[gi][dep->second] + uint64_t(st.deps);
        }
        if (sendsToPeer(st.type) && tb.send >= 0) {
          Endpoint& ep = sends[{g.id, tb.send, tb.chan}];
          ep.g = &g;
          ep.tb = &tb;
          ep.steps.push_back(k);
        }
        if (receivesFromPeer(st.type) && tb.recv >= 0) {
          Endpoint& ep = recvs[{tb.recv, g.id, tb.chan}];
          ep.g = &g;
          ep.tb = &tb;
          ep.steps.push_back(k);
        }
      }
    }
  }
  auto nodeOf = [&](const Endpoint& ep, size_t k) {
    const size_t gi = gpu_pos[ep.g->id];
    return idx.base[gi][size_t(ep.tb - ep.g->tbs.data())] + ep.steps[k];
  };
  for (const auto& [key, tx] : sends) {
    const auto [from, to, chan] = key;
    auto it = recvs.find(key);
    const size_t got = it == recvs.end() ? 0 : it->second.steps.size();
    if (got != tx.steps.size()) {
      e.add("GPU " + std::to_string(from) + " sends " + std::to_string(tx.steps.size()) +
            " chunks to GPU " + std::to_string(to) + " on channel " + std::to_string(chan) +
            ", which receives " + std::to_string(got) + " (a missing send or receive)");
    }
    if (it == recvs.end()) continue;
    const Endpoint& rx = it->second;
    for (size_t k = 0; k < std::min(got, tx.steps.size()); ++k) {
      const MscclStep& s = tx.tb->steps[tx.steps[k]];
      const MscclStep& r = rx.tb->steps[rx.steps[k]];
      waits[nodeOf(rx, k)][2] = nodeOf(tx, k);
      if (s.cnt != r.cnt) {
        e.add(stepName(*tx.g, *tx.tb, s) + " sends " + std::to_string(s.cnt) +
              " chunks; its receive, " + stepName(*rx.g, *rx.tb, r) + ", takes " +
              std::to_string(r.cnt));
      }
      if (s.type == MscclStepType::kS && r.type == MscclStepType::kR &&
          (s.dstbuf != r.dstbuf || s.dstoff != r.dstoff || r.srcbuf != s.srcbuf ||
           r.srcoff != s.srcoff)) {
        e.add(stepName(*tx.g, *tx.tb, s) + " (" + s.srcbuf + "[" + std::to_string(s.srcoff) +
              "] to " + s.dstbuf + "[" + std::to_string(s.dstoff) + "]) and its receive, " +
              stepName(*rx.g, *rx.tb, r) + " (" + r.srcbuf + "[" + std::to_string(r.srcoff) +
              "] to " + r.dstbuf + "[" + std::to_string(r.dstoff) +
              "]), disagree on the chunk's places");
      }
    }
  }
  for (const auto& [key, rx] : recvs) {
    if (!sends.count(key)) {
      const auto [from, to, chan] = key;
      e.add("GPU " + std::to_string(to) + " receives " + std::to_string(rx.steps.size()) +
            " chunks from GPU " + std::to_string(from) + " on channel " + std::to_string(chan) +
            ", which sends none there");
    }
  }
  // Kahn: a node is done once everything it waits for is.
  std::vector<uint8_t> pending(idx.total, 0);
  std::vector<uint64_t> first(idx.total + 1, 0), waited_by;  // CSR of the reverse edges
  for (uint64_t v = 0; v < idx.total; ++v) {
    for (uint64_t w : waits[v]) {
      if (w != kNone) ++pending[v], ++first[w + 1];
    }
  }
  for (uint64_t v = 0; v < idx.total; ++v) first[v + 1] += first[v];
  waited_by.resize(first[idx.total]);
  {
    std::vector<uint64_t> fill(first.begin(), first.end() - 1);
    for (uint64_t v = 0; v < idx.total; ++v) {
      for (uint64_t w : waits[v]) {
        if (w != kNone) waited_by[fill[w]++] = v;
      }
    }
  }
  std::vector<uint64_t> ready;
  for (uint64_t v = 0; v < idx.total; ++v) {
    if (pending[v] == 0) ready.push_back(v);
  }
  uint64_t done = 0;
  while (!ready.empty()) {
    const uint64_t v = ready.back();
    ready.pop_back();
    ++done;
    for (uint64_t i = first[v]; i < first[v + 1]; ++i) {
      if (--pending[waited_by[i]] == 0) ready.push_back(waited_by[i]);
    }
  }
  if (done == idx.total) return;
  // Walk waits among the unfinished until a node repeats: that is a cycle.
  auto describe = [&](uint64_t node) {
    for (size_t gi = 0; gi < a.gpus.size(); ++gi) {
      for (size_t ti = 0; ti < a.gpus[gi].tbs.size(); ++ti) {
        const MscclTb& tb = a.gpus[gi].tbs[ti];
        if (node >= idx.base[gi][ti] && node < idx.base[gi][ti] + tb.steps.size()) {
          return gpuTb(a.gpus[gi], tb) + " step " + std::to_string(node - idx.base[gi][ti]);
        }
      }
    }
    return std::string("?");
  };
  uint64_t v = 0;
  while (pending[v] == 0) ++v;
  std::map<uint64_t, size_t> seen;
  std::vector<uint64_t> path;
  while (!seen.count(v)) {
    seen[v] = path.size();
    path.push_back(v);
    for (uint64_t w : waits[v]) {
      if (w != kNone && pending[w] != 0) {
        v = w;
        break;
      }
    }
  }
  std::string cycle;
  for (size_t i = seen[v]; i < path.size() && i < seen[v] + 6; ++i) {
    cycle += describe(path[i]) + " waits for ";
  }
  e.add("a dependency cycle: " + cycle + describe(v) + " (" + std::to_string(idx.total - done) +
        " steps can never run)");
}

// Every read of a cell of o or s is ordered after a write of it, and after
// every write of it that it is not ordered before, by what the kernel orders
// between a GPU's threadblocks: program order and dependencies (a dependency
// on step d of tb b waits until b has finished steps 0..d). Ordering through
// other GPUs is not counted. `before[x]` is, per threadblock, the last of its
// steps that has finished before step x starts (a vector clock).
void checkRaces(const MscclAlgo& a, Errors& e) {
  for (const MscclGpu& g : a.gpus) {
    const size_t nt = g.tbs.size();
    std::map<int, size_t> pos;
    std::vector<size_t> base(nt + 1, 0), tb_of;
    for (size_t t = 0; t < nt; ++t) {
      pos[g.tbs[t].id] = t;
      base[t + 1] = base[t] + g.tbs[t].steps.size();
      tb_of.insert(tb_of.end(), g.tbs[t].steps.size(), t);
    }
    const size_t ns = base[nt];
    constexpr size_t kNo = ~size_t{0};
    std::vector<size_t> dep(ns, kNo);  // the step a step's dependency names
    std::vector<std::vector<size_t>> after(ns);
    std::vector<uint8_t> pending(ns, 0);
    for (size_t x = 0; x < ns; ++x) {
      const size_t t = tb_of[x], k = x - base[t];
      const MscclStep& st = g.tbs[t].steps[k];
      if (k > 0) after[x - 1].push_back(x), ++pending[x];
      auto it = pos.find(st.depid);
      if (st.depid >= 0 && it != pos.end() && it->second != t && st.deps >= 0 &&
          size_t(st.deps) < g.tbs[it->second].steps.size()) {
        dep[x] = base[it->second] + size_t(st.deps);
        after[dep[x]].push_back(x), ++pending[x];
      }
    }
    std::vector<int32_t> before(ns * nt, -1);
    std::vector<size_t> ready, order;
    for (size_t x = 0; x < ns; ++x) {
      if (!pending[x]) ready.push_back(x);
    }
    auto merge = [&](size_t into, size_t from) {  // into starts after `from` finished
      for (size_t t = 0; t < nt; ++t) {
        before[into * nt + t] = std::max(before[into * nt + t], before[from * nt + t]);
      }
      const size_t t = tb_of[from];
      before[into * nt + t] = std::max(before[into * nt + t], int32_t(from - base[t]));
    };
    while (!ready.empty()) {
      const size_t x = ready.back();
      ready.pop_back();
      order.push_back(x);
      for (size_t y : after[x]) {
        merge(y, x);
        if (--pending[y] == 0) ready.push_back(y);
      }
    }
    if (order.size() != ns) continue;         // a cycle, reported by the cycle check
    auto ordered = [&](size_t w, size_t r) {  // w finished before r starts
      return before[r * nt + tb_of[w]] >= int32_t(w - base[tb_of[w]]);
    };
    auto name = [&](size_t x) {
      const MscclTb& tb = g.tbs[tb_of[x]];
      return stepName(g, tb, tb.steps[x - base[tb_of[x]]]);
    };
    std::map<std::pair<char, int64_t>, std::vector<size_t>> writers;
    for (size_t x = 0; x < ns; ++x) {
      const MscclStep& st = g.tbs[tb_of[x]].steps[x - base[tb_of[x]]];
      if (!writesLocal(st.type) || st.dstbuf == 'i') continue;
      for (int32_t c = 0; c < st.cnt; ++c)
        writers[{st.dstbuf, int64_t(st.dstoff) + c}].push_back(x);
    }
    for (size_t x = 0; x < ns; ++x) {
      const MscclStep& st = g.tbs[tb_of[x]].steps[x - base[tb_of[x]]];
      if (!readsLocal(st.type) || st.srcbuf == 'i') continue;
      for (int32_t c = 0; c < st.cnt; ++c) {
        const int64_t cell = int64_t(st.srcoff) + c;
        const std::string what = std::string(1, st.srcbuf) + "[" + std::to_string(cell) + "]";
        auto it = writers.find({st.srcbuf, cell});
        if (it == writers.end()) {
          e.add(name(x) + " reads " + what + ", which no step of its GPU writes");
          continue;
        }
        bool after_one = false;
        for (size_t w : it->second) {
          if (ordered(w, x)) {
            after_one = true;
          } else if (!ordered(x, w)) {
            e.add(name(x) + " reads " + what + " unordered with " + name(w) +
                  ", which writes it (a missing dependency)");
          }
        }
        if (!after_one) {
          e.add(name(x) + " reads " + what + " before any step that writes it");
        }
      }
    }
  }
}

}  // namespace

const char* toString(MscclStepType t) {
  switch (t) {
    case MscclStepType::kS:
      return "s";
    case MscclStepType::kR:
      return "r";
    case MscclStepType::kRcs:
      return "rcs";
    case MscclStepType::kRrs:
      return "rrs";
    case MscclStepType::kRrc:
      return "rrc";
    case MscclStepType::kRrcs:
      return "rrcs";
    case MscclStepType::kCpy:
      return "cpy";
    case MscclStepType::kRe:
      return "re";
    case MscclStepType::kNop:
      return "nop";
  }
  return "?";
}

bool sendsToPeer(MscclStepType t) {
  return t == MscclStepType::kS || t == MscclStepType::kRcs || t == MscclStepType::kRrs ||
         t == MscclStepType::kRrcs;
}
bool receivesFromPeer(MscclStepType t) {
  return t == MscclStepType::kR || t == MscclStepType::kRcs || t == MscclStepType::kRrs ||
         t == MscclStepType::kRrc || t == MscclStepType::kRrcs;
}
bool readsLocal(MscclStepType t) {
  return t == MscclStepType::kS || t == MscclStepType::kRrs || t == MscclStepType::kRrc ||
         t == MscclStepType::kRrcs || t == MscclStepType::kCpy || t == MscclStepType::kRe;
}
bool writesLocal(MscclStepType t) {
  return t == MscclStepType::kR || t == MscclStepType::kRcs || t == MscclStepType::kRrc ||
         t == MscclStepType::kRrcs || t == MscclStepType::kCpy || t == MscclStepType::kRe;
}

MscclFormatReport checkMscclXml(const std::string& text, const MscclLimits& limits) {
  MscclFormatReport r;
  Errors e{r};
  r.parsed = readDocument(text, r.algo, e);
  if (r.parsed) {
    checkAlgo(r.algo, e);
    checkConnectionsAndCycles(r.algo, limits, e);
    checkRaces(r.algo, e);
  }
  r.ok = r.error_count == 0;
  return r;
}

}  // namespace checker
}  // namespace hypercast
