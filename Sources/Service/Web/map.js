// Fingerpost's web map: the venues a key may read, a venue's units by category with a level
// picker and place cards, the radio map's layers (survey, APs heard, the expected error of one
// scan) and an `assess --geojson` accuracy map, and live tracking sessions (dot, accuracy circle,
// trail) over Server-Sent Events. No build step, no tiles: the IMDF units are the map. The API key stays in
// session storage and travels in an Authorization header, never in a URL.
"use strict";

const statusLine = document.getElementById("status");

function say(text, isError = false) {
  statusLine.textContent = text;
  statusLine.classList.toggle("error", isError);
}

if (typeof L === "undefined") {
  say("Leaflet is not installed on the server (Debian: apt-get install libjs-leaflet).", true);
  throw new Error("Leaflet missing");
}

const state = {
  key: sessionStorage.getItem("fingerpost.key") || "",
  venue: null,       // id of the venue shown
  levels: [],        // the venue's levels
  features: [],      // its unit features
  ordinal: null,     // the ordinal shown
  layer: null,       // the units drawn
  layers: new Map(), // ordinal -> built layer (built the first time it is shown)
  sessions: new Map(),
  venues: [],        // the venues the key may read
  radio: new Map(),  // ordinal -> its radio-map layers (fetched the first time one is shown)
  assess: null,      // an accuracy map read from a file
  overlay: null,     // the radio layer drawn
};

const map = L.map("map", { preferCanvas: true, zoomSnap: 0.25, maxZoom: 23, attributionControl: false });
map.setView([0, 0], 2);
// Units below, then the radio map's layers, then live sessions on top; each its own canvas.
map.createPane("radio").style.zIndex = 410;
map.createPane("live").style.zIndex = 450;
const radioRenderer = L.canvas({ pane: "radio" });
const liveRenderer = L.canvas({ pane: "live" });

// How a unit is drawn, by kind of area (the terminal viewer's kinds, after Apple's guidance
// for indoor maps: each kind its own fill).
const KINDS = {
  walkway: ["walkway", "walkway.island", "lobby", "unenclosedarea", "footbridge", "platform",
    "terrace", "ramp", "steps", "movingwalkway"],
  restroom: ["restroom", "shower", "changingroom"],
  connector: ["stairs", "elevator", "escalator"],
  nonpublic: ["nonpublic", "privatelounge", "serverroom", "storage", "mailroom", "mechanical",
    "parking", "road"],
  structure: ["structure", "column", "opentobelow", "brick", "concrete", "drywall", "glass", "wood",
    "water", "vegetation"],
  room: ["room", "office", "conferenceroom", "classroom", "auditorium", "laboratory", "library",
    "kitchen", "foodservice", "retail", "waitingroom", "fitnessroom", "firstaid", "security",
    "recreation", "phoneroom", "lounge", "administration", "ticketing", "theater"],
};
const FILL = { room: "#dcd6cc", walkway: "#f8f6f1", restroom: "#bcd5ec", connector: "#e8d7a4",
  nonpublic: "#cfcfcf", structure: "#a3a3a3", other: "#e7e3dc" };

function kind(category) {
  if (category.startsWith("restroom")) return "restroom";
  for (const [k, list] of Object.entries(KINDS)) if (list.includes(category)) return k;
  return "other";
}

function unitStyle(feature) {
  const k = kind(feature.properties.category);
  return { color: "#8e8a84", weight: feature.properties.derived ? 0 : 1, fillColor: FILL[k],
    fillOpacity: 1 };
}

// --- the API -----------------------------------------------------------------------------------

function api(path, options = {}) {
  const headers = Object.assign({}, options.headers || {});
  if (state.key) headers.Authorization = "Bearer " + state.key;
  return fetch(path, Object.assign({}, options, { headers }));
}

async function problem(response) {
  try {
    const body = await response.json();
    return `${response.status}: ${(body.error && body.error.message) || response.statusText}`;
  } catch (_) {
    return `${response.status} ${response.statusText}`;
  }
}

async function getJSON(path) {
  const response = await api(path);
  if (!response.ok) throw new Error(await problem(response));
  return response.json();
}

// --- venues ------------------------------------------------------------------------------------

function element(tag, text, attributes = {}) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, value);
  return e;
}

