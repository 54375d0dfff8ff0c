/**
 * Security headers on every response. The app's own pages allow no inline script and cannot be
 * framed; the campaign template document (served separately) sets its own, sandboxed policy.
 */
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // The training PDF may come from the campaign's CDN; the phishing template is our own route.
  frameSrc: ["'self'", 'https:'],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * helmet's headers, computed once. (The Fastify plugin rebuilt the middleware — parsing every
 * directive — on each request; even built once, running its dozen middlewares per request was a
 * measurable share of a small request's time.) None depends on the request, so helmet runs once
 * at start-up on a recording response and each request gets the recorded set through Fastify's
 * reply headers. Routes that need another policy set their own header, which replaces this one.
 */
export function securityHeaders(app: FastifyInstance, framing = { frameAncestors: "'none'" }): void {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...APP_CSP_DIRECTIVES, frameAncestors: [framing.frameAncestors] },
    },
    // The console frames its own previews; X-Frame-Options follows the CSP.
    xFrameOptions: { action: framing.frameAncestors === "'self'" ? 'sameorigin' : 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  const headers = recordHeaders(apply);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

type Middleware = ReturnType<typeof helmet>;

/** The headers a request-independent middleware sets, recorded on a stand-in response. */
function recordHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware(
    {} as Parameters<Middleware>[0],
    response as unknown as Parameters<Middleware>[1],
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure instanceof Error ? failure : new Error('security headers failed');
  return Object.freeze(headers);
}
