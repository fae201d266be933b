// util/output_file.h and util/interrupt.h on their own: what the CLI tests cannot
// reach (a FIFO, an abandoned write, the handler's own clean-up).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <thread>

#include "test_util.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/output_file.h"

namespace fs = std::filesystem;
using hypercast::Error;

namespace {

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(OutputFile, FifoIsWrittenDirectly) {
  const std::string t = hctest::tempFolder("of-fifo");
  const std::string fifo = t + "/fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string got;
  std::thread reader([&] { got = hctest::slurp(fifo); });
  hypercast::writeOutputFile(fifo, "a,b\n1,2\n", "trace");
  reader.join();
  EXPECT_EQ(got, "a,b\n1,2\n");
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  fs::remove_all(t);
}

TEST(OutputFile, AbandonedWriteLeavesThePathAsItWas) {
  const std::string t = hctest::tempFolder("of-abandon");
  std::ofstream(t + "/old.csv") << "old\n";
  {
    hypercast::OutputFile f(t + "/old.csv", "trace");
    f.stream() << "new\n";
    hypercast::OutputFile g(t + "/new.csv", "trace");
    g.stream() << "new\n";
  }
  EXPECT_EQ(hctest::slurp(t + "/old.csv"), "old\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(t), fs::directory_iterator{}), 1);
  fs::remove_all(t);
}

TEST(OutputFile, NewFilesFollowTheUmaskReplacedOnesKeepTheirMode) {
  const std::string t = hctest::tempFolder("of-mode");
  const mode_t old = ::umask(022);
  hypercast::writeOutputFile(t + "/new.csv", "x\n");
  std::ofstream(t + "/mine.csv") << "old\n";
  fs::permissions(t + "/mine.csv", fs::perms(0600));
  hypercast::writeOutputFile(t + "/mine.csv", "y\n");
  ::umask(old);
  EXPECT_EQ(fs::status(t + "/new.csv").permissions(), fs::perms(0644));
  EXPECT_EQ(fs::status(t + "/mine.csv").permissions(), fs::perms(0600));
  EXPECT_EQ(hctest::slurp(t + "/mine.csv"), "y\n");
  fs::remove_all(t);
}

TEST(OutputFile, CheckCreatesNothingAndSaysWhy) {
  const std::string t = hctest::tempFolder("of-check");
  hypercast::checkOutputPath("--trace", t + "/new.csv");
  hypercast::checkOutputPath("--trace", "/dev/null");
  EXPECT_TRUE(fs::is_empty(t));
  EXPECT_EQ(errorOf([] { hypercast::checkOutputPath("--trace", ""); }), "--trace: empty path");
  EXPECT_EQ(errorOf([] { hypercast::checkOutputPath("--out", ""); }), "--out: empty path");
  EXPECT_EQ(errorOf([&] { hypercast::checkOutputPath("--trace", t); }),
            "cannot write --trace " + t + ": it is a folder");
  // A missing folder is made when the file is written, as --out DIR's are.
  hypercast::checkOutputPath("--out", t + "/no/x.csv");
  std::ofstream(t + "/file") << "";
  EXPECT_EQ(errorOf([&] { hypercast::checkOutputPath("--out", t + "/file/x.csv"); }),
            "cannot write --out " + t + "/file/x.csv: " + t + "/file is not a folder");
  fs::remove(t + "/file");
  EXPECT_NE(errorOf([] {
              hypercast::checkOutputPath("--trace", "/proc/x.csv");
            }).find("cannot write --trace /proc/x.csv"),
            std::string::npos);
  fs::create_symlink("loop", t + "/loop");
  EXPECT_NE(errorOf([&] { hypercast::checkOutputPath("--trace", t + "/loop"); }).find("symbolic"),
            std::string::npos);
  EXPECT_EQ(std::distance(fs::directory_iterator(t), fs::directory_iterator{}), 1);
  fs::remove_all(t);
}

// An output folder (sweep's, synth's): a symbolic link that leads nowhere and a
// file the command writes that exists as a folder are refused before any work;
// a folder made for a run goes again unless released.
TEST(OutputFile, FolderCheckSeesLinksAndTheFilesItWrites) {
  const std::string t = hctest::tempFolder("of-folder");
  fs::create_symlink("nowhere/x", t + "/dangling");
  fs::create_symlink("loop", t + "/loop");
  for (const char* name : {"dangling", "loop", "dangling/"}) {
    EXPECT_EQ(errorOf([&] { hypercast::checkOutputFolder("--out", t + "/" + name); }),
              "cannot write --out " + t + "/" + name +
                  ": a symbolic link that leads nowhere (dangling, or a loop)");
  }
  fs::create_directories(t + "/out/report.md");
  EXPECT_EQ(errorOf([&] {
              hypercast::checkOutputFolder("--out", t + "/out", {"report.json", "report.md"});
            }),
            "cannot write --out " + t + "/out: its report.md is a folder");
  // A link to a folder under that name is one too (the writer follows links).
  fs::create_directories(t + "/elsewhere");
  fs::create_symlink("../elsewhere", t + "/out/report.json");
  EXPECT_EQ(errorOf([&] { hypercast::checkOutputFolder("--out", t + "/out", {"report.json"}); }),
            "cannot write --out " + t + "/out: its report.json is a folder");
  fs::remove(t + "/out/report.json");
  hypercast::checkOutputFolder("--out", t + "/out", {"report.json"});
  {
    hypercast::interrupt::TempPath made = hypercast::guardMissingFolders(t + "/a/b/c");
    EXPECT_EQ(made.path(), t + "/a");
    fs::create_directories(t + "/a/b/c");
  }
  EXPECT_FALSE(fs::exists(t + "/a"));
  {
    hypercast::interrupt::TempPath made = hypercast::guardMissingFolders(t + "/out/");
    EXPECT_EQ(made.path(), "");  // it exists: nothing to remove
  }
  EXPECT_TRUE(fs::exists(t + "/out/report.md"));
  fs::remove_all(t);
}

TEST(OutputFile, WriteErrorIsAnError) {
  EXPECT_EQ(errorOf([] { hypercast::writeOutputFile("/dev/full", "x", "--trace"); }),
            "cannot write --trace /dev/full: No space left on device");
}

// A tree is removed without following its symbolic links.
TEST(InterruptRegistry, TempTreeIsRemovedLinksNotFollowed) {
  const std::string t = hctest::tempFolder("of-tree");
  fs::create_directories(t + "/tree/a/b");
  fs::create_directories(t + "/outside");
  std::ofstream(t + "/tree/a/b/f") << "x";
  std::ofstream(t + "/outside/keep") << "x";
  fs::create_directory_symlink(t + "/outside", t + "/tree/a/link");
  { hypercast::interrupt::TempPath guard(t + "/tree", /*tree=*/true); }
  EXPECT_FALSE(fs::exists(t + "/tree"));
  EXPECT_TRUE(fs::exists(t + "/outside/keep"));
  fs::remove_all(t);
}

// The handler with no child running: removes the registered paths, prints the
// message, exits 128 + signal.
TEST(InterruptRegistry, HandlerRemovesRegisteredPathsAndExits) {
  const std::string t = hctest::tempFolder("of-handler");
  const std::string err = t + "/../" + fs::path(t).filename().string() + ".err";
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 2);
    hypercast::interrupt::install("test: interrupted\n");
    fs::create_directories(t + "/work/sub");
    std::ofstream(t + "/work/sub/f") << "x";
    std::ofstream(t + "/file.tmp") << "x";
    hypercast::interrupt::TempPath work(t + "/work", true);
    hypercast::interrupt::TempPath file(t + "/file.tmp");
    ::raise(SIGTERM);
    ::_exit(99);  // not reached
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 143);
  EXPECT_TRUE(fs::is_empty(t));
  EXPECT_EQ(hctest::slurp(err), "test: interrupted\n");
  fs::remove(err);
  fs::remove_all(t);
}

