#!/usr/bin/env bash
# Installs Pirate Table on Raspberry Pi OS (64-bit) Trixie or Bookworm, updates it, or rolls it back. Run it from a
# checkout:
#
#   sudo hardware/pi/install.sh              install this checkout as a release and (re)start the table
#   sudo hardware/pi/install.sh --no-start   the same, but leave the table stopped
#   sudo hardware/pi/install.sh --venue [--plain] [TABLE ...]
#                                            make (or update) this Pi the venue: Mosquitto, with an account for
#                                            each table named (and every one made before), and the venue service.
#                                            TLS for the tables with the venue's own CA, and the venue page over
#                                            HTTPS through nginx (/admin only so); --plain: neither (a trusted LAN)
#   sudo hardware/pi/install.sh --rollback   go back to the release that ran before this one
#   sudo hardware/pi/install.sh --status     which releases there are and which one runs
#
# Releases: every install builds a virtual environment in /opt/pirate-table/releases/<commit>/ and points
# /opt/pirate-table/current at it (`previous` keeps the one before, for --rollback). The three newest stay.
# Running it again is safe: packages, the user, the folders and the unit are only changed when they differ,
# and a release already built from the same commit is reused. A table whose config.toml has a [venue] section
# is told what it needs to join that venue (its broker password file); docs/operator-guide.md, Running a venue.
set -euo pipefail

PREFIX=/opt/pirate-table
PREFIX="${PIRATE_TABLE_TEST_PREFIX:-$PREFIX}" # only the tests move it (tests/hardware/test_install_script.py)
ROOT="${PIRATE_TABLE_TEST_ROOT:-}"            # and put /etc and /var/lib under a scratch folder
DATA_HOME=/var/lib/pirate-table
TABLE_USER=pirate
TABLE_GROUPS=(gpio video render input dialout audio)
SERVICE=pirate-table.service
VENUE_SERVICE=pirate-table-venue.service
VENUE_USER=pirate-venue
VENUE_HOME=/var/lib/pirate-table-venue
MOSQUITTO_DIR=/etc/mosquitto
VENUE_PASSWORD_FILE=/etc/mosquitto/pirate-table/venue.password # written by `pirate-table venue-broker`
TABLE_PASSWORD_FILE=/etc/pirate-table/venue-password           # a table's, unless its [venue] names another
VENUE_PACKAGES=(mosquitto mosquitto-clients openssl)           # the broker; mosquitto_sub to watch it; the CA
HTTPS_PACKAGES=(nginx)                                         # the venue page over HTTPS (not with --plain)
NGINX_SITE=pirate-table-venue                                  # hardware/pi/pirate-table-venue.nginx
PLAIN=false                                                    # --plain: no TLS, no HTTPS
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
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
}

# The releases the table installs on, each with the Python its lock file was made with (scripts/lock-pi-requirements).
declare -A PYTHON_OF=([trixie]=3.13 [bookworm]=3.11)
RELEASE="" # the Raspberry Pi OS release found: trixie or bookworm
LOCK=""    # its lock file: hardware/pi/requirements-<release>.lock

check_system() {
    [ "$(id -u)" = 0 ] || die "run me as root: sudo $0"
    local os_release="$ROOT/etc/os-release" name="an unknown system" codename="" architecture
    if [ -r "$os_release" ]; then
        # shellcheck source=/dev/null
        name="$(. "$os_release" && echo "${PRETTY_NAME:-$name}")"
        # shellcheck source=/dev/null
        codename="$(. "$os_release" && echo "${VERSION_CODENAME:-}")"
    fi
    if [ -z "$codename" ] || [ -z "${PYTHON_OF[$codename]:-}" ]; then
        die "this is $name; the table installs on Raspberry Pi OS (64-bit) Trixie or Bookworm only.
  Flash one with Raspberry Pi Imager, under \"Raspberry Pi OS (other)\": \"Raspberry Pi OS Lite (64-bit)\" is
  Trixie, \"Raspberry Pi OS (Legacy, 64-bit) Lite\" is Bookworm (hardware/pi/README.md, Which system)."
    fi
    architecture="$(dpkg --print-architecture)"
    if [ "$architecture" != arm64 ] && [ -z "${PIRATE_TABLE_ANY_MACHINE:-}" ]; then
        if [ "$architecture" = armhf ]; then
            die "this is the 32-bit Raspberry Pi OS ($name); the table needs the 64-bit one: flash \"Raspberry Pi OS Lite (64-bit)\""
        fi
        die "this system is for $architecture machines, not a Raspberry Pi's 64-bit system (arm64): the table installs on a Raspberry Pi 4 or 5"
    fi
    RELEASE="$codename"
    LOCK="$HERE/requirements-$RELEASE.lock"
    say "this is $name: Python ${PYTHON_OF[$RELEASE]}, $(basename "$LOCK")"
    if ! grep -qi "raspberry pi" /proc/device-tree/model 2>/dev/null; then
        warn "this does not look like a Raspberry Pi: the camera and GPIO packages may be missing"
    fi
}

