#!/bin/bash -e
# pi-gen sub-stage, on the build host: remove the payload from the image.
rm -rf "${ROOTFS_DIR}/tmp/tactibox-setup"
