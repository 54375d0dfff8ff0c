/**
 * The recipient and reviewer pages' translations (`upi-public`): every language complete, and no
 * key the code of src/web and src/shared does not use. The server only inlines these files whole
 * into the page (src/server/plugins/web-app.ts) and uses none of their keys. The console's
 * namespaces are checked in src/console/lib/translations.test.ts.
 */
import { describeTranslationFiles, describeUnusedKeys, type KeyFamily } from '../../shared/test/locale-files';

/** Keys the recipient pages build at run time; none today: every key is written out in full. */
const DYNAMIC_KEY_FAMILIES: KeyFamily[] = [];

describeTranslationFiles(['upi-public']);

describeUnusedKeys({
  name: 'recipient and reviewer pages',
  namespaces: ['upi-public'],
  sources: ['src/web', 'src/shared'],
  families: DYNAMIC_KEY_FAMILIES,
});
