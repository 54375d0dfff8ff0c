/**
 * A real site to clone, on a free local port: a sign-in page as GoPhish's "Import Site" keeps it
 * (`<base href>` to the site, relative stylesheet, images, an icon, a font through the
 * stylesheet, a script and a missing image), a redirect chain, a redirect to another address,
 * an oversized image and page, and a page with more images than one import may store. It counts every request, so a test can show that nothing reaches the
 * site once the page is imported.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

/** The colours a browser must draw where the page's stylesheet and image are used. */
export const BANNER_RGB = [18, 52, 86] as const;
export const LOGO_RGB = [200, 30, 40] as const;

function png(rgb: readonly [number, number, number], size = 8): Buffer {
  const image = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i += 1) image.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(image);
}

export interface CloneSite {
  origin: string;
  /** The cloned page, as the site serves it. */
  pageUrl: string;
  /** The page's HTML as GoPhish stored it, variables in GoPhish's spelling. */
  gophishHtml: string;
  /** Every path requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

const pageHtml = (origin: string) => `<!doctype html>
<html lang="en"><head><base href="${origin}/login/">
<meta charset="utf-8"><title>Sign in</title>
<link rel="preload" href="css/site.css" as="style">
<link rel="stylesheet" href="css/site.css">
<link rel="icon" href="/favicon.ico">
<style>.hero { background-image: url('img/hero.png'); width: 40px; height: 40px; }</style>
<script src="js/app.js"></script>
</head><body>
<div id="banner" class="banner">Welcome {{.FirstName}}</div>
<img id="logo" src="img/logo.png" srcset="img/logo.png 1x, img/logo.png 2x" width="40" height="40" alt="Example">
<div class="hero"></div>
<img id="gone" src="img/missing.png" alt="">
<form><input name="username"><input type="password" name="password"><button>Sign in</button></form>
</body></html>`;

const SITE_CSS = `@font-face { font-family: Brand; src: url("../fonts/brand.woff2") format("woff2"); }
.banner { background-color: rgb(${BANNER_RGB.join(', ')}); color: #fff; font-family: Brand, sans-serif;
  width: 200px; height: 60px; }`;

export async function startCloneSite(): Promise<CloneSite> {
  const requests: string[] = [];
  let origin = '';
  const files: Record<string, [string, string | Buffer]> = {
    '/css/site.css': ['text/css', SITE_CSS],
    '/img/logo.png': ['image/png', png(LOGO_RGB)],
    '/img/hero.png': ['image/png', png([0, 128, 0])],
    '/fonts/brand.woff2': ['application/octet-stream', Buffer.from('wOF2 test font bytes')],
    '/js/app.js': ['application/javascript', 'document.title = "tracked";'],
  };
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    requests.push(path);
    const file = path.startsWith('/login/') ? files[path.slice('/login'.length)] : undefined;
    if (path === '/login/' || path === '/login/index.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(origin));
    } else if (file) {
      response.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    } else if (path === '/favicon.ico') {
      response.writeHead(200, { 'content-type': 'image/x-icon' }).end(png([1, 2, 3], 4));
    } else if (path.startsWith('/hop/')) {
      // /hop/N redirects N more times, then to the page.
      const left = Number(path.slice('/hop/'.length));
      response.writeHead(302, { location: left > 1 ? `/hop/${left - 1}` : '/login/' }).end();
    } else if (path === '/to-loopback-v6') {
      const port = (server.address() as AddressInfo).port;
      response.writeHead(302, { location: `http://[::1]:${port}/login/` }).end();
    } else if (path === '/huge.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(6_000_000));
    } else if (path === '/many') {
      // An HTML page where an image is meant, then 201 distinct images: one over the count limit.
      const imgs = Array.from({ length: 201 }, (_, i) => `<img src="/img/${i}.png">`).join('');
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<body><img src="/login/">${imgs}</body>`);
    } else if (/^\/img\/\d+\.png$/.test(path)) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(png([9, 9, 9], 1));
    } else if (path === '/huge-html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<body>${'x'.repeat(2_100_000)}</body>`);
    } else if (path === '/huge-page') {
      const img = '<img src="/huge.png">';
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><body>${img}</body>`);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageUrl: `${origin}/login/`,
    gophishHtml: pageHtml(origin),
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
