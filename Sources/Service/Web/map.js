// Fingerpost's web map: the venues a key may read, a venue's units by category with a level
// picker and place cards, and live tracking sessions (dot, accuracy circle, trail) over
// Server-Sent Events. No build step, no tiles: the IMDF units are the map. The API key stays in
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
};

const map = L.map("map", { preferCanvas: true, zoomSnap: 0.25, maxZoom: 23, attributionControl: false });
map.setView([0, 0], 2);

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
    L.polyline(points, { color: session.colour, weight: 3, opacity: 0.6, interactive: false }).addTo(session.group);
  }
  L.circle([fix.lat, fix.lon], { radius: Math.max(fix.accuracy_m, 0.5), color: session.colour, weight: 1,
    fillColor: session.colour, fillOpacity: here ? 0.15 : 0.05, opacity: here ? 0.5 : 0.2,
    interactive: false }).addTo(session.group);
  L.circleMarker([fix.lat, fix.lon], { radius: 7, color: "#fff", weight: 2, fillColor: session.colour,
    fillOpacity: here ? 1 : 0.35, opacity: here ? 1 : 0.35 })
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
document.getElementById("session-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = document.getElementById("session");
  followSession(input.value.trim());
  input.value = "";
});

loadVenues();
