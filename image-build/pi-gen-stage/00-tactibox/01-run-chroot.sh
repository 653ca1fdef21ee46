#!/bin/sh -e
# pi-gen sub-stage, inside the Raspberry Pi OS chroot: the same setup as the Debian image.
sh /tmp/tactibox-setup/setup.sh