async function loadVenues() {
  const list = document.getElementById("venues");
  list.replaceChildren();
  if (!state.key) { say("Type an API key to see the venues it may read."); return; }
  let venues;
  try {
    venues = await getJSON("/fp/v1/venues");
  } catch (error) {
    say(`Venues: ${error.message}`, true);
    return;
  }
  state.venues = venues;
  say(venues.length ? `${venues.length} venue(s)` : "This key may read no venue.");
  for (const venue of venues) {
    const button = element("button", venue.name, { type: "button", "data-venue": venue.id });
    const detail = venue.map_version ? `map v${venue.map_version}` : "no radio map yet";
    button.append(element("span", `${venue.id} · ${venue.survey_scans} survey scans · ${detail}`,
      { class: "detail" }));
    button.addEventListener("click", () => showVenue(venue.id));
    const item = element("li");
    item.append(button);
    list.append(item);
  }
  const wanted = new URLSearchParams(location.hash.slice(1)).get("venue");
  if (wanted && venues.some((v) => v.id === wanted)) showVenue(wanted);
}

async function showVenue(id) {
  say(`Loading ${id}…`);
  let levels, collection;
  try {
    [levels, collection] = await Promise.all([
      getJSON(`/fp/v1/venues/${encodeURIComponent(id)}/levels`),
      getJSON(`/fp/v1/venues/${encodeURIComponent(id)}/units.geojson`),
    ]);
  } catch (error) {
    say(`${id}: ${error.message}`, true);
    return;
  }
  for (const b of document.querySelectorAll("#venues button")) {
    b.setAttribute("aria-current", String(b.dataset.venue === id));
  }
  const sessions = new URLSearchParams(location.hash.slice(1)).get("session");
  history.replaceState(null, "", `#venue=${encodeURIComponent(id)}`
    + (sessions && id === new URLSearchParams(location.hash.slice(1)).get("venue") ? `&session=${sessions}` : ""));
  if (state.layer) state.layer.remove();
  state.venue = id;
  state.levels = levels;
  state.features = collection.features;
  state.layers = new Map();
  state.layer = null;
  state.ordinal = null;
  state.radio = new Map();
  state.assess = null;
  const hasMap = Boolean((state.venues.find((v) => v.id === id) || {}).map_version);
  for (const input of document.querySelectorAll("#radio-layers input")) {
    if (input.value === "survey" || input.value === "heard" || input.value === "bound") input.disabled = !hasMap;
    if (input.value === "assess") input.disabled = true;
    input.checked = input.value === "none";
  }
  document.getElementById("assess-file").value = "";
  document.getElementById("radio-section").hidden = false;
  document.getElementById("sessions-section").hidden = false;
  const ordinals = [...new Set(levels.map((l) => l.ordinal))].sort((a, b) => b - a);
  buildLevelPicker(ordinals);
  if (collection.features.length) {
    map.fitBounds(L.geoJSON(collection).getBounds(), { padding: [20, 20] });
  }
  const ground = ordinals.includes(0) ? 0 : ordinals[ordinals.length - 1];
  if (ground !== undefined) showOrdinal(ground);
  say(`${id}: ${levels.length} level(s), ${collection.features.filter((f) => !f.properties.derived).length} units`);
  // Sessions named in the address (`#venue=V&session=S1,S2`, as `replay --to` prints it).
  const named = new URLSearchParams(location.hash.slice(1)).get("session") || "";
  for (const session of named.split(",").filter(Boolean)) followSession(session);
}

// --- levels ------------------------------------------------------------------------------------

function buildLevelPicker(ordinals) {
  const picker = document.getElementById("levels");
  picker.replaceChildren();
  for (const ordinal of ordinals) {
    // Levels that share an ordinal (indoor and outdoor, or several buildings) share a button.
    const names = [...new Set(state.levels.filter((l) => l.ordinal === ordinal)
      .map((l) => l.name || String(ordinal)))];
    const button = element("button", names.length === 1 && names[0].length <= 4 ? names[0] : String(ordinal),
      { type: "button", "data-ordinal": String(ordinal), title: `${names.join(" / ")} (ordinal ${ordinal})`,
        "aria-pressed": "false" });
    button.addEventListener("click", () => showOrdinal(ordinal));
    picker.append(button);
  }
  picker.hidden = ordinals.length === 0;
}

