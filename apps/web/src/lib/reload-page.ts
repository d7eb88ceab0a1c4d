/**
 * Reloads the page from the server: the cure for code that a newer deploy has replaced. A method of
 * an object so tests can stand in for it (`vi.spyOn(page, "reload")`); jsdom cannot reload.
 */
export const page = {
  reload(): void {
    window.location.reload();
  },
};
