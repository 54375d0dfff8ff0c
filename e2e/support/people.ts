/**
 * How people and scanners open a recipient's link (issue 25), shared by the acceptance test
 * (e2e/people.test.ts) and the accuracy benchmark (bench/clicks.ts): each case is a behaviour,
 * labelled person or scanner, played against a real server in Chromium (or, for scanners that
 * never run a page, with fetch). Every case comes from a network of its own, set through
 * X-Forwarded-For (the server runs with TRUST_PROXY=true), so cases never join one another's
 * fan-out. People never act alike: each instance moves, pauses and types on a path of its own
 * (a seeded generator, so a run can be replayed); the fleet that replays one gesture does not.
 */
import { sql } from 'kysely';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Db } from '@server/db/schema';
import { stepBit } from '@shared/events';
import { launchBrowser } from './browser';

export const AGENTS = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
} as const;
const DESKTOP_AGENTS = [AGENTS.windows, AGENTS.mac, AGENTS.edge];

/** Link previews, as their services announce themselves. */
export const PREVIEW_AGENTS = {
  Slackbot: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  Teams: 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
  facebookexternalhit: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  BingPreview: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 BingPreview/1.0b',
} as const;

/** The operator's declared office network in the corpus (CLICK_EGRESS_NETWORKS). */
export const DECLARED_OFFICE = '198.18.40.0/24';

const EMAIL_FIELD = 'Email or username';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * A person's browser: automation not announced (navigator.webdriver false) and, with the agents
 * above in each context, no HeadlessChrome in its user agent. Stealthy sandboxes use it too.
 */
export function launchPersonBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      '--disable-blink-features=AutomationControlled',
    ],
  });
}

/** A sandbox that says what it is: HeadlessChrome in its agent, navigator.webdriver true. */
export const launchAutomationBrowser = launchBrowser;

export interface Stage {
  /** The public listener, e.g. http://127.0.0.1:8080. */
  url: string;
  db: Db;
  person: Browser;
  automation: Browser;
}

export type Label = 'person' | 'scanner';

export interface Case {
  /** A short key (the tests pick cases by it). */
  id: string;
  name: string;
  label: Label;
  /** Recipients (links) the case opens, one instance each. */
  count: number;
  /** Instance i's address (X-Forwarded-For). */
  address(i: number): string;
  /** Instances of the case open their links this many at a time (all at once by default). */
  atOnce?: number;
  /** Instance i opens recipient `rid`'s link from `address` and does what it does; resolves once it has left. */
  play(stage: Stage, rid: string, i: number, address: string): Promise<void>;
}

// --- small tools -------------------------------------------------------------------------------

