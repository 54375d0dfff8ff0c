import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ar from '@locales/ar.console.json';
import de from '@locales/de.console.json';
import deSite from '@locales/de.console-site-import.json';
import type { GophishImportReport, GophishItem } from '@shared/gophish-import';
import { setupI18n } from '@console/test/render';
import { ImportReportView } from './import-report';

beforeAll(async () => {
  await setupI18n();
  i18next.addResourceBundle('de', 'console', de);
  i18next.addResourceBundle('de', 'console-site-import', deSite);
  i18next.addResourceBundle('ar', 'console', ar);
});
afterEach(() => i18next.changeLanguage('en'));

// Each entry as the server writes it: its English sentence (for the CLI) and its code.
const items: GophishItem[] = [
  {
    list: 'mapped',
    code: 'smtp_mapped',
    place: 'smtp',
    name: 'Relay',
    params: { host: 'smtp.example.com', port: 587, tls: 'starttls' },
    text: 'sending profile "Relay": smtp.example.com port 587, TLS starttls, username and From',
  },
  {
    list: 'mapped',
    code: 'group_mapped',
    place: 'group',
    name: 'Finance',
    params: { count: 12 },
    text: 'group "Finance": 12 recipients (position → department)',
  },
  {
    list: 'dropped',
    code: 'attachment',
    place: 'template',
    name: 'Invoice',
    params: { file: 'invoice.pdf' },
    text: 'template "Invoice" attachment invoice.pdf: Hookwise sends no attachments',
  },
  {
    list: 'attention',
    code: 'target_invalid',
    place: 'group',
    name: 'Finance',
    params: { number: 3, email: 'not-an-address' },
    text: 'group "Finance" target 3: "not-an-address" is not an email address: skipped',
  },
  {
    list: 'attention',
    code: 'smtp_invalid',
    place: 'smtp',
    name: 'Relay 2',
    params: { field: 'username' },
    text: 'sending profile "Relay 2": its username cannot be used in Hookwise: not imported',
  },
  {
    list: 'attention',
    code: 'asset_missed',
    place: 'page',
    name: 'Login',
    params: { url: 'https://cdn.example.com/site.css', problem: 'timeout' },
    text: 'landing page "Login": https://cdn.example.com/site.css took too long; the page now loads it from nowhere',
  },
];
const report: GophishImportReport = {
  mapped: items.filter((i) => i.list === 'mapped').map((i) => i.text),
  dropped: items.filter((i) => i.list === 'dropped').map((i) => i.text),
  attention: items.filter((i) => i.list === 'attention').map((i) => i.text),
  notices: [{ code: 'smtp_password', name: 'Relay', text: 'sending profile "Relay": English words' }],
  items,
};

const listed = (heading: string) =>
  within(screen.getByRole('region', { name: heading }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('ImportReportView', () => {
  it('words every entry in German from its code, place and params, attention first', async () => {
    await i18next.changeLanguage('de');
    const { container } = render(<ImportReportView report={report} />);
    expect([...container.querySelectorAll('h3')].map((h) => h.textContent)).toEqual([
      'Braucht Ihre Aufmerksamkeit (4)',
      'Verworfen (1)',
      'Übernommen (2)',
    ]);
    expect(listed('Braucht Ihre Aufmerksamkeit (4)')).toEqual([
      'Versandprofil „Relay“: Das Passwort aus der GoPhish-Datei wurde nicht übernommen. Geben Sie es im Versandprofil ein.',
      'Gruppe „Finance“: Mitglied 3 („not-an-address“) hat keine gültige E-Mail-Adresse und wurde übersprungen.',
      'Versandprofil „Relay 2“: Eine seiner Einstellungen ist zu lang oder in Hookwise nicht gültig, daher wurde das Profil nicht importiert.',
      'Landingpage „Login“: https://cdn.example.com/site.css konnte nicht kopiert werden (die Website hat zu lange nicht geantwortet), daher lädt die Seite sie nicht.',
    ]);
    expect(listed('Verworfen (1)')).toEqual([
      'E-Mail-Vorlage „Invoice“: Der Anhang invoice.pdf wurde weggelassen: Hookwise versendet keine Anhänge.',
    ]);
    expect(listed('Übernommen (2)')).toEqual([
      'Versandprofil „Relay“: Server smtp.example.com, Port 587, Verschlüsselung STARTTLS (erforderlich, meist Port 587), Benutzername und Absender übernommen.',
      'Gruppe „Finance“: Empfänger übernommen: 12 (ihre Position wurde zu ihrer Abteilung).',
    ]);
    // Not one of the server's English sentences, codes or field names reaches the operator.
    const shown = container.textContent ?? '';
    for (const item of items) {
      expect(shown).not.toContain(item.text);
      expect(shown).not.toContain(item.code);
    }
    expect(shown).not.toMatch(/gophish\.|problem\.|username|English words|\{\{/);
  });

  it('keeps names and addresses in their own direction in Arabic', async () => {
    await i18next.changeLanguage('ar');
    render(<ImportReportView report={{ ...report, notices: [], items: items.slice(3, 4) }} />);
    const [entry] = listed(`${ar['gophish.attention']} (1)`);
    expect(entry).toBe(
      'المجموعة «\u2068Finance\u2069»: العضو رقم \u20683\u2069 («\u2068not-an-address\u2069») ليس له عنوان بريد صالح، فتم تخطيه.',
    );
  });
});
