import { ask, element, failed, send, state } from "/common.js";

// Categories: the names still without one, most bought first, and the names the classifier guessed,
// each with the categories it could be (best first, each with what the classifier rests it on) as
// one button apiece, and any category in a select; every name with some words at once (as `receipts
// categories set`, `uncategorized`, `guesses` and `match --set`). Nothing is chosen beforehand: a
// category is saved only when the user clicks a candidate or picks one. Each choice can be undone.
export async function showCategories() {
  const view = document.getElementById("categories");
  let uncategorized;
  let guessed;
  let categories;
  try {
    [uncategorized, guessed, categories] = await Promise.all([
      ask(`/api/categories/uncategorized?lang=${state.language}`),
      ask(`/api/categories/guessed?lang=${state.language}`),
      ask(`/api/categories?lang=${state.language}`),
    ]);
  } catch (error) {
    failed(view, `${state.words.viewFailed} (${error.message})`, showCategories);
    return;
  }
  const choices = categories.filter((c) => c.category !== "uncategorized");
  view.replaceChildren(
    element("h2", "", state.words.uncategorizedTitle),
    uncategorized.empty ? element("p", "", uncategorized.empty) : nameList(uncategorized.names, choices, false),
    element("h2", "", state.words.guessedTitle),
    guessed.empty ? element("p", "", guessed.empty) : nameList(guessed.names, choices, true),
    element("h2", "", state.words.matchTitle),
    matchForm(choices),
  );
}

// A select of the categories one can choose, at `selected` when given (a category the line has,
// never a guess), else at a "choose" line that saves nothing; `button` stays disabled until a
// category is picked.
export function categorySelect(choices, selected, button) {
  const select = element("select");
  select.setAttribute("aria-label", state.words.category);
  const none = element("option", "", state.words.chooseCategory);
  none.value = "";
  none.disabled = true;
  select.append(none);
  for (const category of choices) {
    const option = element("option", "", category.name);
    option.value = category.category;
    select.append(option);
  }
  select.value = selected && choices.some((c) => c.category === selected) ? selected : "";
  if (button) {
    button.disabled = select.value === "";
    select.addEventListener("change", () => { button.disabled = select.value === ""; });
  }
  return select;
}

// What a choice answered, with a button that undoes it; `done` marks the row while it holds, and
// `undone` is called once it is undone.
export function answered(result, row, answer, undone) {
  result.replaceChildren(answer.text);
  if (!answer.ok) return;
  row.classList.add("done");
  const undo = element("button", "undo", state.words.undo);
  undo.type = "button";
  undo.addEventListener("click", async () => {
    const back = await send("/api/categories/undo", { action: answer.action });
    result.replaceChildren(back.text);
    if (!back.ok) return;
    row.classList.remove("done");
    undone?.();
  });
  result.append(" ", undo);
}

// Names with their candidates, a button each that chooses it, then a select and "assign" for any
// other category.
function nameList(names, choices, guessed) {
  const rows = element("ol", guessed ? "names guessed" : "names");
  for (const name of names) {
    const row = element("li");
    row.dataset.name = name.name;
    row.dataset.total = name.total;
    if (name.guess) row.dataset.guess = name.guess;
    const result = element("span", "result");
    // A choice marks the candidate it took, if any, until it is undone or another is made.
    const choose = async (category) => {
      const press = (chosen) => {
        for (const button of row.querySelectorAll("ul.candidates button")) {
          button.setAttribute("aria-pressed", String(button.dataset.category === chosen));
        }
      };
      const answer = await send("/api/categories/choice", { name: name.name, category });
      answered(result, row, answer, () => press(null));
      if (answer.ok) press(category);
    };
    const assign = element("button", "assign", state.words.assign);
    assign.type = "button";
    const select = categorySelect(choices, null, assign);
    assign.addEventListener("click", () => choose(select.value));
    const parts = [element("span", "name", name.name), element("span", "sum", name.totalText),
      element("span", "count", name.itemsText)];
    if (name.candidates.length > 0) {
      const list = element("ul", "candidates");
      list.setAttribute("aria-label", state.words.candidates);
      for (const candidate of name.candidates) {
        const item = element("li");
        item.dataset.category = candidate.category;
        const button = element("button", "confirm", candidate.name);
        button.type = "button";
        button.dataset.category = candidate.category;
        button.setAttribute("aria-pressed", "false");
        button.addEventListener("click", () => choose(candidate.category));
        item.append(button, element("span", "reason", candidate.reason));
        list.append(item);
      }
      parts.push(list);
    }
    row.append(...parts, select, assign, result);
    rows.append(row);
  }
  return rows;
}

// Words typed list the names without a choice or rule that have them; one category for them all.
function matchForm(choices) {
  const form = element("form", "match");
  const input = element("input");
  input.name = "words";
  input.setAttribute("aria-label", state.words.matchWords);
  input.placeholder = state.words.matchWords;
  const find = element("button", "find", state.words.find);
  const found = element("div", "matched");
  form.append(input, find, found);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const words = input.value;
    let list;
    try {
      list = await ask(`/api/categories/matching?words=${encodeURIComponent(words)}&lang=${state.language}`);
    } catch (error) {
      found.replaceChildren(element("p", "", `${state.words.viewFailed} (${error.message})`));
      return;
    }
    if (list.empty) {
      found.replaceChildren(element("p", "", list.empty));
      return;
    }
    const names = element("ol", "names");
    for (const name of list.names) {
      const row = element("li");
      row.dataset.name = name.name;
      row.dataset.total = name.total;
      row.append(element("span", "name", name.name), element("span", "sum", name.totalText),
        element("span", "count", name.itemsText));
      names.append(row);
    }
    const assign = element("button", "assign-all", state.words.assignAll);
    assign.type = "button";
    const select = categorySelect(choices, null, assign);
    const result = element("span", "result");
    const all = element("p", "all");
    all.append(select, assign, result);
    assign.addEventListener("click", async () => {
      answered(result, found, await send("/api/categories/matching", { words, category: select.value }));
    });
    found.replaceChildren(names, all);
  });
  return form;
}
