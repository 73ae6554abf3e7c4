import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** The product's security headers: helmet's defaults, with a content security policy for the web app. */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      // Served over plain HTTP on office networks too; upgrading would break those.
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet sets with `options`, worked out once: its middleware run against a response that records
 * them. They depend on the options alone (no directive here is a function of the request), so every answer can
 * carry the same set without running the middleware (and its dozen `setHeader` calls) per request.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // helmet's middleware runs synchronously: a change that made it wait would leave the set incomplete.
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}
