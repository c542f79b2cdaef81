#!/usr/bin/env python3
"""Seed corpora for the fuzz harnesses, made from the repository's own files.

usage: seeds.py REPO_ROOT OUT_DIR [RADIO_MAP]  (writes OUT_DIR/<Harness>/<seed files>)
Seeds are kept small (a few kB) so that libFuzzer runs many executions a second.
"""
import io, json, os, pathlib, shutil, sys, zipfile

root, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
radio_map = sys.argv[3] if len(sys.argv) > 3 else None


def put(harness, name, data):
    folder = out / harness
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode())


def small_collection(path, count):
    """The first `count` features of a GeoJSON FeatureCollection, re-serialized."""
    collection = json.loads(path.read_text())
    collection["features"] = collection["features"][:count]
    return json.dumps(collection)


def harness_units(path, count):
    """The first `count` units on FuzzVenueFiles' two levels (half on each), scaled into the
    14 m square its levels cover."""
    collection = json.loads(path.read_text())
    units = collection["features"][:count]
    points = [p for u in units for ring in u["geometry"]["coordinates"] for p in ring]
    x0, y0 = min(p[0] for p in points), min(p[1] for p in points)
    scale = min(0.00026 / (max(p[0] for p in points) - x0), 0.00013 / (max(p[1] for p in points) - y0))
    for k, unit in enumerate(units):
        unit["geometry"]["coordinates"] = [
            [[round(24.9384 + (p[0] - x0) * scale, 9), round(60.1699 + (p[1] - y0) * scale, 9)] for p in ring]
            for ring in unit["geometry"]["coordinates"]]
        unit["properties"]["level_id"] = ("22222222-2222-4222-8222-222222222222" if k % 2 == 0
                                          else "33333333-3333-4333-8333-333333333333")
        unit["properties"]["display_point"] = None
    collection["features"] = units
    return json.dumps(collection)


for venue in ["office", "mall"]:
    folder = root / "Surveys" / venue
    for name in ["manifest.json", "venue.geojson", "level.geojson", "building.geojson"]:
        put("FuzzJSON", f"{venue}-{name}", (folder / name).read_bytes())
    put("FuzzVenueFiles", f"{venue}-units", harness_units(folder / "unit.geojson", 4))
    # The units, then after a NUL byte one level of the harness's whose outline is larger than
    # its units (an open walkway), with a vertex far away.
    level = {"type": "FeatureCollection", "features": [{
        "type": "Feature", "id": "22222222-2222-4222-8222-222222222222", "feature_type": "level",
        "geometry": {"type": "Polygon", "coordinates": [[[24.9383, 60.1698], [24.9388, 60.1698],
                                                          [24.9388, 60.1702], [24.9383, 60.1702],
                                                          [24.9383, 60.1698]]]},
        "properties": {"category": "unspecified", "ordinal": 0, "name": {"en": "G"},
                       "short_name": {"en": "G"}, "outdoor": False, "building_ids": None,
                       "address_id": None, "display_point": None}}]}
    put("FuzzVenueFiles", f"{venue}-units-level",
        harness_units(folder / "unit.geojson", 4).encode() + b"\0" + json.dumps(level).encode())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in ["manifest.json", "venue.geojson", "level.geojson"]:
            archive.writestr(f"{venue}/{name}", (folder / name).read_bytes())
        for name in ["unit.geojson", "opening.geojson"]:
            archive.writestr(f"{venue}/{name}", small_collection(folder / name, 3))
    put("FuzzVenueZip", f"{venue}.zip", buffer.getvalue())

survey = (root / "Surveys" / "office-8m.survey.ndjson").read_text().splitlines()
put("FuzzSurvey", "office-8m-head", "\n".join(survey[:4]) + "\n")
put("FuzzSurvey", "office-8m-latlon", survey[0] + "\n" + survey[5].replace('"x":', '"lon":24.9389,"xx":') + "\n")
put("FuzzJSON", "survey-line", survey[1])

wap = ",".join(f"WAP{i:03d}" for i in range(1, 6))
put("FuzzUJI", "small.csv",
    f"{wap},LONGITUDE,LATITUDE,FLOOR,BUILDINGID,SPACEID,RELATIVEPOSITION,USERID,PHONEID,TIMESTAMP\n"
    "100,-70,100,-85,100,-7640.2,4864960.1,2,1,106,2,2,23,1371713733\n"
    "-60,100,-95,100,100,-7632.1,4864982.2,0,0,107,1,2,13,1371713805\n")

put("FuzzILC", "walk.txt",
    "#\tstartTime:1574559495255\n"
    "#\tSiteID:s\tSiteName:site\tFloorId:f\tFloorName:F1\n"
    "#\tBrand:OPPO\tModel:PBCM10\n"
    "1574559495263\tTYPE_WAYPOINT\t81.317215\t93.31349\n"
    "1574559495401\tTYPE_ACCELEROMETER\t-0.85\t1.82\t9.82\t2\n"
    "1574559496401\tTYPE_WIFI\tshop\t0e:74:9c:a7:b2:e4\t-43\t5765\t1574559496380\n"
    "1574559496401\tTYPE_WIFI\tcafe\t1e:74:9c:a7:b2:e4\t-61\t2437\t1574559496100\n"
    "1574559498401\tTYPE_WIFI\tshop\t0e:74:9c:a7:b2:e4\t-45\t5765\t1574559498380\n"
    "1574559499263\tTYPE_WAYPOINT\t85.0\t95.5\n")

