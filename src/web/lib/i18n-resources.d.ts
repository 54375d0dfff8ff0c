// English is the source of translation keys: t() only accepts keys that exist in en.
import type en from '@locales/en.upi-public.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
    keySeparator: false;
    nsSeparator: false;
  }
}
