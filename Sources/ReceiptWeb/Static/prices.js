import { call, element, failed, go, paged, state, table } from "/common.js";

// Prices: the kinds and products the words find, as `receipts prices` gives them: each with its
// unit, a row a month (lowest, median, highest, purchases), a line of the medians, the shops (last
// price, cheapest) and the change. The search has its address (`/prices?q=молоко&from=2026-01`).
export const pricesView = document.getElementById("prices");
const pricesForm = document.getElementById("prices-form");
const svg = "http://www.w3.org/2000/svg";

export async function showPrices(query) {
  const words = (query.get("q") || "").trim();
  const results = pricesView.querySelector(".products");
  const error = pricesView.querySelector("p.error");
  for (const field of ["q", "from", "to"]) pricesForm.elements[field].value = query.get(field) || "";
  error.textContent = "";
  if (!words) {
    results.replaceChildren();
    return;
  }
  results.replaceChildren(element("p", "status", state.words.loading));
  const asked = new URLSearchParams({ lang: state.language, q: words });
  for (const field of ["from", "to"]) if (query.get(field)) asked.set(field, query.get(field));
  let response;
  try {
    response = await call(`/api/prices?${asked}`);
  } catch (failure) {
    failed(results, `${state.words.viewFailed} (${failure.message})`, () => showPrices(query));
    return;
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    results.replaceChildren();
    error.textContent = answer.message || `${state.words.viewFailed} (${response.status})`;
    return;
  }
  if (answer.empty) {
    results.replaceChildren(element("p", "empty", answer.empty));
    return;
  }
  // Twenty products a page: a word as common as «мол» finds dozens.
  const list = element("div", "list");
  results.replaceChildren(list, paged(list, answer.products, product, 20));
}

// A kind (milk, per litre) heads its products, which follow it indented; a product of no kind stands alone.
function product(item) {
  const block = element("article", `product ${item.role}`);
  block.dataset.name = item.name;
  block.dataset.unit = item.unit;
  block.dataset.role = item.role;
  const heading = element(item.role === "part" ? "h3" : "h2");
  heading.append(element("span", "name", item.heading), " ", element("small", "unit", item.unitText));
  const change = element("p", `change ${item.trend}`, item.changeText || "");
  if (item.note) change.append(" ", element("small", "note", item.note));
  const months = table(
    [state.words.month, state.words.lowest, state.words.median, state.words.highest, state.words.bought],
    item.months.map((m) => [m.monthText, m.minText, m.medianText, m.maxText, String(m.purchases)]),
    "months",
  );
  months.querySelectorAll("tr").forEach((row, index) => { if (index > 0) row.dataset.month = item.months[index - 1].month; });
  const shops = table([state.words.shop, state.words.lastPrice, state.words.cheapest],
    item.shops.map((s) => [s.shop, s.lastText, s.minText]), "shops");
  if (item.summary) {
    // A product of the kind above: a line, its figures folded under it.
    const details = element("details");
    details.append(element("summary", "", item.summary), change, sparkline(item.sparkline), months, shops);
    block.append(heading, details);
    return block;
  }
  block.append(heading, change, sparkline(item.sparkline), months, shops);
  return block;
}

// The medians month by month as a small line: the points come from the API, in a 100 × 24 box.
function sparkline(points) {
  const picture = document.createElementNS(svg, "svg");
  picture.setAttribute("class", "sparkline");
  picture.setAttribute("viewBox", "-3 -3 106 30");
  picture.setAttribute("role", "img");
  picture.setAttribute("aria-label", state.words.medianByMonth);
  const line = document.createElementNS(svg, "polyline");
  line.setAttribute("points", points.map((p) => p.join(",")).join(" "));
  picture.append(line);
  for (const [x, y] of points) {
    const dot = document.createElementNS(svg, "circle");
    dot.setAttribute("cx", x);
    dot.setAttribute("cy", y);
    dot.setAttribute("r", "1.2");
    picture.append(dot);
  }
  return picture;
}

pricesForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const asked = new URLSearchParams();
  for (const field of ["q", "from", "to"]) {
    const value = pricesForm.elements[field].value.trim();
    if (value) asked.set(field, value);
  }
  const text = asked.toString();
  go(text ? `/prices?${text}` : "/prices");
});
