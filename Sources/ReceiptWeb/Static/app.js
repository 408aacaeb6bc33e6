// The receipts app's page: it asks the app's JSON API and places what the API wrote (amounts,
// dates and words come formatted in the chosen language; nothing is computed here). Each view is a
// module of its own; this one starts the page and shows the view the address names.

import { addView, feedIsStale } from "/add.js";
import { showCategories } from "/categories.js";
import { ask, state } from "/common.js";
import { feed, restartFeed, sentinel, status } from "/feed.js";
import { nearbyView, showNearby } from "/nearby.js";
import { showReceipt } from "/receipt.js";
import { prepareSearch, searchView } from "/search.js";
import { showStatistics } from "/statistics.js";

const languageButton = document.getElementById("language");

async function start() {
  state.words = await ask(`/api/words?lang=${state.language}`);
  document.documentElement.lang = state.language;
  document.title = state.words.title;
  document.getElementById("title").textContent = state.words.receipts;
  languageButton.textContent = state.words.language;
  document.getElementById("to-feed").textContent = state.words.receipts;
  document.getElementById("to-stats").textContent = state.words.statistics;
  document.getElementById("to-search").textContent = state.words.search;
  document.getElementById("to-categories").textContent = state.words.categories;
  document.getElementById("to-add").textContent = state.words.add;
  document.getElementById("to-nearby").textContent = state.words.nearby;
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = state.words[node.dataset.word];
  await restartFeed();
}

function route() {
  const receipt = location.hash.match(/^#\/receipt\/(\d+)$/);
  const stats = location.hash.match(/^#\/stats(?:\/(\d{4}-\d{2})(?:--(\d{4}-\d{2}))?)?$/);
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
  if (onFeed && feedIsStale()) restartFeed();
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
    showStatistics(stats[1], stats[2]);
  }
}

languageButton.addEventListener("click", async () => {
  state.language = state.language === "ru" ? "en" : "ru";
  localStorage.setItem("receipts-language", state.language);
  await start().then(route);
  route();
});

window.addEventListener("hashchange", route);

start().then(route);
