#!/usr/bin/env bash
# bash scripts/install_deps.sh [PACKAGE...]
# Installs the Debian packages hypercast needs (or the ones named), only those
# that are missing. Run as root on Debian 12 (the README's commands call it).
set -euo pipefail
if [ $# -gt 0 ]; then
  PKGS=("$@")
else
  PKGS=(cmake make g++ pkg-config ccache libgtest-dev verilator yosys libsystemc-dev
        nextpnr-ice40 fpga-icestorm iverilog python3 zlib1g-dev gtkwave libcli11-dev
        nlohmann-json3-dev libyaml-cpp-dev libpugixml-dev z3 clang-format)
fi
missing=()
for p in "${PKGS[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "hypercast: missing packages: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})" >&2
  exit 1
fi
echo "hypercast: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