/** A seeded generator (mulberry32), so each person's path is their own and a run can be replayed. */
export function random(seed: string | number): () => number {
  let a =
    typeof seed === 'number'
      ? seed
      : [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (rng: () => number, low: number, high: number) => low + rng() * (high - low);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const link = (stage: Stage, rid: string, via?: 'qr') =>
  `${stage.url}/phish?rid=${rid}${via ? `&via=${via}` : ''}`;

/** The recipient's message was sent `secondsAgo` seconds ago (set before the link is opened). */
export async function markSent(db: Db, rids: readonly string[], secondsAgo: number) {
  if (rids.length === 0) return;
  await db
    .updateTable('recipients')
    .set({ sent_at: new Date(Date.now() - secondsAgo * 1000).toISOString() })
    .where('rid', 'in', [...rids])
    .execute();
}

/** One request of the link with no page run: what fetchers, previews and gateways do. */
export async function request(
  stage: Stage,
  rid: string,
  address: string,
  options: { method?: 'GET' | 'HEAD'; agent?: string; headers?: Record<string, string>; via?: 'qr' } = {},
) {
  const res = await fetch(link(stage, rid, options.via), {
    method: options.method ?? 'GET',
    headers: {
      'user-agent': options.agent ?? AGENTS.windows,
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'x-forwarded-for': address,
      ...options.headers,
    },
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${options.method ?? 'GET'} /phish: ${res.status}`);
}

type Device = 'desktop' | 'iphone' | 'android' | 'tablet';

const DEVICES: Record<Exclude<Device, 'desktop'>, Parameters<Browser['newContext']>[0]> = {
  iphone: {
    userAgent: AGENTS.iphone,
    viewport: { width: 393, height: 659 },
    screen: { width: 393, height: 852 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  },
  android: {
    userAgent: AGENTS.android,
    viewport: { width: 412, height: 839 },
    screen: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  },
  tablet: {
    userAgent: AGENTS.ipad,
    viewport: { width: 834, height: 1112 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
};

export interface Opening {
  address: string;
  browser: Browser;
  device?: Device;
  /** A desktop agent; the automation browser keeps its own (HeadlessChrome) when absent. */
  agent?: string;
  via?: 'qr';
  /** Desktop window width (people's screens differ). */
  width?: number;
  /** A script run in the page before its own (what a sandbox injects). */
  init?: () => void;
}

/**
 * Opens recipient `rid`'s link in a context of its own (its network, device and agent), waits
 * for the sign-in form, runs `act`, then closes the context unless `act` already did (the
 * context is passed so a person can close the tab).
 */
export async function open(
  stage: Stage,
  rid: string,
  opening: Opening,
  act: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const device = opening.device ?? 'desktop';
  const context = await opening.browser.newContext({
    locale: 'en-US',
    extraHTTPHeaders: { 'x-forwarded-for': opening.address },
    ...(device === 'desktop'
      ? {
          viewport: { width: opening.width ?? 1280, height: 860 },
          ...(opening.agent ? { userAgent: opening.agent } : {}),
        }
      : DEVICES[device]),
  });
  if (opening.init) await context.addInitScript(opening.init);
  let closed = false;
  context.on('close', () => (closed = true));
  try {
    const page = await context.newPage();
    await page.goto(link(stage, rid, opening.via));
    await page.getByLabel(EMAIL_FIELD).waitFor();
    await act(page, context);
  } finally {
    if (!closed) await context.close();
  }
}

// --- what people do ----------------------------------------------------------------------------

const NAMES = ['alex.morgan', 'sam.lee', 'j.novak', 'maria.k', 'chris.b', 'dana.w', 'eli', 'fatima.r'];

async function typeLikeAPerson(page: Page, rng: () => number) {
  const name = NAMES[Math.floor(rng() * NAMES.length)]!;
  for (const char of name) {
    await page.keyboard.type(char);
    await sleep(between(rng, 40, 190));
  }
}

async function centre(page: Page, label = EMAIL_FIELD) {
  const box = await page.getByLabel(label).boundingBox();
  if (!box) throw new Error(`${label}: not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

/**
 * A person with a mouse: reads a moment, moves from where the pointer happened to be over a
 * path with a detour of its own, pauses, clicks into the e-mail field (not quite its centre)
 * and, unless `type` is false, types an address.
 */
export async function pointerAndType(page: Page, rng: () => number, type = true) {
  await sleep(between(rng, 300, 1500));
  const viewport = page.viewportSize() ?? { width: 1280, height: 860 };
  const { x, y, box } = await centre(page);
  await page.mouse.move(between(rng, 5, viewport.width - 5), between(rng, 5, viewport.height - 5));
  const detour = { x: between(rng, 100, viewport.width - 100), y: between(rng, 80, viewport.height - 80) };
  await page.mouse.move(detour.x, detour.y, { steps: 3 + Math.floor(rng() * 12) });
  await sleep(between(rng, 80, 700));
  const target = { x: x + between(rng, -box.width / 3, box.width / 3), y: y + between(rng, -4, 4) };
  await page.mouse.move(target.x, target.y, { steps: 4 + Math.floor(rng() * 16) });
  await sleep(between(rng, 50, 400));
  await page.mouse.down();
  await sleep(between(rng, 40, 140));
  await page.mouse.up();
  if (type) {
    await sleep(between(rng, 150, 600));
    await typeLikeAPerson(page, rng);
  }
}

/**
 * A person on a phone: a finger taps the e-mail field (no hover before it) and types. A finger
 * lands somewhere on the field, never at its exact centre as locator.tap() would.
 */
export async function tapAndType(page: Page, rng: () => number, readMs: [number, number] = [400, 1500]) {
  await sleep(between(rng, ...readMs));
  const field = page.getByLabel(EMAIL_FIELD);
  const box = await field.boundingBox();
  if (box) {
    const x = box.x + box.width / 2 + between(rng, -box.width / 3, box.width / 3);
    const y = box.y + box.height / 2 + between(rng, -box.height / 4, box.height / 4);
    await page.touchscreen.tap(x, y);
  } else {
    await field.tap();
  }
  await sleep(between(rng, 300, 900));
  await typeLikeAPerson(page, rng);
}

/** A finger swipes the page up (trusted touch events, as a scroll starts), then taps and types. */
export async function scrollThenTap(page: Page, rng: () => number) {
  await sleep(between(rng, 400, 1200));
  const cdp = await page.context().newCDPSession(page);
  const viewport = page.viewportSize() ?? { width: 400, height: 800 };
  const x = between(rng, 60, viewport.width - 60);
  let y = between(rng, viewport.height * 0.6, viewport.height * 0.85);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  const steps = 5 + Math.floor(rng() * 6);
  for (let s = 0; s < steps; s++) {
    y -= between(rng, 15, 40);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await sleep(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await sleep(between(rng, 500, 1200));
  await tapAndType(page, rng);
}

/** A pen on a tablet: a press with pointerType pen, no hover before it, then typing. */
export async function penTapAndType(page: Page, rng: () => number) {
  await sleep(between(rng, 400, 1200));
  const { x, y } = await centre(page);
  const cdp = await page.context().newCDPSession(page);
  const at = { x: x + between(rng, -20, 20), y: y + between(rng, -3, 3), button: 'left' as const };
  await cdp.send('Input.dispatchMouseEvent', {
    type: 'mousePressed',
    ...at,
    clickCount: 1,
    pointerType: 'pen',
  });
  await sleep(between(rng, 50, 120));
  await cdp.send('Input.dispatchMouseEvent', {
    type: 'mouseReleased',
    ...at,
    clickCount: 1,
    pointerType: 'pen',
  });
  await cdp.detach();
  await sleep(between(rng, 300, 800));
  await typeLikeAPerson(page, rng);
}

/** Keyboard only (as keyboard and screen-reader users work): Tab to the field, type, Enter. */
export async function keyboardOnly(page: Page, rng: () => number) {
  await sleep(between(rng, 500, 1500));
  for (let tabs = 0; tabs < 15; tabs++) {
    await page.keyboard.press('Tab');
    await sleep(between(rng, 120, 400));
    const label = await page.evaluate(() => {
      const active = document.activeElement as HTMLInputElement | null;
      return active?.labels?.[0]?.textContent?.trim() ?? '';
    });
    if (label.startsWith(EMAIL_FIELD)) break;
  }
  await typeLikeAPerson(page, rng);
  await sleep(between(rng, 200, 600));
  await page.keyboard.press('Enter');
  await sleep(800);
}

/** Looks at the page for `ms` and leaves, touching nothing. */
export const look = (ms: number) => (page: Page) => page.waitForTimeout(ms);

/** Acts, then closes the tab `afterMs` later: with its unload handlers, or the whole window. */
export function thenClose(
  act: (page: Page, rng: () => number) => Promise<void>,
  afterMs: number,
  how: 'tab' | 'window',
) {
  return async (page: Page, context: BrowserContext, rng: () => number) => {
    await act(page, rng);
    await sleep(afterMs);
    if (how === 'tab') {
      const gone = new Promise((resolve) => page.once('close', resolve));
      await page.close({ runBeforeUnload: true });
      await gone;
    }
    await context.close();
  };
}

// --- what scanners do ---------------------------------------------------------------------------

/** Notes, in the page, when its form first appears (a replaying sandbox times its input from it). */
function noteFormShown() {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('input')) return;
    (window as unknown as { formShownAt: number }).formShownAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/**
 * A recorded input replayed on every link, as a sandbox fleet does: the same pointer path, press
 * point and keys, started 1.6 s after the form appeared. A fleet's VMs each have their own CPU;
 * here every page shares two cores with the server, so the moment of the press drifts by up to
 * seconds when the machine is busy (the shape the server compares includes that moment).
 */
export async function replayedGesture(page: Page) {
  await page.waitForFunction(
    () => {
      const shown = (window as unknown as { formShownAt?: number }).formShownAt;
      return shown !== undefined && performance.now() >= shown + 1600;
    },
    undefined,
    { polling: 'raf' },
  );
  const { x, y } = await centre(page);
  await page.mouse.move(x - 220, y - 140);
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.down();
  await page.mouse.up();
  await page.keyboard.type('admin', { delay: 30 });
  await sleep(1000);
}

/** A sandbox's click as soon as the form is there: a short straight path, press, release. */
export async function promptClick(page: Page) {
  const { x, y } = await centre(page);
  await page.mouse.move(x - 150, y - 90);
  await page.mouse.move(x, y, { steps: 5 });
  await page.mouse.down();
  await page.mouse.up();
  await sleep(1000);
}

/** Untrusted input only: element.click() and dispatched key events, then it leaves. */
export async function syntheticInput(page: Page) {
  await page.evaluate((label) => {
    const field = [...document.querySelectorAll('label')].find((l) => l.textContent?.includes(label))
      ?.control as HTMLInputElement | null;
    field?.click();
    field?.focus();
    for (const type of ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'keyup']) {
      field?.dispatchEvent(new Event(type, { bubbles: true }));
    }
    document.querySelector('button')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }, EMAIL_FIELD);
  await sleep(2500);
}

// --- the corpus ---------------------------------------------------------------------------------

/** One address for every instance (an office's NAT, a gateway's egress). */
const one = (address: string) => () => address;
/** Instance i's own network: `${prefix}.${base + i}.${host}` (people at home, on mobile networks). */
const each =
  (prefix: string, base: number, host = 23) =>
  (i: number) =>
    `${prefix}.${base + i}.${host}`;
/** Many addresses inside one /24 (a fleet of sandboxes). */
const within = (network: string) => (i: number) => `${network}.${10 + i}`;

type Act = (page: Page, context: BrowserContext, rng: () => number, i: number) => Promise<void>;

const pointer: Act = (page, _, rng) => pointerAndType(page, rng);
const tap: Act = (page, _, rng) => tapAndType(page, rng);
const phones = (i: number): Device => (i % 2 ? 'android' : 'iphone');

function person(
  id: string,
  name: string,
  count: number,
  address: (i: number) => string,
  act: Act,
  options: {
    device?: Device | ((i: number) => Device);
    via?: 'qr';
    before?: (stage: Stage, rid: string) => Promise<void>;
  } = {},
): Case {
  return {
    id,
    name,
    label: 'person',
    count,
    address,
    play: async (stage, rid, i, at) => {
      const rng = random(`${id}#${i}`);
      await options.before?.(stage, rid);
      const device = typeof options.device === 'function' ? options.device(i) : options.device;
      const opening: Opening = {
        address: at,
        browser: stage.person,
        agent: DESKTOP_AGENTS[i % DESKTOP_AGENTS.length]!,
        width: Math.round(between(rng, 1100, 1700)),
        ...(device ? { device } : {}),
        ...(options.via ? { via: options.via } : {}),
      };
      await open(stage, rid, opening, (page, context) => act(page, context, rng, i));
    },
  };
}

/** People: each acts as a person does; every one of them must be counted. */
export function peopleCases(): Case[] {
  return [
    person('desktop', 'desktop: pointer moved, clicked into the field, typed', 3, each('100.64', 1), pointer),
    person(
      'desktop-click',
      'desktop: pointer moved and clicked, nothing typed',
      2,
      each('100.64', 11),
      (page, _, rng) => pointerAndType(page, rng, false),
    ),
    person('office', 'office of 10 behind one address within a minute', 10, one('203.0.113.80'), pointer),
    person(
      'office-phones',
      'office Wi-Fi: 10 phones behind one address within a minute, tap and type',
      10,
      one('100.70.5.9'),
      (page, _, rng) => tapAndType(page, rng, [800, 6000]),
      { device: phones },
    ),
    person('iphone', 'phone, iPhone Safari: tap the field and type', 2, each('100.65', 1), tap, {
      device: 'iphone',
    }),
    person('android', 'phone, Android Chrome: tap the field and type', 2, each('100.65', 11), tap, {
      device: 'android',
    }),
    person(
      'scroll-tap',
      'phone: scroll with a finger, then tap and type',
      2,
      each('100.65', 21),
      (page, _, rng) => scrollThenTap(page, rng),
      { device: phones },
    ),
    person(
      'pen',
      'tablet: pen tap and type',
      1,
      each('100.65', 31),
      (page, _, rng) => penTapAndType(page, rng),
      {
        device: 'tablet',
      },
    ),
    person('qr-phone', 'QR code scanned with a phone (&via=qr): tap and type', 2, each('100.65', 41), tap, {
      device: phones,
      via: 'qr',
    }),
    person('keyboard', 'keyboard only: Tab to the field, type, Enter', 2, each('100.66', 1), (page, _, rng) =>
      keyboardOnly(page, rng),
    ),
    person('reader', 'reader: looks 6 s and leaves', 2, each('100.66', 11), (page) => look(6000)(page)),
    person(
      'tab-closed',
      'tab closed 2 s after a gesture (unload handlers run)',
      1,
      each('100.66', 21),
      thenClose((page, rng) => pointerAndType(page, rng), 2000, 'tab'),
    ),
    person(
      'window-closed',
      'phone: window closed 2 s after tap and type',
      1,
      each('100.66', 31),
      thenClose((page, rng) => tapAndType(page, rng), 2000, 'window'),
      { device: 'iphone' },
    ),
    person(
      'prescanned',
      'link opened first by the gateway (EOP GET), then by the person',
      2,
      each('100.66', 41),
      pointer,
      {
        before: (stage, rid) => request(stage, rid, '40.107.22.9'),
      },
    ),
    // CLICK_EGRESS_NETWORKS: fan-out never judges these alone; half act, half only read.
    person(
      'declared-office',
      'declared office network: 6 within a minute, 3 act, 3 only read',
      6,
      within('198.18.40'),
      (page, _, rng, i) => (i % 2 === 0 ? pointerAndType(page, rng) : look(6000)(page)),
    ),
  ];
}

function fetcher(
  id: string,
  name: string,
  count: number,
  address: (i: number) => string,
  options: Parameters<typeof request>[3] = {},
): Case {
  return {
    id,
    name,
    label: 'scanner',
    count,
    address,
    play: (stage, rid, _, at) => request(stage, rid, at, options),
  };
}

function renderer(
  id: string,
  name: string,
  count: number,
  address: (i: number) => string,
  act: (page: Page) => Promise<void>,
  options: {
    automation?: boolean;
    via?: 'qr';
    device?: Device;
    sentSecondsAgo?: number;
    getFirst?: boolean;
    init?: () => void;
    atOnce?: number;
  } = {},
): Case {
  return {
    id,
    name,
    label: 'scanner',
    count,
    ...(options.atOnce ? { atOnce: options.atOnce } : {}),
    address,
    play: async (stage, rid, _, at) => {
      if (options.sentSecondsAgo !== undefined) await markSent(stage.db, [rid], options.sentSecondsAgo);
      if (options.getFirst) await request(stage, rid, at, options.via ? { via: options.via } : {});
      await open(
        stage,
        rid,
        {
          address: at,
          browser: options.automation ? stage.automation : stage.person,
          ...(options.automation ? {} : { agent: AGENTS.windows }),
          ...(options.device ? { device: options.device } : {}),
          ...(options.via ? { via: options.via } : {}),
          ...(options.init ? { init: options.init } : {}),
        },
        act,
      );
    },
  };
}

/** Scanners: each opens links as a gateway, preview or sandbox does; none may be counted. */
export function scannerCases(): Case[] {
  return [
    fetcher('get', 'plain GET, browser agent', 3, each('198.51', 1, 7)),
    fetcher('head', 'HEAD', 2, each('198.51', 11, 7), { method: 'HEAD' }),
    fetcher('prefetch', 'prefetch (Sec-Purpose: prefetch)', 2, each('198.51', 21, 7), {
      headers: { 'sec-purpose': 'prefetch' },
    }),
    ...Object.entries(PREVIEW_AGENTS).map(([name, agent], k) =>
      fetcher(`preview-${name}`, `link preview: ${name}`, 1, each('198.51', 31 + k, 7), { agent }),
    ),
    fetcher('eop-get', 'catalogued network: Microsoft EOP (40.107.x.x), GET', 2, each('40.107', 3, 4)),
    renderer(
      'eop-render',
      'catalogued network: Microsoft EOP, renders and moves the pointer',
      2,
      each('40.107', 13, 4),
      (page) => pointerAndType(page, random('eop')),
    ),
    renderer(
      'webdriver',
      'headless browser, navigator.webdriver, waits 6 s',
      2,
      each('192.0', 2, 77),
      look(6000),
      {
        automation: true,
      },
    ),
    renderer(
      'stealthy',
      'stealthy sandbox in a gateway network (Proofpoint), ordinary agent, renders and waits 6 s',
      2,
      each('148.163', 130, 21),
      look(6000),
    ),
    renderer(
      'fleet',
      'fleet on one uncatalogued network rendering 8 links, no gesture',
      8,
      within('34.91.7'),
      look(6000),
    ),
    // A fleet opens links as messages arrive, two at a time: 8 within its minute.
    renderer(
      'replay',
      'one gesture replayed on 8 links from one network',
      8,
      within('35.204.3'),
      replayedGesture,
      {
        init: noteFormShown,
        atOnce: 2,
      },
    ),
    renderer(
      'synthetic',
      'synthetic (untrusted) clicks and keys, then leaves',
      2,
      each('198.51', 51, 7),
      syntheticInput,
    ),
    renderer('after-send', 'sandbox clicking seconds after sending', 2, each('198.51', 61, 7), promptClick, {
      sentSecondsAgo: 1,
      atOnce: 1,
    }),
    fetcher('qr-get', 'QR-decoding gateway: GET of the &via=qr link (EOP)', 2, each('40.107', 23, 4), {
      via: 'qr',
    }),
    renderer(
      'qr-render',
      'QR-decoding gateway: renders 6 &via=qr links from one network, no gesture',
      6,
      within('3.121.4'),
      look(6000),
      { via: 'qr', device: 'iphone', getFirst: true },
    ),
  ];
}

export function corpus(): Case[] {
  return [...scannerCases(), ...peopleCases()];
}

/** The corpus's case with this id (tests reuse the bench's behaviours; change its count or address with spread). */
export function corpusCase(id: string): Case {
  const found = corpus().find((c) => c.id === id);
  if (!found) throw new Error(`no corpus case ${id}`);
  return found;
}

/**
 * Plays every instance of the case on its recipients, `limit` at a time (all at once by
 * default: a case's instances come within its network's minute); the settled results in order.
 */
export function playCase(stage: Stage, c: Case, rids: readonly string[], limit = c.atOnce ?? c.count) {
  return pool(
    rids.slice(0, c.count).map((rid, i) => () => c.play(stage, rid, i, c.address(i))),
    limit,
  );
}

// --- playing and reading -------------------------------------------------------------------------

/**
 * Runs tasks with at most `limit` at a time, in the order given (so a case's instances run
 * together, within its network's window).
 */
export async function pool<T>(
  tasks: readonly (() => Promise<T>)[],
  limit: number,
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const k = next++;
        try {
          results[k] = { status: 'fulfilled', value: await tasks[k]!() };
        } catch (reason) {
          results[k] = { status: 'rejected', reason };
        }
      }
    }),
  );
  return results;
}

export interface Judged {
  verdict: string | null;
  reasons: string[];
  clicked: boolean;
}

/** A recipient as the results show it: verdict, its reasons, and whether `clicked` counts it. */
export async function judged(db: Db, rid: string): Promise<Judged> {
  const row = await db
    .selectFrom('recipients')
    .select(['verdict', 'verdict_reasons', 'steps'])
    .where('rid', '=', rid)
    .executeTakeFirstOrThrow();
  return {
    verdict: row.verdict,
    reasons: JSON.parse(row.verdict_reasons ?? '[]') as string[],
    clicked: (Number(row.steps) & stepBit('clicked')) !== 0,
  };
}

/** Visits stored for the recipient by the running page (its click reports), any verdict. */
export async function pageReports(db: Db, rid: string): Promise<number> {
  const row = await db
    .selectFrom('visits')
    .innerJoin('recipients', 'recipients.id', 'visits.recipient_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('recipients.rid', '=', rid)
    .where('visits.source', '=', 'event')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
