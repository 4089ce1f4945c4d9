/**
 * How the API client goes to the login route after a token error (spec §8). The router sets it
 * (app.tsx); it lives apart from the client so the portal's entry does not load the client, the
 * contract and zod (docs/performance.md "Route budgets").
 */
let navigateToLogin: () => void = () => window.location.assign('/login');

/** The router tells the client how to go to the login route without a reload. */
export function setLoginNavigator(navigate: () => void): void {
  navigateToLogin = navigate;
}

export function goToLogin(): void {
  navigateToLogin();
}