function showOrdinal(ordinal) {
  if (state.ordinal === ordinal) return;
  state.ordinal = ordinal;
  if (state.layer) state.layer.remove();
  if (!state.layers.has(ordinal)) {
    const features = state.features.filter((f) => f.properties.ordinal === ordinal);
    // The derived open walkway first, so that the units drawn from the archive lie on top.
    features.sort((a, b) => Number(b.properties.derived) - Number(a.properties.derived));
    state.layers.set(ordinal, L.geoJSON({ type: "FeatureCollection", features }, {
      style: unitStyle,
      onEachFeature: (feature, layer) => layer.bindPopup(() => placeCard(feature.properties)),
    }));
  }
  state.layer = state.layers.get(ordinal).addTo(map);
  for (const b of document.querySelectorAll("#levels button")) {
    b.setAttribute("aria-pressed", String(Number(b.dataset.ordinal) === ordinal));
  }
  drawRadio();
  for (const session of state.sessions.values()) drawSession(session);
}

function placeCard(p) {
  const card = element("div", null, { class: "place-card" });
  card.append(element("h3", p.name || (p.derived ? "Walkway" : p.category)));
  card.append(element("p", p.category + (p.derived ? " (open walkway, derived)" : ""), { class: "category" }));
  if (p.occupants.length) card.append(element("p", p.occupants.join(", ")));
  if (p.amenities.length) card.append(element("p", `Amenities: ${p.amenities.join(", ")}`));
  card.append(element("p", `Level ${p.level_name} (ordinal ${p.ordinal}) · ${p.area_m2} m²`));
  return card;
}

// --- the radio map ------------------------------------------------------------------------------

// What each layer draws: which features, the value that colours them, its unit and its scale
// (values at or past the ends take the end colours; for errors, low is good and green).
const LAYERS = {
  survey: { source: "radio", kind: "survey", value: (p) => p.scans, label: "survey scans at a point",
    unit: "", stops: [1, 2, 4, 8, 16], good: "high" },
  heard: { source: "radio", kind: "cell", value: (p) => p.aps_heard, label: "APs a scan hears",
    unit: "", stops: [0, 2, 5, 10, 20], good: "high" },
  bound: { source: "radio", kind: "cell", value: (p) => p.expected_error_m,
    label: "expected error of one scan (Cramér–Rao)", unit: " m", stops: [1, 2, 4, 8, 16], good: "low" },
  assess: { source: "assess", kind: null, value: (p) => p.error_m, label: "assess: mean error",
    unit: " m", stops: [1, 2, 4, 8, 16], good: "low" },
};
const RAMP = ["#1a9850", "#91cf60", "#fee08b", "#fc8d59", "#d73027"];

function colour(layer, value) {
  if (value === null || value === undefined || !Number.isFinite(value)) return "#7f7f7f";
  let i = layer.stops.findIndex((stop) => value < stop);
  if (i < 0) i = layer.stops.length;
  i = Math.max(0, i - 1);
  return layer.good === "low" ? RAMP[i] : RAMP[RAMP.length - 1 - i];
}

function chosenLayer() {
  const input = document.querySelector('#radio-layers input:checked');
  return input ? input.value : "none";
}

