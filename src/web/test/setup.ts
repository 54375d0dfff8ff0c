// Unmount rendered trees between web tests; give findBy/waitFor the time a loaded machine needs.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library waits 1 s by default: with the browser tests beside these on two cores, a
// page's lazy chunk or translations can take longer to arrive. A passing test does not wait.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
