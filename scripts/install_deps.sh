#!/usr/bin/env bash
# Installs the Debian packages hypercast needs, only those that are missing.
# Run as root on Debian 12 (the README's commands call it for you).
set -euo pipefail
PKGS=(cmake make g++ pkg-config ccache libgtest-dev verilator yosys libsystemc-dev)
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
