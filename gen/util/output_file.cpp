#include "util/output_file.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <streambuf>
#include <vector>

#include "util/error.h"
#include "util/interrupt.h"

namespace hypercast {

namespace {

enum class Kind {
  kNew,      // does not exist: created through a temporary file
  kRegular,  // replaced through a temporary file
  kDirect,   // character device, FIFO, /proc/self/fd link: written in place
};

struct Target {
  Kind kind = Kind::kNew;
  std::string path;  // after following symbolic links
  mode_t mode = 0;   // kRegular: its permissions
};

[[noreturn]] void fail(const std::string& option, const std::string& path, const std::string& why) {
  throw Error("cannot write " + option + " " + path + ": " + why);
}

std::string dirOf(const std::string& p) {
  const size_t s = p.rfind('/');
  if (s == std::string::npos) return ".";
  if (s == 0) return "/";
  return p.substr(0, s);
}

// A folder of the proc file system: its links (/proc/self/fd/1, which
// /dev/stdout points to) name open files, not paths.
bool inProc(const std::string& dir) {
  char* real = ::realpath(dir.c_str(), nullptr);
  const bool yes =
      real && (std::strcmp(real, "/proc") == 0 || std::strncmp(real, "/proc/", 6) == 0);
  std::free(real);
  return yes;
}

// The descriptor a /proc/self/fd/N (or /proc/<our pid>/fd/N) link names, or -1
// for any other path.
int ownDescriptor(const std::string& path) {
  const std::string dir = dirOf(path);
  char* real = ::realpath(dir.c_str(), nullptr);
  if (!real) return -1;
  const std::string r(real);
  std::free(real);
  if (r != "/proc/" + std::to_string(::getpid()) + "/fd") return -1;
  const std::string name = path.substr(path.rfind('/') + 1);
  if (name.empty() || name.size() > 9 ||
      name.find_first_not_of("0123456789") != std::string::npos) {
    return -1;
  }
  return std::stoi(name);
}

Target resolve(const std::string& option, const std::string& path) {
  if (path.empty()) {
    throw Error("--" + option.substr(option.find_first_not_of('-')) + ": empty path");
  }
  // "-" is no name for stdout here (nor a file silently named "-"): refused,
  // with the two names that do work.
  if (path == "-")
    fail(option, path, "'-' is not stdout here: name /dev/stdout, or ./- for a file");
  std::string p = path;
  for (int hop = 0; hop < 40; ++hop) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) {
      if (errno == ENOENT) return {Kind::kNew, p, 0};
      if (errno == ENOTDIR) {
        // A file where a folder should be: named.
        std::string d = dirOf(p);
        while (::stat(d.c_str(), &st) != 0 && d != "/" && d != ".") d = dirOf(d);
        fail(option, path, d + " is not a folder");
      }
      fail(option, path, std::strerror(errno));
    }
    if (S_ISLNK(st.st_mode)) {
      if (inProc(dirOf(p))) return {Kind::kDirect, p, 0};
      std::vector<char> buf(PATH_MAX + 1);
      const ssize_t n = ::readlink(p.c_str(), buf.data(), buf.size() - 1);
      if (n < 0) fail(option, path, std::strerror(errno));
      const std::string to(buf.data(), static_cast<size_t>(n));
      p = to[0] == '/' ? to : dirOf(p) + "/" + to;
      continue;
    }
    if (S_ISDIR(st.st_mode)) fail(option, path, "it is a folder");
    if (S_ISREG(st.st_mode)) return {Kind::kRegular, p, st.st_mode & 07777};
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) return {Kind::kDirect, p, 0};
    fail(option, path, "not a regular file, character device or FIFO");
  }
  fail(option, path, std::strerror(ELOOP));
}

}  // namespace

bool namesStdout(const std::string& path) {
  if (path.empty() || path == "-") return false;
  try {
    const Target t = resolve("--output", path);
    return t.kind == Kind::kDirect && ownDescriptor(t.path) == 1;
  } catch (const Error&) {
    return false;
  }
}

