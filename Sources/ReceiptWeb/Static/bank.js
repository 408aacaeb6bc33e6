import { ask, element, failed, send, state } from "/common.js";

// The bank: card payments paired with receipts (how sure, and why), each pair taken apart with one
// button when it is wrong (it is not offered again); payments without a receipt, each paired by hand
// with one of the unpaired receipts near its date (the likeliest first) or with a receipt's number;
// and the card receipts without a payment; each stored payment can be removed, after a confirmation.
// As `receipts match`, with `--undo` and `--pair`, and `receipts bank remove --payment`.
export const bankView = document.getElementById("bank");

// What the last change did: said above the lists once they are drawn again.
let lastSaid = "";

export async function showBank() {
  bankView.replaceChildren(element("p", "status", state.words.loading));
  let bank;
  try {
    bank = await ask(`/api/bank?lang=${state.language}`);
  } catch (error) {
    failed(bankView, `${state.words.viewFailed} (${error.message})`, showBank);
    return;
  }
  const said = element("p", "said", lastSaid);
  said.setAttribute("role", "status");
  lastSaid = "";
  const summary = element("ul", "summary");
  for (const line of bank.summary) summary.append(element("li", "", line));
  bankView.replaceChildren(element("h2", "", state.words.bank), said);
  if (bank.empty) {
    bankView.append(element("p", "empty", bank.empty));
    return;
  }
  bankView.append(summary);
  const receipts = new Map(bank.unmatchedReceipts.map((receipt) => [receipt.id, receipt]));
  if (bank.matched.length) bankView.append(section(state.words.matchedTitle, "matched", bank.matched.map(pairItem)));
  if (bank.unmatchedPayments.length) {
    bankView.append(section(state.words.unmatchedPaymentsTitle, "payments",
      bank.unmatchedPayments.map((unpaired) => paymentItem(unpaired, receipts))));
  }
  if (bank.unmatchedReceipts.length) {
    bankView.append(section(state.words.unmatchedReceiptsTitle, "receipts", bank.unmatchedReceipts.map(receiptItem)));
  }
}

function section(title, className, items) {
  const part = element("section", className);
  const list = element("ol");
  list.append(...items);
  part.append(element("h3", "", title), list);
  return part;
}

// A payment's facts: when, how much, the bank's words and the account.
function paymentFacts(payment) {
  const facts = element("div", "payment");
  facts.append(
    element("span", "amount", payment.amountText),
    element("span", "when", payment.dateText),
    element("span", "description", payment.description),
    element("span", "account", payment.account),
  );
  return facts;
}

function receiptLink(receipt) {
  const link = element("a", "receipt", `${state.words.receiptNumber} ${receipt.id} · ${receipt.shop || "—"}`);
  link.href = `/receipts/${receipt.id}`;
  return link;
}

// A change sent; the view is drawn again with what it did said.
async function change(path, body, problem) {
  const answer = await send(path, body);
  if (!answer.ok) {
    problem.textContent = answer.text;
    return;
  }
  lastSaid = answer.text;
  showBank();
}

// A button that takes the stored payment out, with its pair, once the user confirms it.
function removeButton(payment, problem) {
  const remove = element("button", "remove", state.words.removePayment);
  remove.type = "button";
  remove.setAttribute("aria-label", `${state.words.removePayment}: ${payment.amountText} · ${payment.dateText}`);
  remove.addEventListener("click", () => {
    if (!window.confirm(state.words.removePaymentConfirm)) return;
    change("/api/bank/remove", { payment: payment.id }, problem);
  });
  return remove;
}

function pairItem(pair) {
  const item = element("li", pair.manual ? "manual" : "");
  item.dataset.receipt = pair.receiptID;
  item.dataset.payment = pair.payment.id;
  const receipt = pair.receipt
    ? receiptLink(pair.receipt)
    : element("span", "receipt", `${state.words.receiptNumber} ${pair.receiptID}`);
  const receiptFacts = element("div", "receipt-facts");
  receiptFacts.append(receipt);
  if (pair.receipt) {
    receiptFacts.append(element("span", "when", pair.receipt.dateText), element("span", "total", pair.receipt.totalText));
  }
  const why = element("p", "why", `${pair.reason} · ${pair.confidenceText}`);
  const problem = element("p", "problem");
  const unpair = element("button", "unpair", state.words.unpair);
  unpair.type = "button";
  unpair.setAttribute("aria-label", `${state.words.unpair}: ${state.words.receiptNumber} ${pair.receiptID}`);
  unpair.addEventListener("click", () =>
    change("/api/bank/unpair", { receipt: pair.receiptID, payment: pair.payment.id }, problem));
  item.append(paymentFacts(pair.payment), receiptFacts, why, unpair, removeButton(pair.payment, problem), problem);
  return item;
}

function paymentItem(unpaired, receipts) {
  const item = element("li");
  item.dataset.payment = unpaired.payment.id;
  const form = element("form", "pair-form");
  form.autocomplete = "off";
  form.noValidate = true;
  const choice = element("select");
  choice.name = "candidate";
  choice.setAttribute("aria-label", state.words.pairWith);
  // Nothing is chosen for the user: the candidates, best first, under an empty choice.
  const none = element("option", "", state.words.chooseReceipt);
  none.value = "";
  choice.append(none);
  for (const id of unpaired.candidates) {
    const receipt = receipts.get(id);
    const option = element("option", "", `${receipt.totalText} · ${receipt.dateText} · ${receipt.shop || "—"}`);
    option.value = id;
    choice.append(option);
  }
  const number = element("input");
  number.name = "receipt";
  number.inputMode = "numeric";
  number.placeholder = state.words.otherReceipt;
  number.setAttribute("aria-label", state.words.otherReceipt);
  const submit = element("button", "", state.words.pair);
  submit.type = "submit";
  // Pairing waits for a receipt chosen or typed.
  const ready = () => { submit.disabled = choice.value === "" && number.value.trim() === ""; };
  choice.addEventListener("change", ready);
  number.addEventListener("input", ready);
  ready();
  const problem = element("p", "problem");
  problem.setAttribute("role", "alert");
  const label = element("label", "", state.words.pairWith);
  form.append(label);
  if (unpaired.candidates.length) form.append(choice);
  else form.append(element("span", "none", state.words.noCandidates));
  form.append(number, submit, problem);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = number.value.trim();
    const receipt = typed ? Number(typed) : Number(choice.value);
    change("/api/bank/pair", { receipt: Number.isInteger(receipt) ? receipt : 0, payment: unpaired.payment.id },
      problem);
  });
  const removal = element("p", "problem");
  removal.setAttribute("role", "alert");
  item.append(paymentFacts(unpaired.payment), form, removeButton(unpaired.payment, removal), removal);
  return item;
}

function receiptItem(receipt) {
  const item = element("li");
  item.dataset.receipt = receipt.id;
  item.append(receiptLink(receipt), element("span", "total", receipt.totalText),
    element("span", "when", receipt.dateText));
  return item;
}
