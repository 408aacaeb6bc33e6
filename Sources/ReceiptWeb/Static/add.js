import { call, element, state } from "/common.js";
import { markFeedStale } from "/feed.js";

// Add: photos dropped or picked, each decoded by the app (ReceiptScan) and its codes added as
// `receipts scan --add` adds them; or a payload pasted. Each photo's result is listed.
export const addView = document.getElementById("add");

function addedRow(title, answer) {
  const row = element("li");
  row.append(element("span", "name", title));
  const what = element("span", "result");
  if (answer.problem) {
    what.textContent = answer.problem;
    row.classList.add("problem");
  } else {
    what.textContent = answer.added.map((added) => `${added.text}: ${added.qr}`).join("; ");
    markFeedStale();
  }
  row.append(what);
  addView.querySelector("ol.added").prepend(row);
}

async function addPhotos(files) {
  for (const file of files) {
    const response = await call(`/api/add/photo?lang=${state.language}`, {
      method: "POST", headers: { "Content-Type": file.type || "application/octet-stream" }, body: file,
    });
    const answer = await response.json().catch(() => ({ added: [], problem: String(response.status) }));
    addedRow(file.name, answer);
  }
}

// Picked files, or (on a phone) a photo the camera has just taken: the same decoding for both.
for (const input of ["photos", "camera"]) {
  document.getElementById(input).addEventListener("change", async (event) => {
    await addPhotos([...event.target.files]);
    event.target.value = "";
  });
}
addView.addEventListener("dragover", (event) => event.preventDefault());
addView.addEventListener("drop", (event) => {
  event.preventDefault();
  addPhotos([...event.dataTransfer.files]);
});
document.getElementById("paste-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const qr = event.target.elements.qr.value.trim();
  if (!qr) return;
  const response = await call(`/api/add/qr?lang=${state.language}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ qr }),
  });
  const answer = await response.json().catch(() => ({ added: [], problem: String(response.status) }));
  addedRow(qr, answer);
  if (!answer.problem) event.target.reset();
});