namespace {

// The folder a temporary file is created in: it must exist and take new files.
void checkFolder(const std::string& option, const std::string& path, const std::string& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) {
    fail(option, path, errno == ENOENT ? "no folder " + dir : std::string(std::strerror(errno)));
  }
  if (!S_ISDIR(st.st_mode)) fail(option, path, dir + " is not a folder");
  // An unnamed file, gone when closed: nothing appears in the folder.
  const int fd = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (fd >= 0) {
    ::close(fd);
    return;
  }
  const int e = errno;
  if (e != EOPNOTSUPP && e != EISDIR && e != EINVAL) fail(option, path, std::strerror(e));
  // No unnamed files on this file system: judge by the permissions, and refuse
  // the kernel's own file systems, where no file can be created.
  if (::access(dir.c_str(), W_OK | X_OK) != 0) fail(option, path, std::strerror(errno));
  struct statfs fs {};
  if (::statfs(dir.c_str(), &fs) == 0) {
    const auto type = static_cast<unsigned long>(fs.f_type);
    for (unsigned long pseudo :
         {static_cast<unsigned long>(PROC_SUPER_MAGIC), static_cast<unsigned long>(SYSFS_MAGIC),
          static_cast<unsigned long>(CGROUP_SUPER_MAGIC),
          static_cast<unsigned long>(CGROUP2_SUPER_MAGIC),
          static_cast<unsigned long>(DEBUGFS_MAGIC)}) {
      if (type == pseudo) fail(option, path, dir + " takes no new files");
    }
  }
}

// `dir`, or when it does not exist, the nearest existing entry above it (where
// the missing folders are made), as the kernel resolves the path (lstat: a
// link is an entry).
std::string nearestEntry(std::string dir) {
  struct stat st {};
  while (::lstat(dir.c_str(), &st) != 0 && (errno == ENOENT || errno == ENOTDIR) && dir != "/" &&
         dir != ".") {
    dir = dirOf(dir);
  }
  return dir;
}

// nearestEntry, refusing a symbolic link there that leads nowhere: no folder
// can be made through it.
std::string nearestFolder(const std::string& option, const std::string& path,
                          const std::string& from) {
  const std::string dir = nearestEntry(from);
  struct stat st {};
  if (::lstat(dir.c_str(), &st) == 0 && S_ISLNK(st.st_mode) && ::stat(dir.c_str(), &st) != 0) {
    fail(option, path, dir + " is a symbolic link that leads nowhere (dangling, or a loop)");
  }
  return dir;
}

mode_t newFileMode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// An output stream buffer over a file descriptor that remembers the first error.
class FdBuf : public std::streambuf {
 public:
  FdBuf() : buf_(1 << 16) {}
  void attach(int fd) {
    fd_ = fd;
    setp(buf_.data(), buf_.data() + buf_.size());
  }
  int error() const { return err_; }

 protected:
  int_type overflow(int_type ch) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    if (err_) return false;
    const char* p = pbase();
    while (p < pptr()) {
      const ssize_t w = ::write(fd_, p, static_cast<size_t>(pptr() - p));
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) {
        err_ = w < 0 ? errno : EIO;
        break;
      }
      p += w;
    }
    setp(buf_.data(), buf_.data() + buf_.size());
    return err_ == 0;
  }

  std::vector<char> buf_;
  int fd_ = -1;
  int err_ = 0;
};

}  // namespace

void checkOutputPath(const std::string& option, const std::string& path) {
  const Target t = resolve(option, path);
  if (t.kind != Kind::kNew && ::access(t.path.c_str(), W_OK) != 0) {
    fail(option, path, std::strerror(errno));
  }
  if (t.kind != Kind::kDirect)
    checkFolder(option, path, nearestFolder(option, path, dirOf(t.path)));
}

void checkDistinctOutputs(const std::vector<std::pair<std::string, std::string>>& outputs) {
  struct Seen {
    std::string option, path, key;
  };
  std::vector<Seen> seen;
  for (const auto& [option, path] : outputs) {
    const Target t = resolve(option, path);
    std::string key;
    struct stat st {};
    if (t.kind != Kind::kNew && ::stat(t.path.c_str(), &st) == 0) {
      if (S_ISCHR(st.st_mode)) continue;
      key = "inode " + std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino);
    } else {
      std::error_code ec;
      key = std::filesystem::weakly_canonical(std::filesystem::absolute(t.path), ec).string();
      if (ec) key = std::filesystem::absolute(t.path).lexically_normal().string();
    }
    for (const Seen& s : seen) {
      if (s.key == key) {
        throw Error(s.option + " and " + option + " name the same file " + path);
      }
    }
    seen.push_back({option, path, key});
  }
}

