#!/usr/bin/env bash
# Makes sure the system packages the tests need are present: Debian's Chromium (Playwright never
# downloads a browser here), Chinese fonts (else Chinese renders as boxes), poppler-utils (pdftotext
# reads generated PDFs), PostgreSQL (the API suite also runs on a real server) and ffmpeg (ffprobe reads an
# uploaded video's duration and codecs, ffmpeg makes its poster frame and the tests' sample videos).
# Idempotent and quiet. As root it installs what is missing; otherwise it names what is missing and fails.
set -euo pipefail

missing=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }

have_cmd chromium || [ -x /usr/bin/chromium ] || missing+=(chromium)
if ! { have_cmd fc-list && fc-list 2>/dev/null | grep -qi 'wqy'; } && [ ! -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ]; then
  missing+=(fonts-wqy-microhei)
fi
have_cmd pdftotext || missing+=(poppler-utils)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
{ have_cmd ffmpeg && have_cmd ffprobe; } || missing+=(ffmpeg)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" != 0 ]; then
  echo "Missing system packages: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq "${missing[@]}" >/dev/null
echo "Installed: ${missing[*]}"
