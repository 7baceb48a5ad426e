#!/bin/sh
# Starts Chromium ($FEES_CHROMIUM) with every --disable-features and --enable-features it was given joined into one
# of each: Chromium reads only the last of each, and Playwright passes lists of its own before the test's.
disable=
enable=
for arg; do
  shift
  case $arg in
    --disable-features=?*) disable="${disable:+$disable,}${arg#--disable-features=}" ;;
    --enable-features=?*) enable="${enable:+$enable,}${arg#--enable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "$FEES_CHROMIUM" ${disable:+"--disable-features=$disable"} ${enable:+"--enable-features=$enable"} "$@"
