import { answered, categorySelect } from "/categories.js";
import { ask, element, failed, picture, send, state, table } from "/common.js";
import { receiptPeople } from "/people.js";

// The detail of one receipt, in place of the feed (which keeps its place for the way back).
export async function showReceipt(id) {
  const detail = document.getElementById("detail");
  let receipt;
  try {
    receipt = await ask(`/api/receipts/${id}?lang=${state.language}`);
  } catch (error) {
    if (error.message === "404") detail.replaceChildren(element("p", "", state.words.notFound));
    else failed(detail, state.words.failed, () => showReceipt(id));
    return;
  }
  const back = element("a", "back", state.words.back);
  back.href = "/receipts";
  detail.classList.remove("editing", "editing-people");
  const share = element("button", "share", state.words.share);
  share.type = "button";
  const shared = element("p", "shared");
  share.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(receipt.shareText);
      shared.textContent = state.words.copied;
    } catch {
      shared.replaceChildren(element("span", "", state.words.copyFailed), element("pre", "", receipt.shareText));
    }
  });
  const heading = element("h2", "", receipt.shop);
  // The total and the date first: what a receipt is looked up for, within the first screen.
  const headline = element("p", "headline");
  headline.append(element("span", "when", receipt.dateText), element("span", "total", receipt.totalText));
  const facts = element("p", "facts");
  for (const line of [receipt.address, receipt.seller, receipt.operationText, receipt.statusText]) {
    if (line) facts.append(element("span", "", line));
  }
  // A prepayment and its delivery, a return and its purchase: what the server said, and links.
  const purchase = element("p", "purchase");
  if (receipt.purchaseText) purchase.append(element("span", "", receipt.purchaseText));
  for (const problem of receipt.problems) purchase.append(element("span", "problem", problem));
  for (const link of receipt.links) {
    const anchor = element("a", "linked", link.text);
    anchor.href = link.href;
    purchase.append(anchor);
  }
  const items = element("ol", "items");
  const editable = [];
  const lines = [];
  for (const [index, item] of receipt.items.entries()) {
    const line = element("li");
    if (item.category) line.dataset.category = item.category;
    if (item.decidedBy) line.dataset.by = item.decidedBy;
    line.append(
      element("span", "name", item.name),
      element("span", "sum", item.sumText),
      element("span", "how", `${item.quantityText} × ${item.priceText}`),
      element("span", "kind", [item.vatText, item.categoryText].filter(Boolean).join(" · ")),
    );
    if (item.category) editable.push({ number: index + 1, item, line });
    lines.push(line);
    items.append(line);
  }
  const tools = element("div", "tools");
  tools.append(share);
  if (editable.length) tools.append(lineEditing(receipt.id, editable, detail));
  // Who paid and whom it is for, once there are people: the words, and their pickers behind one button.
  const people = receipt.household ? receiptPeople(receipt, detail, lines) : null;
  if (people) tools.append(people.toggle);
  const totals = table([state.words.total, receipt.totalText], receipt.payments, "totals");
  const paid = bankPayment(receipt.bankPayment);
  const fiscal = table(["", ""], receipt.fiscal, "fiscal");
  const code = element("figure", "qr");
  const image = element("img");
  image.alt = state.words.qrCode;
  picture(receipt.qrImage).then((address) => {
    image.addEventListener("load", () => URL.revokeObjectURL(address), { once: true });
    image.src = address;
  }, () => {});
  code.append(image, element("figcaption", "", receipt.qr));
  detail.replaceChildren(back, heading, headline, facts, purchase, people ? people.part : "", tools,
    people ? people.editing : "", shared, items, totals, paid, fiscal, code);
}

// The bank's payment the receipt is paired with, as the Bank page pairs them (when, how much, the
// bank's words, the card, and why); nothing when there is none.
function bankPayment(paired) {
  if (!paired) return "";
  const part = element("section", "bank-payment");
  const bank = element("a", "", state.words.bankPaymentTitle);
  bank.href = "/bank";
  const heading = element("h3");
  heading.append(bank);
  const payment = paired.payment;
  part.dataset.payment = payment.id;
  part.append(
    heading,
    element("span", "amount", payment.amountText),
    element("span", "when", payment.dateText),
    element("span", "description", payment.description),
    element("span", "account", payment.account),
    element("span", "why", paired.reason),
  );
  return part;
}

// One control for every line's category: "Change categories" puts a chooser under each line (as
// `receipts categories line`), starting at the line's category when something sure decided it and
// empty for a guess, which is never picked beforehand; "Done" puts them away. The categories are
// asked for once, on the first click.
function lineEditing(id, editable, detail) {
  const toggle = element("button", "edit-lines", state.words.changeCategories);
  toggle.type = "button";
  toggle.setAttribute("aria-pressed", "false");
  let placed = false;
  toggle.addEventListener("click", async () => {
    if (!placed) {
      let categories;
      try {
        categories = await ask(`/api/categories?lang=${state.language}`);
      } catch (error) {
        toggle.nextElementSibling?.remove();
        toggle.after(element("span", "result", `${state.words.viewFailed} (${error.message})`));
        return;
      }
      const choices = categories.filter((c) => c.category !== "uncategorized");
      for (const { number, item, line } of editable) line.append(lineChoice(id, number, item, line, choices));
      placed = true;
    }
    const editing = detail.classList.toggle("editing");
    toggle.textContent = editing ? state.words.doneEditing : state.words.changeCategories;
    toggle.setAttribute("aria-pressed", String(editing));
  });
  return toggle;
}

function lineChoice(id, number, item, line, choices) {
  const place = element("span", "line-choice");
  const assign = element("button", "assign", state.words.assign);
  assign.type = "button";
  const decided = item.decidedBy !== "none" && item.decidedBy !== "guess";
  const select = categorySelect(choices, decided ? item.category : null, assign);
  const result = element("span", "result");
  assign.addEventListener("click", async () => {
    answered(result, line, await send("/api/categories/line", { receipt: id, line: number, category: select.value }));
  });
  place.append(select, assign, result);
  return place;
}
