import { ask, call, element, failed, followEvents, state } from "/common.js";
import { markFeedStale } from "/feed.js";
import { showTaxService } from "/taxservice.js";

// Import: export files dropped or picked (below); and the same import as `receipts import`, from the configured receipts server with the
// session `receipts login` keeps, its progress streamed by the app (server-sent events, read with
// fetch). Signing in is here too: an existing account, a new one (each field's problem beside it),
// or anonymous; when the session dies mid-way, sign in again or go on anonymously, and the import
// goes on.
export const importView = document.getElementById("import");
const sessionLine = importView.querySelector("p.session");
const signInForm = document.getElementById("sign-in-form");
const startButton = importView.querySelector("button.start");
const switchButton = importView.querySelector("button.switch");
const progress = importView.querySelector("p.progress");
const problem = importView.querySelector("p.error");
// The running import's stream, while the page follows it.
let events = null;
// The import stopped because the session ended: signing in again goes on with it.
let resumeAfterSignIn = false;

// A receipts server nobody named (no --server, no RECEIPTS_SERVER, no session kept) is offered
// behind one button rather than shown as a sign-in that failed.
const serverPart = importView.querySelector("div.server");
const serverOffer = importView.querySelector("p.offer-server");
let serverAsked = false;
serverOffer.querySelector("button").addEventListener("click", () => {
  serverAsked = true;
  serverOffer.hidden = true;
  serverPart.hidden = false;
});

function showSession(session) {
  const offered = !session.chosen && !serverAsked;
  serverPart.hidden = offered;
  serverOffer.hidden = !offered;
  sessionLine.textContent = session.text;
  startButton.hidden = !session.signedIn;
  signInForm.hidden = session.signedIn && !resumeAfterSignIn;
  switchButton.hidden = !signInForm.hidden;
  nameSignIn();
}

// "Sign in", or "Sign in again" after the session ended.
function nameSignIn() {
  signInForm.querySelector("button.log-in").textContent = resumeAfterSignIn ? state.words.signInAgain : state.words.logIn;
}

function showImport(answer) {
  progress.textContent = answer.text || (answer.phase === "running" ? state.words.importing : "");
  problem.textContent = answer.problem || "";
  startButton.disabled = answer.phase === "running";
  importView.setAttribute("aria-busy", String(answer.phase === "running"));
  if (answer.receipts > 0 || answer.phase === "done") markFeedStale();
  if (answer.sessionEnded) {
    resumeAfterSignIn = true;
    startButton.hidden = true;
    signInForm.hidden = false;
    switchButton.hidden = true;
    nameSignIn();
  }
}

export async function showImportView() {
  showDatabase();
  showTaxService();
  try {
    const asked = await call(`/api/session?lang=${state.language}`);
    if (asked.status === 502) {
      // No receipts server is set: say so plainly; the files and the backup work without one.
      const answer = await asked.json().catch(() => ({}));
      startButton.hidden = switchButton.hidden = signInForm.hidden = true;
      sessionLine.textContent = "";
      problem.textContent = answer.message || "";
      return;
    }
    if (!asked.ok) throw new Error(`${asked.status}`);
    const [session, current] = [await asked.json(), await ask(`/api/import?lang=${state.language}`)];
    showSession(session);
    showImport(current);
    if (current.phase === "running") listen();
  } catch (error) {
    failed(problem, `${state.words.viewFailed} (${error.message})`, showImportView);
  }
}

// Follows the running import until it is over. The app streams it as server-sent events, read
// here through fetch: an EventSource could not send the key.
async function listen() {
  if (events) return;
  const listening = new AbortController();
  events = listening;
  try {
    await followEvents(`/api/import/events?lang=${state.language}`, listening.signal, (answer) => {
      showImport(answer);
      if (answer.phase === "running") return false;
      stopListening();
      return true;
    });
  } catch (error) {
    if (listening.signal.aborted) return;
    // The app went away (it was stopped, or the machine is offline): say so, and offer to look again.
    stopListening();
    failed(problem, state.words.importing, showImportView);
  }
}

function stopListening() {
  if (events) events.abort();
  events = null;
}

async function startImport() {
  problem.textContent = "";
  startButton.disabled = true;
  let response;
  try {
    response = await call(`/api/import?lang=${state.language}`, { method: "POST" });
  } catch (error) {
    startButton.disabled = false;
    failed(problem, error.message, startImport);
    return;
  }
  const answer = await response.json().catch(() => ({ message: String(response.status) }));
  if (response.status === 202 || answer.phase === "running") {
    showImport(answer);
    listen();
  } else {
    startButton.disabled = false;
    // A refusal (no server, no session) says why in `message`; an import already running shows its own state.
    problem.textContent = answer.message || answer.problem || String(response.status);
  }
}

