#!/bin/sh
# Put every wheel Tactibox needs on an arm64 Raspberry Pi into DIR, on the build machine:
#   * tactibox itself, built from this repository (pure Python, any platform);
#   * its dependencies as binary wheels for aarch64 / CPython 3.11 (manylinux), from PyPI, at the
#     exact versions pinned in image-build/constraints.txt (same commit, same wheels);
#   * the lgpio source distribution (PyPI has no aarch64 wheel; build.sh compiles it).
# The image then installs them offline (pip --no-index): pip's resolver and the downloads run at
# native speed here instead of under qemu-user, and the build is repeatable from DIR.
# Usage: fetch-wheels.sh DIR [REPO]      (REPO defaults to the checkout holding this script)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DIR=${1:?usage: fetch-wheels.sh DIR [REPO]}
REPO=${2:-$(dirname "$HERE")}
PY=${PYTHON:-python3}
LGPIO_VERSION=0.2.2.0
mkdir -p "$DIR"
rm -f "$DIR"/tactibox-*.whl
"$PY" -m pip wheel --quiet --no-deps --wheel-dir "$DIR" "$REPO"
"$PY" -m pip download --quiet --dest "$DIR" --find-links "$DIR" \
    --only-binary=:all: --implementation cp --python-version 3.11 --abi cp311 \
    --platform manylinux2014_aarch64 --platform manylinux_2_28_aarch64 \
    --platform manylinux_2_17_aarch64 --platform linux_aarch64 \
    --constraint "$HERE/constraints.txt" \
    tactibox
"$PY" -m pip download --quiet --dest "$DIR" --no-deps --no-binary=:all: "lgpio==$LGPIO_VERSION"
ls "$DIR"
