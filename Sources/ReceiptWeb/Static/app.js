// The receipts app's page: it asks the app's JSON API and places what the API wrote (amounts,
// dates and words come formatted in the chosen language; nothing is computed here).

const feed = document.getElementById("feed");
const status = document.getElementById("status");
const sentinel = document.getElementById("sentinel");
const languageButton = document.getElementById("language");

const chosen = localStorage.getItem("receipts-language");
// The user's choice, else the browser's language.
let language = chosen || ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en");
let words = {};
let next = 0;
let loading = false;

async function ask(path) {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.json();
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function monthSection(month) {
  let section = feed.querySelector(`section[data-month="${month.month}"]`);
  if (section) return section.querySelector("ol");
  section = element("section", "month");
  section.dataset.month = month.month;
  const heading = element("h2");
  const name = element("span", "name", month.title);
  name.append(" ", element("small", "count", month.countText));
  heading.append(name, element("span", "sum", month.totalText));
  const list = element("ol", "receipts");
  section.append(heading, list);
  feed.append(section);
  return list;
}

function receiptRow(receipt) {
  const row = element("li", receipt.pending ? "pending" : "");
  row.dataset.id = receipt.id;
  const shop = element("a", "shop", receipt.shop || "—");
  shop.href = `#/receipt/${receipt.id}`;
  row.append(
    shop,
    element("span", "total", receipt.totalText),
    element("span", "when", receipt.dateText),
    element("span", "items", receipt.itemsText),
  );
  return row;
}

async function loadMore() {
  if (loading || next === null) return;
  loading = true;
  status.textContent = words.loading || "…";
  try {
    const page = await ask(`/api/feed?lang=${language}&offset=${next}`);
    for (const month of page.months) {
      const list = monthSection(month);
      for (const receipt of month.receipts) list.append(receiptRow(receipt));
    }
    next = page.next;
    status.textContent = feed.children.length === 0 ? words.empty : "";
  } catch (error) {
    status.textContent = `${words.failed || "Error"} (${error.message})`;
    next = null;
  } finally {
    loading = false;
  }
  // A tall screen may show the sentinel still: keep going until it is pushed out of view.
  if (next !== null && sentinel.getBoundingClientRect().top < window.innerHeight) loadMore();
}

async function start() {
  words = await ask(`/api/words?lang=${language}`);
  document.documentElement.lang = language;
  document.title = words.title;
  document.getElementById("title").textContent = words.receipts;
  languageButton.textContent = words.language;
  document.getElementById("to-feed").textContent = words.receipts;
  document.getElementById("to-stats").textContent = words.statistics;
  document.getElementById("to-search").textContent = words.search;
  document.getElementById("to-categories").textContent = words.categories;
  document.getElementById("to-add").textContent = words.add;
  document.getElementById("to-nearby").textContent = words.nearby;
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = words[node.dataset.word];
  feed.replaceChildren();
  next = 0;
  await loadMore();
}

function table(headings, rows, className) {
  const node = element("table", className);
  const head = element("tr");
  for (const heading of headings) head.append(element("th", "", heading));
  node.append(head);
  for (const cells of rows) {
    const row = element("tr");
    for (const cell of cells) row.append(element("td", "", cell ?? ""));
    node.append(row);
  }
  return node;
}

// The detail of one receipt, in place of the feed (which keeps its place for the way back).
async function showReceipt(id) {
  const detail = document.getElementById("detail");
  let receipt;
  try {
    receipt = await ask(`/api/receipts/${id}?lang=${language}`);
  } catch (error) {
    detail.replaceChildren(element("p", "", `${words.notFound} (${error.message})`));
    return;
  }
  const back = element("a", "back", words.back);
  back.href = "#/";
  const heading = element("h2", "", receipt.shop);
  const facts = element("p", "facts");
  for (const line of [receipt.address, receipt.seller, `${receipt.dateText} · ${receipt.operationText}`, receipt.statusText]) {
    if (line) facts.append(element("span", "", line));
  }
  const items = element("ol", "items");
  for (const item of receipt.items) {
    const line = element("li");
    line.append(
      element("span", "name", item.name),
      element("span", "sum", item.sumText),
      element("span", "how", `${item.quantityText} × ${item.priceText}`),
      element("span", "kind", [item.vatText, item.categoryText].filter(Boolean).join(" · ")),
    );
    items.append(line);
  }
  const totals = table([words.total, receipt.totalText], receipt.payments, "totals");
  const fiscal = table(["", ""], receipt.fiscal, "fiscal");
  const code = element("figure", "qr");
  const image = element("img");
  image.src = receipt.qrImage;
  image.alt = words.qrCode;
  code.append(image, element("figcaption", "", receipt.qr));
  const share = element("button", "share", words.share);
  share.type = "button";
  const shared = element("p", "shared");
  share.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(receipt.shareText);
      shared.textContent = words.copied;
    } catch {
      shared.replaceChildren(element("span", "", words.copyFailed), element("pre", "", receipt.shareText));
    }
  });
  detail.replaceChildren(back, heading, facts, share, shared, items, totals, fiscal, code);
}