struct OutputFile::Impl {
  std::string option, path;  // as given, for messages
  Target target;
  interrupt::TempPath made;  // kNew: the highest missing folder made for it, kept at commit()
  interrupt::TempPath temp;  // kNew, kRegular: the file written, renamed at commit()
  int fd = -1;
  FdBuf buf;
  std::ostream os{&buf};

  ~Impl() {
    if (fd >= 0) ::close(fd);
  }
};

namespace {

// The missing folders of `dir`, made and registered for removal (with what they
// hold) until released; `path` as typed, for the message.
interrupt::TempPath makeMissingFolders(const std::string& option, const std::string& path,
                                       const std::string& dir) {
  nearestFolder(option, path, dir);
  interrupt::TempPath made = guardMissingFolders(dir);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) fail(option, path, ec.message());
  return made;
}

}  // namespace

OutputFile::OutputFile(const std::string& path, const std::string& option) : impl_(new Impl) {
  Impl& m = *impl_;
  m.option = option;
  m.path = path;
  m.target = resolve(option, path);
  if (m.target.kind == Kind::kDirect) {
    const int open_fd = ownDescriptor(m.target.path);
    if (open_fd >= 0) {
      // Our own descriptor (/dev/stdout): written through a duplicate, sharing
      // its offset, after what this process has printed on it so far.
      std::cout.flush();
      std::cerr.flush();
      std::fflush(nullptr);
      m.fd = ::fcntl(open_fd, F_DUPFD_CLOEXEC, 3);
    } else {
      m.fd = ::open(m.target.path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    }
    if (m.fd < 0) fail(option, path, std::strerror(errno));
  } else {
    const std::string dir = dirOf(m.target.path);
    if (m.target.kind == Kind::kNew) m.made = makeMissingFolders(option, path, dir);
    std::string name = dir + "/.hypercast-XXXXXX.tmp";
    // Created and registered with SIGINT/SIGTERM held: an interrupt in between
    // cannot leave it behind.
    interrupt::BlockSignals block;
    m.fd = ::mkostemps(&name[0], 4, O_CLOEXEC);
    if (m.fd < 0) {
      fail(option, path, errno == ENOENT ? "no folder " + dir : std::string(std::strerror(errno)));
    }
    m.temp = interrupt::TempPath(name);
  }
  m.buf.attach(m.fd);
}

OutputFile::~OutputFile() = default;

std::ostream& OutputFile::stream() { return impl_->os; }

std::string OutputFile::writePath() const {
  return impl_->target.kind == Kind::kDirect ? std::string() : impl_->temp.path();
}

void OutputFile::commitNamed() {
  Impl& m = *impl_;
  if (m.target.kind == Kind::kDirect) fail(m.option, m.path, "not a regular file");
  if (m.fd >= 0) {
    ::close(m.fd);
    m.fd = -1;
  }
  const std::string& at = m.temp.path();
  struct stat st {};
  if (::lstat(at.c_str(), &st) != 0) fail(m.option, m.path, std::strerror(errno));
  if (!S_ISREG(st.st_mode)) fail(m.option, m.path, "the writer left no regular file");
  const mode_t mode = m.target.kind == Kind::kRegular ? m.target.mode : newFileMode();
  if (::chmod(at.c_str(), mode) != 0) fail(m.option, m.path, std::strerror(errno));
  if (::rename(at.c_str(), m.target.path.c_str()) != 0) {
    fail(m.option, m.path, std::strerror(errno));
  }
  m.temp.release();
  m.made.release();
}

void OutputFile::flush() {
  Impl& m = *impl_;
  m.os.flush();
  if (m.buf.error() || !m.os) {
    fail(m.option, m.path, std::strerror(m.buf.error() ? m.buf.error() : EIO));
  }
}

void OutputFile::commit() {
  Impl& m = *impl_;
  flush();
  if (m.target.kind != Kind::kDirect) {
    const mode_t mode = m.target.kind == Kind::kRegular ? m.target.mode : newFileMode();
    if (::fchmod(m.fd, mode) != 0) fail(m.option, m.path, std::strerror(errno));
  }
  const int fd = m.fd;
  m.fd = -1;
  if (::close(fd) != 0) fail(m.option, m.path, std::strerror(errno));
  if (m.target.kind != Kind::kDirect) {
    if (::rename(m.temp.path().c_str(), m.target.path.c_str()) != 0) {
      fail(m.option, m.path, std::strerror(errno));
    }
    m.temp.release();
  }
  m.made.release();
}

void writeOutputFile(const std::string& path, const std::string& content,
                     const std::string& option) {
  OutputFile f(path, option);
  f.stream().write(content.data(), static_cast<std::streamsize>(content.size()));
  f.commit();
}

namespace fs = std::filesystem;

void checkFolderTakesFiles(const std::string& option, const std::string& dir,
                           const std::string& folder) {
  const std::string up =
      nearestFolder(option, dir, fs::absolute(fs::path(folder)).lexically_normal().string());
  std::error_code ec;
  if (!fs::is_directory(fs::status(up, ec))) fail(option, dir, up + " is not a folder");
  checkFolder(option, dir, up);
}

void checkOutputFolder(const std::string& option, const std::string& dir,
                       const std::vector<std::string>& files) {
  if (dir.empty()) throw Error(option + ": empty path");
  fs::path target = fs::absolute(fs::path(dir)).lexically_normal();
  if (!target.has_filename()) target = target.parent_path();  // "a/b/": the link a/b itself
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(target, ec)) && !fs::exists(fs::status(target, ec))) {
    fail(option, dir, "a symbolic link that leads nowhere (dangling, or a loop)");
  }
  const fs::file_status st = fs::status(target, ec);
  if (fs::exists(st)) {
    if (!fs::is_directory(st)) fail(option, dir, "it exists and is not a folder");
    checkFolder(option, dir, target.string());
    // Each file the command writes there, as it will be written (a link
    // followed): a folder, a socket or a block device is refused now.
    for (const std::string& f : files) {
      const fs::path file = target / f;
      if (fs::is_directory(fs::status(file, ec))) fail(option, dir, "its " + f + " is a folder");
      if (fs::exists(fs::symlink_status(file, ec))) checkOutputPath(option, file.string());
    }
    return;
  }
  // A new folder: made in the nearest existing folder above it.
  checkFolderTakesFiles(option, dir, target.parent_path().string());
}

