// The replay of a game's page: steps through the positions (buttons, arrow keys,
// Home/End, the moves' links) and, while the game goes on, polls /g/ID/state with
// its ETag and shows each new move without a reload. A match's page also switches
// the board between its games (data.games; the links and buttons of #match-games),
// and reloads when a game of the match ends. Plain script, no library.
(function () {
  "use strict";
  var dataEl = document.getElementById("game-data");
  var board = document.getElementById("board");
  if (!dataEl || !board) return;
  var data = JSON.parse(dataEl.textContent);
  var plies = data.plies;
  var shown = plies.length - 1;
  // A match: every game's positions; the board shows game `game` (from 0).
  var games = data.games || null;
  var current = typeof data.game === "number" ? data.game : null;
  var game = current;
  var etag = null;
  var $ = function (id) { return document.getElementById(id); };

  function label(ply) {
    var text = ply === 0 ? data.start_label
      : data.ply_label.replace("%1", ply).replace("%2", plies.length - 1);
    // A match: which game the board shows.
    if (games) text = data.game_label.replace("%1", game + 1) + " · " + text;
    return text;
  }

  function show(ply) {
    ply = Math.max(0, Math.min(plies.length - 1, ply));
    shown = ply;
    var p = plies[ply];
    board.setAttribute("data-ply", String(ply));
    var holes = board.querySelectorAll("[data-hole]");
    for (var i = 0; i < holes.length; i++) {
      var h = holes[i];
      var name = h.getAttribute("data-hole");
      var col = name.charCodeAt(0) - 97;
      var row = parseInt(name.slice(1), 10) - 1;
      var seeds = p.b[row] ? p.b[row][col] : null;
      h.setAttribute("data-seeds", seeds === null ? "x" : String(seeds));
      h.textContent = seeds === null ? "" : String(seeds);
      var cls = "hole";
      if (seeds === null) cls += " closed";
      else if (seeds === 0) cls += " empty";
      if (p.f === name) cls += " moved";
      h.className = cls;
    }
    $("ply-label").textContent = label(ply);
    $("first").disabled = $("back").disabled = ply === 0;
    $("forward").disabled = $("last").disabled = ply === plies.length - 1;
    var links = document.querySelectorAll("#moves a[data-ply]");
    for (var j = 0; j < links.length; j++) {
      if (parseInt(links[j].getAttribute("data-ply"), 10) === ply) {
        links[j].setAttribute("aria-current", "true");
      } else {
        links[j].removeAttribute("aria-current");
      }
    }
    var s = $("captured-south"), n = $("captured-north");
    if (s) s.textContent = String(p.c[0]);
    if (n) n.textContent = String(p.c[1]);
    var pic = $("ply-picture");
    // The pictures are drawn for the current game only.
    if (pic) {
      pic.hidden = game !== current;
      if (game === current) pic.src = "/g/" + data.id + "/" + ply + ".png?lang=" + data.lang;
    }
    var marks = document.querySelectorAll("#match-games a[data-ply]");
    for (var k = 0; k < marks.length; k++) {
      var here = parseInt(marks[k].getAttribute("data-game"), 10) - 1 === game &&
        parseInt(marks[k].getAttribute("data-ply"), 10) === ply;
      if (here) marks[k].setAttribute("aria-current", "true");
      else marks[k].removeAttribute("aria-current");
    }
  }

  // Shows game `g` (from 0) of a match at `ply` (its last position when omitted).
  function showGame(g, ply) {
    if (!games || !games[g] || games[g].plies.length === 0) return;
    game = g;
    plies = games[g].plies;
    board.setAttribute("data-game", String(g + 1));
    moveList();
    show(ply === undefined ? plies.length - 1 : ply);
  }

  function moveList() {
    var ol = $("moves");
    while (ol.children.length < plies.length - 1) {
      var i = ol.children.length + 1;
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = "#ply-" + i;
      a.setAttribute("data-ply", String(i));
      a.textContent = plies[i].m;
      li.appendChild(a);
      ol.appendChild(li);
    }
    while (ol.children.length > plies.length - 1) ol.removeChild(ol.lastChild);
    for (var k = 0; k < ol.children.length; k++) {
      ol.children[k].firstChild.textContent = plies[k + 1].m;
    }
  }

  $("first").addEventListener("click", function () { show(0); });
  $("back").addEventListener("click", function () { show(shown - 1); });
  $("forward").addEventListener("click", function () { show(shown + 1); });
  $("last").addEventListener("click", function () { show(plies.length - 1); });
  $("moves").addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("a[data-ply]") : null;
    if (!a) return;
    e.preventDefault();
    show(parseInt(a.getAttribute("data-ply"), 10));
  });
  var list = $("match-games");
  if (list) {
    list.addEventListener("click", function (e) {
      var el = e.target.closest ? e.target.closest("[data-game]") : null;
      if (!el || el.tagName === "LI") return;
      e.preventDefault();
      var g = parseInt(el.getAttribute("data-game"), 10) - 1;
      var p = el.getAttribute("data-ply");
      showGame(g, p === null ? undefined : parseInt(p, 10));
      board.scrollIntoView({ block: "nearest" });
    });
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target && e.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT") return;
    var to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: plies.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });

  function poll() {
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch("/g/" + data.id + "/state?lang=" + data.lang, { headers: headers, cache: "no-cache" })
      .then(function (res) {
        if (res.status === 304) return null;
        if (!res.ok) throw new Error("state " + res.status);
        etag = res.headers.get("ETag");
        return res.json();
      })
      .then(function (state) {
        if (state) {
          // A game of the match ended: the page is drawn again with the next one.
          if (games && state.games_done !== data.games_done) {
            location.reload();
            return;
          }
          $("status").textContent = state.status;
          if (games) games[current].plies = state.plies;
          if (game === current) {
            var atEnd = shown === plies.length - 1;
            plies = state.plies;
            moveList();
            show(atEnd ? plies.length - 1 : shown);
          }
          if (state.finished) {
            var r = $("result");
            if (r) r.textContent = state.status;
            return;
          }
        }
        setTimeout(poll, 2000);
      })
      .catch(function () { setTimeout(poll, 10000); });
  }

  var m = /^#ply-(\d+)$/.exec(location.hash);
  var gm = /^#game-(\d+)-ply-(\d+)$/.exec(location.hash);
  if (gm && games) showGame(parseInt(gm[1], 10) - 1, parseInt(gm[2], 10));
  else show(m ? parseInt(m[1], 10) : plies.length - 1);
  if (data.live) setTimeout(poll, 2000);
})();