// writeOutputFiles (sweep, synth): a new folder and its parents are made; an
// existing folder keeps what else it holds; a file that cannot be written leaves
// every other file as it was, no temporary file, and no folder made for it.
TEST(OutputFile, FilesIntoAFolder) {
  const std::string t = hctest::tempFolder("of-files");
  hypercast::writeOutputFiles(t + "/a b/c", {{"x.csv", "1\n"}, {"y.svg", "<svg/>"}});
  EXPECT_EQ(hctest::slurp(t + "/a b/c/x.csv"), "1\n");
  EXPECT_EQ(hctest::slurp(t + "/a b/c/y.svg"), "<svg/>");
  std::ofstream(t + "/a b/c/mine.txt") << "keep\n";
  hypercast::writeOutputFiles(t + "/a b/c", {{"x.csv", "2\n"}});
  EXPECT_EQ(hctest::slurp(t + "/a b/c/x.csv"), "2\n");
  EXPECT_EQ(hctest::slurp(t + "/a b/c/mine.txt"), "keep\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(t + "/a b/c"), fs::directory_iterator{}), 3);

  // y.svg is a folder now: nothing is renamed into place, x.csv stays "2".
  fs::remove(t + "/a b/c/y.svg");
  fs::create_directory(t + "/a b/c/y.svg");
  EXPECT_NE(errorOf([&] {
              hypercast::writeOutputFiles(t + "/a b/c", {{"x.csv", "3\n"}, {"y.svg", "<svg/>"}});
            }).find("it is a folder"),
            std::string::npos);
  EXPECT_EQ(hctest::slurp(t + "/a b/c/x.csv"), "2\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(t + "/a b/c"), fs::directory_iterator{}), 3);

  // A new folder whose files cannot all be written is removed again (ok.csv
  // cannot be renamed over the folder ok.csv/ that ok.csv/x needs).
  fs::create_directories(t + "/d");
  std::ofstream(t + "/d/file") << "";
  EXPECT_NE(
      errorOf([&] {
        hypercast::writeOutputFiles(t + "/new/deeper", {{"ok.csv", "1\n"}, {"ok.csv/x", "2"}});
      }).find("cannot write"),
      std::string::npos);
  EXPECT_FALSE(fs::exists(t + "/new"));
  EXPECT_NE(errorOf([&] {
              hypercast::writeOutputFiles(t + "/d/file", {{"x", ""}});
            }).find("it exists and is not a folder"),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              hypercast::writeOutputFiles("", {{"x", ""}});
            }).find("empty path"),
            std::string::npos);
  fs::remove_all(t);
}

