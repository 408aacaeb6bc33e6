import { ask, choicePicker, element, failed, go, monthPicker, picture, receiptRow, state } from "/common.js";

// Statistics of one month: the numbers as `receipts stats --json` gives them, the texts as the API
// wrote them, the 12-month chart as the report draws it; the household's, or one person's (`person`,
// an id, as `stats --person`).
export async function showStatistics(from, to, person) {
  const view = document.getElementById("stats");
  const whose = person ? `&person=${person}` : "";
  let stats;
  try {
    const range = from ? `&from=${from}&to=${to || from}` : "";
    stats = await ask(`/api/stats?lang=${state.language}${range}${whose}`);
  } catch (error) {
    failed(view, `${state.words.noStatistics} (${error.message})`, () => showStatistics(from, to, person));
    return;
  }
  // No receipts (none at all, or none in the months asked) is no failure: say what there is and
  // what to do, as the feed does, with no status code and no word of the connection.
  if (stats.empty) {
    view.replaceChildren(element("p", "empty", from ? state.words.noStatistics : state.words.empty));
    return;
  }
  // From one month to another; the same month twice is that month, with its comparisons.
  const pickers = element("div", "pickers");
  const fromPicker = monthPicker(stats.months, "month from", state.words.from, stats.from);
  const toPicker = monthPicker(stats.months, "month to", state.words.to, stats.to);
  // With a household, whose statistics: everyone's, or one person's parts of the lines.
  const personPicker = stats.people.length
    ? choicePicker(stats.people.map((one) => [one.id, one.label]), "person", state.words.peopleTitle, stats.person,
      state.words.wholeHousehold)
    : null;
  const showRange = () => {
    const [first, last] = [fromPicker.value, toPicker.value].sort();
    const chosen = personPicker?.value ? `&person=${personPicker.value}` : "";
    go((first === last ? `/stats?month=${first}` : `/stats?from=${first}&to=${last}`) + chosen);
  };
  fromPicker.addEventListener("change", showRange);
  toPicker.addEventListener("change", showRange);
  personPicker?.addEventListener("change", showRange);
  pickers.append(fromPicker, element("span", "", "—"), toPicker);
  if (personPicker) pickers.append(personPicker);
  const heading = element("h2");
  const name = element("span", "name", stats.title);
  name.append(" ", element("small", "count", stats.countText));
  heading.append(name, element("span", "sum", stats.totalText));
  const categories = element("table", "categories");
  const head = element("tr");
  const headings = [stats.labels.category, stats.labels.total, stats.labels.share, stats.labels.receipts,
    stats.labels.items, stats.labels.versusPrevious, stats.labels.versusAverage];
  for (const [index, label] of headings.entries()) {
    const cell = element("th", "", label);
    // The receipts' and lines' counts matter least: a phone leaves them out, as it has no room.
    if (index === 3 || index === 4) cell.className = "count";
    head.append(cell);
  }
  categories.append(head);
  stats.categories.forEach((category) => {
    const row = element("tr");
    row.dataset.category = category.category;
    row.dataset.total = category.total;
    const swatch = element("span", "swatch");
    swatch.dataset.colour = category.colour;
    // The swatch stays beside the name's first word: name and swatch wrap as one.
    const label = element("td", "name");
    const named = element("span", "named");
    named.append(swatch, category.name);
    label.append(named, element("small", "counts", category.countsText));
    if (category.budgetText) label.append(" ", element("small", `budget ${category.budgetState}`, category.budgetText));
    row.append(label);
    row.append(element("td", "", category.totalText), element("td", "", category.shareText),
      element("td", "count", String(category.receipts)), element("td", "count", String(category.items)),
      element("td", "", category.previousText), element("td", "", category.averageText));
    row.tabIndex = 0;
    row.addEventListener("click", () => showCategory(stats.from, stats.to, category.category));
    row.addEventListener("keydown", (event) => { if (event.key === "Enter") showCategory(stats.from, stats.to, category.category); });
    categories.append(row);
  });
  const chart = element("picture", "chart");
  const narrow = element("source");
  narrow.media = "(max-width: 36rem)";
  const image = element("img");
  image.alt = stats.labels.byMonth;
  chart.append(narrow, image);
  drawChart(narrow, image, stats.from, stats.to, whose);
  const list = (title, rows) => {
    const block = element("div", "top");
    block.append(element("h3", "", title));
    const items = element("ol");
    for (const row of rows) {
      const item = element("li");
      item.append(element("span", "name", row.name), element("span", "sum", row.totalText), element("span", "detail", row.detail));
      items.append(item);
    }
    block.append(items);
    return block;
  };
  // A dash among the changes where the base was too small says why, under the table.
  const changesNote = stats.changesNote ? element("p", "note", stats.changesNote) : "";
  view.replaceChildren(pickers, heading, categories, changesNote, element("div", "category-detail"),
    element("h3", "", stats.labels.byMonth), chart,
    list(stats.labels.topShops, stats.shops), list(stats.labels.topItems, stats.items));
  // Colours come from the API; set through the DOM, which the policy allows (no inline styles).
  for (const swatch of view.querySelectorAll(".swatch")) swatch.style.backgroundColor = swatch.dataset.colour;
}

// The 12-month chart that ends with the page's months, wide and narrow, as blobs fetched with the
// key (the blobs of the chart drawn before are let go).
let chartPictures = [];

async function drawChart(narrow, image, from, to, whose) {
  for (const address of chartPictures) URL.revokeObjectURL(address);
  chartPictures = [];
  const range = `from=${from}&to=${to}${whose}`;
  try {
    const [small, wide] = await Promise.all([
      picture(`/api/stats/chart.svg?lang=${state.language}&${range}&narrow=1`),
      picture(`/api/stats/chart.svg?lang=${state.language}&${range}`),
    ]);
    chartPictures = [small, wide];
    narrow.srcset = small;
    image.src = wide;
  } catch {
    // No chart (no months yet, or the app went away): the table says what there is.
  }
}

// A category of the month (or range) clicked: its items by spending and its receipts, under the table.
async function showCategory(from, to, category) {
  const panel = document.querySelector("#stats .category-detail");
  const detail = await ask(`/api/stats/category?lang=${state.language}&from=${from}&to=${to}&category=${category}`);
  const items = element("ol", "items");
  for (const item of detail.items) {
    const line = element("li");
    line.append(element("span", "name", item.name), element("span", "sum", item.totalText), element("span", "detail", item.detail));
    items.append(line);
  }
  const receipts = element("ol", "receipts");
  for (const receipt of detail.receipts) {
    receipts.append(receiptRow({ ...receipt, itemsText: receipt.matching.join(", "), pending: false }));
  }
  panel.replaceChildren(element("h3", "", detail.title), items, receipts);
  panel.scrollIntoView({ block: "nearest" });
}
