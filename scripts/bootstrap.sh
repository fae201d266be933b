#!/usr/bin/env bash
# bash scripts/bootstrap.sh run|test|bench
# Installs what a fresh Debian machine lacks (make first, then the rest through
# `make deps`) and runs the make target.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v make >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "hypercast: 'make' is missing (run as root, or: sudo apt-get install make)" >&2
    exit 1
  fi
  echo "hypercast: installing make" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends make >/dev/null
fi
exec make "${1:-run}"
