// What every view of the page shares: the language and its words, asking the app's API, making
// elements, a receipt's row.

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
  shop.href = `#/receipt/${receipt.id}`;
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
  return { ok: response.ok, text: answer.message || answer.error || String(response.status) };
}
