/**
 * Rendering checks that read what Chromium drew: characters with no glyph in any font (drawn as
 * the same empty box as an unassigned code point), elements pushed outside a phone's viewport,
 * and the pixels of a screenshot.
 */
import type { Locator, Page } from 'playwright-core';

/** Characters on the page that render as the missing-glyph box. */
export function missingGlyphs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 48;
    canvas.height = 48;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d canvas');
    const draw = (text: string, font: string) => {
      ctx.clearRect(0, 0, 48, 48);
      ctx.font = font;
      ctx.fillText(text, 4, 36);
      return ctx.getImageData(0, 0, 48, 48).data.join(',');
    };
    const missing = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const checked = new Set<string>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent) continue;
      const style = getComputedStyle(parent);
      const font = `${style.fontWeight} 24px ${style.fontFamily}`;
      const tofu = draw('\u{10FFFD}', font);
      for (const char of node.textContent ?? '') {
        if (char.codePointAt(0)! < 0x80 || /\s/u.test(char) || checked.has(font + char)) continue;
        checked.add(font + char);
        if (draw(char, font) === tofu) missing.add(char);
      }
    }
    return [...missing];
  });
}

/** Visible elements whose box leaves the viewport sideways (text cut off or pushed out). */
export function elementsOutsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.left < -1 || rect.right > window.innerWidth + 1) {
        found.push(
          `${element.tagName.toLowerCase()}.${element.className} [${Math.round(rect.left)}, ${Math.round(rect.right)}]`,
        );
      }
    }
    return found;
  });
}

/** RGBA of a pixel of an element's screenshot, decoded by the page itself (no image library). */
export async function screenshotPixels(
  page: Page,
  locator: Locator,
  points: { x: number; y: number }[],
  path?: string,
): Promise<{ width: number; height: number; rgba: number[][] }> {
  const png = await locator.screenshot({ path });
  return page.evaluate(
    async ({ data, points }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d canvas');
      ctx.drawImage(image, 0, 0);
      const at = (x: number, y: number) =>
        Array.from(ctx.getImageData(Math.round(x * image.width), Math.round(y * image.height), 1, 1).data);
      return { width: image.width, height: image.height, rgba: points.map((p) => at(p.x, p.y)) };
    },
    { data: png.toString('base64'), points },
  );
}
