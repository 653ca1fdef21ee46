#!/bin/bash -e
# pi-gen sub-stage, on the build host: install the image's packages (image-build/packages.txt,
# lines without a tag or tagged [rpios]) and stage the same payload that build.sh uses:
# setup.sh, boot-config.sh, rootfs/, boot/, boot-files/ and the wheels (fetch-wheels.sh).
IMAGE_BUILD="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
packages=$(sed -e 's/#.*//' "${IMAGE_BUILD}/packages.txt" | awk 'NF && ($2 == "" || $2 == "[rpios]") { print $1 }' | tr '\n' ' ')
on_chroot << EOC
apt-get install -y --no-install-recommends ${packages}
EOC

WHEELS="${TACTIBOX_WHEELS:-${IMAGE_BUILD}/out/wheels}"
if ! ls "${WHEELS}"/tactibox-*.whl >/dev/null 2>&1; then
	"${IMAGE_BUILD}/fetch-wheels.sh" "${WHEELS}"
fi
PAYLOAD="${ROOTFS_DIR}/tmp/tactibox-setup"
rm -rf "${PAYLOAD}"
mkdir -p "${PAYLOAD}/wheels"
cp -r "${IMAGE_BUILD}/setup.sh" "${IMAGE_BUILD}/boot-config.sh" "${IMAGE_BUILD}/rootfs" "${IMAGE_BUILD}/boot" \
	"${IMAGE_BUILD}/boot-files" "${PAYLOAD}/"
cp "${WHEELS}"/*.whl "${PAYLOAD}/wheels/"
