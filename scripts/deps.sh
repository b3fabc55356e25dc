#!/bin/sh
# Installs what Aura needs that is missing, idempotently and quietly when all is present.
#   deps.sh build   the C libraries and the heading font (what `make site` needs)
#   deps.sh test    also the outside checkers, both browser engines (Chromium, WebKitGTK under
#                   Xvfb) and every Python package in Tests/requirements.txt (what `make test` needs)
#                   systemd-analyze (checks deploy/aura.service), Caddy (runs the README's proxy snippet),
#                   rsync (aura deploy to a folder), PostgreSQL (pg_virtualenv: a throwaway cluster per test run),
#                   nginx (in front of three replicas, Tests/Replicas)
#   deps.sh bench   also the programs `make bench` compares and times: cmark-gfm, hugo, hyperfine, GNU time,
#                   wrk and nginx (the `serve` row), PostgreSQL (its replica rows)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-build}

apt_packages="pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libssl-dev libical-dev libh2o-evloop-dev libgmime-3.0-0 libargon2-dev libsqlite3-dev zlib1g-dev python3-django libcurl4-openssl-dev libarchive-dev libpq-dev"
[ "$mode" = test ] && apt_packages="$apt_packages cmark-gfm webkit2gtk-driver xvfb xauth fonts-noto-color-emoji systemd caddy strace faketime rsync postgresql nginx"
[ "$mode" = stress ] && apt_packages="$apt_packages stress-ng"
[ "$mode" = bench ] && apt_packages="$apt_packages cmark-gfm hugo hyperfine time wrk nginx postgresql"
missing=""
for package in $apt_packages; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing="$missing $package"
done
if [ -n "$missing" ]; then
  echo "Installing Debian packages:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing >/dev/null
fi

python3 -c "import fontTools, brotli, fontpkg_inter_tight" 2>/dev/null || {
  echo "Installing fonttools, brotli and fontpkg-inter-tight from PyPI"
  python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore fonttools brotli fontpkg-inter-tight
}
font="$here/Templates/assets/fonts/InterTight-latin.woff2"
[ -f "$font" ] || { echo "Subsetting Inter Tight to $font"; python3 "$here/scripts/subset-font.py" "$font"; }

if [ "$mode" = test ]; then
  shared="$here/../shared"
  [ -d "$shared/webcheck" ] || { echo "error: $shared/webcheck not found; the tests need ../shared beside the project" >&2; exit 1; }
  sh "$shared/webcheck/install.sh"
  # pip answers from what is installed when every requirement is met, so this stays quick.
  python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore -r "$here/Tests/requirements.txt"
fi
