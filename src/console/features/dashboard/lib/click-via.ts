/** How a counted click came, as the results screens name it: the link itself or the QR code. */
import type { ClickVia } from '@shared/clicks';

export const CLICK_VIA_LABEL = { link: 'via.link', qr: 'via.qr' } as const satisfies Record<ClickVia, string>;