put("FuzzIPIN", "trial.txt",
    "% LogFile created by the 'GetSensorData' App for Android.\n"
    "% Manufacturer:            \tsamsung\n"
    "% Model:                   \tSM-A520F\n"
    "ACCE;0.0448;2558.6338;-1.13967;6.03836;6.58426;3\n"
    "GYRO;0.0442;2558.6338;-0.05815;-0.34633;0.13078;3\n"
    "MAGN;0.0450;2558.6338;12.1;;-30.2;-20.5;3\n"
    "AHRS;0.0456;2558.6338;38.443356;6.974803;-157.526794;0.12037100;-0.31112301;-0.92053300;3\n"
    "PRES;0.0429;2558.6124;980.0779;3\n"
    "POSI;0.5;1;49.460948188642;11.110539036217;0;100\n"
    "WIFI;1.2635;2559.8518;SSID2023_0006;20:23:00:00:00:90;2437;-75\n"
    "WIFI;1.2635;2559.8518;SSID2023_0001;20:23:00:00:00:01;2437;-78\n"
    "ACCE;1.3;2559.9;-1.2;6.1;7.9;3\n"
    "AHRS;1.3;2559.9;38.4;6.9;-150.1;0.12;-0.31;-0.92;3\n"
    "PRES;1.4;2560.0;980.5;3\n"
    "POSI;2.5;2;49.461013377334;11.110529162966;-2;100\n")

for path in sorted((root / "Scenarios").glob("*.yaml")):
    put("FuzzScenario", path.name, path.read_bytes())
for path in sorted((root / "Surveys").glob("*.world.yaml")):
    put("FuzzWorld", path.name, path.read_bytes())

put("FuzzEventStream", "walk.ndjson", "\n".join([
    '{"type":"meta","schema":1,"venue":"office","venue_path":"Surveys/office","seed":7,"generator":"fingerpost simulate","origin":[24.93894,60.1701]}',
    '{"type":"truth","t":0.1,"ordinal":0,"x":1.5,"y":-2.25,"unit":"u1","heading":90,"checkpoint":true}',
    '{"type":"step","t":0.5,"length":0.7,"heading":91.5}',
    '{"type":"step","t":1.0,"speed":1.3,"heading":92}',
    '{"type":"scan","t":2,"device":"phone","readings":[["02:fb:00:00:00:24",-65,2412],["02:fb:00:00:07:24",-77]]}',
    '{"type":"fix","t":2,"lat":60.17,"lon":24.93,"x":1.2,"y":-2.0,"ordinal":0,"level_id":"l0","unit_id":"u1","unit_name":"Room \\"A\\"","accuracy_m":3.5,"course":88,"speed":1.2}',
    '{"type":"particles","t":2,"points":[[1,2,0],[1.5,2.5,0]]}',
    '{"type":"score","metrics":{"p75":1.2}}',
]) + "\n")

if radio_map:
    put("FuzzRadioMap", "small.fpmap", pathlib.Path(radio_map).read_bytes())

# The service's request bodies.
put("FuzzGeolocate", "geolocate.json", json.dumps({"considerIp": False, "wifiAccessPoints": [
    {"macAddress": "02:aa:00:00:00:01", "signalStrength": -60},
    {"macAddress": "02-AA-00-00-00-02", "signalStrength": -71, "ssid": "x"}]}))
put("FuzzLocate", "locate.json", json.dumps({"readings": [["02:aa:00:00:00:01", -60], ["02:aa:00:00:00:02", -71, 2412]]}))
put("FuzzSessionEvents", "batch.ndjson",
    '{"type":"step","t":0.5,"length":0.7,"heading":90}\n'
    '{"type":"scan","t":0.6,"device":"p","readings":[["02:aa:00:00:00:01",-60]]}\n')

# Geosubmit items are placed in the sample office (the harness loads this zip).
office = root / "Surveys" / "office"
with zipfile.ZipFile(out / "office.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    for path in sorted(office.iterdir()):
        archive.write(path, path.name)
level = json.loads((office / "level.geojson").read_text())["features"][0]
put("FuzzGeosubmit", "geosubmit.json", json.dumps({"items": [
    {"timestamp": 1700000000000, "indoor": {"venue": "office", "level_id": level["id"], "x": 3.5, "y": -2.25},
     "wifiAccessPoints": [{"macAddress": "02:aa:00:00:00:01", "signalStrength": -60}]},
    {"position": {"latitude": 60.1702, "longitude": 24.9391},
     "indoor": {"venue": "office", "ordinal": level["properties"]["ordinal"]},
     "wifiAccessPoints": [{"macAddress": "02-AA-00-00-00-02", "signalStrength": -71}]}]}))