interrupt::TempPath guardMissingFolders(const std::string& dir) {
  // Found as the kernel resolves the path (a link followed by ".." leads
  // elsewhere than the text says); "a/b/" is a/b.
  const std::string near = nearestEntry(dir);
  std::string top;
  for (std::string d = dir; d != near; d = dirOf(d)) {
    if (d.back() != '/') top = d;
  }
  if (top.empty()) return {};
  interrupt::BlockSignals block;
  return interrupt::TempPath(fs::absolute(top).string(), /*tree=*/true);
}

void writeOutputFiles(const std::string& dir, const std::map<std::string, std::string>& files,
                      const std::string& option) {
  checkOutputFolder(option, dir);
  const fs::path target = fs::absolute(fs::path(dir)).lexically_normal();
  // The highest folder that does not exist yet: made here, removed (with what
  // is in it) on an error or an interrupt until every file is in place.
  std::error_code ec;
  interrupt::TempPath made = makeMissingFolders(option, dir, target.string());
  std::vector<std::unique_ptr<OutputFile>> outputs;
  for (const auto& [rel, content] : files) {
    const fs::path p = target / rel;
    fs::create_directories(p.parent_path(), ec);
    if (ec) fail(option, (fs::path(dir) / rel).string(), ec.message());
    outputs.push_back(std::make_unique<OutputFile>(p.string(), option));
    outputs.back()->stream().write(content.data(), static_cast<std::streamsize>(content.size()));
  }
  for (auto& o : outputs) o->flush();  // every file complete before any is renamed
  for (auto& o : outputs) o->commit();
  made.release();
}

}  // namespace hypercast
