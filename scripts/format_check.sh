#!/usr/bin/env bash
# Fails when a tracked C++ file (.cpp, .h) is not what clang-format makes of it
# (.clang-format; `make format` rewrites them). Exits 77 (ctest: skipped) with a
# message when clang-format is missing or the tree is not a git checkout.
# Formatting differs between clang-format versions; the tree is kept clean
# with the version scripts/install_deps.sh installs.
set -uo pipefail
cd "${1:-$(dirname "$0")/..}" || exit 1
if ! command -v clang-format >/dev/null 2>&1; then
  echo "format check skipped: clang-format is not installed"
  exit 77
fi
if ! files=$(git ls-files '*.cpp' '*.h' 2>/dev/null) || [ -z "$files" ]; then
  echo "format check skipped: not a git checkout"
  exit 77
fi
# shellcheck disable=SC2086
if ! clang-format --dry-run -Werror $files; then
  echo "these files are not clang-format clean: run make format"
  exit 1
fi
echo "$(echo "$files" | wc -l) files clang-format clean ($(clang-format --version))"
