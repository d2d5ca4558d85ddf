#!/usr/bin/env bash
# Installs Pirate Table on Raspberry Pi OS Bookworm, updates it, or rolls it back. Run it from a checkout:
#
#   sudo hardware/pi/install.sh              install this checkout as a release and (re)start the table
#   sudo hardware/pi/install.sh --no-start   the same, but leave the table stopped
#   sudo hardware/pi/install.sh --rollback   go back to the release that ran before this one
#   sudo hardware/pi/install.sh --status     which releases there are and which one runs
#
# Releases: every install builds a virtual environment in /opt/pirate-table/releases/<commit>/ and points
# /opt/pirate-table/current at it (`previous` keeps the one before, for --rollback). The three newest stay.
# Running it again is safe: packages, the user, the folders and the unit are only changed when they differ,
# and a release already built from the same commit is reused.
set -euo pipefail

PREFIX=/opt/pirate-table
PREFIX="${PIRATE_TABLE_TEST_PREFIX:-$PREFIX}" # only the tests move it (tests/hardware/test_install_script.py)
DATA_HOME=/var/lib/pirate-table
TABLE_USER=pirate
TABLE_GROUPS=(gpio video render input dialout audio)
SERVICE=pirate-table.service
KEEP_RELEASES=3
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SOURCE="$(cd "$HERE/../.." && pwd)"
COPY="" # a temporary copy of the checkout while a release builds
trap 'if [ -n "$COPY" ]; then rm -rf "$COPY"; fi' EXIT

# python3-picamera2, python3-lgpio and the rpicam tools come from the Raspberry Pi OS archive. pygame is built
# in the venv against Debian's SDL2 (the -dev packages), which has the KMS/DRM video driver the console needs.
APT_PACKAGES=(
    python3 python3-venv python3-dev python3-pip git
    python3-picamera2 python3-lgpio
    build-essential pkg-config
    libsdl2-dev libsdl2-image-dev libsdl2-mixer-dev libsdl2-ttf-dev libfreetype-dev libportmidi-dev libjpeg-dev
)
CAMERA_TOOLS=(rpicam-apps-lite libcamera-apps-lite) # the first that exists (renamed in 2023)

say() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() {
    printf 'install.sh: %s\n' "$*" >&2
    exit 1
}

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
}

check_system() {
    [ "$(id -u)" = 0 ] || die "run me as root: sudo $0"
    if [ -r /etc/os-release ]; then
        # shellcheck source=/dev/null
        . /etc/os-release
        [ "${VERSION_CODENAME:-}" = bookworm ] || warn "this is ${PRETTY_NAME:-an unknown system}; the table is made for Raspberry Pi OS Bookworm"
    fi
    if ! grep -qi "raspberry pi" /proc/device-tree/model 2>/dev/null; then
        warn "this does not look like a Raspberry Pi: the camera and GPIO packages may be missing"
    fi
}

installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }

