import { describe, expect, it } from 'vitest';
import { getDisplayName, getDisplayNameField, getShopstarSlug } from './display-name.ts';

const asha = { fullName: 'Asha Verma', displayName: 'Asha', username: 'asha.styles' };

describe('getDisplayName', () => {
  it('shows the full name first, then the display name, then the username', () => {
    expect(getDisplayName(asha)).toBe('Asha Verma');
    expect(getDisplayName({ ...asha, fullName: '' })).toBe('Asha');
    expect(getDisplayName({ ...asha, fullName: '', displayName: '' })).toBe('asha.styles');
  });

  it('treats blank names as missing and trims what it shows', () => {
    expect(getDisplayName({ ...asha, fullName: '   ' })).toBe('Asha');
    expect(getDisplayName({ fullName: ' \t', displayName: ' ', username: 'asha.styles' })).toBe(
      'asha.styles',
    );
    expect(getDisplayName({ ...asha, fullName: '  Asha Verma ' })).toBe('Asha Verma');
  });
});

describe('getDisplayNameField', () => {
  it('reads back the display name the user set, even beside a full name', () => {
    expect(getDisplayNameField(asha)).toBe('Asha');
  });

  it('falls back to the shown name where the display name is blank', () => {
    expect(getDisplayNameField({ ...asha, displayName: '  ' })).toBe('Asha Verma');
    expect(getDisplayNameField({ fullName: '', displayName: '', username: 'asha.styles' })).toBe(
      'asha.styles',
    );
  });
});

describe('getShopstarSlug', () => {
  it('drops the @, turns spaces into hyphens and lowercases', () => {
    expect(getShopstarSlug('@Asha Crafts')).toBe('asha-crafts');
    expect(getShopstarSlug('  Meera  Rao ')).toBe('meera-rao');
    expect(getShopstarSlug('ravi.klips')).toBe('ravi.klips');
  });
});