// Statistics of one month: the numbers as `receipts stats --json` gives them, the texts as the API
// wrote them, the 12-month chart as the report draws it.
async function showStatistics(month) {
  const view = document.getElementById("stats");
  let stats;
  try {
    stats = await ask(`/api/stats?lang=${language}${month ? `&month=${month}` : ""}`);
  } catch (error) {
    view.replaceChildren(element("p", "", `${words.noStatistics} (${error.message})`));
    return;
  }
  const picker = element("select", "month");
  picker.setAttribute("aria-label", words.month);
  for (const choice of stats.months) {
    const option = element("option", "", choice.title);
    option.value = choice.month;
    option.selected = choice.month === stats.month;
    picker.append(option);
  }
  picker.addEventListener("change", () => { location.hash = `#/stats/${picker.value}`; });
  const heading = element("h2");
  const name = element("span", "name", stats.title);
  name.append(" ", element("small", "count", stats.countText));
  heading.append(name, element("span", "sum", stats.totalText));
  const numbers = stats.statistics.months[0]?.categories ?? [];
  const categories = element("table", "categories");
  const head = element("tr");
  for (const label of [stats.labels.category, stats.labels.total, stats.labels.share, stats.labels.versusPrevious, stats.labels.versusAverage]) {
    head.append(element("th", "", label));
  }
  categories.append(head);
  stats.categories.forEach((category, index) => {
    const row = element("tr");
    row.dataset.category = category.category;
    row.dataset.total = numbers[index]?.total ?? "";
    const swatch = element("span", "swatch");
    swatch.dataset.colour = category.colour;
    const label = element("td", "name");
    label.append(swatch, category.name);
    row.append(label);
    for (const cell of [category.totalText, category.shareText, category.previousText, category.averageText]) {
      row.append(element("td", "", cell));
    }
    row.tabIndex = 0;
    row.addEventListener("click", () => showCategory(stats.month, category.category));
    row.addEventListener("keydown", (event) => { if (event.key === "Enter") showCategory(stats.month, category.category); });
    categories.append(row);
  });
  const chart = element("picture", "chart");
  const narrow = element("source");
  narrow.media = "(max-width: 36rem)";
  narrow.srcset = `/api/stats/chart.svg?lang=${language}&narrow=1`;
  const image = element("img");
  image.src = `/api/stats/chart.svg?lang=${language}`;
  image.alt = stats.labels.byMonth;
  chart.append(narrow, image);
  const list = (title, rows) => {
    const block = element("div", "top");
    block.append(element("h3", "", title));
    const items = element("ol");
    for (const row of rows) {
      const item = element("li");
      item.append(element("span", "name", row.name), element("span", "sum", row.totalText), element("span", "detail", row.detail));
      items.append(item);
    }
    block.append(items);
    return block;
  };
  view.replaceChildren(picker, heading, categories, element("div", "category-detail"),
    element("h3", "", stats.labels.byMonth), chart,
    list(stats.labels.topShops, stats.shops), list(stats.labels.topItems, stats.items));
  // Colours come from the API; set through the DOM, which the policy allows (no inline styles).
  for (const swatch of view.querySelectorAll(".swatch")) swatch.style.backgroundColor = swatch.dataset.colour;
}