check_python() {
    # The lock file was resolved for the release's own python3; another one may need other pins.
    local want="${PYTHON_OF[$RELEASE]}" have
    have="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    [ "$have" = "$want" ] || die "python3 is $have here, but $RELEASE's is $want (its lock file is made for it): is this a plain $RELEASE?"
}

installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }

install_packages() {
    local venue="$1" wanted=("${APT_PACKAGES[@]}") missing=() tool
    if $venue; then wanted+=("${VENUE_PACKAGES[@]}"); fi
    if $venue && ! $PLAIN; then wanted+=("${HTTPS_PACKAGES[@]}"); fi
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
    install -d -o "$TABLE_USER" -g "$TABLE_USER" -m 0750 "$ROOT$DATA_HOME"
    if [[ ",$(findmnt -n -o OPTIONS --target "$ROOT$DATA_HOME")," == *,ro,* ]]; then
        warn "$DATA_HOME is on a read-only file system: the table cannot keep its games (see hardware/pi/README.md)"
    elif [ "$(findmnt -n -o FSTYPE --target "$ROOT$DATA_HOME")" = overlay ]; then
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
    elif [ -f "$SOURCE/RELEASE" ] && [[ "$(head -n 1 "$SOURCE/RELEASE")" =~ ^[0-9a-f]{7,40}$ ]]; then
        head -n 1 "$SOURCE/RELEASE" # a release file's commit (scripts/make-release)
    else
        echo "local-$(date +%Y%m%d-%H%M%S)"
    fi
}

build_release() {
    local id="$1" dir="$PREFIX/releases/$1"
    if [ -f "$dir/.complete" ]; then
        # A release is built for one system's Python: one built on Bookworm is of no use after a move to Trixie.
        # (Releases built before .system was written were all Bookworm's.)
        local built_for=bookworm
        if [ -f "$dir/.system" ]; then built_for="$(cat "$dir/.system")"; fi
        if [ "$built_for" = "$RELEASE" ]; then
            say "release $id is already built: reusing it"
            return
        fi
        say "release $id was built for $built_for: building it again for $RELEASE"
    fi
    [ -f "$LOCK" ] || die "this checkout has no $(basename "$LOCK"): update it (git pull)"
    say "building release $id in $dir (a few minutes: pygame is compiled against the system's SDL2)"
    rm -rf "$dir"
    install -d "$PREFIX/releases"
    # A copy of the checkout, so that building never writes into it (it belongs to whoever cloned it).
    COPY="$(mktemp -d)"
    tar -C "$SOURCE" --exclude=.git --exclude=.venv --exclude='*.egg-info' --exclude=build -cf - . | tar -C "$COPY" -xf -
    python3 -m venv --system-site-packages "$dir"
    "$dir/bin/python" -m pip install --quiet --upgrade pip
    # Every package from PyPI pinned to one version and checked against its hashes (this release's lock file),
    # mpremote too (scripts/flash-firmware); then the table itself, from the copy, with nothing more fetched (the
    # lock's setuptools builds it).
    "$dir/bin/python" -m pip install --require-hashes --no-binary pygame -r "$LOCK"
    "$dir/bin/python" -m pip install --no-deps --no-build-isolation "$COPY"
    rm -rf "$COPY"
    COPY=""
    "$dir/bin/python" -c "import table, serial, gpiozero, pygame, cv2, numpy, paho.mqtt, flask, waitress" \
        || die "release $id is broken: its Python packages do not import"
    check_numpy "$dir" || die "release $id is broken: the NumPy above does not match the system's"
    "$dir/bin/python" -c "import picamera2" 2>/dev/null \
        || warn "picamera2 does not import in release $id: the camera will not work (is python3-picamera2 installed?)"
    echo "$RELEASE" >"$dir/.system"
    echo "$id" >"$dir/.complete"
}

