/** Query parameters that carry one-time secrets: OAuth codes and states, mailed link tokens. */
const SECRET_PARAMS = ['code', 'state', 'token', 'access_token', 'refresh_token', 'id_token'];

/** A request URL fit for the log: secret query values replaced, the rest kept for reading the log. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL redacted: Google returns to /oauth/google?code=…&state=…. */
export const requestSerializer = (req: LoggedRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
