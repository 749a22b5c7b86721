// The playground: sends the card's text to /api/lint as JSON and shows the answer.
// Every text from the server goes in with textContent; the face, an SVG, is shown as an
// <img> from a data: URL (an image cannot run script), never as markup in the page.
"use strict";
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var timer = null, sent = 0, shown = 0;

  function getJSON(url) {
    return fetch(url, { credentials: "same-origin" }).then(function (r) { return r.json(); });
  }

  function option(select, value, text) {
    var o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    select.appendChild(o);
  }

  function show(answer) {
    var list = $("diagnostics"), status = $("status"), face = $("face");
    list.textContent = "";
    if (answer.error) {
      status.textContent = answer.error;
      status.className = "bad";
      return;
    }
    answer.diagnostics.forEach(function (d) {
      var li = document.createElement("li");
      li.className = d.severity;
      li.dataset.line = String(d.line);
      li.dataset.col = String(d.col);
      li.dataset.code = d.code;
      li.textContent = "line " + d.line + ", col " + d.col + ": " + d.severity + " " +
        d.code + ": " + d.message;
      li.addEventListener("click", function () { goTo(d.line, d.col); });
      list.appendChild(li);
    });
    status.textContent = answer.errors || answer.warnings ?
      answer.errors + " error(s), " + answer.warnings + " warning(s)" : "no problems";
    status.className = answer.errors ? "bad" : "ok";
    $("face-note").textContent = answer.note || "";
    if (answer.face) {
      face.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(answer.face);
      face.classList.remove("stale");
    } else {
      face.classList.add("stale");       // the last good face, dimmed until the errors go
    }
  }

  function goTo(line, col) {
    var area = $("yaml"), lines = area.value.split("\n"), at = 0;
    for (var i = 0; i < line - 1 && i < lines.length; i++) { at += lines[i].length + 1; }
    area.focus();
    area.setSelectionRange(at + col - 1, at + col - 1);
  }

  function numberLines() {
    var area = $("yaml"), n = area.value.split("\n").length, rows = [];
    for (var i = 1; i <= n; i++) { rows.push(String(i)); }
    $("gutter").textContent = rows.join("\n");
    $("gutter").scrollTop = area.scrollTop;
  }

  function lint() {
    numberLines();
    var ticket = ++sent;
    fetch("/api/lint", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ yaml: $("yaml").value, locale: $("locale").value })
    }).then(function (r) { return r.json(); }).then(function (answer) {
      if (ticket > shown) { shown = ticket; show(answer); }   // an older answer never wins
    }).catch(function (e) { show({ error: "the server did not answer: " + e }); });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(lint, 250);
  }

  function load(id) {
    getJSON("/api/cards/" + encodeURIComponent(id)).then(function (card) {
      $("yaml").value = card.yaml || "";
      lint();
    });
  }

  getJSON("/api/cards").then(function (data) {
    data.cards.forEach(function (c) { option($("card"), c.id, c.name + " (" + c.set + ")"); });
    data.locales.forEach(function (code) { option($("locale"), code, code); });
    var wanted = new URLSearchParams(location.search).get("card");
    if (wanted && data.cards.some(function (c) { return c.id === wanted; })) {
      $("card").value = wanted;
    }
    $("card").addEventListener("change", function () { load($("card").value); });
    $("locale").addEventListener("change", lint);
    $("yaml").addEventListener("input", function () { numberLines(); later(); });
    $("yaml").addEventListener("scroll", function () { $("gutter").scrollTop = $("yaml").scrollTop; });
    if ($("card").value) { load($("card").value); }
  });
}());
