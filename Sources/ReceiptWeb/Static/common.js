// What every view of the page shares: the language and its words, asking the app's API, making
// elements, a receipt's row, going to another view's address.

// The user's choice, else the browser's language.
const chosen = localStorage.getItem("receipts-language");
export const state = {
  language: chosen || ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en"),
  words: {},
  // The page has no key: it shows how to get one and nothing else.
  locked: false,
  // Why the one-time code of `--open` was refused, if it was.
  refusal: null,
  // Whether the database holds no receipt: null until known, and again once something was added.
  empty: null,
};

// Whether the database holds no receipt at all (asked once, then again after an import or an add).
export async function databaseIsEmpty() {
  if (state.empty === null) {
    const answer = await ask(`/api/database?lang=${state.language}`).catch(() => null);
    if (answer) state.empty = answer.receipts === 0;
  }
  return state.empty === true;
}

// The key that opens the app's API. The printed address carries it in its fragment (`#key=`), which
// a browser sends to no server; `receipts web --open` gives a one-time code (`#code=`) in its place,
// exchanged here once. The page keeps the key for this tab alone and takes it out of the address bar.
// No cookie: a browser would send it to every port of 127.0.0.1.
const keyName = "receipts-key";
let unlocking = null;

// Whether the page holds the key, once the address's fragment is read (and its code exchanged).
// Every request waits for it: a view may ask before the exchange has answered.
export function unlock() {
  unlocking ??= takeKey();
  return unlocking;
}

async function takeKey() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.has("key") || fragment.has("code")) {
    history.replaceState(history.state, "", location.pathname + location.search);
  }
  if (fragment.get("key")) {
    sessionStorage.setItem(keyName, fragment.get("key"));
  } else if (fragment.get("code")) {
    const response = await fetch("/api/exchange", {
      method: "POST", credentials: "omit", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: fragment.get("code") }),
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok && answer.key) sessionStorage.setItem(keyName, answer.key);
    else if (answer.message) state.refusal = answer.message;
  }
  return sessionStorage.getItem(keyName) !== null;
}

// The page without the key (none given, or one of an earlier start of the app): how to get in, and
// nothing else.
// A refusal may come before the page's words (they need no key): then they are asked for here.
export function locked() {
  sessionStorage.removeItem(keyName);
  state.locked = true;
  const reason = element("p", "", state.refusal || state.words.needsKey || "");
  const place = element("main", "locked");
  place.append(reason);
  document.body.replaceChildren(place);
  if (reason.textContent) return;
  fetch(`/api/words?lang=${state.language}`, { credentials: "omit" })
    .then((response) => response.json())
    .then((words) => { reason.textContent = state.refusal || words.needsKey; })
    .catch(() => { reason.textContent = "receipts web"; });
}

// A request of the app's API, with the key; a refusal locks the page.
export async function call(path, options = {}) {
  await unlock();
  const headers = new Headers(options.headers);
  headers.set("Authorization", `Bearer ${sessionStorage.getItem(keyName) || ""}`);
  const response = await fetch(path, { ...options, headers, credentials: "omit" });
  if (response.status === 403) locked();
  return response;
}

// Follows a job's server-sent events (read through fetch: an EventSource could not send the key),
// handing each state to `onState` until it says the job is over (returns true); throws when the
// stream fails or ends before that.
export async function followEvents(path, signal, onState) {
  const response = await call(path, { signal });
  if (!response.ok) throw new Error(String(response.status));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let received = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    received += value;
    let end;
    while ((end = received.indexOf("\n\n")) >= 0) {
      const event = received.slice(0, end);
      received = received.slice(end + 2);
      if (event.startsWith("data: ") && onState(JSON.parse(event.slice(6)))) return;
    }
  }
  throw new Error("closed");
}

// POSTs `body` as JSON to `path` in the page's language: the response and its JSON answer (one that
// is not JSON reads as `{message: status}`). Throws when the app cannot be reached.
export async function postJSON(path, body) {
  const response = await call(`${path}?lang=${state.language}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({ message: String(response.status) }));
  return { response, answer };
}

export async function ask(path) {
  const response = await call(path);
  if (!response.ok) throw new Error(`${response.status}`);
  return response.json();
}

// A picture the API draws (a receipt's QR code, the chart), fetched with the key and shown from a
// blob: an <img> could not send the key.
export async function picture(path) {
  const response = await call(path);
  if (!response.ok) throw new Error(`${response.status}`);
  return URL.createObjectURL(await response.blob());
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
  // A receipt that counts otherwise than its total (a settlement its prepayment paid) says so.
  if (receipt.countedText) row.append(element("span", "counted", receipt.countedText));
  return row;
}

// A select of `choices` (`[value, text]` pairs), named `label` for a screen reader, `selected`
// chosen; `first`, when given, is a choice of none above them (its value empty).
export function choicePicker(choices, className, label, selected, first) {
  const picker = element("select", className);
  picker.setAttribute("aria-label", label);
  if (first) {
    const none = element("option", "", first);
    none.value = "";
    picker.append(none);
  }
  for (const [value, text] of choices) {
    const option = element("option", "", text);
    option.value = value;
    option.selected = value === selected;
    picker.append(option);
  }
  return picker;
}

// A select of `months` (`{month, title}`, as the API lists them).
export function monthPicker(months, className, label, selected, first) {
  return choicePicker(months.map((choice) => [choice.month, choice.title]), className, label, selected, first);
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

// A long list a page at a time: the first `size` of `items` drawn by `draw` into `list`, and a
// "show more" button (returned, to be placed after the list) that adds the next page, hidden once
// every item is in. A phone would otherwise scroll through hundreds of rows.
export function paged(list, items, draw, size) {
  const more = element("button", "more", state.words.more);
  more.type = "button";
  let shown = 0;
  const showMore = () => {
    for (const item of items.slice(shown, shown + size)) list.append(draw(item));
    shown = Math.min(items.length, shown + size);
    more.hidden = shown >= items.length;
  };
  more.addEventListener("click", showMore);
  showMore();
  return more;
}

export async function send(path, body) {
  const response = await call(`${path}?lang=${state.language}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  return {
    ok: response.ok, text: answer.message || String(response.status), field: answer.field,
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

// A file dropped where no view takes files would make the browser open it in the app's place,
// losing the page: views that take files (Import, Add) handle their drops; any other is let fall.
document.addEventListener("dragover", (event) => event.preventDefault());
document.addEventListener("drop", (event) => event.preventDefault());
