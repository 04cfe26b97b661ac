// What jsdom lacks and Mantine uses (media queries, element resize, scrolling into view), for component tests. As in a
// browser, an empty media query matches (mantine-datatable shows a column whose visibleMediaQuery is unset through it).
window.matchMedia ??= (query: string) =>
  ({ matches: query.trim() === '' || query.trim() === 'all', media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.scrollTo ??= function scrollTo() {};
