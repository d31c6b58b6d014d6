// The docs site's search: filters the index `search-index.js` defines by the words typed into the
// search box and lists the matching sections. No inline handler or style is needed, so the pages
// keep a strict Content-Security-Policy.
(() => {
  const MAX_RESULTS = 20;
  const input = document.getElementById("search");
  const results = document.getElementById("search-results");
  const nav = document.querySelector("nav.sidebar");
  if (!input || !results || !nav) return;
  // Index URLs are relative to the site's root; this page may sit in a folder below it.
  const root = nav.getAttribute("data-root") || "./";
  const entries = (globalThis.portcullisSearchIndex || []).map((entry) => ({
    ...entry,
    haystack: `${entry.page} ${entry.heading} ${entry.text}`.toLowerCase(),
  }));

  function show(query) {
    results.replaceChildren();
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      results.hidden = true;
      return;
    }
    // Sections whose heading matches come before those that only mention the words.
    const matches = entries
      .filter((entry) => words.every((word) => entry.haystack.includes(word)))
      .map((entry) => ({
        entry,
        rank: words.every((word) => entry.heading.toLowerCase().includes(word)) ? 0 : 1,
      }))
      .sort((a, b) => a.rank - b.rank)
      .slice(0, MAX_RESULTS);
    for (const { entry } of matches) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = root + entry.url;
      link.textContent = entry.heading ? `${entry.page}: ${entry.heading}` : entry.page;
      item.append(link);
      results.append(item);
    }
    if (matches.length === 0) {
      const item = document.createElement("li");
      item.textContent = "No match";
      results.append(item);
    }
    results.hidden = false;
  }

  input.addEventListener("input", () => show(input.value));
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      input.value = "";
      show("");
    }
  });
})();