check_numpy() {
    # picamera2 and simplejpeg from apt are built against the system's NumPy (python3-numpy), and the environment's
    # own NumPy comes first there. A module built against one NumPy runs on a later one of the same major release,
    # never across 1 and 2 (their ABI differs), nor on an older one.
    local dir="$1" system venv
    system="$(dpkg-query -W -f='${Version}' python3-numpy 2>/dev/null | sed 's/^[0-9]*://' | cut -d. -f1,2)"
    [ -n "$system" ] || return 0 # no python3-numpy: nothing from apt needs one
    venv="$("$dir/bin/python" -c 'import numpy; print(".".join(numpy.__version__.split(".")[:2]))')"
    if [ "${venv%%.*}" != "${system%%.*}" ] || [ "${venv#*.}" -lt "${system#*.}" ]; then
        printf 'install.sh: NumPy %s in the environment, but apt'"'"'s picamera2 needs %s or a later %s.x\n' \
            "$venv" "$system" "${system%%.*}" >&2
        return 1
    fi
    say "NumPy $venv, for the system's python3-numpy $system"
}

target_of() {
    if [ -L "$PREFIX/$1" ]; then basename "$(readlink "$PREFIX/$1")"; fi
}

switch_to() {
    local id="$1" running
    running="$(target_of current)"
    # Stopped first, so that the running table (or venue) never loads a module from the next release.
    systemctl stop "$SERVICE" 2>/dev/null || true
    systemctl stop "$VENUE_SERVICE" 2>/dev/null || true
    if [ -n "$running" ] && [ "$running" != "$id" ]; then
        ln -sfn "releases/$running" "$PREFIX/previous"
    fi
    ln -sfn "releases/$id" "$PREFIX/current.new"
    mv -T "$PREFIX/current.new" "$PREFIX/current" # atomic: `current` always points at a whole release
    say "current release: $id${running:+ (was $running)}"
}

