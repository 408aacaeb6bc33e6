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
  row.append(
    element("span", "shop", receipt.shop || "—"),
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
  feed.replaceChildren();
  next = 0;
  await loadMore();
}

languageButton.addEventListener("click", () => {
  language = language === "ru" ? "en" : "ru";
  localStorage.setItem("receipts-language", language);
  start();
});

new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) loadMore();
}).observe(sentinel);

start();