async function drawRadio() {
  // A later call (another layer, level or venue chosen while this one waited) draws instead.
  const generation = state.radioDraws = (state.radioDraws || 0) + 1;
  if (state.overlay) { state.overlay.remove(); state.overlay = null; }
  const name = chosenLayer();
  const status = document.getElementById("radio-status");
  const legend = document.getElementById("legend");
  legend.replaceChildren();
  if (name === "none" || state.ordinal === null) { status.textContent = ""; return; }
  const layer = LAYERS[name];
  const ordinal = state.ordinal;
  if (layer.source === "radio" && !state.radio.has(ordinal)) {
    const venue = state.venue;
    status.textContent = "loading the radio map…";
    // The ordinal's levels one by one (a venue's layers at once can be megabytes); all at once
    // when the levels have no IMDF ids (a map-only venue).
    const ids = state.levels.filter((l) => l.ordinal === ordinal).map((l) => l.level_id);
    const base = `/fp/v1/venues/${encodeURIComponent(venue)}/radiomap.geojson`;
    const paths = ids.length && ids.every(Boolean) ? ids.map((id) => `${base}?level=${encodeURIComponent(id)}`) : [base];
    let features;
    try {
      features = (await Promise.all(paths.map(getJSON))).flatMap((c) => c.features);
    } catch (error) {
      if (generation === state.radioDraws) status.textContent = `radio map: ${error.message}`;
      return;
    }
    if (state.venue !== venue) return;
    state.radio.set(ordinal, features.filter((f) => f.properties.ordinal === ordinal));
    if (generation !== state.radioDraws) return;
  }
  const all = layer.source === "radio" ? state.radio.get(ordinal) : (state.assess || []);
  const features = all.filter((f) => f.properties.ordinal === state.ordinal
    && (layer.kind === null || f.properties.kind === layer.kind));
  const values = features.map((f) => layer.value(f.properties)).filter(Number.isFinite).sort((a, b) => a - b);
  const median = values.length ? values[Math.floor(values.length / 2)] : null;
  const what = layer.kind === "survey" ? "survey points" : layer.source === "assess" ? "features" : "squares";
  status.textContent = `${layer.label}: ${features.length} ${what} on this level`
    + (values.length < features.length ? `, ${values.length} with a value` : "")
    + (median === null ? "" : `, median ${Math.round(median * 10) / 10}${layer.unit}`);
  state.overlay = L.geoJSON({ type: "FeatureCollection", features }, {
    pane: "radio",
    renderer: radioRenderer,
    style: (f) => {
      const value = layer.value(f.properties);
      // No value (a unit no walk entered, a place the map cannot tell apart): outlined only.
      if (!Number.isFinite(value)) return { color: "#7f7f7f", weight: 1, dashArray: "2 3", fillOpacity: 0 };
      const c = colour(layer, value);
      return { color: c, weight: layer.source === "assess" ? 1 : 0,
        fillColor: c, fillOpacity: 0.55 };
    },
    pointToLayer: (f, at) => L.circleMarker(at, { renderer: radioRenderer, radius: 3 + Math.min(f.properties.scans || 1, 8) / 2 }),
    onEachFeature: (f, l) => l.bindTooltip(() => radioCard(f.properties)),
  }).addTo(map);
  for (let i = 0; i < RAMP.length; i++) {
    const lo = layer.stops[i];
    const text = i === 0 ? `< ${layer.stops[1]}`
      : i + 1 < layer.stops.length ? `${lo}–${layer.stops[i + 1]}` : `≥ ${lo}`;
    const swatch = element("i");
    swatch.style.background = layer.good === "low" ? RAMP[i] : RAMP[RAMP.length - 1 - i];
    const entry = element("span");
    entry.append(swatch, `${text}${layer.unit}`);
    legend.append(entry);
  }
}

function radioCard(p) {
  const rows = [];
  const add = (label, value, unit = "") => {
    if (value !== undefined) rows.push(`${label}: ${value === null ? "–" : value + unit}`);
  };
  add("survey scans", p.scans);
  add("APs heard", p.aps_heard);
  add("expected error of one scan", p.expected_error_m, " m");
  add("distance to the survey", p.survey_distance_m, " m");
  add("mean error (assess)", p.error_m, " m");
  add("floor hit", p.floor_hit);
  if (p.name) rows.unshift(p.name);
  const card = element("div");
  for (const row of rows) card.append(element("div", row));
  return card;
}

function readAssess(file) {
  const reader = new FileReader();
  reader.onload = () => {
    let collection;
    try { collection = JSON.parse(reader.result); } catch (error) { collection = null; }
    const status = document.getElementById("radio-status");
    if (!collection || collection.type !== "FeatureCollection" || !Array.isArray(collection.features)) {
      status.textContent = `${file.name}: not a GeoJSON FeatureCollection`;
      return;
    }
    state.assess = collection.features.filter((f) => f && f.properties
      && typeof f.properties.ordinal === "number" && f.geometry);
    const input = document.querySelector('#radio-layers input[value="assess"]');
    input.disabled = false;
    input.checked = true;
    drawRadio();
  };
  reader.readAsText(file);
}

// --- live sessions -----------------------------------------------------------------------------

const COLOURS = ["#0071e3", "#e3002b", "#00a35c", "#a100e3", "#e37a00", "#008c9e"];

