// The code the board needs after a login, asked for while the server still verifies the password (issue 33):
// login → session → board chunks → column calls was one chain; the chunks now load beside the first two.
// The same specifiers as the router's (routes.tsx), so each chunk is fetched once; lib/home-preload.ts hands it to
// the login, set when the router is made.
export function loadHomeCode(): void {
  void import('./layout/app-layout').catch(() => undefined);
  void import('./home-route').catch(() => undefined);
  void import('../features/board/prefetch').catch(() => undefined);
}