install_system_files() {
    local venue="$1"
    install -D -m 0644 "$HERE/$SERVICE" "$ROOT/etc/systemd/system/$SERVICE"
    # The venue's unit is updated wherever it was installed, and installed by --venue.
    if $venue || [ -e "$ROOT/etc/systemd/system/$VENUE_SERVICE" ]; then
        install -D -m 0644 "$HERE/$VENUE_SERVICE" "$ROOT/etc/systemd/system/$VENUE_SERVICE"
    fi
    install -D -m 0755 "$HERE/pirate-table" "$ROOT/usr/local/bin/pirate-table"
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

# The venue: the broker (Mosquitto) and the venue service on this Pi (docs/operator-guide.md, Running a venue).

make_venue_user_and_folder() {
    if ! id "$VENUE_USER" >/dev/null 2>&1; then
        say "creating the system user $VENUE_USER (the venue service)"
        useradd --system --user-group --home-dir "$VENUE_HOME" --no-create-home --shell /usr/sbin/nologin "$VENUE_USER"
    fi
    install -d -o "$VENUE_USER" -g "$VENUE_USER" -m 0750 "$ROOT$VENUE_HOME"
}

set_up_broker() {
    local program="$PREFIX/current/bin/pirate-table"
    "$program" venue-broker --help >/dev/null 2>&1 ||
        die "release $(target_of current) has no 'pirate-table venue-broker': install from a newer checkout"
    local args=(venue-broker --folder "$ROOT$MOSQUITTO_DIR" --venue-group "$VENUE_USER")
    # TLS unless asked not to: the tables' passwords cross the café's Wi-Fi, which guests share.
    if $PLAIN; then args+=(--no-tls); else args+=(--own-ca); fi
    if [ $# -gt 0 ]; then args+=(--tables "$@"); fi
    # Accounts with generated passwords (kept by every later run), the ACL, the listener; it says what it did.
    "$program" "${args[@]}" || die "the broker's accounts could not be written (the message above says why)"
}

write_venue_settings() {
    # The venue service's settings, written once (then they are the café's: league, admin password, TLS).
    # Behind the HTTPS proxy the service listens on this Pi only, and its session cookie is Secure.
    local settings="$ROOT$VENUE_HOME/venue.toml" web_host=127.0.0.1 behind_proxy=true
    if $PLAIN; then
        web_host=0.0.0.0
        behind_proxy=false
    fi
    if [ -e "$settings" ]; then
        say "venue settings: $VENUE_HOME/venue.toml (kept)"
        if ! grep -Eq "^behind_proxy *= *$behind_proxy" "$settings"; then
            warn "for this install its [web] wants host = \"$web_host\" and behind_proxy = $behind_proxy (docs/operator-guide.md)"
        fi
        return
    fi
    say "writing the venue settings $VENUE_HOME/venue.toml"
    (
        umask 027
        cat >"$settings" <<EOF
# The venue service's settings (pirate-table venue); docs/operator-guide.md, Running a venue.
[broker]
host = "localhost"
port = 1883
password_file = "$VENUE_PASSWORD_FILE"
tls_ca = ""

[web]
host = "$web_host"
port = 8080
behind_proxy = $behind_proxy
EOF
    )
    chown "$VENUE_USER:$VENUE_USER" "$settings"
}

set_up_https_proxy() {
    # nginx serves the venue page over HTTPS with the certificate venue-broker --own-ca made (/admin only so).
    local available="$ROOT/etc/nginx/sites-available" enabled="$ROOT/etc/nginx/sites-enabled"
    if $PLAIN; then
        if [ -e "$enabled/$NGINX_SITE" ]; then
            rm -f "$enabled/$NGINX_SITE"
            say "the venue page's HTTPS proxy is off (--plain)"
            systemctl reload nginx.service 2>/dev/null || true
        fi
        return
    fi
    install -D -m 0644 "$HERE/$NGINX_SITE.nginx" "$available/$NGINX_SITE"
    install -d -m 0755 "$enabled"
    ln -sfn "../sites-available/$NGINX_SITE" "$enabled/$NGINX_SITE"
    # Debian's welcome page would take port 80 (it is the default server there too).
    if [ -L "$enabled/default" ] && [ "$(readlink "$enabled/default")" = /etc/nginx/sites-available/default ]; then
        rm "$enabled/default"
    fi
    nginx -t -q || die "nginx does not take its configuration (nginx -t says why)"
    systemctl enable --quiet nginx.service
    say "the venue page: https://$(hostname).local/ (and http:// for the public pages)"
}

start_venue() {
    systemctl enable --quiet mosquitto.service
    systemctl restart mosquitto.service # a restart, not a reload: the listeners may have changed
    if ! $PLAIN; then systemctl restart nginx.service; fi # a new certificate is read at a restart
    if "$PREFIX/current/bin/pirate-table" venue --help >/dev/null 2>&1; then
        systemctl enable --quiet "$VENUE_SERVICE"
        systemctl restart "$VENUE_SERVICE"
        say "the venue is starting: journalctl -u pirate-table-venue -f shows what it does"
    else
        systemctl disable --quiet "$VENUE_SERVICE" 2>/dev/null || true
        say "release $(target_of current) has no 'pirate-table venue': the venue service is installed but not enabled."
    fi
}

restart_venue_if_enabled() {
    # The release under the venue service changed (an update, a rollback): it starts again on the new one.
    if systemctl is-enabled --quiet "$VENUE_SERVICE" 2>/dev/null; then
        systemctl restart "$VENUE_SERVICE"
        say "the venue service restarted on release $(target_of current)"
    fi
}

venue_section() {
    # The table's [venue] section as "table password_file broker" (nothing without one), read with Python's own
    # TOML reader: Bookworm's python3 is 3.11, Trixie's 3.13.
    python3 - "$1" "$TABLE_PASSWORD_FILE" <<'EOF'
import sys, tomllib
try:
    with open(sys.argv[1], "rb") as file:
        venue = tomllib.load(file).get("venue")
except (OSError, tomllib.TOMLDecodeError):
    venue = None
if isinstance(venue, dict) and isinstance(venue.get("table"), str) and venue["table"]:
    print(venue["table"], venue.get("password_file") or sys.argv[2], venue.get("broker") or "?")
EOF
}

join_venue() {
    # A table whose config has a [venue] section sends its results to that venue's broker with its own
    # account: its password must be in the file the section names, readable by the table's user only.
    local config="$ROOT$DATA_HOME/config.toml" found table password_file broker
    [ -f "$config" ] || return 0
    found="$(venue_section "$config")" || found=""
    [ -n "$found" ] || return 0
    read -r table password_file broker <<<"$found"
    say "this table is table $table of the venue at $broker ([venue] in $DATA_HOME/config.toml)"
    install -d -m 0755 "$(dirname "$ROOT$password_file")"
    if [ -s "$ROOT$password_file" ]; then
        chown "root:$TABLE_USER" "$ROOT$password_file"
        chmod 0640 "$ROOT$password_file"
        say "its broker password: $password_file (root:$TABLE_USER, 0640)"
    else
        warn "to reach the venue, this table needs its broker password in $password_file. On the venue's Pi it is
  $MOSQUITTO_DIR/pirate-table/tables/$table.password, made there by
  sudo $PREFIX/current/bin/pirate-table venue-broker --add-table $table
  Copy it here, then: sudo install -o root -g $TABLE_USER -m 0640 $table.password $password_file
  With TLS (a venue's default) copy the venue's $MOSQUITTO_DIR/pirate-table/tls/ca.crt here too:
  sudo install -m 0644 ca.crt /etc/pirate-table/venue-ca.crt, and in [venue]: port = 8883, tls_ca = that file.
  Then restart the table (sudo systemctl restart pirate-table). Until then it plays on, and its results wait."
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
    if [ -e "$ROOT/etc/systemd/system/$VENUE_SERVICE" ]; then
        echo "venue:    $(systemctl is-enabled "$VENUE_SERVICE" 2>/dev/null || true), $(systemctl is-active "$VENUE_SERVICE" 2>/dev/null || true)"
    fi
}

rollback() {
    local before
    before="$(target_of previous)"
    if [ -z "$before" ] || [ ! -f "$PREFIX/releases/$before/.complete" ]; then
        die "there is no previous release to go back to"
    fi
    switch_to "$before"
    # A Pi that is only a venue keeps its table off.
    if systemctl is-enabled --quiet "$SERVICE" 2>/dev/null || ! systemctl is-enabled --quiet "$VENUE_SERVICE" 2>/dev/null; then
        start_service true
    fi
    restart_venue_if_enabled
}

main() {
    local start=true action=install venue=false tables=()
    while [ $# -gt 0 ]; do
        case "$1" in
        --no-start) start=false ;;
        --venue) venue=true ;;
        --plain) PLAIN=true ;;
        --rollback) action=rollback ;;
        --status) action=status ;;
        -h | --help)
            usage
            exit 0
            ;;
        -*) die "unknown option '$1' (try --help)" ;;
        *)
            $venue || die "'$1': a table's id comes after --venue (try --help)"
            tables+=("$1")
            ;;
        esac
        shift
    done
    if $PLAIN && ! $venue; then die "--plain is for --venue: a venue without TLS (try --help)"; fi
    if [ "$action" = status ]; then
        status
        return
    fi
    check_system
    if [ "$action" = rollback ]; then
        rollback
        return
    fi
    install_packages "$venue"
    check_python
    make_user_and_data_folder
    if $venue; then make_venue_user_and_folder; fi
    local id
    id="$(release_id)"
    build_release "$id"
    install_system_files "$venue"
    switch_to "$id"
    if $venue; then
        set_up_broker "${tables[@]}"
        write_venue_settings
        set_up_https_proxy
        if $start; then start_venue; fi
        # This Pi may be a table too: then the table starts again on the new release; --venue never makes it one.
        if $start && systemctl is-enabled --quiet "$SERVICE" 2>/dev/null; then start_service true; fi
        prune
        say "done. Next: the admin password, as root:"
        say "  sudo -u $VENUE_USER env PIRATE_TABLE_HOME=$VENUE_HOME $PREFIX/current/bin/pirate-table venue --set-admin-password"
        return
    fi
    set_operator_pin
    join_venue
    start_service "$start"
    if $start; then restart_venue_if_enabled; fi
    prune
    say "done. Check the seats with: pirate-table selftest"
}

main "$@"
