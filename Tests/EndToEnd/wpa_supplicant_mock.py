"""A python-dbusmock template of wpa_supplicant as GeoClue's Wi-Fi source reads it.

One interface whose BSSs are the networks of a fixed scan. GeoClue reads the main object's
`Interfaces`, the interface's `BSSs` and each BSS's `BSSID`, `SSID`, `Signal` (int16, dBm) and
`Frequency` (uint16, MHz), and after calling `Scan` waits for `ScanDone(true)`
(../shared/notes/geoclue.md). Parameters: {"bsses": [[mac, ssid, dBm, MHz], ...]}.
Load with: python3 -m dbusmock --system --template Tests/EndToEnd/wpa_supplicant_mock.py -p JSON
"""

import dbus

BUS_NAME = "fi.w1.wpa_supplicant1"
MAIN_OBJ = "/fi/w1/wpa_supplicant1"
MAIN_IFACE = "fi.w1.wpa_supplicant1"
SYSTEM_BUS = True

INTERFACE_IFACE = "fi.w1.wpa_supplicant1.Interface"
BSS_IFACE = "fi.w1.wpa_supplicant1.BSS"
INTERFACE_PATH = MAIN_OBJ + "/Interfaces/0"


def _bytes(values):
    return dbus.Array([dbus.Byte(v) for v in values], signature="y")


def load(mock, parameters):
    """Adds the interface and one BSS object per network of `parameters["bsses"]`."""
    paths = []
    for k, (mac, ssid, rssi, frequency) in enumerate(parameters.get("bsses", [])):
        path = f"{INTERFACE_PATH}/BSSs/{k}"
        mock.AddObject(
            path,
            BSS_IFACE,
            {
                "BSSID": _bytes(int(octet, 16) for octet in mac.split(":")),
                "SSID": _bytes(ssid.encode()),
                "Signal": dbus.Int16(rssi),
                "Frequency": dbus.UInt16(frequency),
            },
            [],
        )
        paths.append(path)
    mock.AddObject(
        INTERFACE_PATH,
        INTERFACE_IFACE,
        {
            "BSSs": dbus.Array(paths, signature="o"),
            "State": "completed",
            "Ifname": "wlan0",
        },
        [
            (
                "Scan",
                "a{sv}",
                "",
                f"self.EmitSignal('{INTERFACE_IFACE}', 'ScanDone', 'b', [True])",
            ),
        ],
    )
    mock.AddProperties(
        MAIN_IFACE, {"Interfaces": dbus.Array([INTERFACE_PATH], signature="o")}
    )