// -o FILE makes the missing folders above FILE, as --out DIR does; a write that
// is not completed removes the folders it made.
TEST(OutputFile, MissingParentFoldersAreMade) {
  const std::string t = hctest::tempFolder("of-parents");
  hypercast::writeOutputFile(t + "/a/b/c.csv", "1\n");
  EXPECT_EQ(hctest::slurp(t + "/a/b/c.csv"), "1\n");
  {
    hypercast::OutputFile f(t + "/x/y/z.csv");
    f.stream() << "2\n";
    EXPECT_TRUE(fs::is_directory(t + "/x/y"));
  }  // abandoned: no commit()
  EXPECT_FALSE(fs::exists(t + "/x"));
  {
    hypercast::OutputFile f(t + "/a/new/z.csv");  // a/ exists: only a/new is made
    f.stream() << "3\n";
  }
  EXPECT_FALSE(fs::exists(t + "/a/new"));
  EXPECT_TRUE(fs::exists(t + "/a/b/c.csv"));
  fs::remove_all(t);
}

// A link that leads nowhere where a missing folder would be made is refused by
// the check before any work, by the writer, and for a folder of files; the link
// stays as it was.
TEST(OutputFile, NoFolderIsMadeThroughALinkThatLeadsNowhere) {
  const std::string t = hctest::tempFolder("of-dangling-parent");
  fs::create_symlink("nowhere/x", t + "/dl");
  const std::string why = t + "/dl is a symbolic link that leads nowhere (dangling, or a loop)";
  for (const char* rel : {"dl/x.csv", "dl/sub/x.csv"}) {
    const std::string path = t + "/" + std::string(rel);
    EXPECT_EQ(errorOf([&] { hypercast::checkOutputPath("--output", path); }),
              "cannot write --output " + path + ": " + why);
    EXPECT_EQ(errorOf([&] { hypercast::writeOutputFile(path, "1\n", "--output"); }),
              "cannot write --output " + path + ": " + why);
  }
  EXPECT_EQ(errorOf([&] { hypercast::checkOutputFolder("--out", t + "/dl/sub"); }),
            "cannot write --out " + t + "/dl/sub: " + why);
  EXPECT_EQ(errorOf([&] {
              hypercast::writeOutputFiles(t + "/dl/sub", {{"a.csv", "1\n"}});
            }),
            "cannot write --out " + t + "/dl/sub: " + why);
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(t + "/dl")));
  EXPECT_EQ(fs::read_symlink(t + "/dl"), fs::path("nowhere/x"));
  EXPECT_EQ(std::distance(fs::directory_iterator(t), fs::directory_iterator{}), 1);
  fs::remove_all(t);
}

