// What every view of the page shares: the language and its words, asking the app's API, making
// elements, a receipt's row, going to another view's address.

// The user's choice, else the browser's language.
const chosen = localStorage.getItem("receipts-language");
export const state = {
  language: chosen || ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en"),
  words: {},
};

export async function ask(path) {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.json();
}

// A view that could not load: what went wrong, that the connection may be the cause, and a button
// that tries again.
export function failed(place, text, again) {
  const retry = element("button", "retry", state.words.retry || "↻");
  retry.type = "button";
  retry.addEventListener("click", again);
  place.replaceChildren(element("span", "", `${text}. ${state.words.offline || ""}`), " ", retry);
}

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function receiptRow(receipt) {
  const row = element("li", receipt.pending ? "pending" : "");
  row.dataset.id = receipt.id;
  const shop = element("a", "shop", receipt.shop || "—");
  shop.href = `/receipts/${receipt.id}`;
  row.append(
    shop,
    element("span", "total", receipt.totalText),
    element("span", "when", receipt.dateText),
    element("span", "items", receipt.itemsText),
  );
  return row;
}

export function table(headings, rows, className) {
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

export async function send(path, body) {
  const response = await fetch(`${path}?lang=${state.language}`, {
    method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  return {
    ok: response.ok, text: answer.message || answer.error || String(response.status), field: answer.field,
    action: answer.action,
  };
}

// Every view has an address of its own (`/receipts/12`, `/stats?month=2025-03`); going to one keeps
// it in the history, so reload, back and forward show the same view. The app sets what shows it.
export const navigation = { show: () => {} };

export function go(address) {
  if (address !== location.pathname + location.search) history.pushState(null, "", address);
  navigation.show();
}

// A click on one of the app's own links goes there without loading the page again.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[href^='/']");
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  go(link.getAttribute("href"));
});
window.addEventListener("popstate", () => navigation.show());
