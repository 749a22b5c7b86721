// The gallery's filters: by set, type and cost, on the tiles' data- attributes.
// No network, no dependencies; without JavaScript every card is shown.
"use strict";
(function () {
  var byId = function (id) { return document.getElementById(id); };
  var tiles = Array.prototype.slice.call(document.querySelectorAll(".tile"));
  var filters = ["f-set", "f-type", "f-cost"];
  if (!byId("f-set")) { return; }
  function apply() {
    var set = byId("f-set").value, type = byId("f-type").value, cost = byId("f-cost").value;
    var shown = 0;
    tiles.forEach(function (tile) {
      var ok = (!set || tile.dataset.set === set) &&
        (!type || tile.dataset.types.split(" ").indexOf(type) >= 0) &&
        (!cost || tile.dataset.cost === cost);
      tile.hidden = !ok;
      if (ok) { shown += 1; }
    });
    byId("shown").textContent = String(shown);
  }
  filters.forEach(function (id) { byId(id).addEventListener("change", apply); });
  byId("filters").addEventListener("submit", function (e) { e.preventDefault(); });
  apply();
}());