// Missing folders are found as the kernel resolves the path: through a link
// followed by "..", the folder made is where the link leads, and it goes again
// when the file is abandoned. A file where a folder should be is named.
TEST(OutputFile, MissingFoldersAreWhereTheKernelPutsThem) {
  const std::string t = hctest::tempFolder("of-kernel-path");
  fs::create_directories(t + "/o/new");
  fs::create_directories(t + "/other/deep");
  fs::create_symlink("../other/deep", t + "/o/link");
  hypercast::writeOutputFile(t + "/o/link/../new/x.csv", "1\n");
  EXPECT_EQ(hctest::slurp(t + "/other/new/x.csv"), "1\n");
  {
    hypercast::OutputFile f(t + "/o/link/../made/y.csv");
    f.stream() << "2\n";
    EXPECT_TRUE(fs::is_directory(t + "/other/made"));
  }  // abandoned: no commit()
  EXPECT_FALSE(fs::exists(t + "/other/made"));
  EXPECT_TRUE(fs::is_directory(t + "/o/new"));
  std::ofstream(t + "/afile") << "";
  EXPECT_EQ(errorOf([&] { hypercast::checkOutputFolder("--out", t + "/afile/sub/deeper"); }),
            "cannot write --out " + t + "/afile/sub/deeper: " + t + "/afile is not a folder");
  fs::remove_all(t);
}

// Two outputs of one command naming one file are refused: the same path, another
// spelling of it, a link to it; a character device may repeat.
TEST(OutputFile, TwoOutputsOfOneFileAreRefused) {
  const std::string t = hctest::tempFolder("of-distinct");
  EXPECT_EQ(errorOf([&] {
              hypercast::checkDistinctOutputs(
                  {{"--wave", t + "/same.fst"}, {"--trace", t + "/same.fst"}});
            }),
            "--wave and --trace name the same file " + t + "/same.fst");
  EXPECT_EQ(
      errorOf([&] {
        hypercast::checkDistinctOutputs({{"--output", t + "/./a.csv"}, {"--trace", t + "/a.csv"}});
      }),
      "--output and --trace name the same file " + t + "/a.csv");
  std::ofstream(t + "/real.csv") << "";
  fs::create_symlink("real.csv", t + "/link.csv");
  EXPECT_EQ(errorOf([&] {
              hypercast::checkDistinctOutputs(
                  {{"--trace", t + "/real.csv"}, {"--output", t + "/link.csv"}});
            }),
            "--trace and --output name the same file " + t + "/link.csv");
  EXPECT_EQ(
      errorOf([&] {
        hypercast::checkDistinctOutputs({{"--trace", "/dev/null"}, {"--wave", "/dev/null"}});
        hypercast::checkDistinctOutputs({{"--trace", t + "/a.csv"}, {"--wave", t + "/b.fst"}});
      }),
      "(no error)");
  fs::remove_all(t);
}

// /dev/stdout redirected to a file by the shell (an O_TRUNC descriptor, offset
// shared with what the process prints): the file holds what was printed
// before and after, and the output between, nothing overwritten.
TEST(OutputFile, StdoutIsWrittenThroughItsOpenDescriptor) {
  const std::string t = hctest::tempFolder("of-stdout");
  const std::string out = t + "/out.txt";
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || ::dup2(fd, 1) < 0) ::_exit(3);
    std::cout << "before\n";
    hypercast::writeOutputFile("/dev/stdout", "a,b\n1,2\n", "--output");
    std::cout << "after\n" << std::flush;
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(hctest::slurp(out), "before\na,b\n1,2\nafter\n");
  fs::remove_all(t);
}
