import { ask, element, failed, send, state } from "/common.js";

// Categories: the names still without one, most bought first; a category assigned in one click (as
// `receipts categories set`), and undone.
export async function showCategories() {
  const view = document.getElementById("categories");
  let list;
  let categories;
  try {
    [list, categories] = await Promise.all([
      ask(`/api/categories/uncategorized?lang=${state.language}`), ask(`/api/categories?lang=${state.language}`),
    ]);
  } catch (error) {
    failed(view, `${state.words.viewFailed} (${error.message})`, showCategories);
    return;
  }
  const rows = element("ol", "names");
  for (const name of list.names) {
    const row = element("li");
    row.dataset.name = name.name;
    row.dataset.total = name.total;
    const select = element("select");
    select.setAttribute("aria-label", state.words.category);
    for (const category of categories.filter((c) => c.category !== "uncategorized")) {
      const option = element("option", "", category.name);
      option.value = category.category;
      select.append(option);
    }
    const assign = element("button", "assign", state.words.assign);
    assign.type = "button";
    const result = element("span", "result");
    assign.addEventListener("click", async () => {
      const answer = await send("/api/categories/choice", { name: name.name, category: select.value });
      result.replaceChildren(answer.text);
      if (!answer.ok) return;
      row.classList.add("done");
      const undo = element("button", "undo", state.words.undo);
      undo.type = "button";
      undo.addEventListener("click", async () => {
        const back = await send("/api/categories/undo", { name: name.name });
        result.replaceChildren(back.text);
        if (back.ok) row.classList.remove("done");
      });
      result.append(" ", undo);
    });
    row.append(
      element("span", "name", name.name), element("span", "sum", name.totalText), element("span", "count", name.itemsText),
      select, assign, result,
    );
    rows.append(row);
  }
  view.replaceChildren(element("h2", "", state.words.uncategorizedTitle), list.empty ? element("p", "", list.empty) : rows);
}