function followSession(id) {
  if (!id || state.sessions.has(id)) return;
  const colour = COLOURS[state.sessions.size % COLOURS.length];
  const item = element("li");
  const swatch = element("span", null, { class: "swatch" });
  swatch.style.background = colour;
  const label = element("span", "connecting…", { class: "state" });
  item.append(swatch, element("span", id), label);
  document.getElementById("sessions").append(item);
  const session = { id, colour, label, fix: null, trail: [], lastID: null, ended: false,
    group: L.layerGroup().addTo(map) };
  state.sessions.set(id, session);
  stream(session);
}

async function stream(session) {
  const headers = { Accept: "text/event-stream" };
  if (session.lastID !== null) headers["Last-Event-ID"] = session.lastID;
  let response;
  try {
    response = await api(`/fp/v1/sessions/${encodeURIComponent(session.id)}/fixes`, { headers });
  } catch (error) {
    return retry(session, `offline (${error.message})`);
  }
  if (!response.ok) {
    session.label.textContent = await problem(response);
    session.ended = true;
    return;
  }
  session.label.textContent = "live";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        event(session, buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  } catch (error) {
    return retry(session, `reconnecting (${error.message})`);
  }
  session.label.textContent = "ended";
  session.ended = true;
}

function retry(session, why) {
  session.label.textContent = why;
  setTimeout(() => stream(session), 2000);
}

function event(session, text) {
  let data = "";
  for (const line of text.split("\n")) {
    if (line.startsWith("id:")) session.lastID = line.slice(3).trim();
    else if (line.startsWith("data:")) data += line.slice(5).trim();
  }
  if (!data) return;
  let fix;
  try { fix = JSON.parse(data); } catch (_) { return; }
  if (fix.type !== "fix" || typeof fix.lat !== "number" || typeof fix.lon !== "number") return;
  session.fix = fix;
  session.trail.push({ at: [fix.lat, fix.lon], ordinal: fix.ordinal });
  if (session.trail.length > 600) session.trail.shift();
  session.label.textContent = `${fix.unit_name || "level " + fix.ordinal} · ±${fix.accuracy_m} m`;
  if (document.getElementById("follow-floor").checked && fix.ordinal !== state.ordinal
    && state.levels.some((l) => l.ordinal === fix.ordinal)) {
    showOrdinal(fix.ordinal);
  } else {
    drawSession(session);
  }
}

function drawSession(session) {
  session.group.clearLayers();
  const fix = session.fix;
  if (!fix) return;
  const here = fix.ordinal === state.ordinal;
  // The trail on the level shown; the dot faded when the fix is on another level.
  const points = session.trail.filter((p) => p.ordinal === state.ordinal).map((p) => p.at);
  if (points.length > 1) {
    L.polyline(points, { color: session.colour, weight: 3, opacity: 0.6, interactive: false,
      renderer: liveRenderer }).addTo(session.group);
  }
  L.circle([fix.lat, fix.lon], { radius: Math.max(fix.accuracy_m, 0.5), color: session.colour, weight: 1,
    fillColor: session.colour, fillOpacity: here ? 0.15 : 0.05, opacity: here ? 0.5 : 0.2,
    interactive: false, renderer: liveRenderer }).addTo(session.group);
  L.circleMarker([fix.lat, fix.lon], { radius: 7, color: "#fff", weight: 2, fillColor: session.colour,
    fillOpacity: here ? 1 : 0.35, opacity: here ? 1 : 0.35, renderer: liveRenderer })
    .bindTooltip(`${session.id}: ${fix.unit_name || ""} level ${fix.ordinal}, ±${fix.accuracy_m} m`)
    .addTo(session.group);
}

// --- the panel ---------------------------------------------------------------------------------

document.getElementById("key").value = state.key;
document.getElementById("key-form").addEventListener("submit", (e) => {
  e.preventDefault();
  state.key = document.getElementById("key").value.trim();
  sessionStorage.setItem("fingerpost.key", state.key);
  loadVenues();
});
for (const input of document.querySelectorAll("#radio-layers input")) {
  input.addEventListener("change", drawRadio);
}
document.getElementById("assess-file").addEventListener("change", (e) => {
  if (e.target.files.length) readAssess(e.target.files[0]);
});
document.getElementById("session-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = document.getElementById("session");
  followSession(input.value.trim());
  input.value = "";
});

loadVenues();
