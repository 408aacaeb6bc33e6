import { categorySelect } from "/categories.js";
import { ask, element, failed, send, state, table } from "/common.js";

// Insights: the month's budgets (set and removed here, as `receipts budget set`/`unset` do), personal
// inflation, and the regular payments; each part loads on its own. The address names the budgets'
// month (`/insights?month=2026-10`), this month without it.
export const insightsView = document.getElementById("insights");

export function showInsights(query) {
  const parts = ["budgets", "inflation", "recurring"].map((name) => {
    const part = element("section", `part ${name}`);
    part.append(element("p", "status", state.words.loading));
    return part;
  });
  insightsView.replaceChildren(...parts);
  showBudgets(parts[0], query.get("month"));
  showInflation(parts[1]);
  showRecurring(parts[2]);
}

async function load(part, path, draw) {
  try {
    draw(await ask(path));
  } catch (error) {
    failed(part, `${state.words.viewFailed} (${error.message})`, () => load(part, path, draw));
  }
}

function showBudgets(part, month) {
  const path = `/api/budgets?lang=${state.language}${month ? `&month=${encodeURIComponent(month)}` : ""}`;
  load(part, path, (budget) => {
    const heading = element("h2", "", budget.title);
    const months = element("p", "months");
    for (const [link, word] of [[budget.previous, "previousMonth"], [budget.next, "nextMonth"]]) {
      if (!link) continue;
      const to = element("a", word, state.words[word]);
      to.href = `/insights?month=${link.month}`;
      to.title = link.title;
      months.append(to);
    }
    const lines = element("ol", "budgets");
    for (const line of budget.lines) lines.append(budgetLine(line, budget, part, month));
    part.replaceChildren(heading, months, budget.empty ? element("p", "empty", budget.empty) : lines,
      budgetForm(budget, part, month));
    for (const bar of part.querySelectorAll(".bar span")) bar.style.width = `${bar.dataset.used * 100}%`;
  });
}

function budgetLine(line, budget, part, month) {
  const item = element("li", line.state);
  item.dataset.category = line.category;
  const name = element("span", "name", line.name);
  if (line.stateText) name.append(" ", element("strong", "state", line.stateText));
  const remove = element("button", "remove", state.words.removeBudget);
  remove.type = "button";
  remove.setAttribute("aria-label", `${state.words.removeBudget}: ${line.name}`);
  remove.addEventListener("click", async () => {
    const answer = await send("/api/budgets/unset", { category: line.category, month: budget.month });
    if (!answer.ok) {
      item.append(element("span", "problem", answer.text));
      return;
    }
    lastSaid = answer.text;
    showBudgets(part, month);
  });
  const bar = element("span", "bar");
  const fill = element("span");
  fill.dataset.used = line.used;
  bar.append(fill);
  const facts = element("dl");
  for (const [label, value] of [
    [state.words.limit, line.limitText], [state.words.spent, line.spentText],
    [state.words.left, line.leftText], [state.words.projected, line.projectedText],
  ]) {
    const fact = element("div");
    fact.append(element("dt", "", label), element("dd", "", value));
    facts.append(fact);
  }
  item.append(name, remove, bar, facts);
  return item;
}

// What the last change did: said under the form once the budgets are drawn again.
let lastSaid = "";

function budgetForm(budget, part, month) {
  const form = element("form", "budget-form");
  form.autocomplete = "off";
  form.noValidate = true;
  const field = (word, input, name) => {
    const label = element("label");
    const problem = element("span", "field-error");
    problem.id = `budget-${name}-error`;
    problem.dataset.field = name;
    input.name = name;
    input.setAttribute("aria-describedby", problem.id);
    label.append(element("span", "", state.words[word]), input, problem);
    return label;
  };
  const submit = element("button", "", state.words.setBudget);
  submit.type = "submit";
  // No category is chosen for the user: "set the limit" waits for one.
  const category = categorySelect(budget.choices, null, submit);
  const amount = element("input");
  amount.inputMode = "decimal";
  const only = element("label", "only");
  const box = element("input");
  box.type = "checkbox";
  box.name = "only";
  only.append(box, " ", budget.onlyThisMonth);
  const message = element("p", "said", lastSaid);
  message.setAttribute("role", "status");
  lastSaid = "";
  form.append(field("budgetCategory", category, "category"), field("budgetAmount", amount, "amount"), only,
    element("div", "buttons"), message);
  form.querySelector(".buttons").append(submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const problem of form.querySelectorAll(".field-error")) problem.textContent = "";
    for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
    const answer = await send("/api/budgets/set", {
      category: category.value, amount: amount.value, month: box.checked ? budget.month : null,
    });
    if (!answer.ok) {
      const problem = form.querySelector(`.field-error[data-field="${answer.field || "amount"}"]`)
        || form.querySelector(".field-error[data-field=amount]");
      problem.textContent = answer.text;
      form.elements[answer.field || "amount"]?.setAttribute("aria-invalid", "true");
      return;
    }
    lastSaid = answer.text;
    showBudgets(part, month);
  });
  return form;
}

function showInflation(part) {
  load(part, `/api/inflation?lang=${state.language}`, (inflation) => {
    const nodes = [element("h2", "", inflation.title)];
    if (inflation.summary) nodes.push(element("p", "summary", inflation.summary));
    if (inflation.coverageNote) nodes.push(element("p", "note", inflation.coverageNote));
    if (inflation.empty) nodes.push(element("p", "empty", inflation.empty));
    if (inflation.pairs.length) {
      nodes.push(table([state.words.months, state.words.change, state.words.products],
        inflation.pairs.map((pair) => [pair.monthsText, pair.changeText, String(pair.matched)]), "pairs"));
    }
    if (inflation.skipped.length) {
      const skipped = element("ul", "skipped");
      for (const text of inflation.skipped) skipped.append(element("li", "", text));
      nodes.push(skipped);
    }
    // What the index leaves out, and the country's index over the same months: lists the API wrote.
    for (const [name, title, lines] of [["left-out", inflation.leftOutTitle, inflation.leftOut],
      ["official", inflation.officialTitle, inflation.official]]) {
      if (!lines.length) continue;
      nodes.push(element("p", "list-title", title));
      const list = element("ul", name);
      for (const text of lines) list.append(element("li", "", text));
      nodes.push(list);
    }
    if (inflation.categories.length) {
      nodes.push(element("h3", "", state.words.byCategory),
        table([state.words.budgetCategory, state.words.change],
          inflation.categories.map((c) => [c.name, c.changeText]), "categories"));
    }
    part.replaceChildren(...nodes);
  });
}

function showRecurring(part) {
  load(part, `/api/recurring?lang=${state.language}`, (recurring) => {
    const list = element("ol", "payments");
    for (const payment of recurring.payments) {
      const item = element("li", payment.stopped ? "stopped" : "");
      item.append(element("span", "name", payment.shop), element("span", "sum", payment.amountText),
        element("span", "detail", `${payment.periodText} · ${payment.timesText}`), element("span", "next", payment.nextText));
      list.append(item);
    }
    part.replaceChildren(element("h2", "", state.words.recurring),
      recurring.empty ? element("p", "empty", recurring.empty) : list);
  });
}
