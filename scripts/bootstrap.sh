#!/usr/bin/env bash
# bash scripts/bootstrap.sh run|test|bench
# Installs make if a fresh Debian machine lacks it (the rest comes through
# `make deps`) and runs the make target.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v make >/dev/null 2>&1 || bash scripts/install_deps.sh make
exec make "${1:-run}"
