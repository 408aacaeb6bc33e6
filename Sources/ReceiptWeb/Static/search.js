import { ask, call, element, failed, go, receiptRow, state } from "/common.js";

// Search: the words and filters of `receipts search`; the form starts from the last filters, and
// the words field suggests the last five searches that contain what is typed. A search has its
// address (`/search?q=milk&from=2025-01`): reloading it, or going back to it, searches again.
const searchForm = document.getElementById("search-form");
export const searchView = document.getElementById("search");
let searchNext = null;
let searchPrepared = null;

// The search view for the address's query: its fields filled from it, and the search run when it
// asks for anything.
export async function showSearch(query) {
  await prepareSearch();
  const asked = [...query.keys()].some((field) => searchForm.elements[field] && query.get(field));
  if (!asked) return;
  for (const field of ["q", "category", "shop", "from", "to", "min", "max"]) {
    searchForm.elements[field].value = query.get(field) || "";
  }
  runSearch(0);
}

async function prepareSearch() {
  if (searchPrepared === state.language) return;
  searchPrepared = state.language;
  const select = searchForm.elements.category;
  const chosen = select.value;
  const categories = await ask(`/api/categories?lang=${state.language}`);
  select.replaceChildren(element("option", "", state.words.anyCategory));
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
  const parameters = new URLSearchParams({ lang: state.language, offset: String(offset) });
  for (const [field, value] of new FormData(searchForm)) if (value) parameters.set(field, value);
  let response;
  let answer;
  try {
    response = await call(`/api/search?${parameters}`, { method: "POST" });
    answer = await response.json();
  } catch (failure) {
    failed(error, failure.message, () => runSearch(offset));
    more.hidden = true;
    return;
  }
  if (offset === 0) results.replaceChildren();
  if (!response.ok) {
    error.textContent = answer.message || response.status;
    more.hidden = true;
    return;
  }
  error.textContent = answer.summary;
  for (const result of answer.results) {
    const row = receiptRow({
      id: result.id, shop: result.shop, totalText: result.totalText, dateText: result.dateText,
      itemsText: result.matching.join(", "), pending: result.pending, countedText: result.countedText,
    });
    results.append(row);
  }
  searchNext = answer.next;
  more.hidden = searchNext === null;
}

searchForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const parameters = new URLSearchParams();
  for (const [field, value] of new FormData(searchForm)) if (value) parameters.set(field, value);
  const address = `/search?${parameters}`;
  // The same search again (its address unchanged) is run again: the database may have changed.
  if (address === location.pathname + location.search) runSearch(0);
  else go(address);
});
searchForm.addEventListener("reset", () => {
  searchView.querySelector("ol.results").replaceChildren();
  searchView.querySelector("p.error").textContent = "";
});
searchView.querySelector("button.more").addEventListener("click", () => runSearch(searchNext));
