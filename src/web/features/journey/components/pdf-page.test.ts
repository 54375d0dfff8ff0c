import { describe, expect, it } from 'vitest';
import { pdfFacts } from './pdf-page';

const pdf = (pages: number | null, size_bytes: number | null) => ({
  url: 'training.pdf',
  title: 'Guide',
  pages,
  size_bytes,
});

describe('the PDF card facts', () => {
  it('gives pages and size in the page language', () => {
    expect(pdfFacts(pdf(12, 1_400_000), 'en', 'Pages: 12')).toBe('Pages: 12 · 1.4 MB');
    expect(pdfFacts(pdf(3, 250_000), 'de', 'Seiten: 3')).toBe('Seiten: 3 · 250 kB');
    expect(pdfFacts(pdf(null, 2_500_000), 'ar', '')).toBe(
      new Intl.NumberFormat('ar', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(2.5),
    );
  });

  it('says nothing the campaign does not say', () => {
    expect(pdfFacts(pdf(null, null), 'en', 'Pages: 0')).toBe('');
    expect(pdfFacts(null, 'en', 'Pages: 0')).toBe('');
  });
});
