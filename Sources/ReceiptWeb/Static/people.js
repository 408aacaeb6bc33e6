import { choicePicker, element, postJSON, state } from "/common.js";
import { markFeedStale } from "/feed.js";

// A receipt's people: who paid it and whom it and its lines are for, as `receipts paid-by` and
// `receipts split` say it. Two lines of words under the receipt's facts; one button ("Who paid, for
// whom") puts the pickers out, the payer's and the receipt's above the lines and one under each line,
// and puts them away again. Each choice is sent at once; the answer is the receipt's people as they
// are now, drawn again.
export function receiptPeople(receipt, detail, lines) {
  const part = element("section", "household");
  // The pickers of the payer and of the receipt's people, placed under the receipt's buttons.
  const editing = element("div", "people-editing");
  const said = element("p", "result");
  said.setAttribute("role", "status");
  const toggle = element("button", "edit-people", state.words.editPeople);
  toggle.type = "button";
  toggle.setAttribute("aria-pressed", "false");
  toggle.addEventListener("click", () => {
    const editing = detail.classList.toggle("editing-people");
    toggle.setAttribute("aria-pressed", String(editing));
  });

  // A line's answer is said under the line, the receipt's under its pickers.
  const change = async (path, body) => {
    const line = body.line ? lines[body.line - 1] : null;
    for (const old of detail.querySelectorAll("ol.items .people-result")) old.remove();
    said.textContent = "";
    const say = (text) => {
      if (line) line.append(element("span", "people-result", text));
      else said.textContent = text;
    };
    let response, answer;
    try {
      ({ response, answer } = await postJSON(path, { receipt: receipt.id, ...body }));
    } catch (error) {
      say(`${state.words.viewFailed} (${error.message})`);
      return;
    }
    if (response.ok) {
      markFeedStale();
      draw(answer.household);
    }
    say(answer.message || String(response.status));
  };

  const draw = (household) => {
    // Its first choice the default payer, who pays when nobody is named.
    const payer = choicePicker(household.people.map((person) => [person.id, person.label]), "payer",
      state.words.payer, household.chosenPayer, household.defaultPayerText);
    payer.addEventListener("change", () =>
      change("/api/household/payer", { person: payer.value ? Number(payer.value) : null }));
    const payerLabel = element("label", "payer");
    payerLabel.append(element("span", "", state.words.payer), payer);
    const everyone = household.people.map((person) => ({ person: person.id, weight: 1 }));
    const receiptPicker = picker(household.people, household.receiptPeople || everyone, {
      title: state.words.receiptPeople, reset: household.receiptPeople ? state.words.forEveryone : null,
      send: (people) => change("/api/household/shares", { line: null, people }),
    });
    editing.replaceChildren(payerLabel, receiptPicker, said);
    const consumed = household.consumedText ? ` · ${household.consumedText}` : "";
    part.replaceChildren(element("p", "paid-by", household.payerText),
      element("p", "for", household.forText + consumed));
    household.lines.forEach((line, index) => {
      const row = lines[index];
      if (!row) return;
      row.querySelector(".people")?.remove();
      row.querySelector(".people-choice")?.remove();
      if (line.text) row.append(element("span", "people", line.text));
      // A line's weights show only when they are uneven: most lines are one person's, or evenly shared.
      const uneven = new Set(line.people.map((share) => share.weight)).size > 1;
      row.append(picker(household.people, line.people, {
        title: state.words.linePeople, reset: line.own ? state.words.asReceipt : null,
        send: (people) => change("/api/household/shares", { line: index + 1, people }),
        className: "people-choice", weighed: uneven, legend: false,
      }));
    });
  };

  draw(receipt.household);
  return { part, editing, toggle };
}

// A box a person with their weight (shown among two or more ticked, when `weighed`), the chosen ones
// ticked; each change `send`s the people ticked (none: back to the default), and `reset`, when
// given, names a button that goes back to it.
function picker(people, chosen, { title, reset, send, className = "people-picker", weighed = true, legend = true }) {
  const place = element("fieldset", className);
  // A line's picker is named for a screen reader only: a title under each line would double the list.
  if (legend) place.append(element("legend", "", title));
  else place.setAttribute("aria-label", title);
  const weights = new Map(chosen.map((share) => [share.person, share.weight]));
  const boxes = [];
  // A weight matters among two or more: one person ticked shows none.
  const showWeights = () => {
    const ticked = boxes.filter(({ box }) => box.checked).length;
    for (const { box, weight } of boxes) weight.hidden = !weighed || !box.checked || ticked < 2;
  };
  const sendTicked = () => send(boxes.filter(({ box }) => box.checked)
    .map(({ person, weight }) => ({ person: person.id, weight: Number(weight.value) || 1 })));
  for (const person of people) {
    const label = element("label", "person");
    const box = element("input");
    box.type = "checkbox";
    box.checked = weights.has(person.id);
    const weight = element("input", "weight");
    weight.type = "number";
    weight.min = "1";
    weight.max = "1000000";
    weight.value = String(weights.get(person.id) || 1);
    weight.setAttribute("aria-label", `${state.words.weight}: ${person.name}`);
    box.addEventListener("change", () => {
      showWeights();
      sendTicked();
    });
    weight.addEventListener("change", sendTicked);
    label.append(box, element("span", "", person.name), weight);
    boxes.push({ person, box, weight });
    place.append(label);
  }
  showWeights();
  if (reset) {
    const back = element("button", "reset", reset);
    back.type = "button";
    back.addEventListener("click", () => send([]));
    place.append(back);
  }
  return place;
}
