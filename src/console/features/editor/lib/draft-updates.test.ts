/** The draft's immutable edits: translations written and pruned by path, list moves, fresh ids. */
import { describe, expect, it } from 'vitest';
import { translationCompleteness } from '@shared/campaign-content';
import { campaignFile } from '../test/render-editor';
import { addTranslation, moveItem, nextId, removeTranslation, setTranslation } from './draft-updates';

describe('setTranslation', () => {
  it('writes at the path and leaves the original untouched', () => {
    const file = campaignFile();
    const next = setTranslation(file, 'de', ['sei', 'sender', 'title'], 'Seltsamer Absender');
    expect(next.translations.de).toEqual({ sei: { sender: { title: 'Seltsamer Absender' } } });
    expect(file.translations).toEqual({});
    expect(translationCompleteness(next, 'de').translated).toBe(1);
  });

  it('removes an emptied text and the branches it leaves empty, keeping the language', () => {
    const file = setTranslation(campaignFile(), 'fr', ['email', 'subject'], 'Votre mot de passe expire');
    const emptied = setTranslation(file, 'fr', ['email', 'subject'], '  ');
    expect(emptied.translations.fr).toEqual({});
  });

  it('adds and removes a language', () => {
    const added = addTranslation(campaignFile(), 'ja');
    expect(added.translations.ja).toEqual({});
    expect(addTranslation(added, 'en')).toBe(added);
    expect(removeTranslation(added, 'ja').translations).toEqual({});
  });
});

describe('list helpers', () => {
  it('moves an item and ignores moves past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('gives the lowest free id', () => {
    expect(nextId('q', ['q1', 'q3'])).toBe('q2');
  });
});
