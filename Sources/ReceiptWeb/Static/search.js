import { ask, element, receiptRow, state } from "/common.js";

// Search: the words and filters of `receipts search`; the form starts from the last filters, and
// the words field suggests the last five searches that contain what is typed.
const searchForm = document.getElementById("search-form");
export const searchView = document.getElementById("search");
let searchNext = null;
let searchPrepared = null;

export async function prepareSearch() {
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
