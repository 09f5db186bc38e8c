import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers. The web app is built to run under this CSP: no inline scripts
 * or style elements, everything from our own origin.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: URL,
  identityIssuer: string,
): void {
  const headers = Object.entries(helmetHeaders(securityOptions(publicUrl, identityIssuer)));
  // The same on every response, so worked out once at start-up: helmet parsing its CSP on
  // every request cost a tenth of a small answer's time. Set on the raw response, as helmet
  // does, so the answers written there (the identity provider's, the event stream) have them.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

function securityOptions(publicUrl: URL, identityIssuer: string): HelmetOptions {
  const isHttps = publicUrl.protocol === 'https:';
  // The browser talks to an external identity provider itself (discovery, tokens).
  const issuerOrigin = new URL(identityIssuer).origin;
  const connectSources = issuerOrigin === publicUrl.origin ? ["'self'"] : ["'self'", issuerOrigin];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly only (no eval of scripts): the door's QR reader, where the browser
        // has no BarcodeDetector of its own, is ZXing compiled to WebAssembly.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connectSources,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading would break a site served over plain http (localhost, a lan).
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps,
  };
}

/** The headers helmet sets with these options, read once from a response it writes to. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let error: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (failure) => {
    error = failure;
  });
  if (error) throw error;
  return headers;
}
