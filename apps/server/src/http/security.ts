import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The web app is built to run under this CSP: no inline scripts
 * or style elements, everything from our own origin.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: URL,
  identityIssuer: string,
): Promise<void> {
  const isHttps = publicUrl.protocol === 'https:';
  // The browser talks to an external identity provider itself (discovery, tokens).
  const issuerOrigin = new URL(identityIssuer).origin;
  const connectSources = issuerOrigin === publicUrl.origin ? ["'self'"] : ["'self'", issuerOrigin];
  await app.register(helmet, {
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
  });
}
