import { ask, element, failed, followEvents, postJSON, state } from "/common.js";
import { markFeedStale } from "/feed.js";

// The tax service, «Мои чеки онлайн» and pending receipts, in the import view: signing in by SMS
// code or by INN and password, or to the cabinet by SMS code or a refresh token (the sessions kept
// where `receipts fns login` and `receipts lkdr login` keep them); the receipts imported (`receipts
// fns import`, `receipts lkdr import`) and pending receipts completed (`receipts complete`), each a
// job the app runs on its own and streams (server-sent events, read with fetch), found again after
// a reload.
const fnsPart = document.querySelector("#import section.fns");
const completePart = document.querySelector("#import section.complete");
const smsForm = document.getElementById("fns-sms-form");
const passwordForm = document.getElementById("fns-password-form");
const importButton = fnsPart.querySelector("button.fns-import");
const completeForm = document.getElementById("complete-form");
const lkdrPart = document.querySelector("#import section.lkdr");
const lkdrSmsForm = document.getElementById("lkdr-sms-form");
const lkdrTokenForm = document.getElementById("lkdr-token-form");
const lkdrImportButton = lkdrPart.querySelector("button.lkdr-import");
const following = new Map();

function showState(answer) {
  fnsPart.querySelector("p.fns-session").textContent = answer.text;
  smsForm.hidden = passwordForm.hidden = answer.signedIn;
  importButton.hidden = !answer.signedIn;
  completePart.querySelector("p.pending").textContent = answer.pendingText;
}

function showCabinet(answer) {
  lkdrPart.querySelector("p.lkdr-session").textContent = answer.text;
  lkdrSmsForm.hidden = lkdrTokenForm.hidden = answer.signedIn;
  lkdrImportButton.hidden = !answer.signedIn;
}

export async function showTaxService() {
  try {
    showState(await ask(`/api/fns/session?lang=${state.language}`));
    showCabinet(await ask(`/api/lkdr/session?lang=${state.language}`));
  } catch (error) {
    failed(fnsPart.querySelector("p.error"), `${state.words.viewFailed} (${error.message})`, showTaxService);
    return;
  }
  const jobs = [[fnsPart, "/api/fns/import"], [lkdrPart, "/api/lkdr/import"], [completePart, "/api/complete"]];
  for (const [part, path] of jobs) {
    const current = await ask(`${path}?lang=${state.language}`).catch(() => null);
    if (current) showJob(part, current);
    if (current && current.phase === "running") follow(part, path);
  }
}

function showJob(part, answer) {
  part.querySelector("p.job-text").textContent = answer.text || "";
  part.querySelector("ul.job-notes").replaceChildren(...(answer.notes || []).map((note) => element("li", "", note)));
  part.querySelector("p.error").textContent = answer.problem || "";
  part.setAttribute("aria-busy", String(answer.phase === "running"));
  for (const button of part.querySelectorAll("button.fns-import, button.lkdr-import, #complete-form button")) {
    button.disabled = answer.phase === "running";
  }
  if (answer.phase === "done") markFeedStale();
}

// Follows a running job until it is over.
async function follow(part, path) {
  if (following.get(path)) return;
  const listening = new AbortController();
  following.set(path, listening);
  try {
    await followEvents(`${path}/events?lang=${state.language}`, listening.signal, (answer) => {
      showJob(part, answer);
      if (answer.phase === "running") return false;
      following.delete(path);
      if (answer.phase === "done") showTaxService();
      return true;
    });
  } catch (error) {
    following.delete(path);
    if (!listening.signal.aborted) failed(part.querySelector("p.error"), state.words.viewFailed, showTaxService);
  }
}

async function start(part, path, body) {
  part.querySelector("p.error").textContent = "";
  let response, answer;
  try {
    ({ response, answer } = await postJSON(path, body));
  } catch (error) {
    failed(part.querySelector("p.error"), error.message, () => start(part, path, body));
    return;
  }
  if (response.status === 202 || answer.phase === "running") {
    showJob(part, answer);
    follow(part, path);
  } else {
    part.querySelector("p.error").textContent = answer.message || answer.problem || String(response.status);
  }
}

// Sends a sign-in form's request; each problem beside its field, or for the whole part.
async function send(form, path, body) {
  for (const note of form.querySelectorAll(".field-error")) note.textContent = "";
  for (const input of form.querySelectorAll("input")) input.removeAttribute("aria-invalid");
  const problem = form.closest("section").querySelector("p.error");
  problem.textContent = "";
  let response, answer;
  try {
    ({ response, answer } = await postJSON(path, body));
  } catch (error) {
    failed(problem, error.message, () => send(form, path, body));
    return null;
  }
  if (response.ok) return answer;
  const field = answer.field && form.querySelector(`.field-error[data-field="${answer.field}"]`);
  if (field) {
    field.textContent = answer.message;
    form.elements[answer.field].setAttribute("aria-invalid", "true");
  } else {
    problem.textContent = answer.message || String(response.status);
  }
  return null;
}

smsForm.querySelector("button.send-code").addEventListener("click", async () => {
  const answer = await send(smsForm, "/api/fns/code", { phone: smsForm.elements.phone.value });
  if (!answer) return;
  fnsPart.querySelector("p.job-text").textContent = answer.text;
  for (const node of smsForm.querySelectorAll(".code")) node.hidden = false;
  smsForm.elements.code.focus();
});
smsForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await send(smsForm, "/api/fns/session",
    { way: "sms", phone: smsForm.elements.phone.value, code: smsForm.elements.code.value });
  if (!answer) return;
  smsForm.reset();
  fnsPart.querySelector("p.job-text").textContent = "";
  showState(answer);
});
passwordForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await send(passwordForm, "/api/fns/session",
    { way: "password", inn: passwordForm.elements.inn.value, password: passwordForm.elements.password.value });
  if (!answer) return;
  passwordForm.reset();
  showState(answer);
});
importButton.addEventListener("click", () => start(fnsPart, "/api/fns/import", {}));
lkdrSmsForm.querySelector("button.send-code").addEventListener("click", async () => {
  const answer = await send(lkdrSmsForm, "/api/lkdr/code", { phone: lkdrSmsForm.elements.phone.value });
  if (!answer) return;
  lkdrPart.querySelector("p.job-text").textContent = answer.text;
  for (const node of lkdrSmsForm.querySelectorAll(".code")) node.hidden = false;
  lkdrSmsForm.elements.code.focus();
});
lkdrSmsForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await send(lkdrSmsForm, "/api/lkdr/session",
    { way: "sms", phone: lkdrSmsForm.elements.phone.value, code: lkdrSmsForm.elements.code.value });
  if (!answer) return;
  lkdrSmsForm.reset();
  lkdrPart.querySelector("p.job-text").textContent = "";
  showCabinet(answer);
});
lkdrTokenForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await send(lkdrTokenForm, "/api/lkdr/session", { way: "token", token: lkdrTokenForm.elements.token.value });
  if (!answer) return;
  lkdrTokenForm.reset();
  showCabinet(answer);
});
lkdrImportButton.addEventListener("click", () => start(lkdrPart, "/api/lkdr/import", {}));
completeForm.addEventListener("submit", (event) => {
  event.preventDefault();
  start(completePart, "/api/complete", { provider: completeForm.elements.provider.value || null });
});
