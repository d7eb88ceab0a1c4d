/** Reloads the page from the server: the cure for code that a newer deploy has replaced. Its own module so tests can stand in for it. */
export function reloadPage(): void {
  window.location.reload();
}
