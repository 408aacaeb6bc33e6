// The feed: month sections newest first, 50 receipts a page, the next page as the end comes into view.
import { ask, element, failed, receiptRow, state } from "/common.js";

export const feed = document.getElementById("feed");
export const status = document.getElementById("status");
export const sentinel = document.getElementById("sentinel");
// Where the next page starts: "" for the first, the last receipt's place (the API's `next`) after
// it; null when there is none, and until the page starts the feed (it may hold no key yet).
let next = null;
let loading = false;
let stale = false;
// A page failed to load: no more until the person asks again.
let paused = false;

// Something was added or imported since the feed was drawn: it is drawn anew when shown.
export function markFeedStale() {
  stale = true;
  state.empty = null;
}

// Whether the feed must be drawn anew; asking forgets it.
export function feedIsStale() {
  const was = stale;
  stale = false;
  return was;
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

export async function loadMore() {
  if (loading || paused || next === null) return;
  loading = true;
  status.textContent = state.words.loading || "…";
  try {
    const after = next ? `&after=${encodeURIComponent(next)}` : "";
    const page = await ask(`/api/feed?lang=${state.language}${after}`);
    for (const month of page.months) {
      const list = monthSection(month);
      for (const receipt of month.receipts) list.append(receiptRow(receipt));
    }
    next = page.next;
    // No receipt at all: the welcome above says what to do (app.js); nothing more here.
    status.textContent = "";
  } catch (error) {
    paused = true;
    failed(status, `${state.words.failed || "Error"} (${error.message})`, () => {
      paused = false;
      loadMore();
    });
  } finally {
    loading = false;
  }
  // A tall screen may show the sentinel still: keep going until it is pushed out of view.
  if (!paused && next !== null && sentinel.getBoundingClientRect().top < window.innerHeight) loadMore();
}

// The feed from its first page again.
export async function restartFeed() {
  feed.replaceChildren();
  next = "";
  paused = false;
  await loadMore();
}

new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) loadMore();
}).observe(sentinel);
