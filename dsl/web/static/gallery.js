// The gallery's filters (by set, type and cost, on the tiles' data- attributes) and its
// sort: by set (each set under its heading, by cost within) or by cost (one list).
// No network, no dependencies; without JavaScript every card is shown by set.
"use strict";
(function () {
  var byId = function (id) { return document.getElementById(id); };
  var tiles = Array.prototype.slice.call(document.querySelectorAll(".tile"));
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.set"));
  if (!byId("f-set")) { return; }
  var order = tiles.slice();                       // by set, then cost: the page's order
  var homes = tiles.map(function (t) { return t.parentNode; });
  var flat = document.createElement("ul");
  flat.className = "tiles";
  flat.id = "by-cost";
  flat.hidden = true;
  byId("tiles").appendChild(flat);
  function costKey(tile) {
    var m = /^\$(\d+)(P*)$/.exec(tile.dataset.cost) || [null, "0", ""];
    return parseInt(m[1], 10) * 10 + m[2].length;
  }
  function sort() {
    var byCost = byId("f-sort").value === "cost";
    if (byCost) {
      order.slice().sort(function (a, b) {
        return costKey(a) - costKey(b) || order.indexOf(a) - order.indexOf(b);
      }).forEach(function (t) { flat.appendChild(t); });
    } else {
      order.forEach(function (t, i) { homes[i].appendChild(t); });
    }
    flat.hidden = !byCost;
  }
  function apply() {
    var set = byId("f-set").value, type = byId("f-type").value, cost = byId("f-cost").value;
    var shown = 0;
    sort();
    tiles.forEach(function (tile) {
      var ok = (!set || tile.dataset.set === set) &&
        (!type || tile.dataset.types.split(" ").indexOf(type) >= 0) &&
        (!cost || tile.dataset.cost === cost);
      tile.hidden = !ok;
      if (ok) { shown += 1; }
    });
    var byCost = byId("f-sort").value === "cost";
    sections.forEach(function (s) {
      s.hidden = byCost || !s.querySelector(".tile:not([hidden])");
    });
    byId("shown").textContent = String(shown);
  }
  ["f-set", "f-type", "f-cost", "f-sort"].forEach(function (id) {
    byId(id).addEventListener("change", apply);
  });
  byId("filters").addEventListener("submit", function (e) { e.preventDefault(); });
  apply();
}());
