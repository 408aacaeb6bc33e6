import { ask, element, failed, paged, postJSON, state } from "/common.js";
import { markFeedStale } from "/feed.js";

// Shops: the shops as `receipts shops` lists them, the most spent at first; each renamed (`shops
// rename`, back to the receipts' own name in one click), or merged into another (`shops merge`),
// the merge undone in one more (`shops unmerge`). Every change moves the names and totals
// everywhere, so the feed is read again when it is next shown.
export const shopsView = document.getElementById("shops");
let shops = [];

export async function showShops() {
  shopsView.replaceChildren(element("p", "status", "…"));
  try {
    shops = (await ask(`/api/shops?lang=${state.language}`)).shops;
  } catch (error) {
    const problem = element("p", "error");
    shopsView.replaceChildren(problem);
    failed(problem, `${state.words.viewFailed} (${error.message})`, showShops);
    return;
  }
  const list = element("ol", "shops");
  const more = paged(list, shops, shopRow, 30);
  shopsView.replaceChildren(element("p", "intro", state.words.shopsIntro),
    shops.length ? list : element("p", "status", state.words.noShops), more);
}

// Sends a change; its answer is the shop as it is now, or why not (said in the row).
async function change(path, body, row) {
  const problem = row.querySelector("p.error");
  problem.textContent = "";
  let response, answer;
  try {
    ({ response, answer } = await postJSON(path, body));
  } catch (error) {
    failed(problem, error.message, () => change(path, body, row));
    return null;
  }
  if (!response.ok) {
    problem.textContent = answer.message || String(response.status);
    return null;
  }
  markFeedStale();
  return answer;
}

function shopRow(view) {
  const shop = view.shop;
  const row = element("li");
  row.dataset.id = shop.id;
  const name = element("span", "name", shop.name);
  row.append(name, element("span", "sum", view.spendingText), element("span", "details", view.details));

  const renameForm = element("form", "rename");
  const input = element("input");
  input.name = "name";
  input.value = shop.name;
  input.setAttribute("aria-label", state.words.rename);
  const save = element("button", "save", state.words.save);
  save.type = "submit";
  const printed = element("button", "printed", state.words.printedName);
  printed.type = "button";
  printed.hidden = !shop.chosen;
  renameForm.append(input, save, printed);
  renameForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await change("/api/shops/rename", { id: shop.id, name: input.value }, row);
    if (answer) row.replaceWith(shopRow(answer));
  });
  printed.addEventListener("click", async () => {
    const answer = await change("/api/shops/rename", { id: shop.id, name: null }, row);
    if (answer) row.replaceWith(shopRow(answer));
  });

  const mergeForm = element("form", "merge");
  const target = element("select");
  target.name = "into";
  target.setAttribute("aria-label", state.words.mergeInto);
  target.append(element("option", "", state.words.mergeInto));
  target.options[0].value = "";
  // The other shops are listed when the list is first opened: hundreds of shops would otherwise
  // make hundreds of lists of hundreds.
  const fill = () => {
    if (target.options.length > 1) return;
    for (const other of shops) {
      if (other.shop.id === shop.id) continue;
      const option = element("option", "", `${other.shop.name} · ${other.details}`);
      option.value = other.shop.id;
      target.append(option);
    }
  };
  for (const opening of ["focus", "pointerdown", "keydown"]) target.addEventListener(opening, fill);
  const merge = element("button", "merge", state.words.merge);
  merge.type = "submit";
  mergeForm.append(target, merge);
  mergeForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!target.value) return;
    const into = Number(target.value);
    const answer = await change("/api/shops/merge", { id: shop.id, into }, row);
    if (!answer) return;
    // The shop it went into shows its new figures; this row offers to take the merge apart.
    shopsView.querySelector(`li[data-id="${into}"]`)?.replaceWith(shopRow(answer));
    const undo = element("button", "undo", state.words.undo);
    undo.type = "button";
    const merged = element("li", "merged");
    merged.dataset.id = shop.id;
    merged.append(element("span", "name", `${shop.name} → ${answer.shop.name}`), undo, element("p", "error"));
    undo.addEventListener("click", async () => {
      const restored = await change("/api/shops/unmerge", { id: shop.id }, merged);
      if (!restored) return;
      merged.replaceWith(shopRow(restored));
      const again = await ask(`/api/shops?lang=${state.language}`).catch(() => null);
      const into = again?.shops.find((other) => other.shop.id === answer.shop.id);
      if (into) shopsView.querySelector(`li[data-id="${answer.shop.id}"]`)?.replaceWith(shopRow(into));
    });
    row.replaceWith(merged);
  });
  // The changes behind one control, so that the list reads as a list.
  const changing = element("details", "change");
  changing.append(element("summary", "", state.words.changeShop), renameForm, mergeForm);
  row.append(changing, element("p", "error"));
  return row;
}
