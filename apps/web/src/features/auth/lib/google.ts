/** Google sign-in starts with a full-page visit to the server, which sends the browser on to Google. */
export type GoogleIntent = 'login' | 'register';

export function googleStartUrl(intent: GoogleIntent): string {
  return `/auth/google/start?${new URLSearchParams({ intent })}`;
}

/** Leaves the app for another page (a module function, so tests can replace it: jsdom cannot navigate). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