// Search: the words and filters of `receipts search`; the form starts from the last filters, and
// the words field suggests the last five searches that contain what is typed.
const searchForm = document.getElementById("search-form");
const searchView = document.getElementById("search");
let searchNext = null;
let searchPrepared = null;

async function prepareSearch() {
  if (searchPrepared === language) return;
  searchPrepared = language;
  const select = searchForm.elements.category;
  const chosen = select.value;
  const categories = await ask(`/api/categories?lang=${language}`);
  select.replaceChildren(element("option", "", words.anyCategory));
  select.firstChild.value = "";
  for (const category of categories) {
    const option = element("option", "", category.name);
    option.value = category.category;
    select.append(option);
  }
  select.value = chosen;
  const memory = await ask("/api/search/memory");
  for (const [field, value] of Object.entries(memory.filters)) {
    if (searchForm.elements[field] && !searchForm.elements[field].value) searchForm.elements[field].value = value;
  }
  suggest(memory.texts);
}

function suggest(texts) {
  const list = document.getElementById("search-history");
  list.replaceChildren(...texts.map((text) => { const option = element("option"); option.value = text; return option; }));
}

searchForm.elements.q.addEventListener("input", async () => {
  const memory = await ask(`/api/search/memory?part=${encodeURIComponent(searchForm.elements.q.value)}`);
  suggest(memory.texts);
});

async function runSearch(offset) {
  const error = searchView.querySelector("p.error");
  const results = searchView.querySelector("ol.results");
  const more = searchView.querySelector("button.more");
  const parameters = new URLSearchParams({ lang: language, offset: String(offset) });
  for (const [field, value] of new FormData(searchForm)) if (value) parameters.set(field, value);
  const response = await fetch(`/api/search?${parameters}`, { credentials: "same-origin" });
  const answer = await response.json();
  if (offset === 0) results.replaceChildren();
  if (!response.ok) {
    error.textContent = answer.error || response.status;
    more.hidden = true;
    return;
  }
  error.textContent = answer.summary;
  for (const result of answer.results) {
    const row = receiptRow({
      id: result.id, shop: result.shop, totalText: result.totalText, dateText: result.dateText,
      itemsText: result.matching.join(", "), pending: result.pending,
    });
    results.append(row);
  }
  searchNext = answer.next;
  more.hidden = searchNext === null;
}

searchForm.addEventListener("submit", (event) => {
  event.preventDefault();
  runSearch(0);
});
searchForm.addEventListener("reset", () => {
  searchView.querySelector("ol.results").replaceChildren();
  searchView.querySelector("p.error").textContent = "";
});
searchView.querySelector("button.more").addEventListener("click", () => runSearch(searchNext));

