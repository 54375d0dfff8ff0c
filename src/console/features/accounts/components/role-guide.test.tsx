import { render, screen } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import enHome from '@locales/en.console-home.json';
import { initI18n } from '@console/lib/i18n';
import { RoleGuide } from './role-guide';

beforeAll(() => initI18n({ language: 'en', resources: { en: { 'console-home': enHome } } }));

it('says what each role may do, from the least to the most', () => {
  render(<RoleGuide />);
  const region = screen.getByRole('region', { name: 'What each role may do' });
  const items = [...region.querySelectorAll('li')].map((li) => li.textContent ?? '');
  expect(items.map((text) => text.split(':')[0])).toEqual(['Viewer', 'Operator', 'Owner']);
  expect(items[0]).toContain('Does not see personal links');
  expect(items[2]).toContain('reads the audit log');
});
