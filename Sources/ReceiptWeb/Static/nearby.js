import { call, element, failed, go, send, state } from "/common.js";

// Nearby: shops nearest to where the browser is (the Geolocation API), through the receipts
// server's places search; coordinates typed by hand when the position is refused (and then in the
// address, `/nearby?lat=…&lon=…`); favourites.
export const nearbyView = document.getElementById("nearby");
const nearbyForm = document.getElementById("nearby-form");
let nearbyCursor = null;
let located = false;

function placeRow(place) {
  const row = element("li");
  row.dataset.id = place.id;
  const star = element("button", "star", place.starred ? "★" : "☆");
  star.type = "button";
  star.setAttribute("aria-label", place.starred ? state.words.unstar : state.words.star);
  star.setAttribute("aria-pressed", String(place.starred));
  star.addEventListener("click", async () => {
    const starring = star.getAttribute("aria-pressed") !== "true";
    const answer = await send(starring ? "/api/places/star" : "/api/places/unstar", { id: place.id });
    if (!answer.ok) return;
    star.textContent = starring ? "★" : "☆";
    star.setAttribute("aria-pressed", String(starring));
    star.setAttribute("aria-label", starring ? state.words.unstar : state.words.star);
  });
  row.append(
    element("span", "name", place.name), element("span", "distance", place.distanceText || ""),
    element("span", "where", [place.categoryName, place.address].filter(Boolean).join(" · ")), star,
  );
  return row;
}

async function findPlaces(cursor) {
  const error = nearbyView.querySelector("p.error");
  const list = nearbyView.querySelector("ol.places");
  const more = nearbyView.querySelector("button.more");
  const parameters = new URLSearchParams({ lang: state.language });
  for (const [field, value] of new FormData(nearbyForm)) if (value) parameters.set(field, value.replace(",", "."));
  if (cursor) parameters.set("cursor", cursor);
  let response;
  try {
    response = await call(`/api/places?${parameters}`, { method: "POST" });
  } catch (failure) {
    failed(error, failure.message, () => findPlaces(cursor));
    more.hidden = true;
    return;
  }
  const answer = await response.json().catch(() => ({ message: String(response.status) }));
  if (!cursor) list.replaceChildren();
  if (!response.ok) {
    error.textContent = answer.message;
    more.hidden = true;
    return;
  }
  error.textContent = answer.empty || "";
  for (const place of answer.places) list.append(placeRow(place));
  nearbyCursor = answer.next;
  more.hidden = nearbyCursor === null;
}

export function showNearby(query) {
  if (query.get("lat") && query.get("lon")) {
    located = true;
    for (const field of ["lat", "lon", "q"]) nearbyForm.elements[field].value = query.get(field) || "";
    findPlaces(null);
    return;
  }
  if (located) return;
  located = true;
  const position = nearbyView.querySelector("p.position");
  // Over plain HTTP at a network address (`receipts web --lan`) the browser gives no position.
  if (!window.isSecureContext) {
    position.textContent = state.words.positionNeedsSecure;
    return;
  }
  if (!navigator.geolocation) {
    position.textContent = state.words.positionRefused;
    return;
  }
  position.textContent = state.words.locating;
  navigator.geolocation.getCurrentPosition(
    (found) => {
      position.textContent = "";
      nearbyForm.elements.lat.value = found.coords.latitude.toFixed(6);
      nearbyForm.elements.lon.value = found.coords.longitude.toFixed(6);
      findPlaces(null);
    },
    () => { position.textContent = state.words.positionRefused; },
    { timeout: 10000 },
  );
}

nearbyForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const parameters = new URLSearchParams();
  for (const [field, value] of new FormData(nearbyForm)) if (value) parameters.set(field, value.replace(",", "."));
  const address = `/nearby?${parameters}`;
  if (address === location.pathname + location.search) findPlaces(null);
  else go(address);
});
nearbyView.querySelector("button.more").addEventListener("click", () => findPlaces(nearbyCursor));