async function send(path, body) {
  const response = await fetch(`${path}?lang=${language}`, {
    method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  return { ok: response.ok, text: answer.message || answer.error || String(response.status) };
}

// Categories: the names still without one, most bought first; a category assigned in one click (as
// `receipts categories set`), and undone.
async function showCategories() {
  const view = document.getElementById("categories");
  const [list, categories] = await Promise.all([
    ask(`/api/categories/uncategorized?lang=${language}`), ask(`/api/categories?lang=${language}`),
  ]);
  const rows = element("ol", "names");
  for (const name of list.names) {
    const row = element("li");
    row.dataset.name = name.name;
    row.dataset.total = name.total;
    const select = element("select");
    select.setAttribute("aria-label", words.category);
    for (const category of categories.filter((c) => c.category !== "uncategorized")) {
      const option = element("option", "", category.name);
      option.value = category.category;
      select.append(option);
    }
    const assign = element("button", "assign", words.assign);
    assign.type = "button";
    const result = element("span", "result");
    assign.addEventListener("click", async () => {
      const answer = await send("/api/categories/choice", { name: name.name, category: select.value });
      result.replaceChildren(answer.text);
      if (!answer.ok) return;
      row.classList.add("done");
      const undo = element("button", "undo", words.undo);
      undo.type = "button";
      undo.addEventListener("click", async () => {
        const back = await send("/api/categories/undo", { name: name.name });
        result.replaceChildren(back.text);
        if (back.ok) row.classList.remove("done");
      });
      result.append(" ", undo);
    });
    row.append(
      element("span", "name", name.name), element("span", "sum", name.totalText), element("span", "count", name.itemsText),
      select, assign, result,
    );
    rows.append(row);
  }
  view.replaceChildren(element("h2", "", words.uncategorizedTitle), list.empty ? element("p", "", list.empty) : rows);
}

// A category of the month clicked: its items by spending and its receipts, under the table.
async function showCategory(month, category) {
  const panel = document.querySelector("#stats .category-detail");
  const detail = await ask(`/api/stats/category?lang=${language}&month=${month}&category=${category}`);
  const items = element("ol", "items");
  for (const item of detail.items) {
    const line = element("li");
    line.append(element("span", "name", item.name), element("span", "sum", item.totalText), element("span", "detail", item.detail));
    items.append(line);
  }
  const receipts = element("ol", "receipts");
  for (const receipt of detail.receipts) {
    receipts.append(receiptRow({ ...receipt, itemsText: receipt.matching.join(", "), pending: false }));
  }
  panel.replaceChildren(element("h3", "", detail.title), items, receipts);
  panel.scrollIntoView({ block: "nearest" });
}

// Add: photos dropped or picked, each decoded by the app (ReceiptScan) and its codes added as
// `receipts scan --add` adds them; or a payload pasted. Each photo's result is listed.
const addView = document.getElementById("add");
let feedStale = false;

function addedRow(title, answer) {
  const row = element("li");
  row.append(element("span", "name", title));
  const what = element("span", "result");
  if (answer.problem) {
    what.textContent = answer.problem;
    row.classList.add("problem");
  } else {
    what.textContent = answer.added.map((added) => `${added.text}: ${added.qr}`).join("; ");
    feedStale = true;
  }
  row.append(what);
  addView.querySelector("ol.added").prepend(row);
}

async function addPhotos(files) {
  for (const file of files) {
    const response = await fetch(`/api/add/photo?lang=${language}`, {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": file.type || "application/octet-stream" }, body: file,
    });
    const answer = await response.json().catch(() => ({ added: [], problem: String(response.status) }));
    addedRow(file.name, answer);
  }
}

document.getElementById("photos").addEventListener("change", (event) => addPhotos([...event.target.files]));
addView.addEventListener("dragover", (event) => event.preventDefault());
addView.addEventListener("drop", (event) => {
  event.preventDefault();
  addPhotos([...event.dataTransfer.files]);
});
document.getElementById("paste-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const qr = event.target.elements.qr.value.trim();
  if (!qr) return;
  const response = await fetch(`/api/add/qr?lang=${language}`, {
    method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ qr }),
  });
  const answer = await response.json().catch(() => ({ added: [], problem: String(response.status) }));
  addedRow(qr, answer);
  if (!answer.problem) event.target.reset();
});

// Nearby: shops nearest to where the browser is (the Geolocation API), through the receipts
// server's places search; coordinates typed by hand when the position is refused; favourites.
const nearbyView = document.getElementById("nearby");
const nearbyForm = document.getElementById("nearby-form");
let nearbyCursor = null;
let located = false;

