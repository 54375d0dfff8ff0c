/** Click evidence as a person's browser reports it: a trusted gesture after the pointer moved. */
import type { ClickEvidence } from '@shared/journey';

export const PERSON: ClickEvidence = {
  webdriver: false,
  visible_ms: 900,
  focused: true,
  trusted_gesture: true,
  pointer_moved: true,
};
