#!/usr/bin/env bash
# Unpacks, without installing, the Debian packages whose programs the outcome tests run but which
# must not be installed on a test machine: installing firewalld or ufw would bring a firewall
# service, docker-registry a registry service on port 5000. The Podman of Debian 12 has no Quadlet
# generator, so Quadlet comes from Debian 13's podman package (the generator runs on Debian 12).
# Usage: bash tests/outcome/tools.sh DIR, then export SEERBOX_OUTCOME_TOOLS=DIR.
set -euo pipefail
dir="$(realpath -m "${1:?usage: tools.sh DIR}")"
mkdir -p "$dir/debs"
cd "$dir/debs"

# Packages of a Debian suite, through a private apt state: the machine's sources and package
# lists are neither used nor changed (a fresh CI container has no lists).
fetch_from() {
  local suite="$1" state="$dir/apt-$1"
  shift
  mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
  echo "deb http://deb.debian.org/debian $suite main" >"$state/sources.list"
  local options=(-o "Dir::Etc::SourceList=$state/sources.list" -o Dir::Etc::SourceParts=/nonexistent
    -o "Dir::State::Lists=$state/lists" -o "Dir::Cache=$state/cache" -o Debug::NoLocking=1)
  apt-get "${options[@]}" update -qq
  apt-get "${options[@]}" download -qq "$@"
}

# shellcheck source=/dev/null
release="$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")"
wanted=()
[ -e "$dir/usr/bin/docker-registry" ] || wanted+=(docker-registry)
[ -e "$dir/usr/bin/firewall-offline-cmd" ] || wanted+=(firewalld python3-firewall)
[ -e "$dir/usr/sbin/ufw" ] || wanted+=(ufw)
[ "${#wanted[@]}" -eq 0 ] || fetch_from "$release" "${wanted[@]}"
if [ ! -e /usr/libexec/podman/quadlet ] && [ ! -e "$dir/usr/libexec/podman/quadlet" ]; then
  fetch_from trixie podman
fi
for deb in *.deb; do
  [ -e "$deb" ] && dpkg-deb -x "$deb" "$dir"
done
rm -f ./*.deb
echo "outcome tools in $dir"
