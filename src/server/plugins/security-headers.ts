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
 * helmet's middleware, built once. (The Fastify plugin rebuilt it — parsing every directive —
 * on each request, a measurable share of a small request's time.) Routes that need another
 * policy set their own header, which replaces this one.
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
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