install_packages() {
    local wanted=("${APT_PACKAGES[@]}") missing=() tool
    for tool in "${CAMERA_TOOLS[@]}"; do
        if installed "$tool" || apt-cache show "$tool" >/dev/null 2>&1; then
            wanted+=("$tool")
            break
        fi
    done
    for package in "${wanted[@]}"; do
        installed "$package" || missing+=("$package")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        say "system packages: all there"
        return
    fi
    say "installing system packages: ${missing[*]}"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

make_user_and_data_folder() {
    if ! id "$TABLE_USER" >/dev/null 2>&1; then
        say "creating the system user $TABLE_USER"
        useradd --system --user-group --home-dir "$DATA_HOME" --no-create-home --shell /usr/sbin/nologin "$TABLE_USER"
    fi
    local group
    for group in "${TABLE_GROUPS[@]}"; do
        if getent group "$group" >/dev/null; then
            [[ " $(id -nG "$TABLE_USER") " == *" $group "* ]] || usermod -a -G "$group" "$TABLE_USER"
        else
            warn "there is no group '$group' here (on Raspberry Pi OS there is)"
        fi
    done
    install -d -o "$TABLE_USER" -g "$TABLE_USER" -m 0750 "$DATA_HOME"
    if [[ ",$(findmnt -n -o OPTIONS --target "$DATA_HOME")," == *,ro,* ]]; then
        warn "$DATA_HOME is on a read-only file system: the table cannot keep its games (see hardware/pi/README.md)"
    elif [ "$(findmnt -n -o FSTYPE --target "$DATA_HOME")" = overlay ]; then
        warn "$DATA_HOME is on the overlay root: what the table writes vanishes at reboot (see hardware/pi/README.md)"
    fi
}

release_id() {
    local git=(git -c "safe.directory=$SOURCE" -C "$SOURCE")
    if command -v git >/dev/null && "${git[@]}" rev-parse --git-dir >/dev/null 2>&1; then
        local id
        id="$("${git[@]}" rev-parse --short=12 HEAD)"
        if [ -n "$("${git[@]}" status --porcelain --untracked-files=no)" ]; then
            id="$id-modified-$(date +%Y%m%d-%H%M%S)" # local changes: always a fresh build
        fi
        echo "$id"
    else
        echo "local-$(date +%Y%m%d-%H%M%S)"
    fi
}

build_release() {
    local id="$1" dir="$PREFIX/releases/$1"
    if [ -f "$dir/.complete" ]; then
        say "release $id is already built: reusing it"
        return
    fi
    say "building release $id in $dir (a few minutes: pygame is compiled against the system's SDL2)"
    rm -rf "$dir"
    install -d "$PREFIX/releases"
    # A copy of the checkout, so that building never writes into it (it belongs to whoever cloned it).
    COPY="$(mktemp -d)"
    tar -C "$SOURCE" --exclude=.git --exclude=.venv --exclude='*.egg-info' --exclude=build -cf - . | tar -C "$COPY" -xf -
    python3 -m venv --system-site-packages "$dir"
    "$dir/bin/python" -m pip install --quiet --upgrade pip
    # Every package from PyPI pinned to one version and checked against its hashes (requirements.lock), mpremote
    # too (scripts/flash-firmware); then the table itself, from the copy, with nothing more fetched.
    "$dir/bin/python" -m pip install --require-hashes --no-binary pygame -r "$HERE/requirements.lock"
    "$dir/bin/python" -m pip install --no-deps --no-build-isolation "$COPY"
    rm -rf "$COPY"
    COPY=""
    "$dir/bin/python" -c "import table, serial, gpiozero, pygame, cv2, numpy" \
        || die "release $id is broken: its Python packages do not import"
    "$dir/bin/python" -c "import picamera2" 2>/dev/null \
        || warn "picamera2 does not import in release $id: the camera will not work (is python3-picamera2 installed?)"
    echo "$id" >"$dir/.complete"
}

target_of() {
    if [ -L "$PREFIX/$1" ]; then basename "$(readlink "$PREFIX/$1")"; fi
}

switch_to() {
    local id="$1" running
    running="$(target_of current)"
    # Stopped first, so that the running table never loads a module from the next release.
    systemctl stop "$SERVICE" 2>/dev/null || true
    if [ -n "$running" ] && [ "$running" != "$id" ]; then
        ln -sfn "releases/$running" "$PREFIX/previous"
    fi
    ln -sfn "releases/$id" "$PREFIX/current.new"
    mv -T "$PREFIX/current.new" "$PREFIX/current" # atomic: `current` always points at a whole release
    say "current release: $id${running:+ (was $running)}"
}

install_system_files() {
    install -m 0644 "$HERE/$SERVICE" "/etc/systemd/system/$SERVICE"
    install -m 0755 "$HERE/pirate-table" /usr/local/bin/pirate-table
    systemctl daemon-reload
    # The table owns the console: boot to the text console, without the desktop, and no login prompt on tty1.
    if [ "$(systemctl get-default)" != multi-user.target ]; then
        say "booting to the console from now on (the desktop holds the screen the table needs)"
        systemctl set-default multi-user.target
    fi
    systemctl disable --quiet getty@tty1.service 2>/dev/null || true
}

start_service() {
    local start="$1"
    # A guard for --rollback, which may reach a release built before `pirate-table run` existed: the unit is
    # enabled only for a release whose `pirate-table run --help` works.
    if "$PREFIX/current/bin/pirate-table" run --help >/dev/null 2>&1; then
        systemctl enable --quiet "$SERVICE"
        if $start; then
            systemctl restart "$SERVICE"
            say "the table is starting: journalctl -u pirate-table -f shows what it does"
        fi
    else
        systemctl disable --quiet "$SERVICE" 2>/dev/null || true
        systemctl stop "$SERVICE" 2>/dev/null || true
        say "release $(target_of current) cannot start the table ('pirate-table run --help' fails: a release"
        say "older than that command, or a broken one): the service is installed but not enabled."
    fi
}

set_operator_pin() {
    # The operator's PIN (undo, corrections, a new game, quitting: docs/operator-guide.md) is made at the first
    # install and kept by every later one. The table's own command writes it into the data folder's config.
    if "$PREFIX/current/bin/pirate-table" operator --help >/dev/null 2>&1; then
        runuser -u "$TABLE_USER" -- env PIRATE_TABLE_HOME="$DATA_HOME" \
            "$PREFIX/current/bin/pirate-table" operator --new-pin --if-unset ||
            warn "the operator's PIN could not be set: run 'sudo -u $TABLE_USER PIRATE_TABLE_HOME=$DATA_HOME $PREFIX/current/bin/pirate-table operator --new-pin'"
    fi
}

prune() {
    local keep_current keep_previous release count=0
    keep_current="$(target_of current)"
    keep_previous="$(target_of previous)"
    while IFS= read -r release; do
        count=$((count + 1))
        if [ "$count" -gt "$KEEP_RELEASES" ] && [ "$release" != "$keep_current" ] && [ "$release" != "$keep_previous" ]; then
            say "removing old release $release"
            rm -rf "${PREFIX:?}/releases/$release"
        fi
    done < <(find "$PREFIX/releases" -mindepth 1 -maxdepth 1 -type d -printf '%T@ %f\n' | sort -rn | cut -d' ' -f2)
}

status() {
    echo "current:  $(target_of current)"
    echo "previous: $(target_of previous)"
    echo "releases (newest first):"
    if [ -d "$PREFIX/releases" ]; then
        find "$PREFIX/releases" -mindepth 1 -maxdepth 1 -type d -printf '  %TY-%Tm-%Td %TH:%TM  %f\n' | sort -r
    fi
    echo "service:  $(systemctl is-enabled "$SERVICE" 2>/dev/null || true), $(systemctl is-active "$SERVICE" 2>/dev/null || true)"
}

rollback() {
    local before
    before="$(target_of previous)"
    if [ -z "$before" ] || [ ! -f "$PREFIX/releases/$before/.complete" ]; then
        die "there is no previous release to go back to"
    fi
    switch_to "$before"
    start_service true
}

main() {
    local start=true action=install
    while [ $# -gt 0 ]; do
        case "$1" in
        --no-start) start=false ;;
        --rollback) action=rollback ;;
        --status) action=status ;;
        -h | --help)
            usage
            exit 0
            ;;
        *) die "unknown option '$1' (try --help)" ;;
        esac
        shift
    done
    if [ "$action" = status ]; then
        status
        return
    fi
    check_system
    if [ "$action" = rollback ]; then
        rollback
        return
    fi
    install_packages
    make_user_and_data_folder
    local id
    id="$(release_id)"
    build_release "$id"
    install_system_files
    switch_to "$id"
    set_operator_pin
    start_service "$start"
    prune
    say "done. Check the seats with: pirate-table selftest"
}

main "$@"
