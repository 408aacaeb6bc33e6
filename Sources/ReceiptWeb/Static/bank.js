import { ask, call, element, failed, send, state } from "/common.js";

// The bank: statements added (picked or dropped), as `receipts bank import` adds them; card payments
// paired with receipts (how sure, and why), each pair taken apart with one button when it is wrong
// (it is not offered again); payments without a receipt, each paired by hand with one of the
// unpaired receipts near its date (the likeliest first, each with what matching makes of it, none
// chosen beforehand) or with a receipt's number; and the card receipts without a payment; each
// stored payment can be removed, after a confirmation. As `receipts match`, with `--undo` and
// `--pair`, and `receipts bank remove --payment`.
export const bankView = document.getElementById("bank");

// What the last change did: said above the lists once they are drawn again.
let lastSaid = "";
// What the statements added last did, a line each (a file refused, or a row that could not be read,
// marked as a problem): said under the field once the view is drawn again.
let lastAdded = [];

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
  bankView.replaceChildren(element("h2", "", state.words.bank), said, statementPart());
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

// Statement files picked or dropped: each sent as it is and added as `receipts bank import FILE`
// adds it (the same reader; a file that is no statement named with the command's reason, nothing of
// it stored); then the view is drawn again with what each did.
function statementPart() {
  const part = element("section", "statement");
  const input = element("input");
  input.type = "file";
  input.id = "bank-statement";
  input.multiple = true;
  input.accept = ".csv,.txt,.ofx,.qfx,text/csv,text/plain,application/x-ofx";
  const drop = element("label", "drop");
  drop.append(element("span", "", state.words.dropStatement), " ", element("span", "pick", state.words.pickFiles), input);
  const added = element("ol", "added");
  added.setAttribute("aria-live", "polite");
  for (const outcome of lastAdded) added.append(element("li", outcome.problem ? "problem" : "", outcome.line));
  input.addEventListener("change", () => addStatements([...input.files], added, input));
  part.addEventListener("dragover", (event) => event.preventDefault());
  part.addEventListener("drop", (event) => {
    event.preventDefault();
    addStatements([...event.dataTransfer.files], added, input);
  });
  part.append(element("h3", "", state.words.statementTitle), drop, added);
  return part;
}

async function addStatements(files, added, input) {
  if (!files.length) return;
  input.disabled = true;
  added.replaceChildren();
  const outcomes = [];
  for (const file of files) {
    const row = element("li", "", `${file.name}: ${state.words.addingStatement}`);
    added.append(row);
    let answer;
    try {
      const response = await call(`/api/bank/statement?lang=${state.language}&name=${encodeURIComponent(file.name)}`, {
        method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: file,
      });
      answer = await response.json().catch(() => ({ problem: String(response.status) }));
      if (!response.ok && !answer.problem) answer.problem = answer.message || String(response.status);
    } catch (error) {
      answer = { problem: `${state.words.viewFailed} (${error.message})` };
    }
    outcomes.push({ line: answer.problem ? `${file.name}: ${answer.problem}` : answer.text, problem: !!answer.problem });
    for (const wrong of answer.errors || []) outcomes.push({ line: `${wrong.file}: ${wrong.error}`, problem: true });
    row.textContent = outcomes[outcomes.length - 1].line;
  }
  lastAdded = outcomes;
  showBank();
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
  // The candidates, best first, each with what matching makes of it; none is chosen for the user.
  const choices = element("fieldset", "candidates");
  choices.append(element("legend", "", state.words.pairWith));
  for (const candidate of unpaired.candidates) {
    const receipt = receipts.get(candidate.receipt);
    if (!receipt) continue;
    const choice = element("label", "candidate");
    const radio = element("input");
    radio.type = "radio";
    radio.name = `candidate-${unpaired.payment.id}`;
    radio.value = candidate.receipt;
    const facts = element("span", "facts");
    facts.append(
      element("span", "total", receipt.totalText),
      element("span", "when", receipt.dateText),
      element("span", "shop", `${state.words.receiptNumber} ${receipt.id} · ${receipt.shop || "—"}`),
    );
    choice.append(radio, facts, element("span", "reasons", candidate.reasons.join(" · ")));
    choices.append(choice);
  }
  if (!choices.querySelector("input")) choices.append(element("span", "none", state.words.noCandidates));
  const number = element("input");
  number.name = "receipt";
  number.inputMode = "numeric";
  number.placeholder = state.words.otherReceipt;
  number.setAttribute("aria-label", state.words.otherReceipt);
  const submit = element("button", "", state.words.pair);
  submit.type = "submit";
  const chosen = () => choices.querySelector("input:checked")?.value ?? "";
  // Pairing waits for a receipt chosen or typed.
  const ready = () => { submit.disabled = chosen() === "" && number.value.trim() === ""; };
  choices.addEventListener("change", ready);
  number.addEventListener("input", ready);
  ready();
  const problem = element("p", "problem");
  problem.setAttribute("role", "alert");
  form.append(choices, number, submit, problem);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = number.value.trim();
    const receipt = typed ? Number(typed) : Number(chosen());
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