function placeRow(place) {
  const row = element("li");
  row.dataset.id = place.id;
  const star = element("button", "star", place.starred ? "★" : "☆");
  star.type = "button";
  star.setAttribute("aria-label", place.starred ? words.unstar : words.star);
  star.setAttribute("aria-pressed", String(place.starred));
  star.addEventListener("click", async () => {
    const starring = star.getAttribute("aria-pressed") !== "true";
    const answer = await send(starring ? "/api/places/star" : "/api/places/unstar", { id: place.id });
    if (!answer.ok) return;
    star.textContent = starring ? "★" : "☆";
    star.setAttribute("aria-pressed", String(starring));
    star.setAttribute("aria-label", starring ? words.unstar : words.star);
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
  const parameters = new URLSearchParams({ lang: language });
  for (const [field, value] of new FormData(nearbyForm)) if (value) parameters.set(field, value.replace(",", "."));
  if (cursor) parameters.set("cursor", cursor);
  const response = await fetch(`/api/places?${parameters}`, { credentials: "same-origin" });
  const answer = await response.json().catch(() => ({ problem: String(response.status) }));
  if (!cursor) list.replaceChildren();
  if (!response.ok) {
    error.textContent = answer.problem;
    more.hidden = true;
    return;
  }
  error.textContent = answer.empty || "";
  for (const place of answer.places) list.append(placeRow(place));
  nearbyCursor = answer.next;
  more.hidden = nearbyCursor === null;
}

function showNearby() {
  if (located) return;
  located = true;
  const position = nearbyView.querySelector("p.position");
  if (!navigator.geolocation) {
    position.textContent = words.positionRefused;
    return;
  }
  position.textContent = words.locating;
  navigator.geolocation.getCurrentPosition(
    (found) => {
      position.textContent = "";
      nearbyForm.elements.lat.value = found.coords.latitude.toFixed(6);
      nearbyForm.elements.lon.value = found.coords.longitude.toFixed(6);
      findPlaces(null);
    },
    () => { position.textContent = words.positionRefused; },
    { timeout: 10000 },
  );
}

nearbyForm.addEventListener("submit", (event) => {
  event.preventDefault();
  findPlaces(null);
});
nearbyView.querySelector("button.more").addEventListener("click", () => findPlaces(nearbyCursor));

function route() {
  const receipt = location.hash.match(/^#\/receipt\/(\d+)$/);
  const stats = location.hash.match(/^#\/stats(?:\/(\d{4}-\d{2}))?$/);
  const search = location.hash === "#/search";
  const categories = location.hash === "#/categories";
  const adding = location.hash === "#/add";
  const nearby = location.hash === "#/nearby";
  const onFeed = !receipt && !stats && !search && !categories && !adding && !nearby;
  nearbyView.hidden = !nearby;
  document.getElementById("to-nearby").classList.toggle("current", nearby);
  if (nearby) showNearby();
  for (const node of [feed, status, sentinel]) node.hidden = !onFeed;
  addView.hidden = !adding;
  document.getElementById("to-add").classList.toggle("current", adding);
  if (onFeed && feedStale) {
    feedStale = false;
    start();
  }
  document.getElementById("categories").hidden = !categories;
  document.getElementById("to-categories").classList.toggle("current", categories);
  document.getElementById("detail").hidden = !receipt;
  document.getElementById("stats").hidden = !stats;
  searchView.hidden = !search;
  document.getElementById("to-feed").classList.toggle("current", onFeed);
  document.getElementById("to-stats").classList.toggle("current", Boolean(stats));
  document.getElementById("to-search").classList.toggle("current", search);
  if (search) {
    prepareSearch();
  } else if (categories) {
    showCategories();
  } else if (receipt) {
    window.scrollTo(0, 0);
    showReceipt(receipt[1]);
  } else if (stats) {
    window.scrollTo(0, 0);
    showStatistics(stats[1]);
  }
}

languageButton.addEventListener("click", async () => {
  language = language === "ru" ? "en" : "ru";
  localStorage.setItem("receipts-language", language);
  await start().then(route);
  route();
});

window.addEventListener("hashchange", route);

new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) loadMore();
}).observe(sentinel);

start().then(route);
