// The receipts app's page: it asks the app's JSON API and places what the API wrote (amounts,
// dates and words come formatted in the chosen language; nothing is computed here). Each view is a
// module of its own; this one starts the page and shows the view the address names.

import { addView } from "/add.js";
import { bankView, showBank } from "/bank.js";
import { showCategories } from "/categories.js";
import { ask, databaseIsEmpty, locked, navigation, state, unlock } from "/common.js";
import { feed, feedIsStale, restartFeed, sentinel, status } from "/feed.js";
import { householdView, showHousehold } from "/household.js";
import { importView, showImportView } from "/import.js";
import { insightsView, showInsights } from "/insights.js";
import { nearbyView, showNearby } from "/nearby.js";
import { pricesView, showPrices } from "/prices.js";
import { showReceipt } from "/receipt.js";
import { searchView, showSearch } from "/search.js";
import { shopsView, showShops } from "/shops.js";
import { showStatistics } from "/statistics.js";

const languageButton = document.getElementById("language");

// The page's words in the chosen language (they need no key: they say how to get one).
async function showWords() {
  state.words = await ask(`/api/words?lang=${state.language}`);
  if (state.locked) return;
  document.documentElement.lang = state.language;
  document.title = state.words.title;
  document.getElementById("title").textContent = state.words.receipts;
  languageButton.textContent = state.words.language;
  document.getElementById("to-feed").textContent = state.words.receipts;
  document.getElementById("to-stats").textContent = state.words.statistics;
  document.getElementById("to-prices").textContent = state.words.prices;
  document.getElementById("to-insights").textContent = state.words.insights;
  document.getElementById("to-bank").textContent = state.words.bank;
  document.getElementById("to-shops").textContent = state.words.shops;
  document.getElementById("to-household").textContent = state.words.household;
  document.getElementById("to-search").textContent = state.words.search;
  document.getElementById("to-categories").textContent = state.words.categories;
  document.getElementById("to-add").textContent = state.words.add;
  document.getElementById("to-import").textContent = state.words.import;
  document.getElementById("to-nearby").textContent = state.words.nearby;
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = state.words[node.dataset.word];
  nameMenu();
}

// On a phone the navigation is one row: the receipts, statistics and adding, and a menu with the
// rest. The menu's button names the view shown when that view is one of the menu's.
const menuButton = document.getElementById("more");
const menu = document.getElementById("more-links");

function nameMenu() {
  const current = menu.querySelector("a.current");
  menuButton.querySelector(".label").textContent = current ? current.textContent : state.words.menu;
  menuButton.classList.toggle("current", Boolean(current));
}

function openMenu(open) {
  menu.classList.toggle("open", open);
  menuButton.setAttribute("aria-expanded", String(open));
}

menuButton.addEventListener("click", () => openMenu(!menu.classList.contains("open")));
menu.addEventListener("click", () => openMenu(false));
document.addEventListener("click", (event) => {
  if (!event.target.closest("nav")) openMenu(false);
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && menu.classList.contains("open")) {
    openMenu(false);
    menuButton.focus();
  }
});

async function start() {
  await showWords();
  await restartFeed();
}

// The views by address; `/receipts/{id}` is a receipt's detail, `/` the feed.
const views = {
  "/": "feed", "/receipts": "feed", "/search": "search", "/stats": "stats", "/categories": "categories",
  "/add": "add", "/import": "import", "/nearby": "nearby", "/prices": "prices", "/insights": "insights",
  "/bank": "bank", "/shops": "shops", "/household": "household",
};
const links = {
  feed: "to-feed", search: "to-search", stats: "to-stats", categories: "to-categories", add: "to-add",
  import: "to-import", nearby: "to-nearby", prices: "to-prices", insights: "to-insights", bank: "to-bank",
  shops: "to-shops", household: "to-household",
};

// An empty database has one welcome, the same on every view that shows receipts: what to do first,
// with the way to Import and to Add. Views with nothing to show without receipts give it their
// place; Insights (a budget can be set first) and the Bank (a statement can come first) keep theirs
// under it.
const welcome = document.getElementById("welcome");
const welcomeViews = {
  feed: "feed", stats: "stats", search: "search", prices: "prices", shops: "shops", categories: "categories",
  insights: null, bank: null,
};

async function showWelcome(view) {
  const empty = view in welcomeViews && (await databaseIsEmpty());
  if (route.view !== view) return;
  welcome.hidden = !empty;
  document.body.classList.toggle("welcome", empty && welcomeViews[view] !== null);
}

// Shows the view the address names.
function route() {
  if (state.locked) return;
  const receipt = location.pathname.match(/^\/receipts\/(\d+)$/);
  const view = receipt ? "receipt" : views[location.pathname] || "feed";
  const query = new URLSearchParams(location.search);
  route.view = view;
  welcome.hidden = true;
  document.body.classList.remove("welcome");
  showWelcome(view);
  for (const node of [feed, status, sentinel]) node.hidden = view !== "feed";
  document.getElementById("detail").hidden = view !== "receipt";
  document.getElementById("stats").hidden = view !== "stats";
  document.getElementById("categories").hidden = view !== "categories";
  searchView.hidden = view !== "search";
  addView.hidden = view !== "add";
  importView.hidden = view !== "import";
  nearbyView.hidden = view !== "nearby";
  pricesView.hidden = view !== "prices";
  insightsView.hidden = view !== "insights";
  bankView.hidden = view !== "bank";
  shopsView.hidden = view !== "shops";
  householdView.hidden = view !== "household";
  for (const [name, id] of Object.entries(links)) {
    const link = document.getElementById(id);
    link.classList.toggle("current", name === view);
    if (name === view) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  nameMenu();
  switch (view) {
    case "feed":
      if (feedIsStale()) restartFeed();
      break;
    case "receipt":
      window.scrollTo(0, 0);
      showReceipt(receipt[1]);
      break;
    case "stats":
      window.scrollTo(0, 0);
      showStatistics(query.get("month") || query.get("from"), query.get("month") || query.get("to"),
        query.get("person"));
      break;
    case "search":
      showSearch(query);
      break;
    case "categories":
      showCategories();
      break;
    case "import":
      showImportView();
      break;
    case "nearby":
      showNearby(query);
      break;
    case "prices":
      showPrices(query);
      break;
    case "insights":
      window.scrollTo(0, 0);
      showInsights(query);
      break;
    case "bank":
      window.scrollTo(0, 0);
      showBank();
      break;
    case "shops":
      window.scrollTo(0, 0);
      showShops();
      break;
    case "household":
      window.scrollTo(0, 0);
      showHousehold(query);
      break;
  }
}

navigation.show = route;

languageButton.addEventListener("click", async () => {
  state.language = state.language === "ru" ? "en" : "ru";
  localStorage.setItem("receipts-language", state.language);
  await start();
  route();
});

unlock().then(async (unlocked) => {
  if (!unlocked) {
    await showWords();
    locked();
    return;
  }
  await start();
  route();
});
