/**
 * Leaves the console for a page the server renders (a full navigation that replaces this entry).
 * One function, so tests can watch where the console sends the browser (jsdom does not navigate).
 */
export function leaveFor(target: string) {
  window.location.replace(target);
}
