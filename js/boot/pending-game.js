// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
// ---- pending game ------------------------------------------------------------
var pendingName = null;

function showPending() {
  var el = byId("boot-pending");
  if (!el) { return; }
  el.textContent = t("pending", { name: pendingName });
  el.hidden = false;
}

function setPending(game, source) {
  window.ludoPending = { game: game, source: source };
  var cards = doc.querySelectorAll(".game-card[data-game]");
  pendingName = game;
  for (var i = 0; i < cards.length; i++) {
    var isIt = cards[i].getAttribute("data-game") === game;
    cards[i].classList.toggle("is-pending", isIt);
    if (isIt) {
      var nameEl = cards[i].querySelector(".game-name");
      if (nameEl) { pendingName = nameEl.textContent.trim(); }
    }
  }
  showPending();
}

function takePending() {
  var p = window.ludoPending;
  window.ludoPending = undefined;
  removeItem("sessionStorage", PENDING_KEY);
  var el = byId("boot-pending");
  if (el) { el.hidden = true; }
  var cards = doc.querySelectorAll(".game-card.is-pending");
  for (var i = 0; i < cards.length; i++) { cards[i].classList.remove("is-pending"); }
  pendingName = null;
  return p;
}

window.ludoPending = undefined;
doc.addEventListener("click", function (ev) {
  if (ready || !ev.target || !ev.target.closest) { return; }
  var card = ev.target.closest(".game-card[data-game]");
  if (!card) { return; }
  ev.preventDefault();
  setPending(card.getAttribute("data-game"), "tap");
});