async function signIn(way) {
  for (const note of signInForm.querySelectorAll(".field-error")) note.textContent = "";
  for (const input of signInForm.querySelectorAll("input")) input.removeAttribute("aria-invalid");
  problem.textContent = "";
  const body = { way };
  if (way !== "anonymous") {
    body.login = signInForm.elements.login.value;
    body.password = signInForm.elements.password.value;
  }
  let response;
  try {
    response = await call(`/api/session?lang=${state.language}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
  } catch (error) {
    failed(problem, error.message, () => signIn(way));
    return;
  }
  const answer = await response.json().catch(() => ({ message: String(response.status), fields: {} }));
  if (!response.ok) {
    // Said beside the fields it is about when it names some, else for the whole form.
    problem.textContent = Object.keys(answer.fields || {}).length ? "" : answer.message || "";
    for (const [field, text] of Object.entries(answer.fields || {})) {
      signInForm.querySelector(`.field-error[data-field="${field}"]`).textContent = text;
      signInForm.elements[field].setAttribute("aria-invalid", "true");
    }
    return;
  }
  signInForm.reset();
  const resume = resumeAfterSignIn;
  resumeAfterSignIn = false;
  showSession(answer);
  if (resume) startImport();
}

// Files exported from the tax service's app or an OFD's account: each sent as it is, imported as
// `receipts import FILE` imports it, and its outcome listed (a broken one with the command's reason).
const filesPart = importView.querySelector("section.files");

async function importFiles(files) {
  for (const file of files) {
    const row = element("li");
    row.append(element("span", "name", file.name));
    const outcome = element("span", "result", state.words.importing);
    row.append(outcome);
    filesPart.querySelector("ol.imported").prepend(row);
    let answer;
    try {
      const response = await call(`/api/import/file?lang=${state.language}&name=${encodeURIComponent(file.name)}`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: file,
      });
      answer = await response.json().catch(() => ({ problem: String(response.status) }));
      if (!response.ok && !answer.problem) answer.problem = answer.message || String(response.status);
    } catch (error) {
      answer = { problem: `${state.words.viewFailed} (${error.message})` };
    }
    outcome.textContent = answer.problem || answer.text;
    if (answer.problem) row.classList.add("problem");
    else markFeedStale();
    // The file's receipts, a month at a time: each link lists that month's receipts.
    if (answer.shown?.length) {
      const months = element("span", "months");
      for (const month of answer.shown) {
        const link = element("a", "", month.text);
        link.href = month.href;
        months.append(link);
      }
      row.append(months);
    }
  }
  showDatabase();
}

document.getElementById("export-files").addEventListener("change", async (event) => {
  await importFiles([...event.target.files]);
  event.target.value = "";
});
// Files dropped anywhere on the view are imported: a drop beside the box is no less meant.
importView.addEventListener("drop", (event) => {
  if (!event.dataTransfer?.files.length) return;
  event.preventDefault();
  importFiles([...event.dataTransfer.files]);
});

// Keeping the data: where the database lives, and a checked copy downloaded (as `receipts backup`
// makes one), fetched with the key and saved from a blob.
const dataPart = importView.querySelector("section.data");
const backupButton = dataPart.querySelector("button.backup");
const backupResult = dataPart.querySelector("p.backup-result");

async function showDatabase() {
  const where = dataPart.querySelector("p.where");
  try {
    where.textContent = (await ask(`/api/database?lang=${state.language}`)).text;
  } catch (error) {
    failed(where, `${state.words.viewFailed} (${error.message})`, showDatabase);
  }
}

async function downloadBackup() {
  backupButton.disabled = true;
  backupResult.textContent = state.words.backingUp;
  try {
    const response = await call(`/api/backup?lang=${state.language}`);
    if (!response.ok) {
      const answer = await response.json().catch(() => ({}));
      throw new Error(answer.message || String(response.status));
    }
    const name = (response.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/)?.[1] || "receipts.sqlite";
    const link = element("a");
    link.href = URL.createObjectURL(await response.blob());
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    backupResult.textContent = decodeURIComponent(response.headers.get("X-Backup-Text") || "");
  } catch (error) {
    failed(backupResult, `${state.words.viewFailed} (${error.message})`, downloadBackup);
  } finally {
    backupButton.disabled = false;
  }
}

backupButton.addEventListener("click", downloadBackup);
startButton.addEventListener("click", startImport);
switchButton.addEventListener("click", () => {
  signInForm.hidden = false;
  switchButton.hidden = true;
  signInForm.elements.login.focus();
});
signInForm.addEventListener("submit", (event) => {
  event.preventDefault();
  signIn("login");
});
signInForm.querySelector("button.register").addEventListener("click", () => signIn("register"));
signInForm.querySelector("button.anonymous").addEventListener("click", () => signIn("anonymous"));
