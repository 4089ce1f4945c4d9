/**
 * Automatic logoff (docs/security.md "Automatic logoff"): how often the portal reports the
 * provider's activity to the server — a minute, or a quarter of a short logoff time. The server
 * allows one such period beyond AUTO_LOGOFF_SECONDS, since the provider may have been active for
 * up to one period after the last report.
 */
export function activityReportMs(autoLogoffSeconds: number): number {
  return Math.min(60_000, Math.floor((autoLogoffSeconds * 1000) / 4));
}
