#!/usr/bin/env bash
# GeoClue (Debian's geoclue-2.0) asks the service where a fixed Wi-Fi scan is: a private system
# D-Bus, a mock wpa_supplicant holding the scan (python-dbusmock, wpa_supplicant_mock.py), GeoClue
# configured to ask URL, its demo agent, and its `where-am-i` demo, whose answer is printed.
# Run as root inside a private mount namespace (clients.sh does: unshare -m --propagation
# private), since GeoClue 2.6 reads only /etc/geoclue/geoclue.conf and a test copy is bind-mounted
# over it. What each piece needs is in ../shared/notes/geoclue.md.
# Usage: geoclue-client.sh URL BSSES_JSON WORK   (BSSES_JSON: {"bsses": [[mac, ssid, dBm, MHz], …]})
set -euo pipefail
url=$1
bsses=$2
work=$3
here=$(cd "$(dirname "$0")" && pwd)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done; }
trap cleanup EXIT

# wait_for_name NAME: until NAME has an owner on the bus (at most 10 s).
wait_for_name() {
  for _ in $(seq 1 100); do
    dbus-send --system --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
      "string:$1" 2> /dev/null | grep -q 'boolean true' && return 0
    sleep 0.1
  done
}

# A system bus of our own: permissive, on a socket in WORK.
cat > "$work/bus.conf" << EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$work/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_type="method_return"/>
    <allow send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="signal"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
  </policy>
</busconfig>
EOF
dbus-daemon --config-file="$work/bus.conf" --nofork --nopidfile 2> "$work/bus.log" &
pids+=($!)
export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/system_bus_socket"
for _ in $(seq 1 100); do [ -S "$work/system_bus_socket" ] && break; sleep 0.05; done

# The mock wpa_supplicant (Debian's python3 has the dbus module python-dbusmock needs).
/usr/bin/python3 -m dbusmock --system --template "$here/wpa_supplicant_mock.py" -p "$bsses" \
  > "$work/wpa.log" 2>&1 &
pids+=($!)
wait_for_name fi.w1.wpa_supplicant1

# GeoClue's configuration: Wi-Fi alone, asking the service; the demos allowed.
cat > "$work/geoclue.conf" << EOF
[agent]
whitelist=geoclue-demo-agent
[network-nmea]
enable=false
[3g]
enable=false
[cdma]
enable=false
[modem-gps]
enable=false
[compass]
enable=false
[wifi]
enable=true
url=$url
submit-data=false
[geoclue-where-am-i]
allowed=true
system=true
users=
[geoclue-demo-agent]
allowed=true
system=true
users=
EOF
mkdir -p /etc/geoclue
[ -e /etc/geoclue/geoclue.conf ] || touch /etc/geoclue/geoclue.conf
mount --bind "$work/geoclue.conf" /etc/geoclue/geoclue.conf

# GeoClue asks only when GIO reports full connectivity; with the base monitor, a route is enough.
export GIO_USE_NETWORK_MONITOR=base G_MESSAGES_DEBUG=all
/usr/libexec/geoclue --timeout 0 > "$work/geoclue.log" 2>&1 &
pids+=($!)
wait_for_name org.freedesktop.GeoClue2
unset G_MESSAGES_DEBUG
/usr/libexec/geoclue-2.0/demos/agent > "$work/agent.log" 2>&1 &
pids+=($!)
sleep 1
/usr/libexec/geoclue-2.0/demos/where-am-i -a 8 -t 60
