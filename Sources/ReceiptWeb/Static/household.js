import { ask, element, failed, go, monthPicker, postJSON, state } from "/common.js";
import { markFeedStale } from "/feed.js";

// The household: the people (added and removed as `receipts people add|remove` does), the balance of
// a month, a range or every month (`receipts household balance`), the transfers that settle it with a
// button that records them (`household settle --record`), and the split rules (`split rule`). With
// nobody yet, what a household is and how to add the first person: you.
export const householdView = document.getElementById("household");

export async function showHousehold(query) {
  householdView.replaceChildren(element("p", "status", "…"));
  const months = query.get("month") ? `&month=${query.get("month")}`
    : query.get("from") ? `&from=${query.get("from")}&to=${query.get("to") || query.get("from")}` : "";
  let people, balance, settle, rules;
  try {
    [people, balance, settle, rules] = await Promise.all([
      ask(`/api/people?lang=${state.language}`),
      ask(`/api/household/balance?lang=${state.language}${months}`),
      ask(`/api/household/settle?lang=${state.language}${months}`),
      ask(`/api/household/rules?lang=${state.language}`),
    ]);
  } catch (error) {
    const problem = element("p", "error");
    householdView.replaceChildren(problem);
    failed(problem, `${state.words.viewFailed} (${error.message})`, () => showHousehold(query));
    return;
  }
  if (!people.people.length) {
    householdView.replaceChildren(element("p", "intro", state.words.householdIntro),
      addForm(state.words.yourName, state.words.addYourself, query));
    return;
  }
  householdView.replaceChildren(
    element("h2", "", state.words.peopleTitle), peopleList(people.people, query),
    addForm(state.words.personName, state.words.addPerson, query),
    balancePart(balance), settlePart(balance, settle, query), rulesPart(rules));
}

// Sends a change; on success the view is drawn again with the answer's line where `sayIn` finds,
// else the reason is said in `problem`.
async function change(path, body, problem, query, sayIn = "form.add-person p.said") {
  problem.textContent = "";
  let response, answer;
  try {
    ({ response, answer } = await postJSON(path, body));
  } catch (error) {
    failed(problem, error.message, () => change(path, body, problem, query, sayIn));
    return;
  }
  if (!response.ok) {
    problem.textContent = answer.message || String(response.status);
    return answer;
  }
  markFeedStale();
  await showHousehold(query);
  householdView.querySelector(sayIn)?.replaceChildren(answer.message || "");
}

function peopleList(people, query) {
  const list = element("ol", "people");
  for (const person of people) {
    const row = element("li");
    row.dataset.id = person.id;
    const remove = element("button", "remove", state.words.removePerson);
    remove.type = "button";
    const problem = element("p", "error");
    remove.addEventListener("click", () => {
      if (confirm(state.words.removePersonConfirm)) change("/api/people/remove", { id: person.id }, problem, query);
    });
    row.append(element("span", "name", person.label), element("span", "card", person.cardText || ""), remove, problem);
    list.append(row);
  }
  return list;
}

function addForm(nameLabel, button, query) {
  const form = element("form", "add-person");
  form.autocomplete = "off";
  const field = (label, name, mode) => {
    const place = element("label");
    const input = element("input");
    input.name = name;
    if (mode) input.inputMode = mode;
    const error = element("span", "field-error");
    error.dataset.field = name;
    place.append(element("span", "", label), input, error);
    return place;
  };
  const submit = element("button", "", button);
  submit.type = "submit";
  const buttons = element("div", "buttons");
  buttons.append(submit);
  const said = element("p", "said");
  said.setAttribute("role", "status");
  form.append(field(nameLabel, "name"), field(state.words.cardDigits, "card", "numeric"), buttons, said);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const error of form.querySelectorAll(".field-error")) error.textContent = "";
    const refused = await change("/api/people/add", { name: form.elements.name.value, card: form.elements.card.value },
      said, query);
    // A refusal about one field is said beside it.
    const beside = refused?.field && form.querySelector(`.field-error[data-field="${refused.field}"]`);
    if (beside) {
      beside.textContent = refused.message;
      said.textContent = "";
    }
  });
  return form;
}

// Each person's paid, consumed (and settled) and the balance, for the months picked.
function balancePart(balance) {
  const part = element("section", "balance");
  const heading = element("h2", "", state.words.balanceTitle);
  const pickers = element("div", "pickers");
  const fromPicker = monthPicker(balance.months, "from", state.words.from, balance.from, state.words.everyMonth);
  const toPicker = monthPicker(balance.months, "to", state.words.to, balance.to || balance.months[0]?.month);
  toPicker.hidden = !balance.from;
  const dash = element("span", "", "—");
  dash.hidden = !balance.from;
  const showRange = (event) => {
    if (!fromPicker.value) return go("/household");
    if (event.target === fromPicker && !balance.from) toPicker.value = fromPicker.value;
    const [first, last] = [fromPicker.value, toPicker.value].sort();
    go(first === last ? `/household?month=${first}` : `/household?from=${first}&to=${last}`);
  };
  fromPicker.addEventListener("change", showRange);
  toPicker.addEventListener("change", showRange);
  pickers.append(fromPicker, dash, toPicker);
  const list = element("ol", "balance");
  for (const line of balance.people) {
    const row = element("li", line.state);
    row.dataset.id = line.id;
    const figures = element("dl");
    const figure = (label, value) => {
      const pair = element("div");
      pair.append(element("dt", "", label), element("dd", "", value));
      figures.append(pair);
    };
    figure(state.words.paid, line.paidText);
    figure(state.words.consumed, line.consumedText);
    if (balance.anySettled) figure(state.words.settled, line.settledText);
    row.append(element("span", "name", line.label), element("span", "amount", line.balanceText), figures);
    list.append(row);
  }
  part.append(heading, pickers, list,
    element("p", "note", state.words.balanceMeaning));
  return part;
}

// The fewest transfers, and the button that records them as made.
function settlePart(balance, settle, query) {
  const part = element("section", "settle");
  part.append(element("h2", "", state.words.settleTitle));
  const said = element("p", "said");
  said.setAttribute("role", "status");
  if (!settle.transfers.length) {
    part.append(element("p", "even", settle.message || ""), said);
    return part;
  }
  const list = element("ol", "transfers");
  for (const transfer of settle.transfers) list.append(element("li", "", transfer.text));
  const record = element("button", "record", state.words.recordSettlements);
  record.type = "button";
  record.addEventListener("click", () => {
    record.disabled = true;
    change("/api/household/settle", {
      from: balance.from, to: balance.to,
      transfers: settle.transfers.map((t) => ({ from: t.fromID, to: t.toID, amount: t.amount })),
    }, said, query, "section.settle p.said").finally(() => { record.disabled = false; });
  });
  const buttons = element("div", "buttons");
  buttons.append(record);
  part.append(list, element("p", "note", state.words.settleNote), buttons, said);
  return part;
}

function rulesPart(rules) {
  const part = element("section", "rules");
  part.append(element("h2", "", state.words.rulesTitle));
  if (!rules.rules.length) {
    part.append(element("p", "note", state.words.noRules));
    return part;
  }
  const list = element("ol", "rules");
  for (const rule of rules.rules) list.append(element("li", "", rule.text));
  part.append(list);
  return part;
}
